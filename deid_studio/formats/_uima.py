"""Loading UIMA CAS files with cassis, safely and fast, and what their type systems offer.

cassis converts UIMA's UTF-16 offsets to Python's code points as it loads; an offset it
cannot convert (inside a character, past the end) only makes it warn, so the warning is turned
into an :class:`InputError` here. XML with a DOCTYPE or entities is refused before parsing.
Everything cassis or lxml raises on malformed input becomes one located line.

Speed: an INCEpTION export is mostly tokens and sentences, never PHI. An XMI file is read
with a type system trimmed to what can hold PHI (cassis then skips the rest), and a CAS JSON
file without its tokens and sentences and with the type system of an earlier file that
embeds the same one.
"""

from __future__ import annotations

import io
import json
import warnings
from typing import Any
from xml.etree import ElementTree

import regex
from cassis import Cas, TypeSystem, load_cas_from_json, load_cas_from_xmi, load_typesystem

from deid_studio.core.errors import InputError
from deid_studio.formats._casfiles import CasFile

SENTENCE = "de.tudarmstadt.ukp.dkpro.core.api.segmentation.type.Sentence"
TOKEN = "de.tudarmstadt.ukp.dkpro.core.api.segmentation.type.Token"
METADATA = "de.tudarmstadt.ukp.dkpro.core.api.metadata.type.DocumentMetaData"
ANNOTATION = "uima.tcas.Annotation"
STRING = "uima.cas.String"
# types that are never the PHI layer: UIMA's own, DKPro's segmentation and metadata
_INFRASTRUCTURE = (
    "uima.",
    "de.tudarmstadt.ukp.dkpro.core.api.segmentation.",
    "de.tudarmstadt.ukp.dkpro.core.api.metadata.",
)
_SEGMENTS = (SENTENCE, TOKEN)
_RESOURCE_NS = "http://uima.apache.org/resourceSpecifier"
_RENAMED = {"type": "type_", "self": "self_"}  # features cassis renames in Python
_OFFSET_WARNING = regex.compile(r"Not mapping external offset \[(-?\d+)\]")


def load_cas(file: CasFile, typesystems: dict[Any, TypeSystem], layer: str | None) -> Cas:
    """The CAS of ``file`` (offsets in code points), or a located :class:`InputError`.

    ``typesystems`` caches the type systems already read (by their bytes or JSON types);
    ``layer`` is the span layer the user named, kept in a trimmed type system.
    """
    if file.kind == "xmi":
        _refuse_doctype(file.data, file.where)
        assert file.typesystem is not None
        typesystem = typesystems.get(file.typesystem)
        if typesystem is None:
            _refuse_doctype(file.typesystem, file.typesystem_where)
            full = _parse(
                lambda: load_typesystem(io.BytesIO(file.typesystem or b"")),
                file.typesystem_where,
                "a UIMA type system",
            )
            typesystem = _parse(
                lambda: _reading_typesystem(full, layer),
                file.typesystem_where,
                "a UIMA type system",
            )
            typesystems[file.typesystem] = typesystem
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        if file.kind == "xmi":
            cas = _parse(
                lambda: load_cas_from_xmi(
                    io.BytesIO(file.data), typesystem=typesystem, lenient=True
                ),
                file.where,
                "UIMA CAS XMI",
            )
        else:
            text = _decoded(file)
            cas = _parse(lambda: _json_cas(text, typesystems), file.where, "UIMA CAS JSON")
    for warning in caught:
        found = _OFFSET_WARNING.search(str(warning.message))
        if found:
            raise InputError(
                file.where,
                f"offset {found.group(1)} is not a character boundary of the text (UIMA offsets "
                "count UTF-16 code units; this one falls inside a character or past the end)",
            )
    return cas


def _reading_typesystem(full: TypeSystem, layer: str | None) -> TypeSystem:
    """The part of ``full`` that can hold PHI spans: the span layers with a string feature (and
    ``layer``) and what they refer to, and the document's metadata. cassis then skips
    everything else of an XMI file (tokens, sentences, parts of speech...) instead of building
    it: five times faster on a tokenized export."""
    names = (*span_layers([full]), METADATA, *([layer] if layer else []))
    seeds = {full.get_type(n) for n in names if full.contains_type(n)}
    wanted = {t.name for t in full.transitive_closure(seeds)}
    tree = ElementTree.fromstring(full.to_xml() or "")
    types = tree.find(f"{{{_RESOURCE_NS}}}types")
    if types is None:
        return full
    for description in list(types):
        if description.findtext(f"{{{_RESOURCE_NS}}}name") not in wanted:
            types.remove(description)
    return load_typesystem(ElementTree.tostring(tree, encoding="unicode"))


