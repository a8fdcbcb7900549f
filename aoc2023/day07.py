"""2023 day 7: Camel Cards.

Each line is a hand of five cards and a bid. Hands are ordered by type, then card
by card from the left; a hand wins its bid times its rank (the weakest is rank 1).
In part 2, `J` is a joker: it becomes whatever card makes the strongest type, but
is the weakest card when breaking ties.

`Day07` reads as the puzzle does: cards and hand types are ordered enums, the
rules of a part are the card order and the wildcard, and one ordering takes the
rules. `Day07Fast` (the variant "fast", at the end) gives the same answers with
whole-input operations instead of a Python loop per hand; the framework checks the
two against each other (`aoc run --variants`).
"""

from __future__ import annotations

import re
from array import array
from collections import Counter
from collections.abc import Sequence
from enum import IntEnum
from functools import cache, partial
from itertools import accumulate, combinations
from typing import NamedTuple

from aoc2023.framework import Example, InputError, Solution, numbered_lines


class Card(IntEnum):
    """The cards, weakest first."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14


LABELS = "23456789TJQKA"
"""How the input writes each card, weakest first (`T` is ten)."""
CARD_BY_LABEL = dict(zip(LABELS, Card, strict=True))
LABEL_OF = dict(zip(Card, LABELS, strict=True))


class HandType(IntEnum):
    """Hand types, weakest first."""

    HIGH_CARD = 0
    ONE_PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    FULL_HOUSE = 4
    FOUR_OF_A_KIND = 5
    FIVE_OF_A_KIND = 6

    @classmethod
    def of_groups(cls, sizes: list[int]) -> HandType:
        """The type of a hand whose groups of like cards have these sizes, largest first."""
        match sizes:
            case [5]:
                return cls.FIVE_OF_A_KIND
            case [4, *_]:
                return cls.FOUR_OF_A_KIND
            case [3, 2]:
                return cls.FULL_HOUSE
            case [3, *_]:
                return cls.THREE_OF_A_KIND
            case [2, 2, *_]:
                return cls.TWO_PAIR
            case [2, *_]:
                return cls.ONE_PAIR
            case _:
                return cls.HIGH_CARD


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
    return HandType.of_groups(sizes)


def strength(hand: Hand, rules: Rules) -> tuple[HandType, tuple[int, ...]]:
    """What orders hands: the type first, then each card's place in the card order, from
    the left."""
    return hand_type(hand.cards, rules), tuple(map(rules.card_order.index, hand.cards))


def total_winnings(hands: list[Hand], rules: Rules) -> int:
    """Each hand's bid times its rank, the weakest hand being rank 1."""
    ranked = sorted(hands, key=lambda hand: strength(hand, rules))
    return sum(rank * hand.bid for rank, hand in enumerate(ranked, start=1))


# --- Reading the input ------------------------------------------------------------------


def read_line(number: int, line: str) -> tuple[str, int]:
    """One line's hand and bid, or an InputError that says what is wrong with it."""
    fields = line.split()
    if not fields:
        raise InputError("blank line between hands", number, line)
    if len(fields) == 1:
        raise InputError("missing bid (a line is a hand, a space and a bid)", number, line)
    if len(fields) > 2:
        raise InputError("extra fields (a line is a hand, a space and a bid)", number, line)
    cards, bid = fields
    if len(cards) != 5 or any(card not in LABELS for card in cards):
        raise InputError(f"a hand is exactly 5 cards from {LABELS}", number, line)
    if bid.startswith("-") and bid[1:].isascii() and bid[1:].isdigit():
        raise InputError("negative bid (a bid is a whole number, 0 or more)", number, line)
    if not (bid.isascii() and bid.isdigit()):
        raise InputError("the bid is not a whole number", number, line)
    try:
        return cards, int(bid)
    except ValueError as error:  # past sys.get_int_max_str_digits()
        raise InputError(f"the bid has {len(bid):,} digits, too many to read as a number",
                         number, line) from error


_HAND_AND_BID = re.compile(f"([{LABELS}]{{5}}) ([0-9]{{1,18}})")
"""A line as nearly every line is: five cards, one space, a bid (any longer bid is read,
or refused, by `read_line`)."""


