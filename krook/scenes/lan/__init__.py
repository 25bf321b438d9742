"""Home-network play: finding and joining a game, the host's waiting room, LAN help."""
