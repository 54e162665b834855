// MuJoCo's state as a checkpoint keeps it: every mjData array mj_step reads from one step to
// the next (positions, velocities, activations, controls, the solver's warm start, applied
// forces, mocap poses, user data) and the time, by name. Restored into the same model, the
// next mj_step gives the same bits as it would have.
#pragma once

#include <mujoco/mujoco.h>

#include <string>
#include <utility>
#include <vector>

namespace regolith::robots {

using MujocoArrays = std::vector<std::pair<std::string, std::vector<double>>>;

MujocoArrays saveMujocoState(const mjModel* m, const mjData* d);
// Throws std::invalid_argument naming an array that is missing or of another length (the
// state of another model).
void restoreMujocoState(const mjModel* m, mjData* d, const MujocoArrays& state, double time);

}  // namespace regolith::robots
