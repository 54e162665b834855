"""The following bed's scripts on a short real run (tests/CMakeLists.txt, StudySmoke):
`regolith metrics`, then plot_traverse.py (table and figure) and bed_ahead.py, whose first
row compares the template with itself (ratio 1, no height difference) and whose later rows
count a bed that is still there ahead of the wheel.

    check_traverse_scripts.py REGOLITH_BINARY RUN_DIR
"""
import os
import subprocess
import sys

here = os.path.dirname(os.path.abspath(__file__))
study = os.path.dirname(here)


def run(args):
    out = subprocess.run(args, capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"{' '.join(args)} exited {out.returncode}:\n{out.stdout}{out.stderr}")
    return out.stdout


def main():
    regolith, run_dir = sys.argv[1], sys.argv[2]
    run([regolith, "metrics", run_dir])
    figure = os.path.join(run_dir, "traverse_check.png")
    table = run([sys.executable, os.path.join(study, "plot_traverse.py"), run_dir, "--bed-length", "0.06",
                 "--window", "0.005", "--out", figure])
    if "windows 2-" not in table or not os.path.getsize(figure):
        sys.exit(f"plot_traverse.py: no steady windows or no figure:\n{table}")
    ahead = run([sys.executable, os.path.join(study, "bed_ahead.py"), run_dir, "--every", "0.1"])
    rows = [line.split() for line in ahead.splitlines()[2:]]
    if len(rows) < 5:
        sys.exit(f"bed_ahead.py: {len(rows)} rows, expected one per 0.1 s of a 0.55 s drive:\n{ahead}")
    first = rows[0]
    if first[2] != first[3] or float(first[4]) != 1.0 or float(first[7]) != 0.0:
        sys.exit(f"bed_ahead.py: the template against itself must give ratio 1 and no height:\n{ahead}")
    for r in rows:
        # The window holds about 120 grains; a refresh that lost the bed ahead, or piled it,
        # would leave this band (the smoke traverse stays within 0.99 to 1.21).
        if not 0.7 < float(r[4]) < 1.4:
            sys.exit(f"bed_ahead.py: ratio {r[4]} at t = {r[0]} s:\n{ahead}")
    print(table + ahead)


if __name__ == "__main__":
    main()
