"""``kill -9`` at random moments, half of them within 20 ms of an action: the game resumes at most one
action behind, the save is never damaged, and a backup is always there (more trials:
benchmarks/bench_autosave_kill.py)."""

from __future__ import annotations

from pathlib import Path

from tests.autosave_kill import run_trials

TRIALS = 30


def test_sigkill_loses_at_most_the_last_action(tmp_path: Path) -> None:
    trials = run_trials(TRIALS, tmp_path, seed=7)
    assert len(trials) == TRIALS
    assert sum(t.mode == "after-action" for t in trials) >= TRIALS // 2
    for i, t in enumerate(trials):
        assert t.corrupt_files == 0, f"trial {i}: a save was damaged"
        assert t.notices == (), f"trial {i}: fell back ({t.notices})"
        if t.last_action is not None:
            assert t.resumed is not None, f"trial {i}: no save after an action"
            assert -1 <= t.behind <= 1, (
                f"trial {i} ({t.mode}): resumed at {t.resumed}, last action {t.last_action}"
            )
            assert t.backups >= 1, f"trial {i}: no backup beside the save"
    assert any(t.behind == 0 for t in trials if t.last_action is not None)
