"""``metatcg serve``: its options, its default database in the user's data folder, and a clear
error (exit 2, no traceback) for a database it cannot use. Serving itself is tested with the
real process in test_server_persistence.py and test_server_browser.py."""
from __future__ import annotations

import sqlalchemy as sa

from metatcg.cli.serve import default_db
from metatcg.server.store import Store, meta_table
from support.cli import assert_clean, run


def test_serve_help_names_its_options():
    r = run("serve", "--help", width=120)
    assert_clean(r, 0, "--host", "--port", "--db", "--allowed-host", "--forwarded-allow-ips", "--api-docs",
                 "--http-rate", "--games-per-minute", "--sockets-per-address", "--sockets-per-game")


def test_the_default_database_is_a_sqlite_file_in_the_users_data_folder(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_db() == f"sqlite:///{tmp_path / 'metatcg' / 'metatcg.db'}"


def test_a_database_it_cannot_use_is_a_clear_error(tmp_path):
    assert_clean(run("serve", "--db", "nosuchdb://x"), 2, "cannot use the database")
    url = f"sqlite:///{tmp_path / 'newer.db'}"
    store = Store(url)
    with store.engine.begin() as conn:
        conn.execute(meta_table.update().where(meta_table.c.key == "schema_version").values(value="99"))
    store.close()
    assert_clean(run("serve", "--db", url), 2, "newer metatcg")
    with sa.create_engine(url).connect() as conn:       # refused, not changed
        assert conn.execute(sa.select(meta_table.c.value)).scalar_one() == "99"
