"""Pydantic for the content and setup dataclasses: check plain data (parsed YAML, a journal's
setup) against one, and write one as plain data (dice as "2B 1R"). The only place the content
imports pydantic, and only on first use: loading the content from its cache never does."""

from __future__ import annotations

from dataclasses import MISSING, Field, fields
from functools import cache
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from pydantic import TypeAdapter

T = TypeVar("T")


@cache
def adapter(cls: type[T]) -> TypeAdapter[T]:
    """The pydantic validator of `cls`, built once (building one is the slow part)."""
    from pydantic import TypeAdapter

    return TypeAdapter(cls)


def validate(cls: type[T], data: Any) -> T:
    """`data` as a `cls`, checked: its types, the constraints in its annotations, unknown
    fields and its `__post_init__`. Raises pydantic's `ValidationError` (a ValueError)."""
    return adapter(cls).validate_python(data)


def dump(value: Any) -> Any:
    """A dataclass as plain JSON data, as pydantic writes it (every field, in class order)."""
    return adapter(type(value)).dump_python(value, mode="json")


def dump_json(value: Any) -> bytes:
    """A dataclass as compact JSON text, as pydantic writes it."""
    return adapter(type(value)).dump_json(value)


def _default(field: Field[Any]) -> Any:
    if field.default_factory is not MISSING:
        return field.default_factory()
    return field.default


def changed_fields(value: Any) -> dict[str, Any]:
    """A dataclass's fields that differ from their defaults, as plain JSON data (in order)."""
    data = dump(value)
    return {f.name: data[f.name] for f in fields(value) if getattr(value, f.name) != _default(f)}
