"""aten_lite code generator: schema model, YAML loader, emitters and the aten-lite-gen CLI."""
