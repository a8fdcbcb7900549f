"""Advent of Code 2023: one module per day (dayNN.py) and the framework that runs them."""
