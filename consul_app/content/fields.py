"""Field constraints for the content dataclasses, written without importing pydantic.

The models are plain frozen dataclasses: the app reads the content cache into them with
msgspec and never needs pydantic. Pydantic validates YAML against the same classes (see
`validate.py`) and reads these constraints from the annotations: `annotated_types` (Ge, Le,
MinLen, MaxLen), which pydantic knows, and `Pattern` and `Doc`, which tell it what to do.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypeVar, dataclass_transform

from annotated_types import Ge, Le, MaxLen, MinLen

__all__ = ["Doc", "Ge", "Le", "MaxLen", "MinLen", "Pattern", "STRICT", "frozen"]

STRICT = {"extra": "forbid"}
"""The pydantic config of every content class (`__pydantic_config__`): unknown fields are
errors."""

_Class = TypeVar("_Class", bound=type)


@dataclass_transform(frozen_default=True, kw_only_default=True)
def frozen(cls: _Class) -> _Class:
    """A content class: an immutable dataclass with keyword arguments and slots (every field
    is set when msgspec decodes it, and it takes less memory)."""
    return dataclass(frozen=True, kw_only=True, slots=True)(cls)  # type: ignore[return-value]


class Pattern:
    """A string field must match `regex` (checked by pydantic; also in the JSON Schema)."""

    __slots__ = ("regex",)

    def __init__(self, regex: str) -> None:
        self.regex = regex

    def __get_pydantic_core_schema__(self, source: Any, handler: Any) -> Any:
        schema = handler(source)
        schema["pattern"] = self.regex
        return schema


class Doc:
    """A field's description in the JSON Schema (for editors)."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text

    def __get_pydantic_json_schema__(self, schema: Any, handler: Any) -> Any:
        shown = handler(schema)
        shown["description"] = self.text
        return shown
