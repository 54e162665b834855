// How terrain forces reach MuJoCo: the one small interface between robots/ and MuJoCo's
// force pipeline, so that an engine plugin (MuJoCo >= 2.3) can replace it later without
// touching the force code.
//
// MuJoCo 2.2 has one global passive-force callback, mjcb_passive, called inside mj_step
// (mj_passive, after velocities are known) for every model in the process. A PassiveHook
// registers a force source for one (model, data) pair in a process-wide registry guarded
// by a mutex; the callback looks its pair up under that mutex and calls the source outside
// it, so several models (each stepped by its own thread) can run at once. Pairs nobody
// registered go to whatever callback was installed before the first hook (chained); a
// callback of one's own must therefore be set before the first hook, or it replaces the
// dispatcher (and no terrain force arrives).
#pragma once

#include <mujoco/mujoco.h>

namespace regolith::robots {

class PassiveForceSource {
 public:
  virtual ~PassiveForceSource() = default;
  // Add this step's forces to d->qfrc_passive.
  virtual void apply(const mjModel* m, mjData* d) = 0;
};

// Registered from construction to destruction; the source must outlive the hook.
class PassiveHook {
 public:
  PassiveHook(const mjModel* m, const mjData* d, PassiveForceSource& source);
  ~PassiveHook();
  PassiveHook(const PassiveHook&) = delete;
  PassiveHook& operator=(const PassiveHook&) = delete;

  // Registered pairs, for tests.
  static int registered();

 private:
  const mjModel* m_model;
  const mjData* m_data;
};

}  // namespace regolith::robots
