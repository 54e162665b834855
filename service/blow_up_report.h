// The words of `regolith run` when a run blows up (a blow-up outcome, service/run_scene.h): which particle,
// of which family (and body), what is wrong with it, at which step, and what usually
// causes it. The rule of what counts as a blow-up is core/blow_up_guard.h.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "scenes/scene.h"
#include "kernels/state_arrays.h"

namespace regolith {

// The first particle of `state` that breaks the rule (or, when none does, the fastest),
// named for the user. `limit`: r_min / dt [m/s]; `minRadius` [m]; `cause`: what stopped the
// run when it was not the state check itself ("" when it was).
std::string blowUpMessage(const Scene& scene, const StateArrays& state, std::uint64_t step, double limit,
                          double minRadius, const std::string& cause);

// The same words for a scene whose initial state already breaks the rule (a source or a
// bed released at 1e308 m/s); nothing when it is sound. `regolith run` refuses such a scene
// with exit 5 before any step, and `regolith check` likewise, so that what check passes
// also starts.
std::optional<std::string> initialStateBlowUp(const Scene& scene);

}  // namespace regolith
