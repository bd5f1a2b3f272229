"""The dispatch keys, each defined once, as one object.

Note [Dispatch key objects]
A dispatch key is a ``DispatchKey``, and each key has exactly one instance, made below:
``CPU``, ``META``, ``SPARSE_CPU`` (the backend keys, of a tensor's ``_key``),
``COMPOSITE`` (CompositeImplicitAutograd, a kernel that serves every backend key) and
``AUTOGRAD`` (above the backend keys). The dispatcher compares keys with ``is`` on purpose (a
tensor's ``_key`` against another's, one attribute read and a pointer test per argument), which
is right only because no second instance of a key exists: text becomes a key through
``key_named`` alone, which the install step calls once for each key the generated registry
spells (``OpRecord.dispatch`` keeps YAML's spelling) and ``al.library.impl`` for the key a user
names. A ``DispatchKey`` is a ``str`` whose text is its spelling, so messages, traces and
user code read and compare it as before: ``repr(CPU) == "'CPU'"``, ``f"{CPU}" == "CPU"``,
``CPU == "CPU"``, and a key object finds its entry in a dict keyed by the spelling.

The generator's vocabulary (``tools/codegen/vocab.py``, which never imports the runtime)
spells the YAML keys as text; a test keeps the two equal.

Note [Dispatch keys]: a tensor's backend key is a function of (device, layout) only, set when
the tensor is made and kept in ``Tensor._key``, so dispatch reads one attribute. Sparse tensors
of both devices carry ``SPARSE_CPU`` (Note [Sparse COO storage]).
"""

from __future__ import annotations

__all__ = [
    "DispatchKey", "CPU", "META", "SPARSE_CPU", "COMPOSITE", "AUTOGRAD", "BACKEND_KEYS",
    "YAML_KEYS", "KEYS", "PRIORITY", "KEY_PLACES", "DEVICE_KEYS", "key_named", "add_device_key",
]


class DispatchKey(str):
    """One dispatch key; the only instances are this module's constants (compare with ``is``)."""

    __slots__ = ()

    def __new__(cls, *args, **kwargs):
        raise TypeError("dispatch keys are not made at run time: use the constants of "
                        "aten_lite.vocab.dispatch_keys, or key_named('CPU') for a spelling")

    def __reduce__(self):
        return (key_named, (str(self),))

    def __copy__(self) -> "DispatchKey":
        return self

    def __deepcopy__(self, memo) -> "DispatchKey":
        return self


def _key(spelling: str) -> DispatchKey:
    return str.__new__(DispatchKey, spelling)


CPU = _key("CPU")
META = _key("Meta")
SPARSE_CPU = _key("SparseCPU")
COMPOSITE = _key("CompositeImplicitAutograd")
AUTOGRAD = _key("Autograd")

# The keys of a tensor: a table holds a kernel for each (Note [The journey of an op]).
# Lists, not tuples: a device a package registers adds its key to them in place
# (add_device_key), and the modules that imported them see it.
BACKEND_KEYS: list[DispatchKey] = [CPU, META, SPARSE_CPU]
# The keys a YAML `dispatch:` map may name, in this order (tools/codegen/vocab.py's DISPATCH_KEYS).
YAML_KEYS: tuple[DispatchKey, ...] = (CPU, META, SPARSE_CPU, COMPOSITE)
# Every key a kernel may be registered for (al.library.impl).
KEYS: list[DispatchKey] = [*YAML_KEYS, AUTOGRAD]
# When a call's arguments have several keys, the first of these found is chosen.
PRIORITY: list[DispatchKey] = [AUTOGRAD, SPARSE_CPU, CPU, META]
# Where each backend key's tensors live, as (device type, layout name): the miss message
# names it, and it is the one (device, layout) -> key map.
KEY_PLACES: dict[DispatchKey, tuple[str, str]] = {
    CPU: ("cpu", "strided"), META: ("meta", "strided"), SPARSE_CPU: ("cpu", "sparse_coo"),
}
# Each device type's key for dense (strided) tensors: what a factory's device= selects.
DEVICE_KEYS: dict[str, DispatchKey] = {"cpu": CPU, "meta": META}

_BY_SPELLING: dict[str, DispatchKey] = {str(k): k for k in KEYS}


def add_device_key(spelling: str, device_type: str) -> DispatchKey:
    """Make the backend key of a device a package registers (Note [Devices from outside] in
    aten_lite/backends/devices.py): its one instance, placed in every table above. Called
    once per device, by register_backend, which has checked both names."""
    if spelling in _BY_SPELLING:
        raise ValueError(f"dispatch key {spelling!r} exists already; pick another key name")
    key = _key(spelling)
    BACKEND_KEYS.append(key)
    KEYS.insert(len(KEYS) - 1, key)
    PRIORITY.append(key)
    KEY_PLACES[key] = (device_type, "strided")
    DEVICE_KEYS[device_type] = key
    _BY_SPELLING[spelling] = key
    return key


def key_named(spelling) -> DispatchKey:
    """The key spelled ``spelling`` ('CPU', 'SparseCPU', ...); ValueError lists the valid
    spellings otherwise."""
    key = _BY_SPELLING.get(spelling) if isinstance(spelling, str) else None
    if key is None:
        raise ValueError(f"unknown dispatch key {spelling!r}; valid: {', '.join(KEYS)}")
    return key
