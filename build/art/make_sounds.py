"""Synthesise Krook's sound effects as small 16-bit mono WAV files.

Run from the repository root:  python build/art/make_sounds.py
Writes krook/assets/sounds/*.wav. Pure Python (wave, math, array); the noise comes from a seeded generator,
so running it again rewrites identical files.

Card sounds are shaped noise (paper is noise); the musical cues use soft bell and brass-like partials kept
in one key (C major) so that cues heard close together never clash.
"""

from __future__ import annotations

import math
import random
import sys
import wave
from array import array
from collections.abc import Callable
from pathlib import Path

RATE = 22050
OUT = Path(__file__).resolve().parents[2] / "krook" / "assets" / "sounds"

Buffer = list[float]


def silence(seconds: float) -> Buffer:
    return [0.0] * round(seconds * RATE)


def add(into: Buffer, sound: Buffer, at: float, gain: float = 1.0) -> None:
    start = round(at * RATE)
    if start + len(sound) > len(into):
        into.extend([0.0] * (start + len(sound) - len(into)))
    for i, v in enumerate(sound):
        into[start + i] += v * gain


def hz(name: str) -> float:
    """Equal-tempered frequency of a note name such as "C5" or "G4" (A4 = 440 Hz)."""
    names = {"C": -9, "D": -7, "E": -5, "F": -4, "G": -2, "A": 0, "B": 2}
    semis = names[name[0]] + (1 if "#" in name else 0) + 12 * (int(name[-1]) - 4)
    return 440.0 * 2 ** (semis / 12)


def envelope(n: int, attack: float, decay: float) -> list[float]:
    """Linear attack then exponential decay with time constant `decay` seconds."""
    a = max(1, round(attack * RATE))
    return [i / a if i < a else math.exp(-(i - a) / (decay * RATE)) for i in range(n)]


def bell(freq: float, seconds: float, decay: float = 0.25) -> Buffer:
    """A soft mallet: fundamental plus two quickly fading inharmonic partials."""
    n = round(seconds * RATE)
    env = envelope(n, 0.004, decay)
    out = []
    for i in range(n):
        t = i / RATE
        v = math.sin(2 * math.pi * freq * t)
        v += 0.35 * math.sin(2 * math.pi * freq * 2.01 * t) * math.exp(-t / (decay * 0.45))
        v += 0.12 * math.sin(2 * math.pi * freq * 3.98 * t) * math.exp(-t / (decay * 0.2))
        out.append(v * env[i])
    return out


def brass(freq: float, seconds: float, vibrato: float = 0.0, glide_to: float | None = None) -> Buffer:
    """A mellow horn: harmonics falling off as 1/n^1.5, a short swell and a smooth release."""
    n = round(seconds * RATE)
    release = min(n, round(0.12 * RATE))
    out = []
    phase = 0.0
    for i in range(n):
        t = i / RATE
        f = freq if glide_to is None else freq + (glide_to - freq) * min(1.0, t / seconds)
        f *= 1 + vibrato * math.sin(2 * math.pi * 5.5 * t) * min(1.0, t / 0.15)
        phase += 2 * math.pi * f / RATE
        v = sum(math.sin(k * phase) / k**1.5 for k in range(1, 7))
        swell = min(1.0, t / 0.03)
        tail = min(1.0, (n - i) / release)
        out.append(v * swell * tail * 0.6)
    return out


def noise(seconds: float, rng: random.Random) -> Buffer:
    return [rng.uniform(-1, 1) for _ in range(round(seconds * RATE))]


def lowpass(buf: Buffer, cutoff: Callable[[float], float]) -> Buffer:
    """One-pole low-pass whose cutoff (Hz) may change over time, given as a function of seconds."""
    out, y = [], 0.0
    for i, x in enumerate(buf):
        fc = cutoff(i / RATE)
        alpha = 1 - math.exp(-2 * math.pi * fc / RATE)
        y += alpha * (x - y)
        out.append(y)
    return out


def highpass(buf: Buffer, cutoff: float) -> Buffer:
    low = lowpass(buf, lambda _t: cutoff)
    return [x - lo for x, lo in zip(buf, low, strict=True)]


def shaped(buf: Buffer, env: list[float]) -> Buffer:
    return [x * e for x, e in zip(buf, env, strict=False)]


def thump(freq: float, seconds: float) -> Buffer:
    n = round(seconds * RATE)
    env = envelope(n, 0.002, seconds / 4)
    return [math.sin(2 * math.pi * freq * i / RATE * (1 - 0.3 * i / n)) * env[i] for i in range(n)]


# --- The sounds ------------------------------------------------------------------------------------------


