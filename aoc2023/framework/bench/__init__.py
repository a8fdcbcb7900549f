"""Benchmarking: `measure` times a day's steps over many runs, `history` keeps the
figures and compares new ones with them, `outputs` writes the files (README, charts)."""
