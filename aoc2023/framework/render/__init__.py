"""The views of the commands not yet in commands/: `run`, `profile`, `leaderboard`,
`stats` and `calendar_svg` turn plain results (results.py) into text, and `as_json` into
JSON; they draw with commands/view.py. Nothing here runs a day or decides.
"""
