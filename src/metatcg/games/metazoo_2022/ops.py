"""The op interpreter: an Effect's ``do`` ops run in order as one step (docs/metazoo-2022.md
§4.2); an op that needs a choice, a coin or a nested list pushes its steps with the rest of the
list beneath, so a state can be saved in the middle of any Effect."""
from __future__ import annotations

from typing import Any, Callable

from ...engine.ops import OpRegistry, op_name, union_members
from ...engine.seats import one_winner
from ...engine.state import GameState
from . import hooks, lp, statuses, zones
from .data import MZ22Data
from .records import BRANCH_FIELDS, Act, Announce, Ask, Asking, Branch, Ctx, PickTarget, Run, caster_ref
from .refs import casters, pages, refs
from .schema import Op
from .stats import amount, count, types_of
from .tokens import page_json, token_def
from .worth import could_act
from .zones import nm, pl


# ------------------------------------------------------------------ where ops live
def text_def(d: MZ22Data, ctx: Ctx) -> Any:
    return d.defs[ctx.defs if ctx.defs >= 0 else ctx.source]


def ops_at(d: MZ22Data, ctx: Ctx, path: tuple[Any, ...]) -> list[Any]:
    """The op list ``path`` leads to in the Effect or Attack of ``ctx`` (a ValueError, an
    IndexError or an AttributeError for a path that leads nowhere)."""
    df = text_def(d, ctx)
    ops: list[Any] = df.attacks[ctx.fx].do if ctx.loc == "atk" else df.effects[ctx.fx].do
    for i in range(0, len(path), 2):
        op = ops[path[i]]
        br: Branch = path[i + 1]
        if type(br) is not Branch or br.field not in BRANCH_FIELDS:
            raise ValueError(f"{br!r:.30} is no place in an Effect")
        got = getattr(op, br.field)
        if br.field == "branches":
            ops = got[br.k].do
        elif br.field == "options":
            ops = got[br.k]
        else:
            ops = got
    return ops


def run_ops(st: GameState, run: Run) -> None:
    """The Run step: apply ops from ``run.at``; stop where one pushed steps (it pushed the
    rest of the list beneath them)."""
    d: MZ22Data = st.data
    ops = ops_at(d, run.ctx, run.path)
    i = run.at
    while i < len(ops) and st.result is None:
        op = ops[i]
        if OPS.run(st, run._replace(at=i), op):
            return
        i += 1


def nested(st: GameState, run: Run, branch: Branch) -> None:
    """Run a nested op list, then the rest of this one."""
    st.push(Run(run.ctx, run.path + (run.at, branch), 0), run._replace(at=run.at + 1))


def amt(st: GameState, ctx: Ctx, a: Any) -> int:
    return amount(st.data, ctx.seat, ctx.source, a)


def src_printed(st: GameState, ctx: Ctx) -> tuple[str, ...]:
    return tuple(text_def(st.data, ctx).strong_against)


# ------------------------------------------------------------------ handlers (True = pushed steps)
Handler = Callable[[GameState, Run, Any], bool]


ORDER_STATUSES = ("frozen", "sleep")


def paired(d: MZ22Data, run: Run, op: Any) -> Any:
    """The op that happens "at the same moment" as ``op`` when the order can matter: a ``damage``
    and an ``inflict`` of Frozen or Sleep next to each other, on the same recipients, in an
    Effect outside an Attack (MZ22-SIMUL-3/8, PR-MZ22-6). Returns the other op or None."""
    if run.ctx.loc == "atk":            # Attacks keep the fixed Combat order (MZ22-SIMUL-8)
        return None
    ops = ops_at(d, run.ctx, run.path)
    if run.at + 1 >= len(ops):
        return None
    nxt = ops[run.at + 1]
    kinds = {op.op, nxt.op}
    if kinds != {"damage", "inflict"} or op.to != nxt.to:
        return None
    status = op if op.op == "inflict" else nxt
    return nxt if status.status in ORDER_STATUSES else None


def _ordered(st: GameState, run: Run, op: Any) -> bool:
    """Damage and Frozen/Sleep at the same moment: the active Caster picks which comes first
    (MZ22-SIMUL-3, PR-MZ22-6, PR-MZ22-17); asked only when someone would receive both."""
    d: MZ22Data = st.data
    other = paired(d, run, op)
    if other is None:
        return False
    kind = (op if op.op == "inflict" else other).status
    if not any(statuses.can_take(d, r, kind) for r in refs(st, run.ctx, op.to)):
        return False                    # nobody could take the status: the order changes nothing
    st.push(run._replace(at=run.at + 2))
    ask(st, Ask(run, "order", 0, d.active))
    return True


