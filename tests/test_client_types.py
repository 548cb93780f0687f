"""Types across the wire (issue 30, point 10): the browser client's view types are generated
from the games' view schemas and kept up to date, all of the client's JS (static/js) is
type-checked with ``tsc --checkJs`` (tsconfig.json), each game's module against its own view,
and a client that reads a field the view does not have fails that check, so a schema change
breaks the build, not a player's game."""
from __future__ import annotations

import json
import shutil
import subprocess

from metatcg.server.viewtypes import TYPES_DIR, write
from support.nodetools import ROOT, TSC, need_node_tools


def tsc(project) -> subprocess.CompletedProcess:
    return subprocess.run([str(TSC), "-p", str(project)], cwd=ROOT, capture_output=True, text=True, timeout=300)


def test_the_view_types_are_up_to_date():
    assert write(check=True) == [], "run: python -m metatcg.server.viewtypes"


def test_the_client_type_checks_against_the_view_types():
    need_node_tools()
    done = tsc(ROOT / "tsconfig.json")
    assert done.returncode == 0, done.stdout[-4000:]


def test_reading_a_field_the_view_does_not_have_fails_the_check(tmp_path):
    need_node_tools()
    shutil.copytree(TYPES_DIR, tmp_path / "types")
    good = ('/** @param {import("./types/views").ViewsByGame["metax"]} v */\n'
            'export const turn = (v) => v.turn + v.players[0].hand_count;\n')
    (tmp_path / "client.js").write_text(good)
    config = {"compilerOptions": {"allowJs": True, "checkJs": True, "noEmit": True, "target": "ES2022",
                                  "module": "ES2022", "moduleResolution": "bundler", "lib": ["ES2022", "DOM"]},
              "include": ["client.js", "types/*.d.ts"]}
    (tmp_path / "tsconfig.json").write_text(json.dumps(config))
    assert tsc(tmp_path / "tsconfig.json").returncode == 0
    (tmp_path / "client.js").write_text(good.replace("hand_count", "hand_size"))
    done = tsc(tmp_path / "tsconfig.json")
    assert done.returncode != 0 and "hand_size" in done.stdout


def test_each_games_module_is_checked_against_its_own_view():
    """js/games/<id>.js names the view type of its game, so tsc checks every field it reads."""
    import metatcg
    from metatcg.server.viewtypes import files
    static = TYPES_DIR.parent
    for gid in metatcg.game_ids():
        if f"{gid}-view.d.ts" not in files():
            continue
        text = (static / "games" / f"{gid}.js").read_text(encoding="utf-8")
        assert f'ViewsByGame["{gid}"]' in text, f"js/games/{gid}.js does not name its view type"
