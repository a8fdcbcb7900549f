"""2023 day 7: Camel Cards, the tests' own copy of the shipped day (the model day).

The framework's tests that need a real day run this copy (with `_camel_cards.py` and
`_day07_fast.py` beside it), never the solver's `aoc2023/day07.py`, which they may have
changed or deleted: tests/conftest.py puts this folder ahead of the package's own in
`aoc2023.__path__` for every test and the processes it starts, and a copy of the project
holds these files as its day 7 (project_copy.py). Left out of mypy's run (pyproject.toml):
its imports are the shipped day's names, which a solver may have deleted.

Each line is a hand of five cards and a bid. Hands are ordered by type, then card by
card from the left; a hand wins its bid times its rank (the weakest is rank 1). In
part 2, `J` is a joker: it becomes whatever card makes the strongest type, but is the
weakest card when breaking ties. Cards and hand types are ordered enums, the rules of
a part are the card order and the wildcard, and one ordering takes the rules.
The input is read strictly, line by line, in `_camel_cards.py` beside this module.
"""

from __future__ import annotations

from collections import Counter
from enum import IntEnum
from typing import NamedTuple

from aoc2023._camel_cards import LABELS, read_hands
from aoc2023.framework import Example, Solution


class Card(IntEnum):
    """The cards, weakest first."""

    TWO, THREE, FOUR, FIVE, SIX, SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE = range(2, 15)


CARD_BY_LABEL = dict(zip(LABELS, Card, strict=True))
LABEL_OF = dict(zip(Card, LABELS, strict=True))


class HandType(IntEnum):
    """Hand types, weakest first."""

    HIGH_CARD, ONE_PAIR, TWO_PAIR, THREE_OF_A_KIND, FULL_HOUSE, FOUR_OF_A_KIND, FIVE_OF_A_KIND = (
        range(7)
    )


TYPE_OF_GROUPS = dict(
    zip(
        [(1, 1, 1, 1, 1), (2, 1, 1, 1), (2, 2, 1), (3, 1, 1), (3, 2), (4, 1), (5,)],
        HandType,
        strict=True,
    )
)
"""The type of a hand whose groups of like cards have these sizes, largest first."""


class Hand(NamedTuple):
    cards: tuple[Card, ...]
    bid: int


class Rules(NamedTuple):
    """What changes between the parts: the order of the cards in ties, and the wildcard."""

    card_order: tuple[Card, ...]
    """Weakest first."""
    wildcard: Card | None = None


STANDARD = Rules(tuple(Card))
JOKERS = Rules((Card.JACK, *(card for card in Card if card is not Card.JACK)), Card.JACK)


def hand_type(cards: tuple[Card, ...], rules: Rules = STANDARD) -> HandType:
    """The type of the hand. Jokers promote it: they all join the largest group of the
    other cards (the strongest they can make), and five jokers are five of a kind."""
    groups: Counter[Card | None] = Counter(cards)
    jokers = groups.pop(rules.wildcard, 0)
    sizes = sorted(groups.values(), reverse=True) or [0]
    sizes[0] += jokers
    return TYPE_OF_GROUPS[tuple(sizes)]


def strength(hand: Hand, rules: Rules) -> tuple[HandType, tuple[int, ...]]:
    """What orders hands: the type first, then each card's place in the card order, from
    the left."""
    return hand_type(hand.cards, rules), tuple(map(rules.card_order.index, hand.cards))


def total_winnings(hands: list[Hand], rules: Rules) -> int:
    """Each hand's bid times its rank, the weakest hand being rank 1."""
    ranked = sorted(hands, key=lambda hand: strength(hand, rules))
    return sum(rank * hand.bid for rank, hand in enumerate(ranked, start=1))


EXAMPLE = """
32T3K 765
T55J5 684
KK677 28
KTJJT 220
QQQJA 483
"""


class Day07(Solution[list[Hand]]):
    title = "Camel Cards"
    examples = [Example(EXAMPLE, part_1=6440, part_2=5905)]

    def parse(self, text: str) -> list[Hand]:
        return [
            Hand(tuple(CARD_BY_LABEL[label] for label in cards), bid)
            for cards, bid in read_hands(text)
        ]

    def part_1(self, hands: list[Hand]) -> int:
        return total_winnings(hands, STANDARD)

    def part_2(self, hands: list[Hand]) -> int:
        return total_winnings(hands, JOKERS)
