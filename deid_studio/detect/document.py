"""Features a token gets from the rest of its narrative, and from the characters around it.

The CRF reads one line at a time; a narrative says more. Once all its lines are split, each
token (a word of three characters or more that is not a stopword) learns

* ``dr=KIND`` — another occurrence of the same word (case ignored) is inside a rule hit of
  that kind: the surname after "Apellidos:" in the header is the same surname in the story;
* ``dk=KEY`` — another occurrence follows the line key ``KEY:`` ("nombre", "domicilio");
* ``dlc`` — it is capitalised here and written in lower case elsewhere in the narrative
  ("Imagen", "Servicio": words, not names);
* ``dn`` — it occurs on another line too;

and every token its place: ``pos=h`` in the first, ``pos=t`` in the last
:data:`EDGE_SHARE` of the narrative's tokens (headers and signatures live there). The first
token of a line sees the last token of the line before (``pl:w=``, ``pl:ss=``) and the last
token the first of the line after (``nl:w=``, ``nl:ss=``): an address written over several
lines is one entity, and the CRF reads a line at a time.

:func:`glue` marks tokens written against their neighbours without a space (``g<``, ``g>``;
``ga<``/``ga>`` when both sides are letters or digits: "2073CPT", "Dr.Smith", "Hosp.Gral").
:func:`layout` marks every token of an indented or short line, and the lines after a blank
one (``ind=``, ``ll=``, ``bl=``): the head of a letter writes an address one short, indented
line per part, after a blank line.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from deid_studio.core.tokenize import Token
from deid_studio.detect.shapes import short_shape

Context = list[tuple[int, bytes]]
EDGE_SHARE = 0.15
SHORTEST = 3


def document_context(
    lines: Sequence[tuple[Sequence[Token], Context]],
    kinds: Mapping[int, str] | None,
    stopwords: frozenset[str],
) -> None:
    """Add the narrative-level features to each line's context (in place)."""
    total = sum(len(tokens) for tokens, _ in lines)
    head, tail = EDGE_SHARE * total, (1.0 - EDGE_SHARE) * total
    rule_kinds: dict[str, list[tuple[int, bytes]]] = {}
    keys: dict[str, list[tuple[int, bytes]]] = {}
    lower: set[str] = set()
    first_line: dict[str, int] = {}
    repeated: set[str] = set()  # words on more than one line
    words: list[list[str | None]] = []
    seen = 0
    for number, (tokens, context) in enumerate(lines):
        line_keys = (
            {i: f[2:] for i, f in context if f[:2] == b"k="}
            if any(token.text == ":" for token in tokens)
            else None
        )  # a key's features follow a colon (see features._keys)
        line_words: list[str | None] = []
        for i, token in enumerate(tokens):
            text = token.text
            if len(text) < SHORTEST or not text[0].isalnum():
                line_words.append(None)
                continue
            word = text.casefold()
            if word in stopwords:
                line_words.append(None)
                continue
            line_words.append(word)
            if first_line.setdefault(word, number) != number:
                repeated.add(word)
            if text.islower():
                lower.add(word)
            if kinds:
                kind = kinds.get(token.start)
                if kind is not None:
                    _add(rule_kinds, word, (token.start, b"dr=" + kind.encode()))
            if line_keys:
                key = line_keys.get(i)
                if key is not None:
                    _add(keys, word, (token.start, b"dk=" + key))
        words.append(line_words)
        position = b"pos=h" if seen < head else b"pos=t" if seen + len(tokens) > tail else b""
        if position:
            context.extend((i, position) for i in range(len(tokens)))
        seen += len(tokens)
    for k, (tokens, context) in enumerate(lines):
        if k > 0:
            last = lines[k - 1][0][-1].text
            context.append((0, b"pl:w=" + last.lower().encode()))
            context.append((0, b"pl:ss=" + short_shape(last).encode()))
        if k + 1 < len(lines):
            first = lines[k + 1][0][0].text
            context.append((len(tokens) - 1, b"nl:w=" + first.lower().encode()))
            context.append((len(tokens) - 1, b"nl:ss=" + short_shape(first).encode()))
    marked = rule_kinds.keys() | keys.keys()  # words another occurrence of which is marked
    for (tokens, context), line_words in zip(lines, words, strict=True):
        for i, word in enumerate(line_words):
            if word is None:
                continue
            if word in marked:
                start = tokens[i].start
                for at, feature in rule_kinds.get(word, ()):
                    if at != start:
                        context.append((i, feature))
                for at, feature in keys.get(word, ()):
                    if at != start:
                        context.append((i, feature))
            if word in lower and not tokens[i].text.islower():
                context.append((i, b"dlc"))
            if word in repeated:
                context.append((i, b"dn"))


def _add(found: dict[str, list[tuple[int, bytes]]], word: str, mark: tuple[int, bytes]) -> None:
    """``mark`` for ``word``, once (a word marked twice at one place counts once)."""
    marks = found.setdefault(word, [])
    if mark not in marks:
        marks.append(mark)


def glue(tokens: Sequence[Token], context: Context) -> None:
    """``g<``/``g>`` on a token with no space before/after it within the line; ``ga<``/``ga>``
    when it and that neighbour both hold letters or digits, or touch through one character
    ("Dr.Smith")."""
    alnum = [token.text[:1].isalnum() for token in tokens]
    for i in range(1, len(tokens)):
        if tokens[i - 1].end != tokens[i].start:
            continue
        context.append((i, b"g<"))
        context.append((i - 1, b"g>"))
        if alnum[i] and alnum[i - 1]:
            context.append((i, b"ga<"))
            context.append((i - 1, b"ga>"))
        elif (
            alnum[i]
            and i >= 2
            and not alnum[i - 1]
            and alnum[i - 2]
            and tokens[i - 2].end == tokens[i - 1].start
        ):
            context.append((i, b"ga<"))
            context.append((i - 2, b"ga>"))


def layout(tokens: Sequence[Token], indent: int, since: int, context: Context) -> None:
    """``ind=1``, ``ind=2`` or ``ind=4`` on every token of a line indented by one blank, two
    or three, or four and more (a tab counts as one); ``ll=1``, ``ll=2`` or ``ll=5`` on
    every token of a line of one, two, or three to five tokens; ``bl=1`` to ``bl=4`` on every
    token of the first, second, third, fourth or later line after a blank line (``since``;
    none before the narrative's first blank line). An address in a letter's head
    ("    28245 Puruntie 82 Apt. 595" over "   LAPPEENRANTA") is laid out so, and so is
    where one part of it ends and the next begins."""
    n = len(tokens)
    if indent:
        mark = b"ind=%d" % indent_class(indent)
        context.extend((i, mark) for i in range(n))
    if n <= 5:
        size = b"ll=1" if n == 1 else b"ll=2" if n == 2 else b"ll=5"
        context.extend((i, size) for i in range(n))
    if since:
        block = b"bl=%d" % min(since, 4)
        context.extend((i, block) for i in range(n))


def indent_class(indent: int) -> int:
    """How far a line indented by ``indent`` blanks reads as indented: 0, 1, 2 (two or three
    blanks) or 4 (four and more). The layout features and the joins by layout
    (:mod:`.joins`) read it alike."""
    return indent if indent < 2 else 2 if indent < 4 else 4


def breaks(text: str, start: int, end: int) -> int:
    """How many line breaks stand between ``start`` and ``end`` (``\\r\\n`` is one)."""
    between = text[start:end]
    return between.count("\n") + between.count("\r") - between.count("\r\n")
