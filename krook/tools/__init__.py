"""Command-line tools built on the rules core and the app (replay, simulation, gallery)."""
