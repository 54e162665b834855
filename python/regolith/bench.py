"""What stepping from Python costs: python3 -m regolith.bench

Times the bed of `regolith bench dense` (N spheres of 5 mm settled in a box, the
LIGGGHTS comparison scene of docs/performance.md) three ways, each from the same settled
state with a fresh Simulation:

  reference  one step(N) call: what `regolith bench dense` times (no Python in the loop);
  chunks     step(100) from a Python loop;
  views      step(100), then every state array read (owner positions, quaternions,
             velocities, angular velocities, families, sphere centres, radii, owners)
             and each one's sum taken, after every chunk.

It prints particle-steps per second of each, the overhead against the reference, and
whether the views were the engine's memory (the same addresses after every chunk: no
copy) on this build. Options: --particles, --steps, --threads, --mode, --repeats,
--bed-cache (as `regolith bench`), --json.
"""

import argparse
import json
import sys
import time

from ._regolith import Simulation, backend, bench_scene, cpu_vector_level, default_stream_mode

VIEWS = ["owner_positions", "owner_quaternions", "owner_velocities", "owner_angular_velocities", "owner_families",
         "sphere_centres", "sphere_radii", "sphere_owners"]


def timed(scene, steps, threads, chunk, read_views):
    sim = Simulation(scene, threads=threads)
    addresses = {name: getattr(sim, name).__array_interface__["data"][0] for name in VIEWS}
    same = True
    t0 = time.perf_counter()
    if chunk == 0:
        sim.step(steps)
    else:
        for _ in range(steps // chunk):
            sim.step(chunk)
            if read_views:
                for name in VIEWS:
                    view = getattr(sim, name)
                    view.sum()
                    same = same and view.__array_interface__["data"][0] == addresses[name]
    wall = time.perf_counter() - t0
    sim.close()
    return wall, same


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python3 -m regolith.bench", description=__doc__.splitlines()[0])
    parser.add_argument("--particles", type=int, default=10000)
    parser.add_argument("--steps", type=int, default=2000, help="timed steps (a multiple of 100)")
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--mode", default=default_stream_mode, choices=["async", "sync", "verlet"],
                        help="contact lists (default: the build's, verlet)")
    parser.add_argument("--repeats", type=int, default=3, help="alternating repeats of the three (best kept)")
    parser.add_argument("--bed-cache", default=None, help="settled-bed file, as `regolith bench --bed-cache`")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    steps = max(100, args.steps - args.steps % 100)

    scene = bench_scene(args.particles, args.mode, args.bed_cache)
    best = {"reference": float("inf"), "chunks": float("inf"), "views": float("inf")}
    no_copy = True
    for _ in range(args.repeats):
        best["reference"] = min(best["reference"], timed(scene, steps, args.threads, 0, False)[0])
        best["chunks"] = min(best["chunks"], timed(scene, steps, args.threads, 100, False)[0])
        wall, same = timed(scene, steps, args.threads, 100, True)
        best["views"] = min(best["views"], wall)
        no_copy = no_copy and same
    rate = {k: args.particles * steps / v for k, v in best.items()}
    result = {
        "particles": args.particles, "steps": steps, "threads": args.threads, "mode": args.mode,
        "backend": backend, "cpu_vector": cpu_vector_level(), "repeats": args.repeats,
        "particle_steps_per_s": rate,
        "overhead_chunks": best["chunks"] / best["reference"] - 1,
        "overhead_views": best["views"] / best["reference"] - 1,
        "views_are_the_engines_memory": no_copy if backend == "cpu-omp" else False,
    }
    if args.json:
        print(json.dumps(result))
        return 0
    print(f"regolith bench dense bed from Python: {args.particles} spheres, {steps} steps, "
          f"{args.threads} thread(s), {args.mode}, {backend}; best of {args.repeats}")
    for k in ("reference", "chunks", "views"):
        print(f"  {k:9s}  {rate[k] / 1e6:7.3f} M particle-steps/s")
    print(f"  step(100) from Python costs {100 * result['overhead_chunks']:+.2f} %, "
          f"and reading every view after each chunk {100 * result['overhead_views']:+.2f} % against one step(N)")
    print(f"  views are the engine's memory (no copy): {result['views_are_the_engines_memory']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
