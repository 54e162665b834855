// The near pairs: the part of the sphere–sphere candidate list the pair pass visits
// (kernels/detection/near_pairs.cpp). Internal to kernels/.
#pragma once

#include "kernels/device_state.h"
#include "kernels/stages.h"

namespace regolith {

// Spends what a step's drift takes of the near list's slack: twice its largest sphere
// displacement (m.stepped2), since two spheres may close on each other by both of theirs;
// and sets the pace the next list's reach is sized for.
void spendNearSlack(DeviceState& s, const SphereMotion& m);

// The near list must be marked again before the next pair pass (a new candidate list, new
// sphere numbers, spheres placed other than by a step).
void forgetNearPairs(DeviceState& s);

// Marks the near pairs again if the slack is spent (or the list was forgotten); otherwise
// does nothing. Candidates left out are apart by at least nearReach; any whose slots held
// a result (a contact that has just ended) have them cleared here, since the pair pass
// will not visit them.
void refreshNearPairs(DeviceState& s);

}  // namespace regolith
