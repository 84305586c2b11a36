"""Alembic environment: the application passes its open connection; engineers pass -x db=."""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection

from deid_studio.store.database import make_engine
from deid_studio.store.models import Base

config = context.config
target_metadata = Base.metadata


def _configure(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        render_as_batch=True,  # SQLite alters tables by copying them
        transaction_per_migration=True,
        compare_type=True,
    )


def run_migrations_online() -> None:
    """Migrate over the application's connection, or one opened from ``-x db=``."""
    connection = config.attributes.get("connection")
    if connection is not None:
        _configure(connection)
        with context.begin_transaction():
            context.run_migrations()
        return
    db = context.get_x_argument(as_dictionary=True).get("db") or config.get_main_option(
        "sqlalchemy.url"
    )
    if not db:
        raise SystemExit("pass the database: alembic -x db=path/to/project.sqlite ...")
    url = db if "://" in db else f"sqlite:///{db}"
    engine = make_engine(url)
    with engine.connect() as connection:
        _configure(connection)
        with context.begin_transaction():
            context.run_migrations()
        connection.commit()


if context.is_offline_mode():
    raise SystemExit("offline (SQL script) migrations are not supported; pass -x db=...")
run_migrations_online()