def read_hands(text: str) -> list[tuple[str, int]]:
    """Every line's hand (as written) and bid, in input order. Tolerant of `\\r\\n`,
    trailing spaces and blank lines at the end, strict about everything else: a hand
    twice would make the order ambiguous."""
    numbered = numbered_lines(text)
    if not numbered:
        first_line = text.splitlines()[0] if text.splitlines() else ""
        raise InputError("the input is empty: expected a hand and a bid per line", 1, first_line)
    first_seen: dict[str, int] = {}
    hands = []
    for number, line in numbered:
        well_formed = _HAND_AND_BID.fullmatch(line)
        cards, bid = ((well_formed[1], int(well_formed[2])) if well_formed
                      else read_line(number, line))  # says what is wrong, or reads it
        if cards in first_seen:
            raise InputError(
                f"the hand {cards} is also on line {first_seen[cards]}, "
                "so the order of hands would be ambiguous",
                number,
                line,
            )
        first_seen[cards] = number
        hands.append((cards, bid))
    return hands


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
        return [Hand(tuple(CARD_BY_LABEL[label] for label in cards), bid)
                for cards, bid in read_hands(text)]

    def part_1(self, hands: list[Hand]) -> int:
        return total_winnings(hands, STANDARD)

    def part_2(self, hands: list[Hand]) -> int:
        return total_winnings(hands, JOKERS)


# --- The variant "fast": the same answers from whole-input operations ---------------------
#
# The cost of the readable way is a Python loop per hand. Here each step works on every
# hand at once, with loops in C:
# - Column i of the input is the i-th card of every hand, as bytes (one byte per hand),
#   turned into card ranks by one `bytes.translate`.
# - A column read as one big int is a row of one-byte lanes, and big-int arithmetic on
#   it is arithmetic on every lane at once as long as no lane carries into the next.
#   Comparing two columns so counts the cards that differ, for all hands together.
# - The number of differing pairs of cards (10 in a hand of five) and of jokers pick the
#   type: one more `translate`, through a table made from `hand_type` itself.
# - Each hand's ordering key (type, then five ranks: 23 bits) and its bid are laid into
#   one 8-byte float, so that one sort of floats (which Python compares fastest)
#   ranks the bids, and the bids are read back from the sorted floats' bytes.

_WELL_FORMED = re.compile(rb"(?:[" + LABELS.encode() + rb"]{5} [0-9]++ *+\r?+(?:\n|\Z))++\s*+")
"""A hand, one space and a bid on each line; trailing spaces, `\\r\\n` and blank lines at
the end allowed: what `read_hands` accepts, less some (then it says what is wrong)."""


class Table(NamedTuple):
    """The hands as columns: every hand's five labels back to back, and the bids."""

    cards: bytes
    bids: array[int] | list[int]
    """An array of 32-bit bids; a list when a bid does not fit in 32 bits."""


def _lanes(count: int, byte: int) -> int:
    """`count` one-byte lanes, each holding `byte`."""
    return int.from_bytes(bytes([byte]) * count, "little")


@cache
def _rank_bytes(rules: Rules) -> bytes:
    """The `bytes.translate` table from a label to its card's place in `rules`' order."""
    places = bytes(rules.card_order.index(card) for card in CARD_BY_LABEL.values())
    return bytes.maketrans(LABELS.encode(), places)


@cache
def _type_bytes(rules: Rules) -> bytes:
    """The `bytes.translate` table from (differing pairs + 11 * jokers) to the type,
    shifted into a key's top nibble: made by asking `hand_type` about one hand of each
    shape, with each of its labels in turn as the jokers."""
    table = bytearray(256)
    wildcard = LABEL_OF[rules.wildcard or Card.JACK]
    others = [label for label in LABELS if label != wildcard]
    shapes = ["".join(others[i] for i in pattern) for pattern in (
        (0, 1, 2, 3, 4), (0, 0, 1, 2, 3), (0, 0, 1, 1, 2), (0, 0, 0, 1, 2), (0, 0, 0, 1, 1),
        (0, 0, 0, 0, 1), (0, 0, 0, 0, 0))]
    for hand in shapes + [shape.replace(label, wildcard) for shape in shapes for label in shape]:
        differing = sum(a != b for a, b in combinations(hand, 2))
        jokers = hand.count(wildcard) if rules.wildcard is not None else 0
        cards = tuple(CARD_BY_LABEL[label] for label in hand)
        table[differing + 11 * jokers] = hand_type(cards, rules) << 4
    return bytes(table)


