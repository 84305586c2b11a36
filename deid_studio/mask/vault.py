"""The surrogate vault of a case: originals only as keyed hashes, and where randomness comes from.

An original is normalised (case-folded, whitespace collapsed) and hashed with HMAC-SHA256 under
the project's secret, together with the case and the *scope* (what kind of original it is:
``name``, ``shape``, ``city``...). Two cases never share a hash, so the vault does not link a
person across cases; the secret never leaves the project.

Every random choice of a surrogate is seeded from the same kind of keyed hash (original,
scope, case and an attempt number), never from a global random state: the same secret and case
give the same surrogates in any process. The vault makes the first choice stick, even if a
later version of Faker would draw another name.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterable
from dataclasses import dataclass

from deid_studio.mask.text import normalise


@dataclass(frozen=True, slots=True)
class VaultEntry:
    """One remembered surrogate: case, scope, keyed hash of the original, and the surrogate."""

    case_id: str
    scope: str
    key: str
    surrogate: str


def keyed_hash(secret: bytes, case_id: str, scope: str, original: str) -> str:
    """HMAC-SHA256 (hex) of the normalised original, bound to the case and scope."""
    message = "\x00".join((case_id, scope, normalise(original))).encode("utf-8")
    return hmac.new(secret, message, hashlib.sha256).hexdigest()


class CaseVault:
    """The surrogates of one case: those stored before, and those drawn now (:attr:`added`)."""

    def __init__(self, secret: bytes, case_id: str, entries: Iterable[VaultEntry] = ()) -> None:
        self.secret = secret
        self.case_id = case_id
        self._known = {(e.scope, e.key): e.surrogate for e in entries if e.case_id == case_id}
        self.added: list[VaultEntry] = []

    def get(self, scope: str, original: str) -> str | None:
        """The surrogate remembered for ``original`` in ``scope``, if any."""
        return self._known.get((scope, keyed_hash(self.secret, self.case_id, scope, original)))

    def put(self, scope: str, original: str, surrogate: str) -> None:
        """Remember a new surrogate (kept in :attr:`added` until the caller stores it)."""
        key = keyed_hash(self.secret, self.case_id, scope, original)
        if (scope, key) not in self._known:
            self._known[(scope, key)] = surrogate
            self.added.append(VaultEntry(self.case_id, scope, key, surrogate))

    def seed(self, scope: str, original: str, attempt: int = 0) -> int:
        """A 64-bit seed for drawing the surrogate of ``original`` (attempt ``attempt``)."""
        message = "\x00".join(
            ("surrogate", self.case_id, scope, normalise(original), str(attempt))
        ).encode("utf-8")
        return int.from_bytes(hmac.new(self.secret, message, hashlib.sha256).digest()[:8], "big")
