// What the run loop hands the run file, taken from a Simulation: one frame (downloads of
// the state, sphere centres, boundaries and optionally the touching contacts) and one
// series row per body.
#pragma once

#include <vector>

#include "core/simulation.h"
#include "io/run_file.h"

namespace regolith {

// `ownerTemplate`: per owner, its template index (-1 for bodies), as the scene built it.
FrameData captureFrame(const Simulation& sim, const std::vector<Index>& ownerTemplate,
                       bool withContacts);

// One row per owner of `bodyOwners`, in that order, from a state downloaded at `time`
// (a frame's, when one is written at the same step: one download serves both). Force and
// torque are the contacts' (the engine's owner force: what a load cell reads, gravity
// excluded).
std::vector<SeriesSample> captureSeries(const StateArrays& s, double time,
                                        const std::vector<Index>& bodyOwners);

}  // namespace regolith
