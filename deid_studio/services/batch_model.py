"""What a batch worker needs of the project, as one plain value: no store, no SQL.

:func:`deid_studio.services.batching.batch_model` reads it from the project once, at the
start of a run; every worker unpickles it and imports only what detecting and masking
import (SQLAlchemy and Alembic stay in the client: 0.4 s less to start each worker).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, replace

from deid_studio.core.categories import Scheme
from deid_studio.detect.crf import CrfModel
from deid_studio.detect.detector import Detector, DetectorSettings
from deid_studio.mask import MaskingPolicy, VaultEntry
from deid_studio.mask.safe import KeptTerm


@dataclass(frozen=True, slots=True)
class BatchModel:
    """Everything a worker needs to detect and mask like the project (see the module text)."""

    model: CrfModel | None
    model_version: int
    scheme: Scheme
    settings: DetectorSettings
    policy: MaskingPolicy
    secret: bytes
    offsets: Mapping[str, int]
    vault: tuple[VaultEntry, ...]
    keep: tuple[KeptTerm, ...] = ()
    """The project's keep list: words a suggestion alone does not get masked."""

    def detector(self) -> Detector:
        """A ready detector (the rules alone for model version 0)."""
        return Detector(self.model, self.scheme, self.settings)

    def fingerprint(self) -> str:
        """What the output depends on besides the input and the options: model, scheme,
        settings, policy, secret and remembered keys (a SHA-256; the secret stays inside)."""
        digest = hashlib.sha256()
        for data in self.model.files if self.model is not None else (b"rules",):
            digest.update(data)  # a committee's every model
        digest.update(self.secret)
        described = {
            "model_version": self.model_version,
            "params": self.model.params.to_dict() if self.model is not None else None,
            "scale": self.model.scale if self.model is not None else None,
            "scheme": [c.name for c in self.scheme],
            "settings": [dict(self.settings.priority), self.settings.rules, self.settings.tau],
            "policy": self.policy.to_json(),
            "offsets": sorted(self.offsets.items()),
            "vault": [(e.case_id, e.scope, e.key, e.surrogate) for e in self.vault],
            "keep": [e.term for e in self.keep],
        }
        digest.update(json.dumps(described, sort_keys=True, default=str).encode())
        return digest.hexdigest()


def for_mode(model: BatchModel, mode: str) -> BatchModel:
    """The model for ``mode``: in recall mode every suggestion is masked whatever its
    confidence (τ has already decided which tokens are PHI)."""
    if mode != "recall":
        return model
    return replace(model, policy=replace(model.policy, confidence=0.0))
