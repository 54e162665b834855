"""Checks a sample run directory as other programs see it (ctest: Output.H5pyReadsRunFile,
Output.XdmfReferencesExist). Run with Debian's /usr/bin/python3 (python3-h5py).

  check_run_h5.py h5py DIR   run.h5 opens with h5py; datasets have the documented shapes
                             and dtypes (docs/output-format.md)
  check_run_h5.py xdmf DIR   run.xmf parses as XML; every DataItem names an existing
                             dataset of matching dimensions
  check_run_h5.py large DIR  DIR/large (ctest: Output.H5pyReadsCompressedLinkedFrames): the
                             positions read back bit for bit through shuffle + deflate; the
                             frames' static datasets are one object under several links
"""
import json
import os
import sys
import xml.etree.ElementTree as ET

import h5py
import numpy as np


def fail(message):
    print("FAIL:", message)
    sys.exit(1)


def expect(condition, message):
    if not condition:
        fail(message)


def expect_dataset(group, name, shape, kind, size=None):
    """shape: tuple with None for 'any'; kind: numpy dtype kind ('f', 'i', 'u', 'O')."""
    expect(name in group, f"{group.name}/{name} missing")
    d = group[name]
    expect(len(d.shape) == len(shape) and all(s is None or s == n for s, n in zip(shape, d.shape)),
           f"{d.name}: shape {d.shape}, expected {shape}")
    expect(d.dtype.kind == kind, f"{d.name}: dtype {d.dtype}, expected kind {kind}")
    if size is not None:
        expect(d.dtype.itemsize == size, f"{d.name}: {d.dtype.itemsize} bytes, expected {size}")
    return d


