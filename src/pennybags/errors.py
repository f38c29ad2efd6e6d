"""Errors every front shares: a problem with the user's input, said in one line."""

from __future__ import annotations


class UserError(Exception):
    """A problem with the user's input: printed as one line, exit status 2 (the fronts
    catch it; nothing in the engine raises it)."""
