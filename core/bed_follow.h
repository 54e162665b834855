// A bed that follows a body (docs/moving-bed.md): in a box periodic along a body's travel,
// the strip of grains the body has left behind, which is the strip it meets next once round
// the period, is made fresh again from a settled template of the bed as the body goes. The
// settings (a Model's) and what a run must carry across a checkpoint.
#pragma once

#include <cstdint>
#include <vector>

#include "kernels/backend/vec3.h"

namespace regolith {

struct BedFollow {
  Index body = -1;    // the tracked owner (scene numbering): a mesh wheel, a coupled leg, a clump
  int axis = 0;       // the travel axis (0, 1, 2): periodic
  int direction = 1;  // +1: the body travels along +axis; -1: along -axis
  double strip = 0;   // strip width asked for [m]; the period is cut into whole strips of about it
  double behind = 0;  // a strip is refreshed once its front edge lies this far behind the body's centre [m]
  double start = 0;   // the time the bed starts following [s]; the template is the bed then
};

// What a following bed has done so far: part of a checkpoint (core/engine_state.h).
struct MovingBedState {
  bool started = false;
  std::int64_t nextStrip = 0;  // the next strip to refresh, counted along the travel from the box's back
  std::uint64_t refreshes = 0;
  // Summed over the refreshes (core/moving_bed.h StripRefresh): grains moved, of them those
  // raised over a blocked place and those set above the strip, and template places left
  // empty (blocked or not needed).
  std::uint64_t moved = 0, raised = 0, dropped = 0, emptyPlaces = 0;
  // Per owner (scene numbering), its pose when the bed started following: the template.
  std::vector<Vec3d> templatePosition;
  std::vector<Quat> templateOrientation;
};

}  // namespace regolith
