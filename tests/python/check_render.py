"""`regolith render` on a real run: the picture exists at the size asked for, is not one
colour, and shows the grains (ctest Render.*; /usr/bin/python3 with matplotlib).

    check_render.py still REGOLITH RUN_DIR OUT_DIR   the last frame of the demo
    check_render.py movie REGOLITH RUN_DIR OUT_DIR   every frame of the sample run

The grains are coloured by speed (viridis: saturated colours); the background is white,
the bodies grey and the labels dark grey, all unsaturated. So the share of saturated
pixels outside the colour bar is the share of the picture where grains are seen: the
demo's 1,876 grains in a translucent drum fill about a tenth of it; a drum drawn opaque,
or a glyph mode that draws a third of them, leaves far less."""
import glob
import json
import os
import subprocess
import sys

import matplotlib.image as mpimg
import numpy as np


def render(regolith, run, out, *extra):
    done = subprocess.run([regolith, "render", run, "--out", out, "--width", "640", "--height", "400", *extra],
                          capture_output=True, text=True)
    print(done.stdout + done.stderr)
    return done.returncode


def saturated_share(path):
    rgb = mpimg.imread(path)[:, :, :3]
    assert rgb.shape == (400, 640, 3), f"{path}: {rgb.shape}, expected 400 x 640 pixels"
    colours = len(np.unique((rgb * 255).astype(np.uint8).reshape(-1, 3), axis=0))
    assert colours > 50, f"{path}: {colours} colours: a blank or one-colour picture"
    body = rgb[:, : int(0.85 * rgb.shape[1])]  # the colour bar sits at the right edge
    saturation = body.max(axis=2) - body.min(axis=2)
    return float((saturation > 0.15).mean()), colours


def main():
    mode, regolith, run, out_dir = sys.argv[1:5]
    os.makedirs(out_dir, exist_ok=True)
    if mode == "still":
        picture = os.path.join(out_dir, "demo_last.png")
        assert render(regolith, run, picture) == 0, "regolith render failed"
        share, colours = saturated_share(picture)
        print(f"{picture}: {colours} colours, grains on {100 * share:.1f} % of the picture")
        assert share > 0.03, f"grains on only {100 * share:.1f} % of the picture (expected > 3 %)"
        # A frame the run does not have is refused with the range.
        bad = render(regolith, run, os.path.join(out_dir, "nope.png"), "--frame", "100000")
        assert bad == 1, f"--frame 100000: exit {bad}, expected 1"
    else:
        frames = len(json.load(open(os.path.join(run, "expected.json")))["frames"])
        stem = os.path.join(out_dir, "movie.png")
        for old in glob.glob(os.path.join(out_dir, "movie.*.png")):
            os.remove(old)
        assert render(regolith, run, stem, "--movie") == 0, "regolith render --movie failed"
        written = sorted(glob.glob(os.path.join(out_dir, "movie.*.png")))
        assert len(written) == frames, f"{len(written)} pictures for {frames} frames"
        for path in written:
            saturated_share(path)
        print(f"{len(written)} pictures, one per frame")
    print("ok")


if __name__ == "__main__":
    main()
