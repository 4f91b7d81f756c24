#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Generate Sources/CoverageRender/Basemap/WorldOutlinesData.swift from Natural Earth 1:110m countries.

Source: Natural Earth (https://www.naturalearthdata.com/), "Admin 0 - Countries" at 1:110 million
(ne_110m_admin_0_countries), public domain, as shipped inside the PyPI wheel geopandas 0.14.4
(geopandas/datasets/naturalearth_lowres/naturalearth_lowres.shp; later geopandas versions dropped it).
The wheel is only unpacked: no geopandas, GDAL or shapefile library is needed. Run from the
repository root:

    pip download geopandas==0.14.4 --no-deps -d /tmp/gp
    python3 scripts/worldmap/generate.py /tmp/gp/geopandas-0.14.4-py3-none-any.whl

The output is deterministic for a given input. Every country polygon's rings are kept (exterior
rings and the few holes), positions rounded to 0.01 degree (about 1 km; the 1:110m data itself is
good to a few km), consecutive repeats after rounding dropped.

Table format (one Swift raw string literal, parsed once by WorldOutlines.swift):
  - a line `#ISO_A3 name` starts a country (ISO 3166-1 alpha-3 as Natural Earth gives it, -99 when
    it has none);
  - a line `P` starts a polygon of that country, `H` a hole of the polygon before;
  - the following line holds the ring: space-separated `dx,dy` pairs in hundredths of a degree, the
    first absolute (longitude, latitude), each next one relative to the one before; the ring is
    closed (its first position is not repeated at the end).
"""
import hashlib
import os
import struct
import sys
import zipfile

OUTPUT = os.path.join("Sources", "CoverageRender", "Basemap", "WorldOutlinesData.swift")
MEMBER = "geopandas/datasets/naturalearth_lowres/naturalearth_lowres"


def read_dbf(data, encoding):
    count = struct.unpack("<I", data[4:8])[0]
    header_len, record_len = struct.unpack("<HH", data[8:12])
    fields = []
    pos = 32
    while data[pos] != 0x0D:
        name = data[pos:pos + 11].split(b"\0")[0].decode("ascii")
        length = data[pos + 16]
        fields.append((name, length))
        pos += 32
    records = []
    for i in range(count):
        start = header_len + i * record_len + 1  # skip the deletion flag
        record = {}
        for name, length in fields:
            record[name] = data[start:start + length].decode(encoding).strip()
            start += length
        records.append(record)
    return records


def read_shp(data):
    """Polygon records: a list (one per record) of rings, each a list of (x, y)."""
    shapes = []
    pos = 100
    while pos < len(data):
        _, length = struct.unpack(">ii", data[pos:pos + 8])
        content = data[pos + 8:pos + 8 + 2 * length]
        pos += 8 + 2 * length
        shape_type = struct.unpack("<i", content[0:4])[0]
        if shape_type == 0:
            shapes.append([])
            continue
        if shape_type != 5:
            raise SystemExit(f"generate.py: shape type {shape_type} is not a polygon")
        num_parts, num_points = struct.unpack("<ii", content[36:44])
        parts = list(struct.unpack(f"<{num_parts}i", content[44:44 + 4 * num_parts]))
        base = 44 + 4 * num_parts
        points = [struct.unpack("<dd", content[base + 16 * k:base + 16 * k + 16]) for k in range(num_points)]
        rings = [points[parts[k]:(parts[k + 1] if k + 1 < num_parts else num_points)] for k in range(num_parts)]
        shapes.append(rings)
    return shapes


def signed_area(ring):
    return sum(ring[k][0] * ring[k + 1][1] - ring[k + 1][0] * ring[k][1] for k in range(len(ring) - 1)) / 2


def quantized(ring):
    out = []
    for x, y in ring:
        q = (round(x * 100), round(y * 100))
        if not out or out[-1] != q:
            out.append(q)
    if len(out) > 1 and out[0] == out[-1]:
        out.pop()
    return out


def main() -> int:
    if len(sys.argv) != 2:
        print("usage: generate.py geopandas-0.14.4-py3-none-any.whl", file=sys.stderr)
        return 2
    if not os.path.isdir(os.path.join("Sources", "CoverageRender")):
        print("generate.py: run this from the repository root (Sources/CoverageRender not found)", file=sys.stderr)
        return 1
    wheel = sys.argv[1]
    with open(wheel, "rb") as f:
        digest = hashlib.sha256(f.read()).hexdigest()
    with zipfile.ZipFile(wheel) as z:
        shp = z.read(MEMBER + ".shp")
        dbf = z.read(MEMBER + ".dbf")
        # The .cpg names the .dbf's text encoding (ISO 8859-1 here).
        z_encoding = z.read(MEMBER + ".cpg").decode("ascii").strip()
    records = read_dbf(dbf, z_encoding)
    shapes = read_shp(shp)
    if len(records) != len(shapes):
        raise SystemExit("generate.py: .dbf and .shp disagree on the number of countries")

    countries = sorted(zip(records, shapes), key=lambda rs: (rs[0]["iso_a3"], rs[0]["name"]))
    lines = []
    positions = 0
    rings_out = 0
    for record, rings in countries:
        name = record["name"]
        if any(ch in name for ch in "\n\r\\\"#"):
            raise SystemExit(f"generate.py: unusable name {name!r}")
        lines.append(f"#{record['iso_a3']} {name}")
        # In a shapefile, exterior rings run clockwise and holes counter-clockwise; a hole belongs
        # to the exterior ring before it.
        for ring in rings:
            q = quantized(ring)
            if len(q) < 3:
                continue
            lines.append("P" if signed_area(ring) < 0 else "H")
            parts = [f"{q[0][0]},{q[0][1]}"]
            for k in range(1, len(q)):
                parts.append(f"{q[k][0] - q[k - 1][0]},{q[k][1] - q[k - 1][1]}")
            lines.append(" ".join(parts))
            positions += len(q)
            rings_out += 1
    table = "\n".join(lines)
    header = f"""\
// SPDX-License-Identifier: Apache-2.0
// generated by scripts/worldmap/generate.py; do not edit.
//
// Source: Natural Earth, https://www.naturalearthdata.com/ — "Admin 0 - Countries", 1:110m
// (ne_110m_admin_0_countries), as shipped in the PyPI wheel geopandas 0.14.4
// (geopandas/datasets/naturalearth_lowres; wheel sha256 {digest}).
// Licence of the data: public domain ("All versions of Natural Earth raster + vector map data found
// on this website are in the public domain", https://www.naturalearthdata.com/about/terms-of-use/).
// Changes made here: positions rounded to 0.01°, repeats dropped; only the outlines are kept.
//
// {len(countries)} countries, {rings_out} rings, {positions:,} positions. Format: see
// scripts/worldmap/generate.py and WorldOutlines.swift.

enum WorldOutlinesData {{
    /// Where the outlines come from, for the map's attribution line.
    static let source = "Natural Earth 1:110m (public domain)"

    /// Number of rings in ``table``; checked by the tests.
    static let ringCount = {rings_out}

    /// The table: `#ISO name` country lines, `P`/`H` ring lines each followed by the ring's positions
    /// (hundredths of a degree, first absolute, then deltas).
    static let table = #\"\"\"
"""
    text = header + table + '\n"""#\n}\n'
    os.makedirs(os.path.dirname(OUTPUT), exist_ok=True)
    with open(OUTPUT, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)
    print(f"wrote {OUTPUT}: {len(countries)} countries, {rings_out} rings, {positions} positions, {len(text.encode('utf-8')):,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
