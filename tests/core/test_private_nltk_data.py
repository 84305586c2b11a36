"""nltk refuses group-writable data; an install made under umask 002 gets its data private."""

from __future__ import annotations

import shutil
import stat
from pathlib import Path

import pytest

from deid_studio.core.resources import make_private, nltk_data_dir


def test_group_writable_nltk_data_is_made_private_and_then_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import nltk
    from nltk.corpus.reader import WordListCorpusReader

    copy = tmp_path / "nltk_data"
    monkeypatch.setattr(nltk.data, "path", [str(copy), *nltk.data.path])
    shutil.copytree(nltk_data_dir() / "corpora" / "stopwords", copy / "stopwords")
    for path in (copy, *copy.rglob("*")):
        path.chmod(stat.S_IMODE(path.stat().st_mode) | 0o020)  # as pip leaves it under umask 002
    with pytest.raises(PermissionError, match="NLTK will not read"):
        WordListCorpusReader(str(copy / "stopwords"), ["english"]).words("english")
    make_private(copy)
    assert not [p for p in (copy, *copy.rglob("*")) if p.stat().st_mode & 0o022]
    words = WordListCorpusReader(str(copy / "stopwords"), ["english"]).words("english")
    assert "the" in words
