"""Idle CPU of the frozen app per screen on a real X display (Xvfb, :62) with real clicks (xdotool).

``python benchmarks/bench_idle_frozen.py dist/krook/krook``: the title, the lobby, the lobby with its name field
being edited (the caret stops blinking after 10 s), and the table with the human to bid; prints each screen's
share of one core over 20 s and saves a screenshot of each to /tmp/idle-SCREEN.png (look at them: the clicks
assume a 1280x800 screen and the default lobby). Needs Xvfb, xdotool and ImageMagick's ``import``.
"""

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TICKS = os.sysconf("SC_CLK_TCK")
exe = sys.argv[1]
home = tempfile.mkdtemp(prefix="krook-idle-")
env = dict(os.environ, DISPLAY=":62", SDL_AUDIODRIVER="dummy", KROOK_HOME=home)
xvfb = subprocess.Popen(["Xvfb", ":62", "-screen", "0", "1280x800x24"], stderr=subprocess.DEVNULL)
time.sleep(1)
app = subprocess.Popen([exe], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def cpu():
    f = Path(f"/proc/{app.pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(f[11]) + int(f[12])) / TICKS


def measure(name, seconds=20):
    time.sleep(3)  # settle after the change of screen
    c0, t0 = cpu(), time.monotonic()
    time.sleep(seconds)
    share = 100 * (cpu() - c0) / (time.monotonic() - t0)
    subprocess.run(["import", "-display", ":62", "-window", "root", f"/tmp/idle-{name}.png"])
    print(f"{name}: {share:.2f}% of one core over {seconds} s", flush=True)


def click(x, y):
    subprocess.run(["xdotool", "mousemove", str(x), str(y), "click", "1"], env=env)


time.sleep(6)
measure("title")
click(640, 336)  # New game
measure("lobby")
click(140, 216)  # into the name field: the caret blinks, then stays lit
time.sleep(11)
measure("lobby-name-field")
click(1145, 711)  # Start game
time.sleep(25)  # bots deal and bid up to the human
measure("table")
app.terminate()
xvfb.terminate()
