"""The training examples (issue 13 point 6) run end to end at tiny budgets: the light one always
(CI's smoke test, seconds), MaskablePPO only where sb3-contrib is installed."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

pytest.importorskip("gymnasium")

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def _load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"{name}_example", EXAMPLES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _check_evaluation(e: dict[str, Any], games: int) -> None:
    assert e["games"] == games
    assert e["wins"] + e["draws"] + e["losses"] == games
    assert 0.0 <= e["win_rate"] <= 1.0
    lo, hi = e["ci95"]
    assert 0.0 <= lo <= e["win_rate"] <= hi <= 1.0


def test_light_example_trains_and_evaluates(capsys):
    out = _load("train_light").main(["--game", "metax", "--episodes", "30", "--eval-games", "6", "--seed", "3"])
    for when in ("before", "after"):
        assert set(out[when]) == {"random", "greedy"}
        for e in out[when].values():
            _check_evaluation(e, 6)
    assert out["train"]["episodes"] == 30 and out["train"]["decisions"] > 30
    assert out["param_change"] > 0   # REINFORCE moved the weights
    assert out["train_seconds"] >= 0
    text = capsys.readouterr().out
    assert "vs random, before" in text and "vs greedy, after" in text


def test_light_policy_is_uniform_when_untrained_and_masks_nothing_in():
    import numpy as np

    mod = _load("train_light")
    policy = mod.LinearSoftmaxPolicy(10, 4)
    legal = np.array([2, 5, 7])
    x = np.ones(4, dtype=np.float32)
    assert np.allclose(policy.probs(x, legal), 1 / 3)
    policy.update(x, legal, chosen=1, p=policy.probs(x, legal), step=1.0)
    p = policy.probs(x, legal)
    assert p[1] == p.max() and np.isclose(p.sum(), 1.0)
    assert not policy.W[[0, 1, 3, 4, 6, 8, 9]].any()   # only legal rows are touched


def test_maskable_ppo_example_tiny_budget(tmp_path, capsys):
    pytest.importorskip("sb3_contrib", reason="sb3-contrib (and torch) not installed: pip install 'metatcg[rl]'")
    save = tmp_path / "ppo.zip"
    out = _load("train_maskable_ppo").main(["--game", "metax", "--steps", "128", "--n-steps", "64",
                                            "--eval-games", "2", "--seed", "1", "--save", str(save)])
    for when in ("before", "after"):
        for e in out[when].values():
            _check_evaluation(e, 2)
    assert out["steps"] >= 128 and out["train_episodes"] >= 1
    assert out["param_change"] > 0
    assert save.exists()
    assert "MaskablePPO" in capsys.readouterr().out


def test_maskable_ppo_example_names_the_extra_when_missing(monkeypatch):
    monkeypatch.setitem(sys.modules, "sb3_contrib", None)
    with pytest.raises(ImportError, match=r"metatcg\[rl\]"):
        _load("train_maskable_ppo").main(["--steps", "64"])