def card_play(rng: random.Random) -> Buffer:
    n = round(0.13 * RATE)
    snap = shaped(highpass(noise(0.13, rng), 900), envelope(n, 0.002, 0.018))
    out = silence(0.14)
    add(out, snap, 0.0, 0.9)
    add(out, thump(150, 0.09), 0.004, 0.5)
    return out


def deal(rng: random.Random) -> Buffer:
    n = round(0.17 * RATE)
    swish = lowpass(noise(0.17, rng), lambda t: 5000 - 24000 * t)
    env = [math.sin(math.pi * min(1.0, i / n)) ** 2 for i in range(n)]
    return highpass(shaped(swish, env), 300)


def shuffle(rng: random.Random) -> Buffer:
    out = silence(0.62)
    t = 0.02
    gap = 0.022
    # A riffle: clicks speed up as the two halves interleave, then slow as they run out.
    for k in range(36):
        click = shaped(highpass(noise(0.012, rng), 1500), envelope(round(0.012 * RATE), 0.0008, 0.003))
        add(out, click, t, 0.55 + 0.35 * rng.random())
        gap = gap * 0.94 if k < 20 else gap * 1.06
        t += gap
    squared = shaped(lowpass(noise(0.12, rng), lambda _t: 1800), envelope(round(0.12 * RATE), 0.01, 0.03))
    add(out, squared, t + 0.04, 0.8)
    add(out, thump(120, 0.08), t + 0.05, 0.5)
    return out


def trick_taken(rng: random.Random) -> Buffer:
    n = round(0.28 * RATE)
    sweep = lowpass(noise(0.28, rng), lambda t: 1200 + 9000 * t)
    env = [math.sin(math.pi * i / n) ** 2 for i in range(n)]
    out = silence(0.5)
    add(out, highpass(shaped(sweep, env), 250), 0.0, 0.6)
    add(out, bell(hz("G5"), 0.3, 0.12), 0.16, 0.22)
    add(out, bell(hz("C6"), 0.3, 0.14), 0.22, 0.2)
    return out


def bid(_rng: random.Random) -> Buffer:
    return bell(hz("E5"), 0.24, 0.07)


def bid_made(_rng: random.Random) -> Buffer:
    out = silence(0.8)
    for i, name in enumerate(("C5", "E5", "G5", "C6")):
        add(out, bell(hz(name), 0.8 - i * 0.09, 0.22), i * 0.09, 0.6)
    return out


def set_back(_rng: random.Random) -> Buffer:
    # A gentle two-step "aww": a falling minor third then a sagging semitone, softly vibrato'd.
    out = silence(1.0)
    add(out, brass(hz("G4"), 0.32, 0.004, glide_to=hz("G4") * 0.985), 0.0, 0.55)
    add(out, brass(hz("E4"), 0.62, 0.012, glide_to=hz("D#4")), 0.34, 0.55)
    return lowpass(out, lambda _t: 2400)


def game_won(_rng: random.Random) -> Buffer:
    out = silence(1.3)
    for i in range(3):
        add(out, brass(hz("G4"), 0.1), i * 0.12, 0.5)
    for name in ("C5", "E5", "G5"):
        add(out, brass(hz(name), 0.9, 0.006), 0.36, 0.32)
    for i, name in enumerate(("C6", "E6", "G6", "C7")):
        add(out, bell(hz(name), 0.6, 0.16), 0.42 + i * 0.05, 0.12)
    return lowpass(out, lambda _t: 4200)


SOUNDS: dict[str, tuple[Callable[[random.Random], Buffer], float]] = {
    # name: (synthesiser, peak level as a fraction of full scale)
    "shuffle": (shuffle, 0.5),
    "deal": (deal, 0.45),
    "card_play": (card_play, 0.55),
    "trick_taken": (trick_taken, 0.5),
    "bid": (bid, 0.45),
    "bid_made": (bid_made, 0.55),
    "set": (set_back, 0.5),
    "game_won": (game_won, 0.6),
}


def write_wav(path: Path, buf: Buffer, peak: float) -> None:
    top = max(1e-9, max(abs(v) for v in buf))
    fade = min(len(buf), round(0.004 * RATE))
    samples = array("h")
    for i, v in enumerate(buf):
        # A short fade at the very end avoids a click when a sample stops mid-wave.
        tail = min(1.0, (len(buf) - i) / fade)
        samples.append(max(-32767, min(32767, round(v / top * peak * tail * 32767))))
    if sys.byteorder == "big":
        samples.byteswap()
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(samples.tobytes())


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    total = 0
    for index, (name, (synth, peak)) in enumerate(SOUNDS.items()):
        path = OUT / f"{name}.wav"
        write_wav(path, synth(random.Random(1000 + index)), peak)
        size = path.stat().st_size
        total += size
        print(f"{path.name:16} {size / 1024:5.1f} KiB")
    print(f"total            {total / 1024:5.1f} KiB")


if __name__ == "__main__":
    main()