def check_h5py(folder):
    expected = json.load(open(os.path.join(folder, "expected.json")))
    with h5py.File(os.path.join(folder, "run.h5"), "r") as f:
        expect(f.attrs["format"] == "regolith-run", "format attribute")
        expect(int(f.attrs["format_version"]) == 1, "format_version")
        meta = f["meta"]
        for name in ("scene_file", "version", "git_revision", "backend", "start_time"):
            expect(isinstance(meta.attrs[name], str), f"/meta@{name} is not a string")
        expect(float(meta.attrs["time_step"]) > 0, "/meta@time_step")
        json.loads(meta["scene_json"][()].decode())  # the scene JSON verbatim
        bodies = [b.decode() for b in meta["body_names"][()]]
        expect(bodies == expected["bodies"], f"body_names {bodies}")

        t = f["templates"]
        n = t["name"].shape[0]
        expect_dataset(t, "sphere_begin", (n + 1,), "i", 8)
        spheres = int(t["sphere_begin"][-1])
        expect_dataset(t, "offset", (spheres, 3), "f", 8)
        expect_dataset(t, "radius", (spheres,), "f", 8)
        expect_dataset(t, "material", (spheres,), "i", 4)
        expect_dataset(t, "mass", (n,), "f", 8)
        expect_dataset(t, "principal_inertia", (n, 3), "f", 8)
        expect_dataset(t, "principal_frame", (n, 4), "f", 8)
        m = f["materials"]
        k = m["name"].shape[0]
        for name in ("youngs_modulus", "poisson_ratio", "restitution", "friction",
                     "rolling_resistance", "density", "work_of_adhesion"):
            expect_dataset(m, name, (k,), "f", 8)

        frames = sorted(f["frames"].keys())
        expect(len(frames) == len(expected["frames"]), f"{len(frames)} frames")
        expect(frames == [f"{i:06d}" for i in range(len(frames))], f"frame names {frames}")
        for name, want in zip(frames, expected["frames"]):
            g = f["frames"][name]
            expect(g.attrs["time"] == want["time"], f"{g.name}@time")
            S, N = want["spheres"], want["owners"]
            expect_dataset(g, "owner_position", (N, 3), "f", 8)
            q = expect_dataset(g, "owner_orientation", (N, 4), "f", 8)[()]
            expect(np.allclose(np.linalg.norm(q, axis=1), 1.0), f"{g.name}: quaternions not unit")
            for name3 in ("owner_velocity", "owner_angular_velocity", "owner_force",
                          "owner_torque", "owner_inertia"):
                expect_dataset(g, name3, (N, 3), "f")
            expect_dataset(g, "owner_template", (N,), "i", 4)
            expect_dataset(g, "owner_family", (N,), "i", 4)
            expect_dataset(g, "owner_sphere_begin", (N + 1,), "i", 4)
            expect_dataset(g, "sphere_position", (S, 3), "f", 8)
            expect_dataset(g, "sphere_velocity", (S, 3), "f")
            r = expect_dataset(g, "sphere_radius", (S,), "f")[()]
            expect((r > 0).all(), f"{g.name}/sphere_radius not positive")
            expect_dataset(g, "sphere_owner", (S,), "i", 4)
            expect_dataset(g, "sphere_family", (S,), "i", 4)
            c = expect_dataset(g, "connectivity", (S,), "i", 4)[()]
            expect((c == np.arange(S)).all(), f"{g.name}/connectivity is not 0..S-1")
            V, T = want["body_vertices"], want["body_triangles"]
            expect_dataset(g, "body_vertices", (V, 3), "f", 8)
            tri = expect_dataset(g, "body_triangles", (T, 3), "i", 4)[()]
            expect(T == 0 or tri.max() < V, f"{g.name}/body_triangles index past the vertices")
            expect_dataset(g, "body_triangle_boundary", (T,), "i", 4)
            zeros = expect_dataset(g, "body_vertex_radius", (V,), "f")[()]
            expect((zeros == 0).all(), f"{g.name}/body_vertex_radius is not zero")
            expect("boundaries" in g and "kind" in g["boundaries"], f"{g.name}/boundaries")
            # Every physical quantity carries its unit; indices carry none.
            for name_u, unit in (("sphere_position", "m"), ("sphere_velocity", "m/s"), ("owner_mass", "kg"),
                                 ("owner_angular_velocity", "rad/s"), ("owner_torque", "N m"),
                                 ("body_vertices", "m")):
                expect(g[name_u].attrs.get("units") == unit, f"{g.name}/{name_u}@units is not {unit}")
            expect("units" not in g["sphere_owner"].attrs, f"{g.name}/sphere_owner has units")
            expect(g["boundaries/point"].attrs.get("units") == "m", f"{g.name}/boundaries/point@units")
            if want["has_contacts"]:
                C = expect_dataset(g, "contact_pair", (None, 2), "i", 4).shape[0]
                expect_dataset(g, "contact_force", (C, 3), "f")
                W = expect_dataset(g, "wall_contact", (None, 2), "i", 4).shape[0]
                expect_dataset(g, "wall_contact_force", (W, 3), "f")
            else:
                expect("contact_pair" not in g, f"{g.name}: contacts in a frame without them")

        for body in bodies:
            s = f["series"][body]
            R = expected["series_rows"]
            t = expect_dataset(s, "time", (R,), "f", 8)[()]
            expect((np.diff(t) > 0).all(), f"{s.name}/time not increasing")
            expect_dataset(s, "position", (R, 3), "f", 8)
            expect_dataset(s, "orientation", (R, 4), "f", 8)
            for name3 in ("velocity", "angular_velocity", "force", "torque"):
                expect_dataset(s, name3, (R, 3), "f")
            for name_u, unit in (("time", "s"), ("position", "m"), ("force", "N"), ("torque", "N m")):
                expect(s[name_u].attrs.get("units") == unit, f"{s.name}/{name_u}@units is not {unit}")
            # /trajectories/<body>: the same table under the name one looks for (a link).
            tr = f["trajectories"][body]
            expect((tr["time"][()] == t).all() and (tr["position"][()] == s["position"][()]).all(),
                   f"/trajectories/{body} is not /series/{body}")
            expect(f.get(f"trajectories/{body}", getlink=True).path == f"/series/{body}",
                   f"/trajectories/{body} is not a link to /series/{body}")
        expect(f["templates/radius"].attrs.get("units") == "m", "/templates/radius@units")

    with h5py.File(os.path.join(folder, "checkpoint.h5"), "r") as c:
        expect(c.attrs["format"] == "regolith-checkpoint", "checkpoint format attribute")
        keys = expect_dataset(c["engine/contacts"], "pair_keys", (None,), "u", 8)
        expect_dataset(c["engine/contacts"], "pair_shear", (keys.shape[0], 3), "f")
        expect_dataset(c["engine/state"], "owner_position", (None, 3), "f", 8)

    rows = open(os.path.join(folder, "series.csv")).read().splitlines()
    expect(rows[0].split(",")[:3] == ["time", "body", "x"], "series.csv header")
    expect(len(rows) == 1 + expected["series_rows"] * len(bodies), f"series.csv has {len(rows)} lines")
    print(f"ok: {len(frames)} frames, {len(bodies)} bodies")


