"""Errors the terminal reports to the person at the keyboard: exit status 2, one clear line."""

from __future__ import annotations


class UserError(Exception):
    """Bad input from the user (a file, a field, an argument). The message names what and where."""
