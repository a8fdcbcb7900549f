"""One module per command: its command function, gathering and view."""
