"""Short readable descriptions of abilities made from their data, for labels and the log
when a card gives no ``name``/``text`` for an ability."""
from __future__ import annotations

from typing import Any

#: what these read: an ability, op or filter of a card file, as its model or its plain copy
Part = Any

_KIND = {"on_play": "On Play", "on_mission_declaration": "On Mission Declaration", "during_mission": "During Mission",
         "on_mission_resolution": "On Mission Resolution", "on_successful_mission": "On Successful Mission",
         "when_dispelled": "When Dispelled", "continuous": "", "activated": "", "replacement": "Instead"}


def _units(tg: Part) -> str:
    ch = tg.choose
    if ch == "self":
        return "this"
    if ch == "subject":
        return "that unit"
    if ch == "previous":
        return "it"
    noun = {"unit": "unit", "creature": "creature", "equipment": "equipment"}[tg.type]
    side = {"friendly": "friendly ", "rival": "rival ", "any": ""}[tg.side]
    lane = {"this": " here", "other": " in another lane", "any": "", "chosen": " in a chosen lane",
            "mission": " in the mission's lane", "subject": " in that lane"}[tg.lane]
    extra = f" {tg.trait}" if tg.trait else ""
    if ch == "all":
        return f"all {side}{extra.strip() + ' ' if extra else ''}{noun}s{lane}"
    if ch == "up_to":
        return f"up to {tg.count} {side}{noun}s{lane}"
    if ch in ("highest", "lowest"):
        return f"the {side}{noun}{lane} with the {'most' if ch == 'highest' else 'least'} Influence"
    return f"a {side}{noun}{lane}"


def _who(p: str) -> str:
    return {"you": "", "opponent": "your opponent ", "each": "each player ", "winner": "the winner ",
            "loser": "the loser ", "active": "the active player ", "subject_controller": "its controller "}[p]


def op_text(o: Part) -> str:
    k = o.op
    if k == "draw":
        return f"{_who(o.player)}draw {o.count}".strip()
    if k == "discard":
        return f"{_who(o.player)}discard {o.count}".strip()
    if k in ("gain_mp", "lose_mp"):
        return f"{_who(o.player)}{'gain' if k == 'gain_mp' else 'lose'} {o.amount} MP".strip()
    if k == "discover":
        return f"Discover {o.x}"
    if k == "search":
        return "search your deck" + (f" for a {o.filter.type}" if o.filter.type else "")
    if k == "recover":
        return "return a card from your discard pile to hand"
    if k == "temp_aura":
        return "put an Aura into play until the end of the round"
    if k == "ramp_aura":
        return "put the top Aura of your Aura deck into play"
    if k == "return_aura":
        return f"{_who(o.player)}put an Aura on top of the Aura deck".strip()
    if k == "tap_aura":
        return f"tap {o.count} of {_who(o.player).strip() or 'your'}'s Aura"
    if k == "untap_aura":
        return f"untap {o.count} Aura"
    if k == "create_token":
        return f"create {o.count} {o.token} token{'s' if o.count > 1 else ''}"
    if k == "treat_resolved":
        return "treat a lane as resolved"
    if k in ("give_influence", "gain_influence", "has_influence"):
        return f"{'give' if k == 'give_influence' else ('gain' if k == 'gain_influence' else 'has')} " \
               f"{_units(o.target)} {o.amount:+d} Influence"
    if k == "deal_damage":
        return f"deal {o.amount} damage to {_units(o.target)}"
    if k == "duel":
        return f"{_units(o.fighter)} Duels {_units(o.target)}"
    if k in ("shatter", "sacrifice", "tap", "untap"):
        return f"{k} {_units(o.target)}"
    if k == "return_to_hand":
        return f"return {_units(o.target)} to hand"
    if k == "move":
        return f"Move {_units(o.target)}"
    if k in ("grant", "has_keyword"):
        return f"{_units(o.target)} gets {o.keyword.replace('_', ' ')}"
    if k == "lane_size":
        return f"lane size limit {o.amount:+d}"
    if k == "contribution":
        return f"{_units(o.target)} contribute {o.amount:+d}"
    if k == "cost":
        return f"costs {o.amount:+d}"
    if k == "mp_award":
        return f"mission award {o.amount:+d} MP"
    if k == "prevent":
        return "prevent all damage" if o.amount is None else f"prevent {o.amount} damage"
    return str(k)


def ability_text(a: Part) -> str:
    if a.name and a.text:
        return f"{a.name}: {a.text}"
    if a.text or a.name:
        return str(a.text or a.name)
    head = _KIND.get(a.kind, "")
    if a.kind == "overwhelm":
        head = f"Overwhelm ({a.x})"
    elif a.kind == "trigger":
        head = f"When {a.when.replace('_', ' ')}"
    body = ", then ".join(op_text(o) for o in a.do)
    if a.may:
        body = "you may " + body
    return f"{head}: {body}" if head else body[:1].upper() + body[1:]


def cost_text(a: Part) -> str:
    c = a.cost
    bits = []
    if a.icon:
        bits.append("Action icon")
    if c is not None:
        for k, n in c.aura.items():
            bits.append(f"{n} {k.capitalize() if k != 'any' else 'any'} Aura")
        if c.tap:
            bits.append("tap")
        if c.sacrifice is not None:
            bits.append(f"Sacrifice {c.sacrifice.count}")
    return ", ".join(bits)
