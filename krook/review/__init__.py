"""Exact post-hand review: par, the costliest plays and the bidding decisions of one seat (headless)."""

from .engine import (
    HandReview,
    PlayReview,
    ReviewError,
    ReviewProgress,
    hand_review,
    review_steps,
)
from .job import ReviewJob

__all__ = [
    "HandReview",
    "PlayReview",
    "ReviewError",
    "ReviewJob",
    "ReviewProgress",
    "hand_review",
    "review_steps",
]