def _damage(st: GameState, run: Run, op: Any) -> bool:
    if _ordered(st, run, op):
        return True
    return _damage_now(st, run, op)


def _damage_now(st: GameState, run: Run, op: Any) -> bool:
    ctx = run.ctx
    lp.damage(st, refs(st, ctx, op.to), amt(st, ctx, op.amount), printed=src_printed(st, ctx),
              src_types=ctx.types, why=f" from {nm(st.data, ctx.source)}" if ctx.source >= 0 else "")
    return False


def _lose(st: GameState, run: Run, op: Any) -> bool:
    lp.lose_lp(st, refs(st, run.ctx, op.to), amt(st, run.ctx, op.amount))
    return False


def _gain(st: GameState, run: Run, op: Any) -> bool:
    until = "turn" if op.until == "turn_end" else "permanent"
    lp.gain_lp(st, refs(st, run.ctx, op.to), amt(st, run.ctx, op.amount), until)
    return False


def _recover(st: GameState, run: Run, op: Any) -> bool:
    lp.recover(st, refs(st, run.ctx, op.to), None if op.amount == "all" else amt(st, run.ctx, op.amount))
    return False


def _pay_lp(st: GameState, run: Run, op: Any) -> bool:
    lp.lose_lp(st, [caster_ref(run.ctx.seat)], op.amount, " (paid)")
    return False


def _inflict(st: GameState, run: Run, op: Any) -> bool:
    if _ordered(st, run, op):
        return True
    return _inflict_now(st, run, op)


def _inflict_now(st: GameState, run: Run, op: Any) -> bool:
    statuses.inflict(st, run.ctx.seat, op.status, refs(st, run.ctx, op.to), op.x, op.auto)
    return False


def _remove(st: GameState, run: Run, op: Any) -> bool:
    statuses.remove(st, refs(st, run.ctx, op.to), op.status)
    return False


def _destroy(st: GameState, run: Run, op: Any) -> bool:
    zones.destroy(st, pages(refs(st, run.ctx, op.to)), into=op.into)
    return False


def _to_chapter(st: GameState, run: Run, op: Any) -> bool:
    d: MZ22Data = st.data
    for c in pages(refs(st, run.ctx, op.to)):
        if st.logging:
            st.say(f"{nm(d, c)} returns to {pl(d.owner[c])}'s Chapter")
        zones.leave(st, c, "chapter")
    return False


def _to_spellbook(st: GameState, run: Run, op: Any) -> bool:
    d: MZ22Data = st.data
    for c in pages(refs(st, run.ctx, op.to)):
        if st.logging:
            where = {"bottom": "to the bottom of", "top": "on top of"}.get(op.where, "shuffled into")
            st.say(f"{nm(d, c)} goes {where} {pl(d.owner[c])}'s Spellbook")
        zones.leave(st, c, "spellbook", op.where)
    return False


def _fatigue(st: GameState, run: Run, op: Any) -> bool:
    for c in pages(refs(st, run.ctx, op.to)):
        zones.fatigue(st, c)         # an Aura Page Fatigued by an Effect makes no Aura (MZ22-GEN-5)
    return False


def _awaken(st: GameState, run: Run, op: Any) -> bool:
    for c in pages(refs(st, run.ctx, op.to)):
        zones.awaken(st, c)
    return False


def new_token(st: GameState, seat: int, how: Any, pool: Any) -> int:
    """A Token enters the Arena for ``seat``, who owns it (MZ22-TOKEN-6/16), not Contracted."""
    d: MZ22Data = st.data
    df = token_def(how, pool)
    tid = len(d.defs)
    if not d.token_src:        # clones shared the dealt lists: this copy gets its own
        d.defs = d.defs[:]
        d.owner = d.owner[:]
    d.defs.append(df)
    d.owner.append(seat)
    d.token_src[tid] = how
    zones.enter_arena(st, tid, seat, contracted=False)
    if st.logging:
        st.say(f"{pl(seat)} creates a Token: {df.name}")
    return tid


def _create_token(st: GameState, run: Run, op: Any) -> bool:
    for _ in range(op.n):
        how = page_json(op.page) | ({"nameless": True} if op.nameless else {})
        new_token(st, run.ctx.seat, how, st.game.pool)
    return False


