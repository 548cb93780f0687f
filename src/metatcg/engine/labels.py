"""Options a person tells apart by their labels, never by an internal id.

Two options of one decision may read alike: two Sugar Mites in one column, two Shore Steeds
of which one carries Saddle Sprite. The game words the difference as a player sees it (place,
what lies under a card, damage, fatigue, owner) through its ``distinct_labels`` hook, mostly
with :func:`tell_apart`. Whatever still reads alike (identical untouched copies) is numbered in
words, "(1st)", "(2nd)", by the kernel's :func:`numbered`. Only labels someone may read are
worked on (a quiet state never reads a label), and only when two of them clash.
"""
from __future__ import annotations

from typing import Callable, Hashable, Iterable, Sequence

from .action import Action

#: what a game says of an option's card: the name its label uses for it ("" to add the words at
#: the end) and the facts that may tell two copies apart, in order of preference, each a phrase
#: ("in the left column", "with Saddle Sprite", "fatigued") or "" (nothing to say)
Features = tuple[str, Sequence[str]]


def ordinal(n: int) -> str:
    """1 -> "1st", 2 -> "2nd", 11 -> "11th", 23 -> "23rd"."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def clashes(labels: Sequence[str]) -> dict[str, list[int]]:
    """Each label that several options share -> their positions."""
    seen: dict[str, list[int]] = {}
    for i, lb in enumerate(labels):
        seen.setdefault(lb, []).append(i)
    return {lb: ix for lb, ix in seen.items() if len(ix) > 1}


def _with_words(label: str, name: str, words: str) -> str:
    if not words:
        return label
    if name and name in label:
        return label.replace(name, f"{name} ({words})", 1)
    return f"{label} ({words})"


def place_among(card: int, zones: Iterable[tuple[Sequence[int], str]], name_of: Callable[[int], str]) -> str | None:
    """Where ``card`` lies, as its place among the cards of its name in the first of ``zones``
    (each its card ids and its words) that holds it: "2nd in hand"; None when none does."""
    for cards, words in zones:
        if card in cards:
            name = name_of(card)
            same = [x for x in cards if name_of(x) == name]
            return f"{ordinal(same.index(card) + 1)} {words}"
    return None


def tell_apart(actions: Sequence[Action],
               cards: Callable[[Action], Sequence[tuple[Hashable, Features]]]) -> list[Action]:
    """``actions`` (labels read) with each group of alike labels told apart by the fewest facts
    that differ within the group. ``cards(action)`` lists the cards an option names, each as
    (a key that tells the card apart, never shown; its :data:`Features`); the first card that is
    not the same in every option of the group is the one described. An option naming no card
    keeps its label."""
    labels = [a.label for a in actions]
    out = [a._replace(text=lb) for a, lb in zip(actions, labels)]
    for ix in clashes(labels).values():
        named = {i: cards(actions[i]) for i in ix}
        known = [i for i in ix if named[i]]
        if len(known) < 2:
            continue
        width = min(len(named[i]) for i in known)
        j = next((j for j in range(width) if len({named[i][j][0] for i in known}) > 1), 0)
        feats = {i: named[i][j][1] for i in known}
        facts = {i: tuple(feats[i][1]) for i in known}
        slots: list[int] = []
        for s in range(max(len(f) for f in facts.values())):
            if len({_at(f, s) for f in facts.values()}) > 1:
                slots.append(s)
                if len({tuple(_at(facts[i], k) for k in slots) for i in known}) == len(known):
                    break
        for i in known:
            words = ", ".join(w for w in (_at(facts[i], k) for k in slots) if w)
            out[i] = out[i]._replace(text=_with_words(labels[i], feats[i][0], words))
    return out


def _at(facts: tuple[str, ...], k: int) -> str:
    return facts[k] if k < len(facts) else ""


def numbered(actions: Sequence[Action]) -> list[Action]:
    """The last resort: options that still read alike get "(1st)", "(2nd)"... in list order."""
    labels = [a.label for a in actions]
    out = [a._replace(text=lb) for a, lb in zip(actions, labels)]
    for lb, ix in clashes(labels).items():
        for k, i in enumerate(ix):
            out[i] = out[i]._replace(text=f"{lb} ({ordinal(k + 1)})")
    return out


def distinct_labels(state: object, actions: tuple[Action, ...], hook: Callable[..., Sequence[Action]] | None
                    ) -> tuple[Action, ...]:
    """The game's own words first (``hook(state, actions)``), then :func:`numbered` for what
    still reads alike."""
    acts: Sequence[Action] = actions
    if hook is not None:
        acts = hook(state, actions)
    if len({a.label for a in acts}) != len(acts):
        acts = numbered(acts)
    return tuple(acts)
