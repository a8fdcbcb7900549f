"""The commands, one module each (`list`, `new`, `read`, `examples`, `token`, `bench`)
holding its typer command function, its records and gathering, its view and its JSON; and
what they share: `options` (parameters, logging, errors, YEARS DAYS), `view` (the table
and the marks), `json_output` (`--json`'s one document), `terminal` (a question, a countdown).
"""
