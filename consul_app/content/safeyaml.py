"""Safe YAML reading that still knows the line of every value.

PyYAML's C composer turns the text into a node tree with line marks and never runs a tag.
`parse` builds plain python values from that tree the way `yaml.safe_load` would (YAML 1.1
scalars, anchors, aliases, `<<` merge keys) and reports, instead of executing or guessing,
anything else: unknown tags, duplicate keys, keys that are not plain scalars, runaway aliases.
`Document.locate` maps a pydantic error loc back to a line, when it is needed.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from consul_app.content.errors import Loc

_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_CORE = "tag:yaml.org,2002:"
_STR, _SEQ, _MAP, _MERGE = (_CORE + t for t in ("str", "seq", "map", "merge"))
_SAFE = yaml.SafeLoader.yaml_constructors
_SCALAR_TAGS = {_CORE + t: _SAFE[_CORE + t] for t in ("null", "bool", "int", "float", "timestamp")}
_CONSTRUCTOR = yaml.constructor.SafeConstructor()
_KEY_TAGS = {_STR, _CORE + "value", *_SCALAR_TAGS}
_BAD_SCALAR = (ValueError, KeyError, AttributeError, IndexError)
"""What PyYAML's scalar constructors raise for text that does not fit its tag (`!!int x`)."""

MAX_DEPTH = 64
"""Deeper nesting than any content needs; also stops recursive aliases (`&a [*a]`)."""
MAX_VALUES = 250_000
"""Values built per file, aliases expanded: stops alias bombs long before memory runs out."""


@dataclass(frozen=True)
class Problem:
    """A problem found while reading YAML: line (1-based), where in the document, what."""

    line: int
    loc: Loc
    message: str


@dataclass
class Document:
    """One parsed file: its python value, the node tree behind it and what was wrong."""

    root: Node | None
    value: Any = None
    problems: list[Problem] = field(default_factory=list)
    reported: set[int] = field(default_factory=set)
    """ids of nodes already reported: later errors about them would only repeat the first."""
    readable: bool = True
    """False when nothing could be built: the text is not YAML, or too big to build."""

    def locate(self, loc: Loc) -> tuple[int, bool]:
        """The line that `loc` points at (or its nearest parent), and whether it is reported."""
        node = self.root
        if node is None:
            return 1, False
        line = _line(node)
        for part in loc:
            if id(node) in self.reported:
                return line, True
            found = _child(node, part, 0)
            if found is None:
                break
            marker, node = found
            line = _line(marker)
        return line, id(node) in self.reported


def parse(data: bytes) -> Document:
    """Parse one YAML document safely; never raises for bad input."""
    try:
        root = yaml.compose(data, Loader=_LOADER)
    except yaml.YAMLError as err:
        return Document(None, problems=[_syntax_problem(err, data)], readable=False)
    except RecursionError:  # only the pure-python composer recurses in python
        return Document(None, problems=[Problem(1, (), "nested too deeply")], readable=False)
    if root is None:
        return Document(None)
    builder = _Builder()
    value, readable = None, False
    try:
        value, readable = builder.build(root, 0), True
    except _TooBig as err:
        builder.report(err.node, err.message)
    problems = [Problem(_line(node), _path_to(root, node), msg) for node, msg in builder.found]
    return Document(root, value, problems, builder.reported, readable)


def _line(node: Node) -> int:
    return node.start_mark.line + 1


def _tag_name(tag: str) -> str:
    return "!!" + tag.removeprefix(_CORE) if tag.startswith(_CORE) else tag


def _syntax_problem(err: yaml.YAMLError, data: bytes) -> Problem:
    if isinstance(err, yaml.MarkedYAMLError):
        mark = err.problem_mark or err.context_mark
        message = ": ".join(part for part in (err.context, err.problem) if part)
        # At the end of a file with no final newline PyYAML points one line past the last.
        last_line = data.count(b"\n") + 1
        line = min(mark.line + 1, last_line) if mark else 1
        return Problem(line, (), message or "not valid YAML")
    if isinstance(err, yaml.reader.ReaderError):
        line = data[: err.position].count(b"\n") + 1
        return Problem(line, (), f"unreadable text: {err.reason}")
    return Problem(1, (), str(err))


class _TooBig(Exception):
    def __init__(self, node: Node, message: str) -> None:
        self.node = node
        self.message = message