def _copy_token(st: GameState, run: Run, op: Any) -> bool:
    d: MZ22Data = st.data
    for c in pages(refs(st, run.ctx, op.of)):
        if d.defs[c].type in ("beastie", "artifact"):
            how = d.token_src[c] if d.is_token(c) else {"copy": d.defs[c].name}
            new_token(st, run.ctx.seat, how, st.game.pool)
    return False


def _copy_spell(st: GameState, run: Run, op: Any) -> bool:
    """Copy a Spell or Potion on the chain: the copy goes on the chain for free, its targets
    chosen as if Contracting it, and priority passes (MZ22-TOKEN-10/11/17), even mid-resolution
    (PR-MZ22-18)."""
    d: MZ22Data = st.data
    for r in refs(st, run.ctx, op.of):
        it = d.item(r.n)
        if it is None or it.what == "effect":
            continue
        df = d.defs[it.source]
        if df.cast is None:
            continue
        act = Act("copy", it.source, run.ctx.seat, df.cast, window="copy")
        first = PickTarget(act, 0) if df.effects[df.cast].targets else Announce(act)
        st.push(first, run._replace(at=run.at + 1))
        return True
    return False


def _change_types(st: GameState, run: Run, op: Any) -> bool:
    d: MZ22Data = st.data
    for c in pages(refs(st, run.ctx, op.to)):
        s = d.in_play.get(c)
        if s is None:
            continue
        new = tuple(sorted(set(op.types) if op.mode == "set" else types_of(d, c) | set(op.types)))
        if op.until == "turn_end":
            d.mods.append(("types", c, new))
        else:
            d.in_play[c] = s._replace(types=new)
        if st.logging:
            st.say(f"{nm(d, c)} is now {'/'.join(t.title() for t in new)}")
    return False


def _bookmark(st: GameState, run: Run, op: Any) -> bool:
    for p in casters(st, run.ctx, op.who):
        zones.bookmark(st, p, op.n)
    return False


def search_matches(d: MZ22Data, p: int, op: Any) -> list[str]:
    names = []
    for c in d.spellbook[p]:
        df = d.defs[c]
        if op.type != "any" and df.type != op.type:
            continue
        if op.aura and not (df.base_types & set(op.aura)):
            continue
        if op.name is not None and df.name != op.name:
            continue
        if df.name not in names:
            names.append(df.name)
    return sorted(names)


def _search(st: GameState, run: Run, op: Any) -> bool:
    """Search your Spellbook: the Page taken is shown to everyone, then the Spellbook is
    shuffled, found or not (MZ22-SHUF-1/2/3)."""
    d: MZ22Data = st.data
    p = run.ctx.seat
    if not search_matches(d, p, op):
        shuffle(st, p)
        return False
    st.push(run._replace(at=run.at + 1))
    ask(st, Ask(run, "search", 0))
    return True


def ask(st: GameState, a: Ask) -> None:
    """Ask a choice inside an Effect now."""
    p = a.run.ctx.seat if a.seat < 0 else a.seat
    st.decide(p, a.what, a, PROMPTS[a.what])


PROMPTS = {"order": "Damage and a Status Effect happen at the same moment: choose which comes first",
           "search": "Search your Spellbook: take a Page", "may": "Use this optional Effect?",
           "choose": "Choose one", "discard": "Discard a Page from your Chapter",
           "aura": "Choose the type of Aura to make"}


def shuffle(st: GameState, p: int) -> None:
    st.rng.shuffle(st.data.spellbook[p])
    if st.logging:
        st.say(f"{pl(p)} shuffles their Spellbook (MZ22-SHUF-2)")


def _look(st: GameState, run: Run, op: Any) -> bool:
    d: MZ22Data = st.data
    if st.logging:
        for p in casters(st, run.ctx, op.who):
            top = d.spellbook[p][-op.n:][::-1]
            st.say(f"You look at the top of {pl(p)}'s Spellbook: {', '.join(nm(d, c) for c in top) or 'nothing'}",
                   run.ctx.seat, f"{pl(run.ctx.seat)} looks at the top {op.n} of {pl(p)}'s Spellbook")
    return False