def _key_bytes(table: Table, rules: Rules) -> tuple[bytes, bytes, bytes]:
    """Each hand's ordering key as three byte columns, low to high: the type in the top
    nibble, then the five ranks, first card highest."""
    count = len(table.cards) // 5
    ranks = table.cards.translate(_rank_bytes(rules))
    columns = [int.from_bytes(ranks[i::5], "little") for i in range(5)]
    ones, below_128 = _lanes(count, 1), _lanes(count, 0x7F)

    def differ(a: int, b: int) -> int:  # 1 in each lane where a and b differ (ranks < 128)
        return ((a ^ b) + below_128) >> 7 & ones

    index = sum(differ(a, b) for a, b in combinations(columns, 2))
    if rules.wildcard is not None:
        wildcard = _lanes(count, rules.card_order.index(rules.wildcard))
        index += 11 * (5 * ones - sum(differ(column, wildcard) for column in columns))
    types = int.from_bytes(index.to_bytes(count, "little").translate(_type_bytes(rules)),
                           "little")
    first, second, third, fourth, fifth = columns
    return ((fourth << 4 | fifth).to_bytes(count, "little"),
            (second << 4 | third).to_bytes(count, "little"),
            (types | first).to_bytes(count, "little"))


def fast_total_winnings(table: Table, rules: Rules) -> int:
    """`total_winnings` under `rules`, with one sort of floats (see above)."""
    count = len(table.cards) // 5
    low, middle, high = _key_bytes(table, rules)
    if isinstance(table.bids, array) and table.bids.itemsize == 4:
        # Lane: the bid in bits 0-31, the key in bits 32-54, and bit 62 set so that
        # every lane is a normal, finite, positive double: those sort as their bits do.
        lanes = bytearray(b"\0\0\0\0\0\0\0\x40" * count)
        view = memoryview(lanes)
        view.cast("I")[0::2] = table.bids
        lanes[4::8], lanes[5::8], lanes[6::8] = low, middle, high
        floats = view.cast("d").tolist()
        floats.sort()
        ranked = memoryview(array("d", floats)).cast("B").cast("I")[0::2].tolist()
    else:
        lanes = bytearray(4 * count)
        lanes[0::4], lanes[1::4], lanes[2::4] = low, middle, high
        keys = memoryview(lanes).cast("I").tolist()
        ranked = sorted(table.bids, key=partial(next, iter(keys)))  # by each bid's own key
    return sum(accumulate(reversed(ranked)))  # the sum of rank * bid, without a product


class Day07Fast(Solution[Table], variant="fast"):
    def parse(self, text: str) -> Table:
        """Check all of the input with one regular expression and read it with one
        `split`; anything that fails (a bad line, a hand twice, a bid too long) is read
        line by line by `read_hands`, which says what is wrong."""
        data = text.encode()
        if _WELL_FORMED.fullmatch(data):
            fields = data.split()
            cards = fields[0::2]
            if len(set(cards)) == len(cards):
                try:
                    return Table(b"".join(cards), _bids(fields[1::2]))
                except ValueError:  # more digits than Python reads: read_hands says which
                    pass
        hands = read_hands(text)
        return Table("".join(cards for cards, _ in hands).encode(), _bids([b for _, b in hands]))

    def part_1(self, table: Table) -> int:
        return fast_total_winnings(table, STANDARD)

    def part_2(self, table: Table) -> int:
        return fast_total_winnings(table, JOKERS)


def _bids(bids: Sequence[bytes] | Sequence[int]) -> array[int] | list[int]:
    """The bids as 32-bit numbers, or as a list when one does not fit (then sorted the
    slower way)."""
    try:
        return array("I", map(int, bids))
    except OverflowError:
        return list(map(int, bids))
