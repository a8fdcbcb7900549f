"""2023 day 7: Camel Cards.

Each line is a hand of five cards and a bid. Hands are ordered by type, then card
by card from the left; a hand wins its bid times its rank (the weakest is rank 1).
In part 2, `J` is a joker: it becomes whatever card makes the strongest type, but
is the weakest card when breaking ties.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from aoc2023.framework import Example, InputError, Solution, numbered_lines

CARDS = "23456789TJQKA"
"""Card order, weakest first."""
CARDS_WITH_JOKERS = "J23456789TQKA"
"""Card order in part 2: the joker is the weakest card in ties."""
JOKER = "J"


class HandType(IntEnum):
    """Hand types, weakest first."""

    HIGH_CARD = 0
    ONE_PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    FULL_HOUSE = 4
    FOUR_OF_A_KIND = 5
    FIVE_OF_A_KIND = 6


# The speed trick of this day: for each of the five cards, count how many cards of
# the hand share its label, and add the counts up. That is the sum of the squares
# of the group sizes, and it is different for every type (full house: 3*3 + 2*2).
TYPE_BY_SQUARES = {
    1 + 1 + 1 + 1 + 1: HandType.HIGH_CARD,
    4 + 1 + 1 + 1: HandType.ONE_PAIR,
    4 + 4 + 1: HandType.TWO_PAIR,
    9 + 1 + 1: HandType.THREE_OF_A_KIND,
    9 + 4: HandType.FULL_HOUSE,
    16 + 1: HandType.FOUR_OF_A_KIND,
    25: HandType.FIVE_OF_A_KIND,
}


def squares(cards: str) -> int:
    """Sum of the squares of the group sizes (see TYPE_BY_SQUARES)."""
    return sum(map(cards.count, cards))


def squares_with_jokers(cards: str) -> int:
    """As `squares`, once the jokers have joined the largest group of other cards,
    which always makes the strongest type."""
    others = cards.replace(JOKER, "")
    jokers = len(cards) - len(others)
    if not jokers:
        return squares(cards)
    if not others:
        return 25
    largest = max(map(others.count, others))
    return squares(others) - largest * largest + (largest + jokers) ** 2


def hand_type(cards: str) -> HandType:
    return TYPE_BY_SQUARES[squares(cards)]


def hand_type_with_jokers(cards: str) -> HandType:
    return TYPE_BY_SQUARES[squares_with_jokers(cards)]


# The ordering key is a string that sorts as the puzzle orders hands: one letter for
# the type, then one letter per card for its rank, so that Python's string
# comparison does type first, then card by card from the left.
_RANK_LETTERS = "abcdefghijklm"
_TYPE_LETTER = {total: "ABCDEFG"[hand_type] for total, hand_type in TYPE_BY_SQUARES.items()}
_RANKS = str.maketrans(CARDS, _RANK_LETTERS)
_RANKS_WITH_JOKERS = str.maketrans(CARDS_WITH_JOKERS, _RANK_LETTERS)


def ordering_key(cards: str) -> str:
    return _TYPE_LETTER[squares(cards)] + cards.translate(_RANKS)


def ordering_key_with_jokers(cards: str) -> str:
    return _TYPE_LETTER[squares_with_jokers(cards)] + cards.translate(_RANKS_WITH_JOKERS)


@dataclass(frozen=True)
class Hands:
    """The hands of the input, in input order, and the bid on each."""

    cards: list[str]
    bids: list[int]


def total_winnings(keys: list[str], bids: list[int]) -> int:
    """Sum of bid times rank, ranking the hands by their ordering keys."""
    ranked = sorted(range(len(keys)), key=keys.__getitem__)
    return sum(rank * bids[hand] for rank, hand in enumerate(ranked, start=1))


def _check_line(number: int, line: str) -> tuple[str, int]:
    """One line's hand and bid, or an InputError that says what is wrong with it."""
    fields = line.split()
    if not fields:
        raise InputError("blank line between hands", number, line)
    if len(fields) == 1:
        raise InputError("missing bid (a line is a hand, a space and a bid)", number, line)
    if len(fields) > 2:
        raise InputError("extra fields (a line is a hand, a space and a bid)", number, line)
    cards, bid = fields
    if len(cards) != 5 or any(card not in CARDS for card in cards):
        raise InputError(f"a hand is exactly 5 cards from {CARDS}", number, line)
    if bid.startswith("-") and bid[1:].isascii() and bid[1:].isdigit():
        raise InputError("negative bid", number, line)
    if not (bid.isascii() and bid.isdigit()):
        raise InputError("the bid is not a whole number", number, line)
    return cards, int(bid)


def parse_hands(text: str) -> Hands:
    """Read and check every line; tolerant of `\\r\\n`, trailing spaces and blank
    lines at the end, strict about everything else."""
    rows = [_check_line(number, line) for number, line in numbered_lines(text)]
    if not rows:
        raise InputError("the input is empty: expected one hand and bid per line")
    first_seen: dict[str, int] = {}
    for number, (cards, _) in enumerate(rows, start=1):
        if cards in first_seen:
            raise InputError(
                f"the hand {cards} is also on line {first_seen[cards]}, "
                "so the order of hands would be ambiguous",
                number,
                text.rstrip().splitlines()[number - 1],
            )
        first_seen[cards] = number
    return Hands([cards for cards, _ in rows], [bid for _, bid in rows])


EXAMPLE = """
32T3K 765
T55J5 684
KK677 28
KTJJT 220
QQQJA 483
"""


class Day07(Solution[Hands]):
    title = "Camel Cards"
    examples = [Example(EXAMPLE, part_1=6440, part_2=5905)]

    def parse(self, text: str) -> Hands:
        return parse_hands(text)

    def part_1(self, hands: Hands) -> int:
        return total_winnings(list(map(ordering_key, hands.cards)), hands.bids)

    def part_2(self, hands: Hands) -> int:
        return total_winnings(list(map(ordering_key_with_jokers, hands.cards)), hands.bids)
