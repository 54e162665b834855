// A small real run for the Output tests and for regolith_write_sample_run (the fixture of
// the Python and ParaView tests): grains and two-sphere clumps in a box, a spinning body
// carrying a cylinder, stepped a few frames, with everything the run files hold.
#pragma once

#include <string>
#include <vector>

#include "io/checkpoint/checkpoint.h"
#include "io/run_file/run_file.h"

namespace regolith::test {

struct SampleRun {
  RunHeader header;
  std::vector<FrameData> frames;
  std::vector<std::vector<SeriesSample>> seriesRows;  // per sample: one row per body
  Checkpoint checkpoint;                              // taken after the last frame
};

// `frames` frames `stepsPerFrame` steps apart (the first at step 0), a series row per
// body every stepsPerFrame / 2 steps.
SampleRun simulateSampleRun(int frames = 4, int stepsPerFrame = 40);

// DIR/run.h5, DIR/run.xmf, DIR/series.csv and DIR/checkpoint.h5 of `run` (DIR must exist).
void writeSampleRun(const SampleRun& run, const std::string& dir);

}  // namespace regolith::test
