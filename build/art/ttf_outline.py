"""Turn TrueType glyph outlines into SVG path data.

pygame-ce's SVG loader (nanosvg) ignores <text>, so every letter on a card is baked in as a path. The reader
covers only what the shipped Open Sans needs: the cmap format 4 subtable, simple and composite `glyf` glyphs
and horizontal advances. Kerning is left out; the strings on cards are a few characters long.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass
from pathlib import Path

Point = tuple[float, float]
Contour = list[tuple[float, float, bool]]


@dataclass(frozen=True)
class TextPath:
    """Path data for a run of text, with its size in the caller's units."""

    d: str
    width: float
    height: float


class TrueTypeFont:
    def __init__(self, path: Path) -> None:
        self._data = path.read_bytes()
        self._tables = self._read_directory()
        head = self._table("head")
        self.units_per_em: int = struct.unpack_from(">H", head, 18)[0]
        self._long_loca = struct.unpack_from(">h", head, 50)[0] == 1
        self._cmap = self._read_cmap()
        hhea = self._table("hhea")
        self.ascent: int = struct.unpack_from(">h", hhea, 4)[0]
        self._num_hmetrics: int = struct.unpack_from(">H", hhea, 34)[0]
        os2 = self._tables.get("OS/2")
        # sCapHeight sits at byte 88 in OS/2 version 2 and later; older tables fall back to a typical ratio.
        cap = 0
        if os2 is not None and struct.unpack_from(">H", self._data, os2[0])[0] >= 2:
            cap = struct.unpack_from(">h", self._data, os2[0] + 88)[0]
        self.cap_height: int = cap or int(self.units_per_em * 0.714)

    def _read_directory(self) -> dict[str, tuple[int, int]]:
        num_tables = struct.unpack_from(">H", self._data, 4)[0]
        tables = {}
        for i in range(num_tables):
            tag, _checksum, offset, length = struct.unpack_from(">4sIII", self._data, 12 + 16 * i)
            tables[tag.decode("latin-1")] = (offset, length)
        return tables

    def _table(self, tag: str) -> memoryview:
        offset, length = self._tables[tag]
        return memoryview(self._data)[offset : offset + length]

    def _read_cmap(self) -> dict[int, int]:
        cmap = self._table("cmap")
        count = struct.unpack_from(">H", cmap, 2)[0]
        for i in range(count):
            platform, encoding, offset = struct.unpack_from(">HHI", cmap, 4 + 8 * i)
            if (platform, encoding) in ((3, 1), (0, 3)) and struct.unpack_from(">H", cmap, offset)[0] == 4:
                return self._read_format4(cmap, offset)
        raise ValueError("font has no Unicode BMP cmap (format 4)")

    @staticmethod
    def _read_format4(cmap: memoryview, base: int) -> dict[int, int]:
        seg_count = struct.unpack_from(">H", cmap, base + 6)[0] // 2
        ends = base + 14
        starts = ends + 2 * seg_count + 2
        deltas = starts + 2 * seg_count
        range_offsets = deltas + 2 * seg_count
        mapping: dict[int, int] = {}
        for seg in range(seg_count):
            end = struct.unpack_from(">H", cmap, ends + 2 * seg)[0]
            start = struct.unpack_from(">H", cmap, starts + 2 * seg)[0]
            delta = struct.unpack_from(">h", cmap, deltas + 2 * seg)[0]
            ro_pos = range_offsets + 2 * seg
            range_offset = struct.unpack_from(">H", cmap, ro_pos)[0]
            # Only the printable ASCII range matters for card text; skipping the rest keeps this fast.
            for code in range(max(start, 32), min(end, 126) + 1):
                if range_offset == 0:
                    glyph = (code + delta) & 0xFFFF
                else:
                    pos = ro_pos + range_offset + 2 * (code - start)
                    glyph = struct.unpack_from(">H", cmap, pos)[0]
                    if glyph:
                        glyph = (glyph + delta) & 0xFFFF
                if glyph:
                    mapping[code] = glyph
        return mapping

    def advance(self, glyph: int) -> int:
        hmtx = self._table("hmtx")
        index = min(glyph, self._num_hmetrics - 1)
        return struct.unpack_from(">H", hmtx, 4 * index)[0]

    def _glyph_bytes(self, glyph: int) -> memoryview:
        loca = self._table("loca")
        if self._long_loca:
            start, end = struct.unpack_from(">II", loca, 4 * glyph)
        else:
            start, end = (2 * v for v in struct.unpack_from(">HH", loca, 2 * glyph))
        return self._table("glyf")[start:end]

    def contours(self, glyph: int) -> list[Contour]:
        data = self._glyph_bytes(glyph)
        if len(data) == 0:
            return []
        n_contours = struct.unpack_from(">h", data, 0)[0]
        if n_contours >= 0:
            return self._simple(data, n_contours)
        return self._composite(data)

    @staticmethod
    def _simple(data: memoryview, n_contours: int) -> list[Contour]:
        end_points = struct.unpack_from(f">{n_contours}H", data, 10)
        n_points = end_points[-1] + 1 if end_points else 0
        pos = 10 + 2 * n_contours
        instruction_length = struct.unpack_from(">H", data, pos)[0]
        pos += 2 + instruction_length
        flags: list[int] = []
        while len(flags) < n_points:
            flag = data[pos]
            pos += 1
            flags.append(flag)
            if flag & 8:
                repeat = data[pos]
                pos += 1
                flags.extend([flag] * repeat)
        xs, pos = _coordinates(data, pos, flags, short=2, same=16)
        ys, pos = _coordinates(data, pos, flags, short=4, same=32)
        contours: list[Contour] = []
        start = 0
        for end in end_points:
            contours.append([(xs[i], ys[i], bool(flags[i] & 1)) for i in range(start, end + 1)])
            start = end + 1
        return contours

    def _composite(self, data: memoryview) -> list[Contour]:
        pos = 10
        out: list[Contour] = []
        while True:
            flags, glyph = struct.unpack_from(">HH", data, pos)
            pos += 4
            if flags & 1:
                dx, dy = struct.unpack_from(">hh", data, pos)
                pos += 4
            else:
                dx, dy = struct.unpack_from(">bb", data, pos)
                pos += 2
            a, b, c, d = 1.0, 0.0, 0.0, 1.0
            if flags & 8:
                a = d = struct.unpack_from(">h", data, pos)[0] / 16384
                pos += 2
            elif flags & 0x40:
                a, d = (v / 16384 for v in struct.unpack_from(">hh", data, pos))
                pos += 4
            elif flags & 0x80:
                a, b, c, d = (v / 16384 for v in struct.unpack_from(">hhhh", data, pos))
                pos += 8
            if not flags & 2:
                raise ValueError("composite glyphs anchored by point numbers are not supported")
            for contour in self.contours(glyph):
                out.append([(a * x + c * y + dx, b * x + d * y + dy, on) for x, y, on in contour])
            if not flags & 0x20:
                return out

    def glyph_for(self, char: str) -> int:
        return self._cmap.get(ord(char), 0)

    def text_path(self, text: str, cap_height: float, tracking: float = 0.0) -> TextPath:
        """Path data for `text` with its baseline at y = cap_height and its left edge at x = 0.

        Sizing by cap height rather than em size makes digits from different fonts line up on the cards.
        `tracking` is extra space between letters, in the caller's units.
        """
        scale = cap_height / self.cap_height
        parts: list[str] = []
        pen = 0.0
        for index, char in enumerate(text):
            glyph = self.glyph_for(char)
            for contour in self.contours(glyph):
                pts = [(pen + x * scale, cap_height - y * scale, on) for x, y, on in contour]
                parts.append(_contour_to_path(pts))
            pen += self.advance(glyph) * scale
            if index < len(text) - 1:
                pen += tracking
        return TextPath(" ".join(parts), pen, cap_height)