def _reveal(st: GameState, run: Run, op: Any) -> bool:
    d: MZ22Data = st.data
    for p in casters(st, run.ctx, op.who):
        cards = d.chapter[p] if op.what == "chapter" else d.spellbook[p][-1:]
        if op.what == "chapter":
            d.revealed.update(cards)
        if st.logging:
            st.say(f"{pl(p)} reveals {'their Chapter' if op.what == 'chapter' else 'the top of their Spellbook'}: "
                   f"{', '.join(nm(d, c) for c in cards) or 'nothing'}")
    return False


def _discard(st: GameState, run: Run, op: Any) -> bool:
    """Discard from a Chapter: a random one, or the discarding Caster picks; the Page goes to
    its owner's discard pile of its kind (MZ22-GLOSS-4)."""
    d: MZ22Data = st.data
    who = [p for p in casters(st, run.ctx, op.who) if d.chapter[p]]
    if op.random:
        for p in who:
            for _ in range(min(op.n, len(d.chapter[p]))):
                discard(st, p, d.chapter[p].pop(st.rng.below(len(d.chapter[p]))))
        return False
    if not who:
        return False
    st.push(*[Asking(Ask(run, "discard", 0, p)) for p in who for _ in range(min(op.n, len(d.chapter[p])))],
            run._replace(at=run.at + 1))
    return True


def discard(st: GameState, p: int, c: int) -> None:
    """A discarded Page goes to its owner's pile of its kind: Limbo, Cemetery or Afterlife
    (MZ22-GLOSS-4, MZ22-OWN-4)."""
    d: MZ22Data = st.data
    d.revealed.discard(c)
    getattr(d, zones.DISCARD[d.defs[c].type])[d.owner[c]].append(c)
    if st.logging:
        st.say(f"{pl(p)} discards {nm(d, c)}")


def _generate(st: GameState, run: Run, op: Any) -> bool:
    if op.aura == "any":          # the Caster picks the type (MZ22-AURA-9)
        st.push(run._replace(at=run.at + 1))
        ask(st, Ask(run, "aura", op.n))
        return True
    add_aura(st, run.ctx.seat, op.aura, op.n)
    return False


def add_aura(st: GameState, p: int, t: str, k: int) -> None:
    """Aura made by an Effect goes to the pool; made at the start of the turn it survives step 1e
    (MZ22-TURN-5)."""
    d: MZ22Data = st.data
    d.pool[p][t] = d.pool[p].get(t, 0) + k
    if d.step == "start_a":
        d.kept[p][t] = d.kept[p].get(t, 0) + k
    if st.logging:
        st.say(f"{pl(p)} makes {k} {t.title()} Aura")


def _nullify(st: GameState, run: Run, op: Any) -> bool:
    """Until the end of the turn the Pages' Effects and/or Traits do nothing: Effect text as if
    Paralyzed, Traits still printed but not working, and their Effects already on the chain
    resolve without effect (MZ22-GLOSS-11, MZ22-TRAIT-3, PR-MZ22-30)."""
    d: MZ22Data = st.data
    for c in pages(refs(st, run.ctx, op.to)):
        d.mods.append(("nullify", c, op.what))
        d.dirty = True                      # statics and Traits may have held LP up
        if st.logging:
            part = {"effects": "Effects are", "traits": "Traits are", "all": "Effects and Traits are"}[op.what]
            st.say(f"{nm(d, c)}'s {part} Nullified until the end of the turn")
    return False


def _stop(st: GameState, run: Run, op: Any) -> bool:
    """Stop an item from resolving: it leaves the chain at once and its Page goes to its
    discard pile (MZ22-CHAIN-6, MZ22-CONTRACT-10, PR-MZ22-11)."""
    d: MZ22Data = st.data
    for r in refs(st, run.ctx, op.to):
        it = d.item(r.n)
        if it is None:
            continue
        d.chain.remove(it)
        if st.logging:
            what = "" if it.what == "contract" else " (its Effect)"
            st.say(f"{nm(d, it.source)}{what} is stopped and does not resolve")
        if it.what == "contract":
            zones.put(st, it.source, zones.DISCARD[d.defs[it.source].type])
    return False


def _retarget(st: GameState, run: Run, op: Any) -> bool:
    if st.logging:
        st.say("(retarget is reserved for later Pages and does nothing yet)")
    return False


def _may(st: GameState, run: Run, op: Any) -> bool:
    if not could_act(st.data, run.ctx.seat, run.ctx.source, op.do):
        return False            # "yes" would do nothing: not asked (PR-MZ22-71)
    st.push(run._replace(at=run.at + 1))
    ask(st, Ask(run, "may"))
    return True


