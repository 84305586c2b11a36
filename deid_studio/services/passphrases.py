"""Where the passphrase of an encrypted project comes from: the environment, the system
keyring, or the person at the keyboard (a terminal prompt or a dialog, given by the caller).

``DEID_STUDIO_KEY`` is for batch work and, when set, is the only passphrase tried. Otherwise
the passphrase remembered in the system keyring (``keyring``: the Secret Service on Linux, the
macOS Keychain, Windows' Credential Locker) for that file is tried first, then the person is
asked, up to three times. The store tries each passphrase without writing anything.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path

from deid_studio.core.errors import DeidError
from deid_studio.store import cipher

ENVIRONMENT_KEY = cipher.ENVIRONMENT_KEY
KEYRING_SERVICE = "deid-studio"
ATTEMPTS = 3

Ask = Callable[[Path, int], str | None]
"""Asks for the passphrase of a file (the attempt number: 0, then 1 after a wrong one...);
None when the person cancels or nobody can be asked."""


def from_environment() -> str | None:
    """``DEID_STUDIO_KEY``, when set and not empty."""
    return os.environ.get(cipher.ENVIRONMENT_KEY) or None


def from_keyring(path: Path) -> str | None:
    """The passphrase remembered for this file, or None (none stored, or no keyring here)."""
    try:
        import keyring
        from keyring.errors import KeyringError

        return keyring.get_password(KEYRING_SERVICE, _account(path))
    except (ImportError, KeyringError, RuntimeError):
        return None


def remember(path: Path, passphrase: str) -> None:
    """Keep the passphrase of this file in the system keyring (a clear error when there is no
    usable keyring on this machine)."""
    try:
        import keyring
        from keyring.errors import KeyringError

        keyring.set_password(KEYRING_SERVICE, _account(path), passphrase)
    except ImportError as err:
        raise DeidError(f"no system keyring: {err}") from None
    except (KeyringError, RuntimeError) as err:
        raise DeidError(f"the system keyring refused to store the passphrase: {err}") from None


def forget(path: Path) -> None:
    """Remove the remembered passphrase of this file, if any."""
    try:
        import keyring
        from keyring.errors import KeyringError

        keyring.delete_password(KEYRING_SERVICE, _account(path))
    except (ImportError, KeyringError, RuntimeError):
        pass


def key_source(ask: Ask | None = None) -> cipher.KeySource:
    """Passphrases for a file, in the order above; ``ask`` is how to ask the person."""

    def passphrases(path: Path) -> Iterator[str]:
        environment = from_environment()
        if environment is not None:
            yield environment
            return
        stored = from_keyring(path)
        if stored:
            yield stored
        if ask is None:
            return
        for attempt in range(ATTEMPTS):
            answer = ask(path, attempt)
            if answer is None:
                return
            yield answer

    return passphrases


def install(ask: Ask | None = None) -> None:
    """Make the store take passphrases from :func:`key_source` (``ask`` included)."""
    cipher.set_key_source(key_source(ask))


def _account(path: Path) -> str:
    return str(Path(path).expanduser().resolve())
