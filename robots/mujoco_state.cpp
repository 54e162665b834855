// MuJoCo's state for checkpoints (mujoco_state.h).
#include "robots/mujoco_state.h"

#include <algorithm>
#include <stdexcept>

namespace regolith::robots {
namespace {

struct Field {
  const char* name;
  mjtNum* (*data)(const mjData*);  // a pointer member: writable through a const mjData
  int (*size)(const mjModel*);
};

// What mj_step reads from the previous step or from the user.
const Field kFields[] = {
    {"qpos", [](const mjData* d) { return d->qpos; }, [](const mjModel* m) { return m->nq; }},
    {"qvel", [](const mjData* d) { return d->qvel; }, [](const mjModel* m) { return m->nv; }},
    {"act", [](const mjData* d) { return d->act; }, [](const mjModel* m) { return m->na; }},
    {"ctrl", [](const mjData* d) { return d->ctrl; }, [](const mjModel* m) { return m->nu; }},
    {"qacc_warmstart", [](const mjData* d) { return d->qacc_warmstart; }, [](const mjModel* m) { return m->nv; }},
    {"qfrc_applied", [](const mjData* d) { return d->qfrc_applied; }, [](const mjModel* m) { return m->nv; }},
    {"xfrc_applied", [](const mjData* d) { return d->xfrc_applied; }, [](const mjModel* m) { return 6 * m->nbody; }},
    {"mocap_pos", [](const mjData* d) { return d->mocap_pos; }, [](const mjModel* m) { return 3 * m->nmocap; }},
    {"mocap_quat", [](const mjData* d) { return d->mocap_quat; }, [](const mjModel* m) { return 4 * m->nmocap; }},
    {"userdata", [](const mjData* d) { return d->userdata; }, [](const mjModel* m) { return m->nuserdata; }},
};

}  // namespace

MujocoArrays saveMujocoState(const mjModel* m, const mjData* d) {
  MujocoArrays out;
  for (const Field& f : kFields) {
    const mjtNum* p = f.data(d);
    out.emplace_back(f.name, std::vector<double>(p, p + f.size(m)));
  }
  return out;
}

void restoreMujocoState(const mjModel* m, mjData* d, const MujocoArrays& state, double time) {
  for (const Field& f : kFields) {
    const auto it = std::find_if(state.begin(), state.end(), [&](const auto& a) { return a.first == f.name; });
    if (it == state.end()) throw std::invalid_argument(std::string("MuJoCo state: no ") + f.name);
    if (it->second.size() != std::size_t(f.size(m)))
      throw std::invalid_argument(std::string("MuJoCo state: ") + f.name + " has " + std::to_string(it->second.size()) +
                                  " values, the model " + std::to_string(f.size(m)) + " (another model?)");
    std::copy(it->second.begin(), it->second.end(), f.data(d));
  }
  d->time = time;
}

}  // namespace regolith::robots
