"""The aocd boundary: the only code that imports aocd or knows its files.

- `paths`: where aocd keeps the token and its cache, and one puzzle's cached files,
  read without importing aocd (importing it costs a quarter of a second);
- `client`: every request to adventofcode.com, through aocd, with a time limit, and
  aocd's and urllib3's failures turned into our errors, one sentence each;
- `submissions`: aocd's log of replies to answers, and what a reply means;
- `waits`: the site's wait between answers, remembered across runs;
- `puzzle_page`: what `aoc new` wants from the puzzle page;
- `plugin`: the other direction, aocd calling our days.
"""
