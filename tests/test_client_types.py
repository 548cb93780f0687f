"""Types across the wire (issue 30, point 10): the browser client's view types are generated
from the games' view schemas and kept up to date, the client's JS is type-checked against them
with ``tsc --checkJs`` (tsconfig.json), and a client that reads a field the view does not have
fails that check, so a schema change breaks the build, not a player's game."""
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
