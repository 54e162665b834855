// What the run loop hands the run file, taken from a Simulation: one frame (downloads of
// the state, sphere centres, boundaries and optionally the touching contacts) and one
// series row per body.
#pragma once

#include <vector>

#include "core/simulation.h"
#include "io/run_file/run_file.h"
#include "scenes/scene.h"

namespace regolith {

// `ownerTemplate`: per owner, its template index (-1 for bodies), as the scene built it.
FrameData captureFrame(const Simulation& sim, const std::vector<Index>& ownerTemplate, bool withContacts);

// The recorded bodies as the series needs them: owner (-1 static), static reference
// point, and which body each boundary belongs to (-1: none).
struct SeriesBodies {
  std::vector<Index> owner;
  std::vector<Vec3d> reference;
  std::vector<Index> bodyOfBoundary;
};
SeriesBodies seriesBodiesOf(const std::vector<const SceneBody*>& bodies, std::size_t boundaryCount);

// One row per body, in that order, from a state downloaded at `time` (a frame's, when one
// is written at the same step: one download serves both), its sphere centres and the
// touching wall contacts. A moving body's force and torque are its owner's (the sum the
// integrator used: what a load cell reads, gravity excluded); a static body's are the sum
// of its contacts' reactions about its reference point. The split, count and centroid
// come from core/body_loads.h for both. In a periodic run (`box`) a body's position is
// its unwrapped one, and its loads take the grains' images its boundaries met.
std::vector<SeriesSample> captureSeries(const StateArrays& s, double time, const SeriesBodies& bodies,
                                        const std::vector<WallContact>& contacts,
                                        const std::vector<Vec3d>& sphereCentres,
                                        const PeriodicBox& box = PeriodicBox());

}  // namespace regolith
