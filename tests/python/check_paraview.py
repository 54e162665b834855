"""ParaView's own Xdmf3 reader loads DIR/run.xmf with one time step per frame and, at each,
the spheres plus the body vertices and triangles of that frame (ctest: Output.ParaViewLoadsXdmf; run by
pvpython, under xvfb-run where present)."""
import json
import os
import sys

from paraview.simple import Xdmf3ReaderS

folder = sys.argv[1]
expected = json.load(open(os.path.join(folder, "expected.json")))["frames"]
reader = Xdmf3ReaderS(FileName=[os.path.abspath(os.path.join(folder, "run.xmf"))])
reader.UpdatePipelineInformation()
times = list(reader.TimestepValues)
if len(times) != len(expected):
    print(f"FAIL: {len(times)} time steps, expected {len(expected)}")
    sys.exit(1)
for t, want in zip(times, expected):
    reader.UpdatePipeline(t)
    info = reader.GetDataInformation()
    points, cells = info.GetNumberOfPoints(), info.GetNumberOfCells()
    # One vertex cell per sphere (the Polyvertex topology's connectivity) and the triangles.
    wanted = (want["spheres"] + want["body_vertices"], want["spheres"] + want["body_triangles"])
    if abs(t - want["time"]) > 1e-12 * max(1.0, abs(want["time"])) or (points, cells) != wanted:
        print(f"FAIL: at t = {t}: {points} points and {cells} cells, expected {wanted} "
              f"at t = {want['time']}")
        sys.exit(1)
print(f"ok: {len(times)} time steps, {expected[-1]['spheres']} spheres")
