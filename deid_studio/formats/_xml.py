"""Safe XML parsing that remembers the line of every element, for located error messages.

XML from outside (i2b2, E2B) goes through defusedxml: entity declarations and external
references are refused, so a crafted file cannot expand into gigabytes or read local files.
A DOCTYPE that only names a DTD (as E2B(R2) files do) is fine; the DTD is never fetched.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from xml.etree.ElementTree import Element, ParseError, TreeBuilder

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import DefusedXMLParser

from deid_studio.core.errors import InputError, quoted

_ENCODING = re.compile(rb"""\s*<\?xml[^>]*?encoding\s*=\s*["']([^"']*)["']""")


MAX_DEPTH = 256
"""Elements nested deeper are refused: no format we read comes near it, and walking such a
tree recursively would exhaust Python's stack."""


class _TooDeep(Exception):
    pass


class _LineRecorder:
    """A parser target that builds the tree and notes the line each element starts on."""

    def __init__(self) -> None:
        self.builder = TreeBuilder()
        self.lines: dict[int, int] = {}
        self.parser: Any = None
        self.depth = 0

    def start(self, tag: str, attrs: dict[str, str]) -> Element:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise _TooDeep
        element = self.builder.start(tag, attrs)
        self.lines[id(element)] = self.parser.CurrentLineNumber
        return element

    def end(self, tag: str) -> Element:
        self.depth -= 1
        return self.builder.end(tag)

    def data(self, data: str) -> None:
        self.builder.data(data)

    def close(self) -> Element:
        return self.builder.close()


class XmlFile:
    """A parsed XML file: its root element and the line each element starts on."""

    def __init__(self, path: Path, root: Element, lines: dict[int, int]) -> None:
        self.path = path
        self.root = root
        self._lines = lines
        self._keep = root  # the ids in ``lines`` stay valid while the tree lives

    def line(self, element: Element) -> int | None:
        """The line of ``element``'s start tag."""
        return self._lines.get(id(element))

    def error(self, element: Element | None, problem: str) -> InputError:
        """An InputError about ``element`` (or the whole file) of this file."""
        return InputError(
            str(self.path), problem, line=self.line(element) if element is not None else None
        )


def parse_xml(path: Path) -> XmlFile:
    """Parse ``path`` safely, or raise InputError with the line and column of the problem."""
    data = path.read_bytes()
    recorder = _LineRecorder()
    parser = DefusedXMLParser(target=recorder, forbid_dtd=False)
    recorder.parser = parser.parser
    try:
        parser.feed(data)
        root = parser.close()
    except ParseError as err:
        line, column = err.position
        message = str(err).split(":")[0]
        raise InputError(
            str(path), f"invalid XML: {message} (column {column + 1})", line=line
        ) from None
    except _TooDeep:
        raise InputError(
            str(path),
            f"elements nested more than {MAX_DEPTH} levels deep",
            line=parser.parser.CurrentLineNumber,
        ) from None
    except DefusedXmlException as err:
        raise InputError(
            str(path),
            f"refused: {err} (entity declarations and external references are not allowed)",
            line=parser.parser.CurrentLineNumber,
        ) from None
    except (LookupError, ValueError) as err:  # an encoding Python or expat cannot decode
        declared = _declared_encoding(data) or "?"
        problem = (
            f"unknown encoding {quoted(declared)} in the XML declaration"
            if isinstance(err, LookupError)
            else f"encoding {quoted(declared)} cannot be read (use UTF-8, UTF-16 or one byte "
            "per character)"
        )
        raise InputError(str(path), problem, line=1) from None
    return XmlFile(path, root, recorder.lines)


def _declared_encoding(data: bytes) -> str:
    found = _ENCODING.match(data)
    return found.group(1).decode("ascii", "replace") if found else ""


def local_name(tag: str) -> str:
    """A tag without its ``{namespace}``."""
    return tag.rsplit("}", 1)[-1]


def namespace(tag: str) -> str:
    """The namespace URI of a tag ("" when it has none)."""
    return tag[1:].split("}", 1)[0] if tag.startswith("{") else ""
