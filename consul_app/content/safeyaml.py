"""Safe YAML reading that still knows the line of every value.

PyYAML's C composer turns the text into a node tree with line marks and never runs a tag.
`parse` builds plain python values from that tree the way `yaml.safe_load` would (YAML 1.1
scalars, anchors, aliases, `<<` merge keys) and reports, instead of executing or guessing,
anything else: unknown tags, duplicate keys, keys that are not plain scalars, runaway aliases.
`Document.locate` maps a pydantic error loc back to a line, when it is needed.

Reporting stays linear in the size of the file however many problems it has: the locs of the
problems listed are found in one walk of the tree (`Document.first_problems`), and `locate`
looks keys up in a per-mapping index built on first use (not a scan of the mapping per problem).
"""

from __future__ import annotations

import heapq
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
    syntax: Problem | None = None
    """Why the text is not YAML at all (then there is no root)."""
    found: list[tuple[Node, str]] = field(default_factory=list)
    """Problems at nodes, in the order found; their locs are looked up only when listed."""
    reported: set[int] = field(default_factory=set)
    """ids of nodes already reported: later errors about them would only repeat the first."""
    readable: bool = True
    """False when nothing could be built: the text is not YAML, or too big to build."""
    _index: dict[int, _Keys] = field(default_factory=dict, repr=False)
    """Per mapping node (by id) already looked into: its keys and its merge sources."""

    @property
    def problems(self) -> list[Problem]:
        """Every problem found, by line."""
        return self.first_problems(len(self.found) + 1)[0]

    def first_problems(self, limit: int) -> tuple[list[Problem], int]:
        """The `limit` problems on the lowest lines, with their locs, and how many others.

        Only those listed are placed, in one walk of the tree that stops once it has them all:
        a file with thousands of problems costs no more than one with `limit`."""
        if self.syntax is not None:
            return [self.syntax][:limit], 0 if limit else 1
        first = heapq.nsmallest(limit, self.found, key=lambda found: _line(found[0]))
        locs = _paths_to(self.root, {id(node) for node, _ in first}) if self.root else {}
        listed = [Problem(_line(node), locs.get(id(node), ()), message) for node, message in first]
        return listed, len(self.found) - len(listed)

    def locate(self, loc: Loc) -> tuple[int, bool]:
        """The line that `loc` points at (or its nearest parent), and whether it is reported."""
        node = self.root
        if node is None:
            return 1, False
        line = _line(node)
        for part in loc:
            if id(node) in self.reported:
                return line, True
            found = self._child(node, part, 0)
            if found is None:
                break
            marker, node = found
            line = _line(marker)
        return line, id(node) in self.reported

    def _child(self, node: Node, part: str | int, depth: int) -> tuple[Node, Node] | None:
        """(marker, child) for one loc step: the key node marks a mapping value's line."""
        if isinstance(node, SequenceNode) and isinstance(part, int):
            if 0 <= part < len(node.value):
                item = node.value[part]
                return item, item
            return None
        if not isinstance(node, MappingNode) or depth > MAX_DEPTH:
            return None
        keys = self._index.get(id(node))
        if keys is None:
            keys = self._index[id(node)] = _Keys.of(node)
        found = keys.named.get(part) if isinstance(part, str) else None
        if found is not None:
            return found
        for source in keys.merged:
            found = self._child(source, part, depth + 1)
            if found is not None:
                return found
        return None


@dataclass(frozen=True)
class _Keys:
    """A mapping node's keys by name (the last one of a name, as written) and, in order, the
    mappings it merges (`<<`), looked into for a name it does not give itself."""

    named: dict[str, tuple[Node, Node]]
    merged: list[Node]

    @classmethod
    def of(cls, node: MappingNode) -> _Keys:
        named: dict[str, tuple[Node, Node]] = {}
        merged: list[Node] = []
        for key_node, value_node in node.value:
            if key_node.tag == _MERGE:
                many = isinstance(value_node, SequenceNode)
                merged.extend(value_node.value if many else [value_node])
            elif isinstance(key_node, ScalarNode):
                named[key_node.value] = (key_node, value_node)
        return cls(named, merged)


def parse(data: bytes) -> Document:
    """Parse one YAML document safely; never raises for bad input."""
    try:
        root = yaml.compose(data, Loader=_LOADER)
    except yaml.YAMLError as err:
        return Document(None, syntax=_syntax_problem(err, data), readable=False)
    except RecursionError:  # only the pure-python composer recurses in python
        return Document(None, syntax=Problem(1, (), "nested too deeply"), readable=False)
    if root is None:
        return Document(None)
    builder = _Builder()
    value, readable = None, False
    try:
        value, readable = builder.build(root, 0), True
    except _TooBig as err:
        builder.report(err.node, err.message)
    return Document(root, value, None, builder.found, builder.reported, readable)


def _line(node: Node) -> int:
    return node.start_mark.line + 1


def _tag_name(tag: str) -> str:
    return "!!" + tag.removeprefix(_CORE) if tag.startswith(_CORE) else tag


def _syntax_problem(err: yaml.YAMLError, data: bytes) -> Problem:
    if isinstance(err, yaml.MarkedYAMLError):
        mark = err.problem_mark or err.context_mark
        message = ": ".join(part for part in (err.context, err.problem) if part)
        # At the end of a file PyYAML points one line past the last.
        last_line = max(1, data.count(b"\n") + (not data.endswith(b"\n")))
        line = min(mark.line + 1, last_line) if mark else 1
        opened = err.context_mark.line + 1 if err.context_mark else line
        if opened < line:  # an unclosed bracket or quote: where it began
            message += f" (opened on line {opened})"
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


def _paths_to(root: Node, targets: set[int]) -> dict[int, Loc]:
    """Where each target node (by id) first appears in the document, in one walk of it (a key's
    loc ends with its name)."""
    found: dict[int, Loc] = {}
    if not targets:
        return found
    for loc, node in _walk(root, (), set()):
        if id(node) in targets and id(node) not in found:
            found[id(node)] = loc
            if len(found) == len(targets):
                break
    return found


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
