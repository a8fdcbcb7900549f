"""2023 day 7, the variant "fast": `Day07`'s answers from whole-input operations.

The registry imports it with day07.py (a `_dayNN_*.py` module beside a day holds that
day's variants), so that the framework checks it against `Day07` and benches the two
side by side (`aoc run --variants`, `aoc bench`). The leading underscore keeps the day
naming rule from reading it as a day of its own.
"""

from __future__ import annotations

import re
from array import array
from collections.abc import Sequence
from functools import cache, partial
from itertools import accumulate, combinations
from typing import NamedTuple

from aoc2023._camel_cards import LABELS, read_hands
from aoc2023.day07 import (
    CARD_BY_LABEL,
    JOKERS,
    LABEL_OF,
    STANDARD,
    Card,
    Rules,
    hand_type,
)
from aoc2023.framework import Solution

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
    shapes = [
        "".join(others[i] for i in pattern)
        for pattern in (
            (0, 1, 2, 3, 4),
            (0, 0, 1, 2, 3),
            (0, 0, 1, 1, 2),
            (0, 0, 0, 1, 2),
            (0, 0, 0, 1, 1),
            (0, 0, 0, 0, 1),
            (0, 0, 0, 0, 0),
        )
    ]
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
    types = int.from_bytes(index.to_bytes(count, "little").translate(_type_bytes(rules)), "little")
    first, second, third, fourth, fifth = columns
    return (
        (fourth << 4 | fifth).to_bytes(count, "little"),
        (second << 4 | third).to_bytes(count, "little"),
        (types | first).to_bytes(count, "little"),
    )


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
    day = 7  # of 2023, its package's year: a module of its own, so it says which day

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
