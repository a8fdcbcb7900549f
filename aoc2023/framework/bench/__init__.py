"""Benchmarking: `measure` times a day's steps over many runs, `history` keeps the
figures and compares new ones with them, `readme_table` writes them into the README."""