def _flip(st: GameState, run: Run, op: Any) -> bool:
    heads = zones.flip(st, run.ctx.seat, nm(st.data, run.ctx.source))   # every Ctx has its source Page
    br = "heads" if heads else "tails"
    if getattr(op, br):
        nested(st, run, Branch(br))
        return True
    return False


def _roll(st: GameState, run: Run, op: Any) -> bool:
    r = zones.roll(st, run.ctx.seat, nm(st.data, run.ctx.source) if run.ctx.source >= 0 else "an Effect")
    for k, b in enumerate(op.branches):
        if r in b.faces:
            nested(st, run, Branch("branches", k))
            return True
    return False


def _choose(st: GameState, run: Run, op: Any) -> bool:
    st.push(run._replace(at=run.at + 1))
    ask(st, Ask(run, "choose", len(op.options)))
    return True


def _if(st: GameState, run: Run, op: Any) -> bool:
    if holds(st, run.ctx, op.cond):
        nested(st, run, Branch("then"))
        return True
    if op.orelse:
        nested(st, run, Branch("orelse"))
        return True
    return False


def holds(st: GameState, ctx: Ctx, cond: Any) -> bool:
    d: MZ22Data = st.data
    if cond.count == "types_of":
        rs = refs(st, ctx, cond.of) if cond.of is not None else []
        return any(types_of(d, c) & set(cond.aura) for c in pages(rs))
    if cond.count == "wall":                          # MZ22-WALL-7/10: the Effect's controller
        return hooks.wall_holds(d, cond.pred, ctx.seat)
    if cond.count == "controller_lp":
        v = d.lp_of_caster(ctx.seat)
    else:
        v = count(d, ctx.seat, ctx.source, cond.count)
    return bool(v >= cond.n) if cond.cmp == "ge" else v <= cond.n if cond.cmp == "le" else v == cond.n


def _win(st: GameState, run: Run, op: Any) -> bool:
    d: MZ22Data = st.data
    p = run.ctx.seat
    if not d.out[p]:
        st.end(one_winner(d.n, p), f"{pl(p)} wins: {nm(d, run.ctx.source)} (MZ22-WIN-2)")
    return False


def _lose_game(st: GameState, run: Run, op: Any) -> bool:
    from .endings import eliminate
    for p in casters(st, run.ctx, op.who):
        eliminate(st, [p], f" ({nm(st.data, run.ctx.source)}, MZ22-WIN-2)")
    return False


def _custom(st: GameState, run: Run, op: Any) -> bool:
    fn = CUSTOM.get(op.fn)
    if fn is None:
        if st.logging:
            st.say(f"(no custom Effect named {op.fn!r})")
        return False
    return fn(st, run, op)


CUSTOM: dict[str, Handler] = {}

#: every op an Effect's ``do`` may hold -> its unit (engine/ops.py): the handler gets the Run step
#: at that op and returns True when it pushed steps (the rest of the list waits beneath them)
OPS: OpRegistry[Run, bool] = OpRegistry("metazoo-2022")
_MODELS = {op_name(m): m for m in union_members(Op)}


def register(name: str, handler: Handler) -> None:
    """Register the handler of a card-file op (the module that owns the mechanic calls this)."""
    OPS.op(_MODELS[name], label=lambda op: op_text(op))(handler)


for _name, _handler in {
    "damage": _damage, "lose_lp": _lose, "gain_lp": _gain, "recover": _recover, "pay_lp": _pay_lp,
    "inflict": _inflict, "remove_status": _remove, "destroy": _destroy, "return_to_chapter": _to_chapter,
    "return_to_spellbook": _to_spellbook, "fatigue": _fatigue, "awaken": _awaken,
    "create_token": _create_token, "copy_token": _copy_token, "copy_spell": _copy_spell,
    "change_types": _change_types, "bookmark": _bookmark, "search": _search, "look": _look,
    "reveal": _reveal, "discard_from_chapter": _discard, "generate": _generate,
    "nullify": _nullify, "stop": _stop,
    "retarget": _retarget, "may": _may, "flip": _flip, "roll": _roll, "choose": _choose, "if": _if,
    "win": _win, "lose": _lose_game, "custom": _custom,
}.items():
    register(_name, _handler)


