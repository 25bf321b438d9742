"""Krook: the Rook card game for the family table."""

__version__ = "0.1.0"
