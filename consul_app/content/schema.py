"""The JSON Schema of a content file, for editors (yaml-language-server) and tools."""

from __future__ import annotations

import json
from typing import Any

from consul_app.content.editions import declared_editions
from consul_app.content.models import KINDS, ContentFile
from consul_app.content.validate import adapter


def content_schema() -> dict[str, Any]:
    """`ContentFile`'s JSON Schema. An entry's `edition` is optional in a file: the loader
    fills it from the file's top-level `edition`, one of those the bundled pack lists
    (`data/editions.yaml`)."""
    schema = adapter(ContentFile).json_schema()
    known, _ = declared_editions([])
    edition = {"enum": known, "title": "Edition", "type": "string"}
    for model in KINDS.values():
        definition = schema["$defs"][model.__name__]
        definition["required"] = [f for f in definition["required"] if f != "edition"]
        definition["properties"]["edition"] = edition
    top = schema["properties"]["edition"]
    top["anyOf"] = [
        {k: v for k, v in edition.items() if k != "title"} if "pattern" in choice else choice
        for choice in top["anyOf"]
    ]
    return schema


def schema_json() -> str:
    """The schema as stable, indented JSON text ending in a newline."""
    return json.dumps(content_schema(), indent=2, ensure_ascii=False) + "\n"
