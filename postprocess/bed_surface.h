// The undisturbed surface of a granular bed in a stored frame, shared by the studies that
// measure against it (studies/study.h surfaceOf: tumbling, plate intrusion) and their tests.
#pragma once

#include "io/run_file/run_file.h"

namespace regolith::postprocess {

// The bed's free surface in a frame: the mean of the highest grain tops on a grid of cells
// four largest sphere radii wide over the grains' extent, leaving out one cell along
// every side (grains against a wall stand higher or lower). NaN without grains.
double bedSurfaceHeight(const FrameData& frame);

}  // namespace regolith::postprocess
