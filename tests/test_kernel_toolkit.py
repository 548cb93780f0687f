"""The kernel's shared toolkit for games (issue 31): the op registry and the declared hooks'
defaults."""
from __future__ import annotations

from typing import Annotated, Literal, Union

import pytest
from pydantic import BaseModel, Field

from metatcg.engine.ops import OpRegistry, op_name, union_members
from metatcg.engine.rules import DataHooks, Rules, RulesHooks, overrides

# ------------------------------------------------------------------ ops


class Draw(BaseModel):
    op: Literal["draw"]
    count: int = 1


class Burn(BaseModel):
    op: Literal["burn"]
    amount: int


class Heal(BaseModel):
    op: Literal["heal"]
    amount: int


Op = Annotated[Union[Draw, Burn, Heal], Field(discriminator="op")]


def _registry() -> OpRegistry[list[str], int]:
    ops: OpRegistry[list[str], int] = OpRegistry("toy")

    @ops.op(Draw, label=lambda o: f"draw {o.count}", hint=lambda o: 1.0 * o.count)
    def draw(state: object, log: list[str], op: Draw) -> int:
        log.append(f"drew {op.count}")
        return op.count

    @ops.op(Burn)
    def burn(state: object, log: list[str], op: Burn) -> int:
        log.append(f"burned {op.amount}")
        return -op.amount

    return ops


def test_an_op_runs_its_registered_handler_with_its_words_and_hint():
    ops = _registry()
    log: list[str] = []
    assert ops.run(None, log, Draw(op="draw", count=2)) == 2
    assert ops.run(None, log, Burn(op="burn", amount=3)) == -3
    assert log == ["drew 2", "burned 3"]
    assert ops.label(Draw(op="draw", count=2)) == "draw 2" and ops.label(Burn(op="burn", amount=1)) == ""
    assert ops.hint(Draw(op="draw", count=3)) == 3.0 and ops.hint(Burn(op="burn", amount=1)) == 0.0
    assert ops.names() == {"draw", "burn"}


def test_an_op_without_a_handler_is_named_by_the_completeness_check_and_by_run():
    ops = _registry()
    assert op_name(Heal) == "heal"
    assert union_members(Op) == [Draw, Burn, Heal]
    assert ops.check_complete(union_members(Op)) == ["toy: op 'heal' (Heal) has no handler"]
    with pytest.raises(KeyError, match="no handler registered for op 'heal'"):
        ops.run(None, [], Heal(op="heal", amount=1))

    @ops.op(Heal)
    def heal(state: object, log: list[str], op: Heal) -> int:
        return op.amount

    assert ops.check_complete(union_members(Op)) == []


def test_an_op_registered_twice_or_for_no_model_is_refused():
    ops = _registry()
    with pytest.raises(ValueError, match="registered twice"):
        ops.op(Draw)(lambda s, c, o: 0)

    class Lonely(BaseModel):
        op: Literal["lonely"]

    ops.op(Lonely)(lambda s, c, o: 0)
    assert "op 'lonely' has a handler" in ops.check_complete([Draw, Burn])[0]
    with pytest.raises(TypeError):
        op_name(int)


# ------------------------------------------------------------------ declared hooks
def test_a_rules_class_without_hooks_gets_the_kernels_defaults_and_overrides_are_seen():
    class Bare(Rules):
        pass

    class Checked(Rules):
        def state_check(self, state: object) -> None:  # type: ignore[override]
            return None

    assert not overrides(Bare(), RulesHooks, "state_check")
    assert overrides(Checked(), RulesHooks, "state_check")
    assert Bare().replacement_key("x") == "x" and Bare().why_not(None, 0, "x") == ""  # type: ignore[arg-type]
    assert DataHooks().matches_decks(()) is True
