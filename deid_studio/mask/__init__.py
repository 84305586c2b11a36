"""Masking: category tags, surrogates, date shifts, ages, IDs; the leak check. No DB, no Qt.

:func:`mask_document` masks one document with a :class:`MaskingPolicy` and a case's keys
(:class:`CaseKeys`: its :class:`DateShift` and its :class:`Surrogates` over a
:class:`CaseVault`); the result, a :class:`MaskedDocument`, lists every replacement and every
:class:`Leak`. The services layer keeps the vault and the date offsets in the project.
"""

from __future__ import annotations

from deid_studio.mask.cases import MaskedReports, Report, case_language, mask_reports
from deid_studio.mask.dates import DateValue, ParsedDate, infer_order, parse_date
from deid_studio.mask.dateshift import DateShift, draw_offset
from deid_studio.mask.kinds import Kind, kind_of
from deid_studio.mask.leaks import Leak, LeakError, find_leaks
from deid_studio.mask.masker import (
    CaseKeys,
    MaskedDocument,
    Replacement,
    mask_document,
    phi_strings,
    shift_meta,
)
from deid_studio.mask.policy import ACTIONS, PRESETS, Action, MaskingPolicy, PolicyError
from deid_studio.mask.surrogates import Surrogates
from deid_studio.mask.vault import CaseVault, VaultEntry, keyed_hash

__all__ = [
    "ACTIONS",
    "PRESETS",
    "Action",
    "CaseKeys",
    "CaseVault",
    "DateShift",
    "DateValue",
    "Kind",
    "Leak",
    "LeakError",
    "MaskedDocument",
    "MaskedReports",
    "MaskingPolicy",
    "ParsedDate",
    "PolicyError",
    "Replacement",
    "Report",
    "Surrogates",
    "VaultEntry",
    "case_language",
    "draw_offset",
    "find_leaks",
    "infer_order",
    "keyed_hash",
    "kind_of",
    "mask_document",
    "mask_reports",
    "parse_date",
    "phi_strings",
    "shift_meta",
]
