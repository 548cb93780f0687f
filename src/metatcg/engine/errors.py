"""Errors a user can cause. Front ends print them without a traceback."""


class MetatcgError(Exception):
    """Base for every input error: bad action, card file, deck, JSON, scenario."""


class IllegalActionError(MetatcgError):
    """An action that is not among the current legal actions; the state is unchanged."""


class UnknownGameError(MetatcgError, KeyError):
    def __str__(self) -> str:  # KeyError quotes its message; we want it plain
        return str(self.args[0]) if self.args else "unknown game"


class CardDataError(MetatcgError):
    """A card file that fails validation; the message names file, card and field."""


class DeckError(MetatcgError):
    """An unknown card or an illegal deck."""


class SeatCountError(DeckError):
    """A number of seats (decks) the game is not played with."""


class SeatError(IllegalActionError):
    """A player number that is no seat of this game (not an int in 0..n-1)."""


class ArgumentError(MetatcgError, ValueError):
    """A malformed argument to the API, such as a seed that is not a whole number."""


class StateDataError(MetatcgError):
    """Malformed state JSON, record or scenario."""


class UnfingerprintedError(StateDataError):
    """A record or state JSON without a fingerprint, refused unless the caller trusts it."""
