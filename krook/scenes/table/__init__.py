"""The card table: the scene, its state and layout, one decision per kind (bid, bury, trump, call, play), the
hand fan, the HUD, the deal, the curtain, hints, take-backs, the score sheet and the guided first game."""
