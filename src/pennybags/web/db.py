"""Which store a ``--db`` value names: a SQLite file or a PostgreSQL database."""

from __future__ import annotations

from pathlib import Path

from pennybags.web.store import SQLiteStore, Store, StoreError


def open_store(url: str | Path) -> Store:
    """The store a ``--db`` value names: a ``postgresql://`` (or ``postgres://``) URL is
    PostgreSQL (needs psycopg, in the web extra); a file path (or ``sqlite:///path``) is
    SQLite."""
    text = str(url)
    if text.startswith(("postgresql://", "postgres://")):
        from pennybags.web.pgstore import PostgresStore  # psycopg only when it is needed

        return PostgresStore(text)
    if text.startswith("sqlite:///"):
        text = text[len("sqlite:///"):]
    elif "://" in text:
        raise StoreError(f"unknown database {text.split('://')[0][:20]!r}: give a SQLite "
                         "file path or a postgresql:// URL")
    if text != ":memory:":
        try:
            Path(text).parent.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise StoreError(f"cannot make the folder of {text}: {e.strerror}") from None
    return SQLiteStore(text)


__all__ = ["open_store"]
