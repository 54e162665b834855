#!/usr/bin/env python3
"""The coupled tumbling ring against the native DEM ring (README.md): for each native smoke
run given, the MuJoCo ring of the ring hierarchy (examples/robots/ring/ring.xml, or
ring_spin.xml with the spin held; its start taken from the native run's release frame) on
that run's grains, and the tumble's travel, mean speed and mean forces of both.

    PYTHONPATH=build/cpu/python /usr/bin/python3 studies/tumbling/coupled/compare_coupled.py \
        --regolith build/cpu/apps/regolith --native runs/tumble/seed_5 runs/tumble/seed_6 --out runs/tumble_coupled

Each native run is `regolith run studies/tumbling/tumbling.smoke.json --set /seed=N` (and
`--set /study/spin='"free"'` for --spin free).
"""

import argparse
import csv
import pathlib
import shutil
import subprocess

import h5py
import numpy as np

HERE = pathlib.Path(__file__).resolve().parent
RING = HERE.parents[2] / "examples" / "robots" / "ring"
RELEASE_FRAME = "000012"  # t = 0.6 s: the smoke scene's release


def ring_series(path, t0):
    rows = [r for r in csv.DictReader(open(path)) if r["body"] == "ring"]
    a = {k: np.array([float(r[k]) for r in rows]) for k in ("time", "x", "vx", "wy", "fx", "fz")}
    m = a["time"] >= t0 - 1e-9
    a = {k: v[m] for k, v in a.items()}
    a["time"] = a["time"] - a["time"][0]
    return a


def summary(a):
    t = a["time"]

    def mean(v):
        return np.trapz(v, t) / t[-1]

    return {"travel [m]": a["x"][-1] - a["x"][0], "mean speed [m/s]": mean(a["vx"]),
            "mean F_n [N]": mean(a["fz"]), "mean |F| [N]": mean(np.hypot(a["fx"], a["fz"])),
            "spin [rad/s]": mean(a["wy"])}


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--regolith", default="regolith")
    p.add_argument("--native", type=pathlib.Path, nargs="+", required=True)
    p.add_argument("--out", type=pathlib.Path, default=pathlib.Path("runs/tumble_coupled"))
    p.add_argument("--spin", choices=("prescribed", "free"), default="prescribed",
                   help="the spin held at pi rad/s (ring_spin.xml, the study's) or free (ring.xml)")
    a = p.parse_args()
    a.out.mkdir(parents=True, exist_ok=True)
    shutil.copy(HERE / "ring.obj", a.out / "ring.obj")
    shutil.copy(HERE / "dem.terrain.json", a.out / "dem.terrain.json")
    for native in a.native:
        with h5py.File(native / "run.h5", "r") as f:
            g = f["frames"][RELEASE_FRAME]
            ring = int(np.where(np.diff(g["owner_sphere_begin"][...]) == 0)[0][0])
            x0 = g["owner_position"][ring]
            t0 = float(g.attrs["time"])
        # The hierarchy's ring stands where seed 5's did; each slope's own release pose instead.
        model = a.out / f"ring_{native.name}.xml"
        model.write_text((RING / "ring.xml").read_text().replace('pos="0.06 0 0.0749705"',
                                                                    f'pos="{x0[0]!r} {x0[1]!r} {x0[2]!r}"'))
        if a.spin == "prescribed":
            spin = a.out / f"ring_spin_{native.name}.xml"
            spin.write_text((RING / "ring_spin.xml").read_text().replace('file="ring.xml"', f'file="{model.name}"'))
            model = spin
        run = a.out / native.name
        if not (run / "series.csv").exists():
            subprocess.run([a.regolith, "robot", str(model), "--terrain", str(a.out / "dem.terrain.json"), "--set",
                            f"/dem/scene/sources/0/file={native / 'run.h5'}", "--duration", "0.35", "--series-every",
                            "0.001", "--frame-every", "0.05", "--out", str(run), "--quiet"], check=True)
        for kind, s in (("native", summary(ring_series(native / "series.csv", t0))),
                        ("coupled", summary(ring_series(run / "series.csv", 0.0)))):
            print(f"{native.name} {kind:8s} " + "  ".join(f"{k} {v:8.4f}" for k, v in s.items()))


if __name__ == "__main__":
    main()