# ------------------------------------------------------------------ the choices inside Effects
def op_text(op: Any) -> str:
    """A short reading of an op for option labels."""
    k = op.op
    to = getattr(op, "to", None)
    who = f" to {to}" if isinstance(to, str) else ""
    if k in ("damage", "lose_lp", "gain_lp", "recover"):
        a = getattr(op, "amount", "")
        return f"{k.replace('_', ' ')} {a if isinstance(a, (int, str)) else 'X'}{who}"
    if k == "inflict":
        return f"inflict {statuses.NAMES[op.status]}{who}"
    return str(k).replace("_", " ") + who


def ask_options(st: GameState, a: Ask) -> list[Any]:
    from ...engine.action import Action
    d: MZ22Data = st.data
    w = a.what
    if w == "may":
        return [Action("yes", "Yes"), Action("no", "No")]
    if w == "choose":
        op = ops_at(d, a.run.ctx, a.run.path)[a.run.at]
        return [Action(f"opt:{k}", f"Option {k + 1}: " + ", ".join(op_text(o) for o in ops), k)
                for k, ops in enumerate(op.options)]
    if w == "search":
        op = ops_at(d, a.run.ctx, a.run.path)[a.run.at]
        return [Action(f"take:{name}", f"Take {name}", name) for name in search_matches(d, a.run.ctx.seat, op)]
    if w == "discard":
        seen: dict[str, int] = {}
        for c in d.chapter[a.seat]:
            seen.setdefault(d.defs[c].name, c)
        return [Action(f"discard:c{c}", f"Discard {name}", c) for name, c in sorted(seen.items())]
    if w == "order":
        op = ops_at(d, a.run.ctx, a.run.path)[a.run.at]
        other = ops_at(d, a.run.ctx, a.run.path)[a.run.at + 1]
        status = op if op.op == "inflict" else other
        name = statuses.NAMES[status.status]
        return [Action("first:damage", f"The Damage first, then {name}", "damage"),
                Action("first:status", f"{name} first, then the Damage", "status")]
    if w == "aura":
        from .schema import AURA_TYPES
        return [Action(f"aura:{t}", f"Make {a.n} {t.title()} Aura", t) for t in AURA_TYPES]
    raise ValueError(f"unknown choice {w!r}")


def ask_perform(st: GameState, a: Ask, args: Any, aid: str) -> None:
    d: MZ22Data = st.data
    run = a.run
    w = a.what
    if w == "may":
        if st.logging:
            st.say(f"{pl(run.ctx.seat)} {'uses' if aid == 'yes' else 'declines'} the optional Effect")
        if aid == "yes":
            st.push(Run(run.ctx, run.path + (run.at, Branch("do")), 0))
    elif w == "choose":
        if st.logging:
            op = ops_at(d, run.ctx, run.path)[run.at]
            st.say(f"{pl(run.ctx.seat)} chooses: " + ", ".join(op_text(o) for o in op.options[args]))
        st.push(Run(run.ctx, run.path + (run.at, Branch("options", args)), 0))
    elif w == "search":
        p = run.ctx.seat
        c = next(c for c in reversed(d.spellbook[p]) if d.defs[c].name == args)
        d.spellbook[p].remove(c)
        if not d.spellbook[p]:
            d.dirty = True      # an empty Spellbook: the deck-out check (MZ22-DECKOUT-3)
        d.chapter[p].append(c)
        d.revealed.add(c)
        if st.logging:
            st.say(f"{pl(p)} takes {args} from their Spellbook and shows it (MZ22-SHUF-1)")
        op = ops_at(d, run.ctx, run.path)[run.at]
        if a.n + 1 < op.n and search_matches(d, p, op):
            ask(st, a._replace(n=a.n + 1))
        else:
            shuffle(st, p)
    elif w == "discard":
        d.chapter[a.seat].remove(args)
        discard(st, a.seat, args)
    elif w == "aura":
        add_aura(st, run.ctx.seat, args, a.n)
    elif w == "order":
        pair = ops_at(d, run.ctx, run.path)[run.at:run.at + 2]
        first = [o for o in pair if (o.op == "damage") == (args == "damage")]
        if st.logging:
            st.say(f"{pl(a.seat)} chooses: {'the Damage' if args == 'damage' else 'the Status Effect'} first "
                   "(MZ22-SIMUL-3)")
        for k, o in sorted(enumerate(pair), key=lambda x: x[1] is not first[0]):
            fn = _damage_now if o.op == "damage" else _inflict_now
            fn(st, run._replace(at=run.at + k), o)
