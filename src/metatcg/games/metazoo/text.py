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


#: ops worded by a template: {who} the player it names ("your opponent "), {target} and
#: {fighter} the units it names, {o.<field>} any field of the op
OP_TEXT = {
    "draw": "{who}draw {o.count}", "discard": "{who}discard {o.count}", "discover": "Discover {o.x}",
    "recover": "return a card from your discard pile to hand",
    "temp_aura": "put an Aura into play until the end of the round",
    "ramp_aura": "put the top Aura of your Aura deck into play",
    "return_aura": "{who}put an Aura on top of the Aura deck", "untap_aura": "untap {o.count} Aura",
    "treat_resolved": "treat a lane as resolved", "deal_damage": "deal {o.amount} damage to {target}",
    "duel": "{fighter} Duels {target}", "return_to_hand": "return {target} to hand", "move": "Move {target}",
    "lane_size": "lane size limit {o.amount:+d}", "contribution": "{target} contribute {o.amount:+d}",
    "cost": "costs {o.amount:+d}", "mp_award": "mission award {o.amount:+d} MP",
}


def op_text(o: Part) -> str:
    k = o.op
    template = OP_TEXT.get(k)
    if template is not None:
        who = _who(o.player) if hasattr(o, "player") else ""
        target = _units(o.target) if hasattr(o, "target") else ""
        fighter = _units(o.fighter) if hasattr(o, "fighter") else ""
        return template.format(o=o, who=who, target=target, fighter=fighter).strip()
    if k in ("gain_mp", "lose_mp"):
        return f"{_who(o.player)}{'gain' if k == 'gain_mp' else 'lose'} {o.amount} MP".strip()
    if k == "search":
        return "search your deck" + (f" for a {o.filter.type}" if o.filter.type else "")
    if k == "tap_aura":
        return f"tap {o.count} of {_who(o.player).strip() or 'your'}'s Aura"
    if k == "create_token":
        return f"create {o.count} {o.token} token{'s' if o.count > 1 else ''}"
    if k in ("give_influence", "gain_influence", "has_influence"):
        return f"{'give' if k == 'give_influence' else ('gain' if k == 'gain_influence' else 'has')} " \
               f"{_units(o.target)} {o.amount:+d} Influence"
    if k in ("shatter", "sacrifice", "tap", "untap"):
        return f"{k} {_units(o.target)}"
    if k in ("grant", "has_keyword"):
        return f"{_units(o.target)} gets {o.keyword.replace('_', ' ')}"
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
