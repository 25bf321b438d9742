"""Which C-library versions a Linux bundle needs: ``python build/glibc_needs.py dist/krook [--floor 2.31]``.

Reads every ELF file's version requirements (the ``.gnu.version_r`` section, what ``objdump -T`` shows as
``GLIBC_2.xx``) without any tool beyond Python, and reports the highest ``GLIBC_`` (and ``GLIBCXX_``)
version each file asks for. A bundle runs only on systems whose glibc is at least that version.
"""

from __future__ import annotations

import argparse
import struct
import sys
from dataclasses import dataclass
from pathlib import Path

SHT_GNU_VERNEED = 0x6FFFFFFE
# glibc 2.31: Debian 11, Ubuntu 20.04 and everything newer. build/linux_old_glibc.sh builds on Debian 11, so
# its bundle never needs more (it measured 2.30: libpython's sem_clockwait); pygame-ce's wheels need 2.28.
DEFAULT_FLOOR = (2, 31)

Version = tuple[int, ...]


@dataclass(frozen=True)
class Need:
    path: Path
    glibc: Version
    glibcxx: Version | None


def parse_version(text: str) -> Version:
    return tuple(int(p) for p in text.split("."))


def show(version: Version | None) -> str:
    return ".".join(map(str, version)) if version else "-"


def version_needs(data: bytes) -> set[str]:
    """The version names (``GLIBC_2.34``, ``GLIBCXX_3.4.29``, ...) an ELF file requires; empty if not ELF."""
    if len(data) < 64 or data[:4] != b"\x7fELF" or data[4] != 2:  # only 64-bit ELF ships
        return set()
    endian = "<" if data[5] == 1 else ">"
    shoff = struct.unpack_from(endian + "Q", data, 0x28)[0]
    shentsize, shnum = struct.unpack_from(endian + "HH", data, 0x3A)
    if not shoff or shentsize < 64 or shoff + shnum * shentsize > len(data):
        return set()
    sections = [struct.unpack_from(endian + "IIQQQQIIQQ", data, shoff + i * shentsize) for i in range(shnum)]
    names: set[str] = set()
    for _name, kind, _flags, _addr, offset, _size, link, count, _align, _entsize in sections:
        if kind != SHT_GNU_VERNEED or link >= len(sections):
            continue
        strtab = sections[link][4]
        entry = offset
        for _ in range(count):
            _ver, aux_count, _file, aux, nxt = struct.unpack_from(endian + "HHIII", data, entry)
            a = entry + aux
            for _ in range(aux_count):
                _hash, _flags2, _other, name_off, anext = struct.unpack_from(endian + "IHHII", data, a)
                start = strtab + name_off
                names.add(data[start : data.index(b"\x00", start)].decode("ascii", "replace"))
                if not anext:
                    break
                a += anext
            if not nxt:
                break
            entry += nxt
    return names


def highest(names: set[str], prefix: str) -> Version | None:
    found = [
        parse_version(n[len(prefix) :])
        for n in names
        if n.startswith(prefix) and n[len(prefix) :][:1].isdigit()
    ]
    return max(found) if found else None


def bundle_needs(root: Path) -> list[Need]:
    needs = []
    for path in sorted(p for p in root.rglob("*") if p.is_file() and not p.is_symlink()):
        with path.open("rb") as f:
            if f.read(4) != b"\x7fELF":
                continue
        names = version_needs(path.read_bytes())
        glibc = highest(names, "GLIBC_")
        if glibc:
            needs.append(Need(path, glibc, highest(names, "GLIBCXX_")))
    return needs


def report(root: Path, floor: Version) -> tuple[Version | None, list[str]]:
    """The highest glibc the bundle needs, and lines describing the files above ``floor``."""
    needs = bundle_needs(root)
    if not needs:
        return None, []
    top = max(n.glibc for n in needs)
    lines = [
        f"  {n.path.relative_to(root)} needs GLIBC_{show(n.glibc)}"
        + (f" and GLIBCXX_{show(n.glibcxx)}" if n.glibcxx else "")
        for n in sorted(needs, key=lambda n: n.glibc, reverse=True)
        if n.glibc > floor
    ]
    return top, lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("bundle", type=Path)
    parser.add_argument(
        "--floor",
        default=show(DEFAULT_FLOOR),
        help=f"oldest glibc to support (default {show(DEFAULT_FLOOR)})",
    )
    args = parser.parse_args(argv)
    floor = parse_version(args.floor)
    top, lines = report(args.bundle, floor)
    print(f"highest GLIBC needed: {show(top)} (floor {show(floor)})")
    for line in lines:
        print(line)
    return 0 if top is None or top <= floor else 1


if __name__ == "__main__":
    sys.exit(main())
