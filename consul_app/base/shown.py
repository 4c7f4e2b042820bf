"""Names as the screen may show them: a save's name or path is whatever someone named the file.

A file name may hold control characters: an escape sequence in a save's name, printed raw,
retitles or clears the terminal (or worse) of whoever lists, watches or serves it. Every save
name or path that is printed or drawn goes through `shown`, which writes those characters as
Python escapes (`\\x1b`), so they are seen, never obeyed. Imports nothing (the CLI stays quick).
"""

from __future__ import annotations


def shown(name: object) -> str:
    """`name` (a path, a file name, a message naming one) with every character that is not
    printable escaped: control characters (`\\x1b`, `\\x07`, a newline), invisible formatting
    ones (`\\u202e`, which reverses the text after it) and the undecodable bytes of a file name
    (`\\udcff`). Printable text, any alphabet, is left as it is."""
    text = str(name)
    if text.isprintable():
        return text
    return "".join(char if char.isprintable() else _escaped(char) for char in text)


_SHORT = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escaped(char: str) -> str:
    if char in _SHORT:
        return _SHORT[char]
    code = ord(char)
    if code <= 0xFF:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"
