// The words of `regolith run` when a run blows up (exit 5, apps/run_loop.h): which particle,
// of which family (and body), what is wrong with it, at which step, and what usually
// causes it. The rule of what counts as a blow-up is core/blow_up_guard.h.
#pragma once

#include <cstdint>
#include <string>

#include "scenes/scene.h"
#include "kernels/state_arrays.h"

namespace regolith {

// The first particle of `state` that breaks the rule (or, when none does, the fastest),
// named for the user. `limit`: r_min / dt [m/s]; `minRadius` [m]; `cause`: what stopped the
// run when it was not the state check itself ("" when it was).
std::string blowUpMessage(const Scene& scene, const StateArrays& state, std::uint64_t step, double limit,
                          double minRadius, const std::string& cause);

}  // namespace regolith
