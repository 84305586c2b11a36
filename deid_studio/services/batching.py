"""What a batch run takes from the project, and what it leaves there: the audit event.

Batch de-identification (``deid_studio.batch``) masks reports that never enter the project.
From the project it needs, once, at the start: the model version in use (the one the window
suggests with: the rules alone for model version 0), the scheme and detector settings (with
what training learnt of the rules), the masking policy (or a preset of it),
the vault secret, and what the project remembers of its cases (their date offsets and
surrogates, as keyed hashes), so that a report of a case the project knows masks as the
project's masked export masks it. :func:`batch_model` gathers all that into a
:class:`~.batch_model.BatchModel`, a plain picklable value sent once to every worker.
Nothing is written back except one audit event per run (:func:`record_batch`): who, the
model version, the policy and the counts, never a narrative.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from deid_studio.mask.policy import PRESETS, PolicyError
from deid_studio.services._detector import RULES_ONLY, model_and_settings, model_in_use
from deid_studio.services.batch_model import BatchModel
from deid_studio.services.keep import read_keep_list
from deid_studio.services.masking import SECRET_SETTING, ensure_secret, policy_of
from deid_studio.services.training import DETECTOR_SETTING
from deid_studio.store.project import Project

BATCH_EVENT = "batch_deidentify"


def batch_model(project: Project, *, preset: str | None = None, actor: str = "") -> BatchModel:
    """The project's current model version, policy (``preset`` instead of the policy's own,
    without its overrides) and keys, for a batch run.

    Raises :class:`~deid_studio.core.errors.DeidError` in one line when the stored model
    cannot be read or the preset is unknown. A project without a vault secret gets one
    (audited), as a first masked export would.
    """
    if preset is not None and preset not in PRESETS:
        raise PolicyError(f"unknown masking preset {preset!r}; choose {', '.join(PRESETS)}")
    ensure_secret(project, actor)
    with project.reading() as tx:
        stored = model_in_use(tx)
        scheme = tx.scheme()
        configured = tx.setting(DETECTOR_SETTING)
        policy = policy_of(tx)
        secret = bytes.fromhex(tx.setting(SECRET_SETTING))
        offsets = tx.every_date_offset()
        vault = tuple(tx.every_vault_entry())
        keep = tuple(read_keep_list(tx))
    if preset is not None and preset != policy.preset:
        policy = policy.with_preset(preset)
    model, settings = model_and_settings(stored, configured)
    version = stored.id if stored is not None else RULES_ONLY
    return BatchModel(model, version, scheme, settings, policy, secret, offsets, vault, keep)


def record_batch(project: Project, *, actor: str, summary: Mapping[str, Any]) -> None:
    """Append the audit event of a batch run: model, policy, options and counts (no text)."""
    with project.transaction(actor) as tx:
        tx.audit(BATCH_EVENT, after=dict(summary))