def check_xdmf(folder):
    xmf = os.path.join(folder, "run.xmf")
    root = ET.parse(xmf).getroot()
    expect(root.tag == "Xdmf" and root.get("Version") == "3.0", "root element")
    temporal = root.find("Domain/Grid")
    expect(temporal.get("CollectionType") == "Temporal", "temporal collection")
    steps = temporal.findall("Grid")
    expected = json.load(open(os.path.join(folder, "expected.json")))
    expect(len(steps) == len(expected["frames"]), f"{len(steps)} time steps")
    items = 0
    with h5py.File(os.path.join(folder, "run.h5"), "r") as f:
        for step, want in zip(steps, expected["frames"]):
            expect(float(step.find("Time").get("Value")) == want["time"], "Time value")
            for grid in step.findall("Grid"):
                cells = int(grid.find("Topology").get("NumberOfElements"))
                points = None
                # Topology rows are cells, geometry rows points; attributes follow Center.
                parts = [("Topology", grid.find("Topology"))]
                parts.append(("Geometry", grid.find("Geometry")))
                parts += [(a.get("Center"), a) for a in grid.findall("Attribute")]
                for role, element in parts:
                    item = element.find("DataItem")
                    file_name, path = item.text.strip().split(":", 1)
                    expect(os.path.exists(os.path.join(folder, file_name)), f"{file_name} missing")
                    expect(path in f, f"{path} does not exist")
                    dims = tuple(int(d) for d in item.get("Dimensions").split())
                    expect(f[path].shape == dims, f"{path}: shape {f[path].shape}, XDMF says {dims}")
                    expect(f[path].dtype.itemsize == int(item.get("Precision")), f"{path}: precision")
                    if role == "Geometry":
                        points = dims[0]
                    rows = {"Topology": cells, "Cell": cells}.get(role, points)
                    expect(dims[0] == rows, f"{path}: {dims[0]} rows, expected {rows} ({role})")
                    items += 1
            names = [g.get("Name") for g in step.findall("Grid")]
            expect("particles" in names, "no particles grid")
            expect(("bodies" in names) == (want["body_triangles"] > 0), "bodies grid")
    print(f"ok: {len(steps)} time steps, {items} data items")


def check_large(folder):
    expected = json.load(open(os.path.join(folder, "expected.json")))["frames"]
    raw = np.fromfile(os.path.join(folder, "positions.bin"), dtype="<f8")
    static_names = ("owner_mass", "owner_inertia", "owner_sphere_begin", "owner_family", "owner_template",
                    "sphere_owner", "sphere_offset", "sphere_radius", "sphere_material", "sphere_family",
                    "connectivity", "body_triangles", "body_triangle_boundary", "body_vertex_radius",
                    "boundaries/kind", "boundaries/material", "boundaries/half_u", "boundaries/triangle")
    with h5py.File(os.path.join(folder, "run.h5"), "r") as f:
        expect(int(f.attrs["format_version"]) == 1, "format_version")
        frames = sorted(f["frames"].keys())
        expect(len(frames) == len(expected), f"{len(frames)} frames")
        at = 0
        for name, want in zip(frames, expected):
            g = f["frames"][name]
            p = g["sphere_position"]
            expect(p.compression == "gzip" and p.shuffle, f"{p.name}: filters {p.compression}, shuffle {p.shuffle}")
            n = 3 * want["spheres"]
            expect(p[()].astype("<f8").tobytes() == raw[at:at + n].tobytes(),
                   f"{p.name}: not the positions written, bit for bit")
            at += n
            # Each static dataset is the one of the group the frame names.
            home = f[g.attrs["static"]]
            for s in static_names:
                expect(h5py.h5o.get_info(g[s].id).addr == h5py.h5o.get_info(home[s].id).addr,
                       f"{g.name}/{s} is not {home.name}/{s}")
            expect((g["sphere_radius"][()] > 0).all(), f"{g.name}/sphere_radius not positive")
        expect(at == raw.size, f"{raw.size - at} positions left over")
        homes = [f["frames"][k].attrs["static"] for k in frames]
        expect(homes[0] == "/static/000000" and len(set(homes)) == 2,
               f"static groups {homes}: expected one until the last frame's family switch")
    print(f"ok: {len(frames)} frames, positions bit for bit, static data linked")


if __name__ == "__main__":
    checks = {"h5py": check_h5py, "xdmf": check_xdmf, "large": check_large}
    if len(sys.argv) != 3 or sys.argv[1] not in checks:
        fail(__doc__)
    checks[sys.argv[1]](sys.argv[2])
