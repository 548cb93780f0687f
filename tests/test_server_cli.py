"""``metatcg serve``: its options, its default database in the user's data folder, and a clear
error (exit 2, no traceback) for a database it cannot use. Serving itself is tested with the
real process in test_server_persistence.py and test_server_browser.py."""
from __future__ import annotations

import sqlalchemy as sa

from metatcg.cli.serve import default_db
from metatcg.server.store import SCHEMA_VERSION, Store, actions, games, meta_table, seats
from support.cli import assert_clean, run


def test_serve_help_names_its_options():
    r = run("serve", "--help", width=120)
    assert_clean(r, 0, "--host", "--port", "--db", "--allowed-host", "--forwarded-allow-ips", "--api-docs",
                 "--http-rate", "--games-per-minute", "--sockets-per-address", "--sockets-per-game",
                 "--bot-workers", "--games-per-address", "--bot-games", "--min-turn-seconds")


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


def test_a_version_1_database_gains_the_creator_and_request_id_columns(tmp_path):
    url = f"sqlite:///{tmp_path / 'v1.db'}"
    Store(url).close()
    with sa.create_engine(url).begin() as conn:          # as a version-1 server left it
        for table, col in (("games", "creator"), ("games", "owner_hash"), ("actions", "rid")):
            conn.execute(sa.text(f"ALTER TABLE {table} DROP COLUMN {col}"))
        conn.execute(meta_table.update().where(meta_table.c.key == "schema_version").values(value="1"))
    store = Store(url)
    store.close()
    cols = {t: {c["name"] for c in sa.inspect(sa.create_engine(url)).get_columns(t)} for t in ("games", "actions")}
    assert {"creator", "owner_hash"} <= cols["games"] and "rid" in cols["actions"]
    assert set(games.c.keys()) == cols["games"] and set(actions.c.keys()) == cols["actions"]
    with sa.create_engine(url).connect() as conn:
        assert conn.execute(sa.select(meta_table.c.value)).scalar_one() == str(SCHEMA_VERSION) == "3"


def test_a_version_2_database_gains_the_seats_preferences(tmp_path):
    """A game stored by a version-2 server (no ``seats.prefs``, no ``actions.note``) upgrades and
    reads its seats with the default preferences."""
    url = f"sqlite:///{tmp_path / 'v2.db'}"
    Store(url).close()
    with sa.create_engine(url).begin() as conn:          # as a version-2 server left it
        conn.execute(sa.text("ALTER TABLE seats DROP COLUMN prefs"))
        conn.execute(sa.text("ALTER TABLE actions DROP COLUMN note"))
        conn.execute(meta_table.update().where(meta_table.c.key == "schema_version").values(value="2"))
        conn.execute(games.insert().values(id="g2", game="metax", created=1.0, updated=1.0, setup="{}", settings="{}",
                                           n=0, over=False, result="null", listed=False, deadline=None,
                                           bot_turn=False, notes="[]"))
        conn.execute(sa.text("INSERT INTO seats (game_id, seat, player, token_hash, joined) "
                             "VALUES ('g2', 0, 'human', NULL, 1)"))
    store = Store(url)
    try:
        assert {c["name"] for c in sa.inspect(store.engine).get_columns("seats")} == set(seats.c.keys())
        assert {c["name"] for c in sa.inspect(store.engine).get_columns("actions")} == set(actions.c.keys())
        assert [(s.player, s.prefs) for s in store.load("g2").seats] == [("human", None)]   # None: the defaults
        store.set_prefs("g2", 0, '{"auto_pass": false}')
        assert store.load("g2").seats[0].prefs == '{"auto_pass": false}'
    finally:
        store.close()
    with sa.create_engine(url).connect() as conn:
        assert conn.execute(sa.select(meta_table.c.value)).scalar_one() == str(SCHEMA_VERSION) == "3"
