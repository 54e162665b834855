#!/usr/bin/env python3
"""The hexapod README's payload table: runs `regolith robot` for each payload on the flat
and the deforming surface (5 cycles after a 0.5 s drop) and prints the table's rows.

    python3 examples/robots/hexapod/payload_table.py --regolith build/cpu/apps/regolith \
        --work runs/hexapod_payload [--payloads 0 0.5 1 1.5 2 2.277] [--timestep 0.0008]

Definitions (the table's): mm/cycle = (x(5.5 s) - x(0.5 s)) / 5 of the chassis origin;
chassis z = mean z of the chassis origin from 1.5 s on; pitch and roll p-p = peak to peak
within each cycle of the chassis' z-y-x Tait-Bryan pitch and roll, the mean of cycles 2 to 5.
"""
import argparse
import csv
import math
import os
import re
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
GAIT = ["--gait", "tripod", "--period", "1", "--stride", "0.5", "--lift", "0.6", "--duty", "0.5",
        "--gait-start", "0.5"]


def chassis_rows(series_csv):
    with open(series_csv) as f:
        return [r for r in csv.DictReader(f) if r["body"] == "chassis"]


def pitch_roll_deg(r):
    w, x, y, z = (float(r[k]) for k in ("qw", "qx", "qy", "qz"))
    pitch = math.asin(max(-1.0, min(1.0, 2 * (w * y - z * x))))
    roll = math.atan2(2 * (w * x + y * z), 1 - 2 * (x * x + y * y))
    return math.degrees(pitch), math.degrees(roll)


def row_metrics(rows):
    t = [float(r["time"]) for r in rows]
    x = [float(r["x"]) for r in rows]

    def x_at(time):
        return min(zip(t, x), key=lambda p: abs(p[0] - time))[1]

    per_cycle = (x_at(5.5) - x_at(0.5)) / 5
    z = [float(r["z"]) for r, ti in zip(rows, t) if ti >= 1.5]
    pp_pitch, pp_roll = [], []
    for cycle in range(2, 6):  # cycle k runs from 0.5 + (k - 1) s to 0.5 + k s
        angles = [pitch_roll_deg(r) for r, ti in zip(rows, t) if 0.5 + cycle - 1 <= ti <= 0.5 + cycle]
        pp_pitch.append(max(a[0] for a in angles) - min(a[0] for a in angles))
        pp_roll.append(max(a[1] for a in angles) - min(a[1] for a in angles))
    return 1000 * per_cycle, 1000 * sum(z) / len(z), sum(pp_pitch) / 4, sum(pp_roll) / 4


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--regolith", required=True, help="the regolith executable")
    p.add_argument("--work", required=True, help="a folder for the runs")
    p.add_argument("--payloads", type=float, nargs="+", default=[0, 0.5, 1.0, 1.5, 2.0, 2.277])
    p.add_argument("--timestep", help="replace the model's time step (a convergence check)")
    a = p.parse_args()
    os.makedirs(a.work, exist_ok=True)
    model = open(os.path.join(HERE, "hexapod.xml")).read()
    if a.timestep:
        model = re.sub(r'timestep="[^"]*"', 'timestep="%s"' % a.timestep, model)
    print("| payload [kg] | flat: mm/cycle | flat: chassis z [mm] | flat: pitch / roll p-p [deg] "
          "| deforming: mm/cycle | deforming: chassis z [mm] | deforming: pitch / roll p-p [deg] |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for payload in a.payloads:
        xml = os.path.join(HERE, "payload_%g.xml" % payload)  # beside the mesh-free model
        text, n = re.subn(r'(name="payload" type="cylinder" size="0.03 0.01" mass=")[^"]*"',
                          r'\g<1>%r"' % max(payload, 0.001), model)
        if n != 1:
            raise SystemExit("hexapod.xml: the payload geom was not found")
        cells = ["%g" % payload]
        try:
            with open(xml, "w") as f:
                f.write(text)
            for surface in ("flat", "deforming"):
                out = os.path.join(a.work, "%s_%g" % (surface, payload))
                subprocess.run([a.regolith, "robot", xml, "--terrain", os.path.join(HERE, surface + ".terrain.json"),
                                *GAIT, "--duration", "5.5", "--out", out, "--overwrite", "--quiet",
                                "--frame-every", "1"], check=True, stdout=subprocess.DEVNULL)
                cycle, z, pitch, roll = row_metrics(chassis_rows(os.path.join(out, "series.csv")))
                cells += ["%.1f" % cycle, "%.1f" % z, "%.2f / %.2f" % (pitch, roll)]
        finally:
            os.remove(xml)
        print("| " + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    main()
