"""Layer 1, vocabulary and process state: the names every other layer reads and none defines
again (dtypes, devices and layouts, grad mode's thread-local state, the open `trace_dispatch`
record), and the pure-data modules the generator reads by file (the registry record type, the
runtime manifest). Nothing here imports another aten_lite layer (docs/DESIGN.md, "Layers")."""