def _coordinates(
    data: memoryview, pos: int, flags: list[int], short: int, same: int
) -> tuple[list[int], int]:
    """One axis of a simple glyph's points, read from ``pos``: returns the coordinates and the next position.

    ``short``: the flag bit of a one-byte delta (``same`` then gives its sign); without it ``same`` means
    "unchanged", else a two-byte delta follows."""
    values: list[int] = []
    value = 0
    for flag in flags:
        if flag & short:
            step = data[pos]
            pos += 1
            value += step if flag & same else -step
        elif not flag & same:
            value += struct.unpack_from(">h", data, pos)[0]
            pos += 2
        values.append(value)
    return values, pos


def _fmt(value: float) -> str:
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _contour_to_path(points: list[tuple[float, float, bool]]) -> str:
    """Quadratic TrueType contour to SVG; two off-curve points in a row imply an on-curve midpoint."""
    if not points:
        return ""

    start_index = next((i for i, p in enumerate(points) if p[2]), None)
    if start_index is None:
        # An all off-curve contour starts at the midpoint of its first two points.
        x0 = (points[0][0] + points[1][0]) / 2
        y0 = (points[0][1] + points[1][1]) / 2
        ordered = [*points[1:], points[0]]
        start: Point = (x0, y0)
    else:
        ordered = points[start_index + 1 :] + points[: start_index + 1]
        start = (points[start_index][0], points[start_index][1])
    cmds = [f"M{_fmt(start[0])} {_fmt(start[1])}"]
    pending: Point | None = None
    for x, y, on in ordered:
        if on:
            if pending is None:
                cmds.append(f"L{_fmt(x)} {_fmt(y)}")
            else:
                cmds.append(f"Q{_fmt(pending[0])} {_fmt(pending[1])} {_fmt(x)} {_fmt(y)}")
                pending = None
        else:
            if pending is not None:
                mx, my = (pending[0] + x) / 2, (pending[1] + y) / 2
                cmds.append(f"Q{_fmt(pending[0])} {_fmt(pending[1])} {_fmt(mx)} {_fmt(my)}")
            pending = (x, y)
    if pending is not None:
        cmds.append(f"Q{_fmt(pending[0])} {_fmt(pending[1])} {_fmt(start[0])} {_fmt(start[1])}")
    cmds.append("Z")
    return "".join(cmds)
