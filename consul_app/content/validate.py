"""Pydantic for the content: check plain data (parsed YAML) against a content class, reporting
every problem at once, and write one as plain data (dice as "2B 1R").

The content classes are msgspec Structs (fast to define and to read from the cache), which
pydantic does not know. So each is given a twin: a stdlib dataclass with the same fields, with
the `msgspec.Meta` constraints as pydantic `Field`s and the same `__post_init__`, built on first
use. This is the only module that imports pydantic, and only when first used: loading the
content from its cache and playing never do.
"""

from __future__ import annotations

import dataclasses
import functools
import operator
import types
import typing
from typing import TYPE_CHECKING, Annotated, Any, TypeVar, get_args, get_origin, get_type_hints

import msgspec

if TYPE_CHECKING:
    from pydantic import TypeAdapter

T = TypeVar("T")

_CONSTRAINTS = ("ge", "le", "gt", "lt", "min_length", "max_length", "pattern", "description")
"""The `msgspec.Meta` fields a twin passes on to pydantic (`Field` has the same names)."""


@functools.cache
def twin(cls: type) -> type:
    """The stdlib dataclass pydantic validates in place of the Struct `cls`."""
    hints = get_type_hints(cls, include_extras=True)
    specs = []
    for field in msgspec.structs.fields(cls):
        if isinstance(field.default, msgspec.Struct):  # (pydantic writes a twin's defaults)
            default = dataclasses.field(default=_as_validated(field.default))
        elif field.default is not msgspec.NODEFAULT:
            default = dataclasses.field(default=field.default)
        elif field.default_factory is not msgspec.NODEFAULT:
            default = dataclasses.field(default_factory=field.default_factory)
        else:
            default = dataclasses.field()
        specs.append((field.name, _twin_type(hints[field.name]), default))
    namespace: dict[str, Any] = {"__pydantic_config__": {"extra": "forbid"}, "__doc__": cls.__doc__}
    if hasattr(cls, "__post_init__"):
        namespace["__post_init__"] = cls.__post_init__
    return dataclasses.make_dataclass(
        cls.__name__, specs, namespace=namespace, kw_only=True, frozen=True
    )


def _twin_type(hint: Any) -> Any:
    """`hint` with every Struct replaced by its twin and every `Meta` by a pydantic `Field`."""
    from pydantic import Field

    if isinstance(hint, type) and issubclass(hint, msgspec.Struct):
        return twin(hint)
    origin = get_origin(hint)
    if origin is Annotated:
        base, *extras = get_args(hint)
        fields = [
            Field(**{k: getattr(m, k) for k in _CONSTRAINTS if getattr(m, k) is not None})
            if isinstance(m, msgspec.Meta)
            else m
            for m in extras
        ]
        return Annotated[(_twin_type(base), *fields)]
    if origin in (types.UnionType, typing.Union):
        return functools.reduce(operator.or_, map(_twin_type, get_args(hint)))
    if origin in (list, dict):
        return origin[tuple(map(_twin_type, get_args(hint)))]
    return hint


@functools.cache
def adapter(cls: type[msgspec.Struct]) -> TypeAdapter[Any]:
    """The pydantic validator of the Struct `cls` (of its twin), built once (building one is
    the slow part)."""
    from pydantic import TypeAdapter

    return TypeAdapter(twin(cls))


def validate(cls: type[T], data: Any) -> T:
    """`data` as a `cls` (a Struct), checked: its types, the constraints in its annotations,
    unknown fields and its `__post_init__`. Raises pydantic's `ValidationError` (a
    ValueError)."""
    checked = adapter(cls).validate_python(data)  # type: ignore[arg-type]
    return msgspec.convert(checked, cls, from_attributes=True)


def _as_validated(value: msgspec.Struct) -> Any:
    """The twin of `value`, which its adapter writes."""
    return msgspec.convert(value, twin(type(value)), from_attributes=True)


def dump(value: msgspec.Struct) -> Any:
    """A content value as plain JSON data, as pydantic writes it (every field, in class order;
    dice as "2B 1R")."""
    return adapter(type(value)).dump_python(_as_validated(value), mode="json")


def dump_json(value: msgspec.Struct, *, exclude_defaults: bool = False) -> bytes:
    """A content value as compact JSON text, as pydantic writes it (`exclude_defaults`:
    without the fields left at their defaults)."""
    return adapter(type(value)).dump_json(_as_validated(value), exclude_defaults=exclude_defaults)


def _defaults(value: msgspec.Struct) -> dict[str, Any]:
    missing = msgspec.NODEFAULT
    return {
        f.name: f.default_factory() if f.default_factory is not missing else f.default
        for f in msgspec.structs.fields(value)
        if f.default is not missing or f.default_factory is not missing
    }


def changed_fields(value: msgspec.Struct) -> dict[str, Any]:
    """A value's fields that differ from their defaults, as plain JSON data (in order)."""
    data, defaults = dump(value), _defaults(value)
    return {
        name: shown
        for name, shown in data.items()
        if name not in defaults or getattr(value, name) != defaults[name]
    }
