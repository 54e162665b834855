// A run file's worth of frames without a simulation: many lone grains on a lattice that
// jiggle from frame to frame, for the run-file size tests (io/run_file/frame_static.h) and for
// regolith_write_sample_run's large run (the h5py and ParaView checks of compressed,
// linked frames).
#pragma once

#include "tests/support/sample_run.h"

namespace regolith::test {

// `spheres` grains of one template, `frames` frames; positions, orientations, velocities
// and forces change in every frame (pseudo-random, fixed seed), the per-particle data does
// not, except that grain 0 switches to family 1 in the last frame (when frames >= 3), so
// that frame needs a new static group. One static floor plane. No series rows.
SampleRun latticeRun(int spheres, int frames);

}  // namespace regolith::test
