"""Server passwords: asked for when a team project opens, remembered only in the operating
system's keyring (the ``keyring`` package: Secret Service, macOS Keychain, Windows Credential
Locker), never in the settings or any file. Without a keyring the password is asked for each
time."""

from __future__ import annotations

SERVICE = "deid-studio"


def stored_password(url: str) -> str | None:
    """The password remembered for this URL (without password), if any."""
    try:
        import keyring

        return keyring.get_password(SERVICE, url)
    except Exception:  # no keyring backend, a locked one: ask instead
        return None


def remember_password(url: str, password: str) -> bool:
    """Keep the password in the OS keyring; False when there is none."""
    try:
        import keyring

        keyring.set_password(SERVICE, url, password)
        return True
    except Exception:
        return False


def forget_password(url: str) -> None:
    """Drop a remembered password (it was refused)."""
    try:
        import keyring

        keyring.delete_password(SERVICE, url)
    except Exception:
        pass
