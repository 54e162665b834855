// What a checkpoint must hold, beyond the Model, for a Simulation to continue as if it had
// never stopped: the dynamic state with its last evaluated forces (velocity Verlet's next
// half kick reads them), the contact history, the step counter, which family switches
// have fired, and the dual-stream engine's bookkeeping (its counters and the speeds of the
// last D steps that decide whether a list may still be used).
//
// Candidate lists are not saved: the restored run builds fresh ones. Results do not depend
// on which extra candidates a list holds (docs/ARCHITECTURE.md, "Why async equals sync bit
// for bit"), so the resumed run reproduces the uninterrupted one bit for bit on the CPU
// build.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "core/bed_follow.h"
#include "core/stream_settings.h"
#include "kernels/state_arrays.h"

namespace regolith {

struct EngineState {
  std::uint64_t steps = 0;
  StateArrays state;                   // owners incl. ownerForce/ownerTorque and ownerFamily; spheres
  ContactSnapshot contacts;            // keys and shear of the live lists
  std::vector<std::uint8_t> switched;  // per Model::familySwitches entry: already applied
  std::uint64_t rebuilds = 0;
  StreamStats stats;
  std::vector<std::pair<std::uint64_t, double>> recentSpeeds;  // (step, largest speed)
  // The engine's numbering of owners (streams.reorder_every): slot k holds the scene's
  // owner ownerOrder[k]; empty while it is the scene's own. Everything above is in the
  // scene's numbering; this lets a restored run sum its contacts in the same order.
  std::vector<Index> ownerOrder;
  // Tracked owners (Simulation::trackOwners; scene numbering) and their load sums since
  // the last take, over trackedSteps steps: a coupled run resumes mid-interval exactly.
  std::vector<Index> trackedOwners;
  std::vector<Vec3d> trackedForceSums, trackedTorqueSums;
  std::uint64_t trackedSteps = 0;
  // A bed that follows a body (Model::follow): its template and the next strip due.
  MovingBedState movingBed;
};

}  // namespace regolith
