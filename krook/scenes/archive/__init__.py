"""Games kept after they end: the finished-games list, the replay viewer, the review and each player's history."""
