"""Readers and writers of narratives and their spans, one module per format.

:data:`FORMATS` names them for the command line and the import and export services;
:func:`reader` and :func:`writer` look one up.
"""

from __future__ import annotations

from deid_studio.formats.base import Format, Reader, Writer
from deid_studio.formats.brat import read_brat, write_brat
from deid_studio.formats.conll import write_conll
from deid_studio.formats.csv_table import read_csv, read_vaers, write_csv
from deid_studio.formats.e2b import read_e2b, write_e2b
from deid_studio.formats.i2b2 import read_i2b2, read_i2b2_2006, write_i2b2
from deid_studio.formats.inception import read_inception, write_inception, write_inception_json
from deid_studio.formats.jsonl import read_jsonl, write_jsonl
from deid_studio.formats.label_studio import read_label_studio, write_label_studio
from deid_studio.formats.parquet import read_parquet, write_parquet
from deid_studio.formats.plaintext import read_text, write_text
from deid_studio.formats.presidio import read_presidio
from deid_studio.formats.prodigy import read_prodigy, write_prodigy
from deid_studio.formats.spacy_docbin import read_spacy, write_spacy

FORMATS: dict[str, Format] = {
    f.name: f
    for f in (
        Format(
            "brat",
            "BRAT standoff: NAME.txt + NAME.ann per narrative (a folder, or one .txt)",
            read_brat,
            write_brat,
        ),
        Format(
            "i2b2",
            "i2b2 2014 de-identification XML, one narrative per file (a file or a folder)",
            read_i2b2,
            write_i2b2,
        ),
        Format(
            "i2b2-2006",
            "i2b2 2006 inline XML: RECORDs with <PHI TYPE=...> elements",
            read_i2b2_2006,
        ),
        Format(
            "jsonl",
            'JSON Lines: {"id", "text", "spans": [{"start", "end", "label"}], "meta"}',
            read_jsonl,
            write_jsonl,
            folder=False,
        ),
        Format(
            "presidio",
            "Presidio synthetic data set: a JSON array of {full_text, spans}",
            read_presidio,
            folder=False,
        ),
        Format(
            "csv",
            "CSV with a column mapping, one narrative per row",
            read_csv,
            write_csv,
            folder=False,
        ),
        Format(
            "parquet",
            "Apache Parquet: columns id, case_id, language, text, spans (JSON), meta (JSON)",
            read_parquet,
            write_parquet,
            folder=False,
        ),
        Format("vaers", "VAERS data file (<year>VAERSDATA.csv, Latin-1)", read_vaers, folder=False),
        Format("text", "plain text: a folder of .txt files, or one", read_text, write_text),
        Format(
            "e2b",
            "ICH E2B(R2) or E2B(R3) XML, the narrative of each report (written as E2B(R2))",
            read_e2b,
            write_e2b,
        ),
        Format(
            "conll",
            "CoNLL BIO: token<TAB>label, one sentence per line",
            None,
            write_conll,
            folder=False,
        ),
        Format(
            "inception",
            "INCEpTION / WebAnno UIMA CAS: .xmi + TypeSystem.xml, CAS .json, folder or zip",
            read_inception,
            write_inception,
            notes=True,
            options=("layer", "feature", "annotator"),
        ),
        Format(
            "inception-json",
            "INCEpTION UIMA CAS JSON, a .json per narrative (read as inception)",
            read_inception,
            write_inception_json,
            notes=True,
            options=("layer", "feature", "annotator"),
        ),
        Format(
            "label-studio",
            "Label Studio JSON export (written with the model's predictions)",
            read_label_studio,
            write_label_studio,
            notes=True,
            predictions=True,
            options=("text_field", "annotator"),
        ),
        Format(
            "prodigy",
            "Prodigy JSONL (db-out); only accepted examples are gold",
            read_prodigy,
            write_prodigy,
            folder=False,
            notes=True,
        ),
        Format(
            "spacy",
            "spaCy DocBin (.spacy) with doc.ents; needs the spacy extra",
            read_spacy,
            write_spacy,
            folder=False,
            notes=True,
        ),
    )
}
"""Every format by name."""


TOOL_FORMATS = ("inception", "inception-json", "label-studio", "prodigy", "spacy")
"""The formats of the annotation tools teams already use, read and written."""

ALIASES = {"txt": "text"}
"""Other names the command line accepts (DESIGN.md spells the plain-text export ``txt``)."""


def reader(name: str) -> Reader:
    """The reader of the format ``name``; ValueError names the formats that can be read."""
    found = FORMATS.get(ALIASES.get(name, name))
    if found is None or found.read is None:
        known = ", ".join(n for n, f in FORMATS.items() if f.read is not None)
        raise ValueError(f"no reader for format {name!r}; choose one of {known}")
    return found.read


def writer(name: str) -> Writer:
    """The writer of the format ``name``; ValueError names the formats that can be written."""
    found = FORMATS.get(ALIASES.get(name, name))
    if found is None or found.write is None:
        known = ", ".join(n for n, f in FORMATS.items() if f.write is not None)
        raise ValueError(f"no writer for format {name!r}; choose one of {known}")
    return found.write


def format_named(name: str) -> Format | None:
    """The format called ``name`` (or one of its aliases), None when there is none."""
    return FORMATS.get(ALIASES.get(name, name))


__all__ = [
    "FORMATS",
    "TOOL_FORMATS",
    "Format",
    "Reader",
    "Writer",
    "format_named",
    "reader",
    "writer",
]