def _json_cas(text: str, typesystems: dict[Any, TypeSystem]) -> Cas:
    """A CAS JSON as cassis reads it, without its tokens and sentences when nothing else refers
    to them (they are most of an INCEpTION export and never PHI), and with the type system of
    an earlier file when it embeds the same one: together five times faster."""
    data = json.loads(text)
    if not isinstance(data, dict):
        raise ValueError("the top level is not an object")
    _drop_segments(data)
    key = json.dumps(data.get("%TYPES"), sort_keys=True)
    known = typesystems.get(key)
    content = json.dumps(data)
    if known is None:
        cas = load_cas_from_json(content, lenient=True)
        typesystems[key] = cas.typesystem
        return cas
    return load_cas_from_json(content, typesystem=known, lenient=True, merge_typesystem=False)


def _drop_segments(data: dict[str, Any]) -> None:
    structures, views = data.get("%FEATURE_STRUCTURES"), data.get("%VIEWS")
    if not isinstance(structures, list) or not isinstance(views, dict):
        return
    dropped = {
        fs.get("%ID") for fs in structures if isinstance(fs, dict) and fs.get("%TYPE") in _SEGMENTS
    }
    kept = [fs for fs in structures if not (isinstance(fs, dict) and fs.get("%ID") in dropped)]
    referred = {
        target
        for fs in kept
        if isinstance(fs, dict)
        for key, value in fs.items()
        if key.startswith("@")
        for target in (value if isinstance(value, list) else [value])
        if isinstance(target, int)
    }
    if not dropped or referred & dropped:
        return
    data["%FEATURE_STRUCTURES"] = kept
    for view in views.values():
        if isinstance(view, dict) and isinstance(view.get("%MEMBERS"), list):
            view["%MEMBERS"] = [m for m in view["%MEMBERS"] if m not in dropped]


def _refuse_doctype(data: bytes, where: str) -> None:
    if b"<!DOCTYPE" in data or b"<!ENTITY" in data:
        raise InputError(where, "DOCTYPE and ENTITY declarations are not allowed in UIMA XML")


def _decoded(file: CasFile) -> str:
    try:
        return file.data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise InputError(file.where, f"byte {err.start} is not UTF-8") from None


def _parse(load: Any, where: str, what: str) -> Any:
    try:
        with warnings.catch_warnings():
            # "feature type is a reserved name in Python": cassis copes, nothing to tell
            warnings.filterwarnings("ignore", message=".*reserved name in Python")
            return load()
    except InputError:
        raise
    except Exception as err:  # cassis and lxml raise many kinds for malformed input
        message = " ".join(str(err).split())[:160] or err.__class__.__name__
        raise InputError(where, f"not valid {what}: {message}") from None


def span_layers(typesystems: list[TypeSystem]) -> dict[str, list[str]]:
    """Span types with a string feature: name -> its string features."""
    found: dict[str, list[str]] = {}
    for ts in typesystems:
        for t in ts.get_types():
            if t.name.startswith(_INFRASTRUCTURE) or not ts.subsumes(ANNOTATION, t):
                continue
            names = {f.name for f in t.all_features}
            if {"Governor", "Dependent"} <= names:  # a relation layer, not a span layer
                continue
            strings = string_features(ts, t.name)
            if strings:
                found.setdefault(t.name, strings)
    return found


def string_features(ts: TypeSystem, layer: str) -> list[str]:
    """The string features of ``layer`` as UIMA names them (cassis calls "type" "type_")."""
    t = ts.get_type(layer)
    return [
        _uima_name(f.name)
        for f in t.all_features
        if f.name not in ("begin", "end", "sofa") and ts.subsumes(STRING, f.rangeType)
    ]


def _uima_name(accessor: str) -> str:
    return accessor[:-1] if accessor in _RENAMED.values() else accessor


def accessor(feature: str) -> str:
    """The name cassis gives a feature in Python: a reserved name gets an underscore."""
    return _RENAMED.get(feature, feature)
