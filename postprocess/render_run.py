"""Renders a Regolith run (DIR/run.xmf) with ParaView, headless: the grains as spheres of
their own radius coloured by speed, the bodies translucent, a camera that frames them.

Run by `regolith render` (pvpython, on its own Xvfb when there is no display); by hand
(with a display, or under `xvfb-run -a`):

    pvpython render_run.py RUN.xmf OUT.png [--frame K] [--movie] [--size W H] [--view iso|x|y|z]

--frame K: frame index (negative counts from the end; default -1, the last frame).
--movie: every frame, written as OUT.0000.png, OUT.0001.png, ... (ParaView's numbering).
Prints one line per picture written: "wrote PATH (frame K, t = T s, N spheres)".
"""
import argparse
import os
import sys

from paraview import simple as pv


def parse_args():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("xmf")
    ap.add_argument("out")
    ap.add_argument("--frame", type=int, default=-1)
    ap.add_argument("--movie", action="store_true")
    ap.add_argument("--size", type=int, nargs=2, default=[1280, 800], metavar=("W", "H"))
    ap.add_argument("--view", choices=["iso", "x", "y", "z"], default="iso")
    return ap.parse_args()


def fail(message):
    print("render_run.py: " + message, file=sys.stderr)
    sys.exit(1)


# Where the camera sits, seen from the scene's centre, and which way is up (z is up in
# every Regolith scene: gravity points along -z in the studies).
CAMERAS = {"iso": ((1.0, -1.6, 0.9), (0, 0, 1)), "x": ((1, 0, 0), (0, 0, 1)),
           "y": ((0, -1, 0), (0, 0, 1)), "z": ((0, 0, 1), (0, 1, 0))}


def select(extract, name, k):
    """Points an ExtractBlock at one of frame k's two grids ("particles", "bodies"). The
    top-level-partition reader names them "particles[K]" at time index K, which
    ParaView's selectors spell /Root/particlesK."""
    extract.Selectors = [f"/Root/{name}{k}"]


def main():
    args = parse_args()
    if not os.path.isfile(args.xmf):
        fail(f"{args.xmf}: no such file (a run folder holds run.xmf)")
    # The "top level partition" reader keeps the spatial collection's two grids as named
    # blocks (the plain Xdmf3 reader returns them as unnamed pieces of one dataset).
    reader = pv.Xdmf3ReaderT(FileName=[os.path.abspath(args.xmf)])
    reader.UpdatePipelineInformation()
    times = list(reader.TimestepValues) if reader.TimestepValues else [0.0]
    frame = args.frame if args.frame >= 0 else len(times) + args.frame
    if not 0 <= frame < len(times):
        fail(f"--frame {args.frame}: the run has frames 0 to {len(times) - 1}")

    view = pv.CreateRenderView()
    view.ViewSize = list(args.size)
    view.OrientationAxesVisibility = 1
    try:  # ParaView 5.10+: the background comes from the palette unless told otherwise
        view.UseColorPaletteForBackground = 0
    except AttributeError:
        pass
    view.Background = [1.0, 1.0, 1.0]

    # Grains: one sphere glyph per sphere, at every point (ParaView's default glyph mode
    # draws a sample of them), scaled by the radius (the glyph's own radius is 0.5).
    particles = pv.ExtractBlock(Input=reader)
    glyph = pv.Glyph(Input=particles, GlyphType="Sphere")
    glyph.ScaleArray = ["POINTS", "radius"]
    glyph.ScaleFactor = 2.0
    glyph.GlyphMode = "All Points"
    glyph.OrientationArray = ["POINTS", "No orientation array"]
    glyph.GlyphType.ThetaResolution = 14
    glyph.GlyphType.PhiResolution = 10
    grains = pv.Show(glyph, view)
    pv.ColorBy(grains, ("POINTS", "velocity", "Magnitude"))
    speed = pv.GetColorTransferFunction("velocity")
    speed.ApplyPreset("Viridis (matplotlib)", True)
    grains.SetScalarBarVisibility(view, True)
    bar = pv.GetScalarBar(speed, view)
    bar.Title = "speed [m/s]"
    bar.ComponentTitle = ""
    bar.TitleColor = bar.LabelColor = [0.1, 0.1, 0.1]

    # Bodies: translucent, so that a drum or a bin does not hide what is inside.
    body_block = pv.ExtractBlock(Input=reader)
    bodies = pv.Show(body_block, view)
    bodies.ColorArrayName = [None, ""]
    bodies.DiffuseColor = bodies.AmbientColor = [0.55, 0.55, 0.6]
    bodies.Opacity = 0.25

    label = pv.Text()
    shown_label = pv.Show(label, view)
    shown_label.Color = [0.1, 0.1, 0.1]
    shown_label.FontSize = 14
    shown_label.WindowLocation = "Upper Left Corner"

    def show_frame(k):
        t = times[k]
        select(particles, "particles", k)
        select(body_block, "bodies", k)
        view.ViewTime = t
        glyph.UpdatePipeline(t)
        count = particles.GetDataInformation().GetNumberOfPoints()
        label.Text = f"{os.path.basename(os.path.dirname(os.path.abspath(args.xmf)))}  t = {t:.3f} s  ({count} spheres)"
        return t, count

    # The camera frames the last frame shown (or the whole run's last frame for a movie),
    # and the colour range is that frame's speeds.
    t, count = show_frame(len(times) - 1 if args.movie else frame)
    speed.RescaleTransferFunction(*_speed_range(glyph, t))
    direction, up = CAMERAS[args.view]
    view.CameraPosition = list(direction)
    view.CameraFocalPoint = [0, 0, 0]
    view.CameraViewUp = list(up)
    view.ResetCamera()
    view.CameraParallelProjection = 0

    if not args.movie:
        pv.SaveScreenshot(args.out, view, ImageResolution=list(args.size))
        print(f"wrote {args.out} (frame {frame}, t = {t:.6g} s, {count} spheres)")
        return
    stem, ext = os.path.splitext(args.out)
    for k in range(len(times)):
        t, count = show_frame(k)
        path = f"{stem}.{k:04d}{ext or '.png'}"
        pv.SaveScreenshot(path, view, ImageResolution=list(args.size))
        print(f"wrote {path} (frame {k}, t = {t:.6g} s, {count} spheres)")


def _speed_range(glyph, t):
    """The frame's speed range (0 to its largest speed; a still bed gets 0 to 1e-6)."""
    glyph.UpdatePipeline(t)
    info = glyph.GetPointDataInformation().GetArray("velocity")
    hi = info.GetRange(-1)[1] if info else 0.0
    return 0.0, max(hi, 1e-6)


if __name__ == "__main__":
    main()
