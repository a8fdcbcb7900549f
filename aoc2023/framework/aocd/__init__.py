"""The aocd boundary: the only code that imports aocd or knows its files.

`paths` (aocd's folders and cached files), `local` (the token, the token list, view
keys), `client` (every request), `pages` (the puzzle's page), `sent` (answers sent and
replies), `stars`, `leaderboard`, and `private` (aocd's names that are not public)."""