class _Builder:
    """Builds python values from nodes, collecting problems instead of stopping at the first."""

    def __init__(self) -> None:
        self.found: list[tuple[Node, str]] = []
        self.reported: set[int] = set()
        self.count = 0

    def report(self, node: Node, message: str) -> None:
        if id(node) not in self.reported:
            self.reported.add(id(node))
            self.found.append((node, message))

    def build(self, node: Node, depth: int) -> Any:
        self.count += 1
        if depth > MAX_DEPTH:
            raise _TooBig(node, f"nested more than {MAX_DEPTH} levels deep (a recursive alias?)")
        if self.count > MAX_VALUES:
            raise _TooBig(node, f"more than {MAX_VALUES} values once aliases are expanded")
        tag = node.tag
        if isinstance(node, ScalarNode):
            if tag == _STR:
                return node.value
            return self._scalar(node)
        if isinstance(node, SequenceNode) and tag == _SEQ:
            return [self.build(item, depth + 1) for item in node.value]
        if isinstance(node, MappingNode) and tag == _MAP:
            return self._mapping(node, depth)
        self.report(node, f"unsupported YAML tag {_tag_name(tag)}")
        return None

    def _scalar(self, node: ScalarNode) -> Any:
        construct = _SCALAR_TAGS.get(node.tag)
        if construct is None:
            self.report(node, f"unsupported YAML tag {_tag_name(node.tag)}")
            return None
        try:
            return construct(_CONSTRUCTOR, node)
        except _BAD_SCALAR:
            self.report(node, f"{node.value!r} is not a valid {_tag_name(node.tag)}")
            return None

    def _mapping(self, node: MappingNode, depth: int) -> dict[str, Any]:
        result: dict[str, Any] = {}
        merged: dict[str, Any] = {}
        for key_node, value_node in node.value:
            if key_node.tag == _MERGE:
                self._merge(merged, value_node, depth)
                continue
            key = self._key(key_node)
            if key is None:
                continue
            if key in result:
                self.report(key_node, f"duplicate key '{key}'")
                continue
            result[key] = self.build(value_node, depth + 1)
        return {**merged, **result} if merged else result

    def _merge(self, merged: dict[str, Any], value_node: Node, depth: int) -> None:
        """`<<: *base` or `<<: [*a, *b]`: keys not given here come from the sources, first wins."""
        many = isinstance(value_node, SequenceNode) and value_node.tag == _SEQ
        for source in value_node.value if many else [value_node]:
            if not (isinstance(source, MappingNode) and source.tag == _MAP):
                self.report(source, "'<<' merges a mapping or a list of mappings")
                continue
            for key, value in self.build(source, depth + 1).items():
                merged.setdefault(key, value)

    def _key(self, node: Node) -> str | None:
        """A key is taken as written (`1:` is the key "1"): content keys are names."""
        if isinstance(node, ScalarNode) and node.tag in _KEY_TAGS:
            return node.value
        if isinstance(node, ScalarNode):
            self.report(node, f"unsupported YAML tag {_tag_name(node.tag)}")
        else:
            self.report(node, "a key must be a plain name, not a list or mapping")
        return None


def _child(node: Node, part: str | int, depth: int) -> tuple[Node, Node] | None:
    """(marker, child) for one loc step: the key node marks a mapping value's line."""
    if isinstance(node, SequenceNode) and isinstance(part, int):
        if 0 <= part < len(node.value):
            item = node.value[part]
            return item, item
        return None
    if not isinstance(node, MappingNode) or depth > MAX_DEPTH:
        return None
    merges = []
    for key_node, value_node in reversed(node.value):
        if key_node.tag == _MERGE:
            merges.append(value_node)
        elif isinstance(key_node, ScalarNode) and key_node.value == part:
            return key_node, value_node
    for merge in reversed(merges):
        sources = merge.value if isinstance(merge, SequenceNode) else [merge]
        for source in sources:
            found = _child(source, part, depth + 1)
            if found is not None:
                return found
    return None


def _path_to(root: Node, target: Node) -> Loc:
    """Where `target` first appears in the document (a key's loc ends with its name)."""
    for loc, node in _walk(root, (), set()):
        if node is target:
            return loc
    return ()


def _walk(node: Node, loc: Loc, seen: set[int]) -> Iterator[tuple[Loc, Node]]:
    yield loc, node
    if id(node) in seen or len(loc) > MAX_DEPTH:
        return
    seen.add(id(node))
    if isinstance(node, SequenceNode):
        for index, item in enumerate(node.value):
            yield from _walk(item, (*loc, index), seen)
    elif isinstance(node, MappingNode):
        for key_node, value_node in node.value:
            name = key_node.value if isinstance(key_node, ScalarNode) else "?"
            yield (*loc, name), key_node
            yield from _walk(value_node, (*loc, name), seen)
