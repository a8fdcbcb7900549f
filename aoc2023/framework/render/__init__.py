"""Rendering: plain results (results.py) turned into text for people and JSON for programs.

`table` draws a box table; `common` holds what every view shares (durations, the
mark of a part, the notices → table → problems sequence); `run`, `bench`, `listing`
and `profile` are the views of each command; `as_json` is the JSON of each.
Nothing here runs a day or decides anything: it only shows.
"""
