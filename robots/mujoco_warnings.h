// MuJoCo's warnings, caught: MuJoCo 2.2 meets a NaN, Inf or huge value (|x| > 1e10) in
// qpos, qvel, qacc or ctrl by raising a warning, resetting the whole state (time
// included) to the model's initial one and carrying on. Unchecked, a blown-up robot run
// looks finished: its time jumps back to 0 and it "travels" nowhere (issue 41). Here a
// step is checked for that (a warning that resets the state, or time not advancing by dt)
// and the warning is named with the joint, body or actuator it points at.
//
// MuJoCo's own print of a warning (stdout, and a MUJOCO_LOG.TXT appended in the current
// folder) is replaced by a quiet recorder (mju_user_warning, process-wide): the run's
// report carries MuJoCo's words instead, and a run leaves no log file where it was started.
#pragma once

#include <mujoco/mujoco.h>

#include <array>
#include <stdexcept>
#include <string>
#include <vector>

namespace regolith::robots {

// Installs the quiet recorder (once per process; later calls do nothing).
void installWarningRecorder();

// MuJoCo's messages of this thread since the last take (oldest first), then forgets them.
std::vector<std::string> takeWarningMessages();

// "mjWARN_BADQACC" for mjWARN_BADQACC, ...
std::string warningName(int warning);

// What a warning's index points at, for the user: `kind` is MuJoCo's word in its message
// ("QPOS", "QVEL", "QACC": a dof, or a qpos address for QPOS; "CTRL": an actuator).
// E.g. `joint "slide" (dof 0) of body "cart"`.
std::string warningSubject(const mjModel* m, const std::string& kind, int index);

// A step that MuJoCo reset (or that left a position or velocity not finite): the time of
// the last good state, MuJoCo's warning and what it points at. what() is the whole
// sentence with the usual cures.
class MujocoBlowUp : public std::runtime_error {
 public:
  MujocoBlowUp(double time, std::string warning, std::string subject, std::string message);
  double time;          // [s] the step that failed started here (the state restored)
  std::string warning;  // "mjWARN_BADQACC", or "time went backwards", "not finite"
  std::string subject;  // joint/body/actuator, or "" when MuJoCo named none
  std::string message;  // MuJoCo's own words, or ""
};

// The check of one step: `before` the warning counters and time before mj_step, `dt`
// the model's step, `messages` what MuJoCo said during it. Returns the blow-up, if the
// step was one (throws nothing). Warnings that do not reset the state (inertia, full
// contact or constraint lists) are not blow-ups.
struct StepCheck {
  std::array<int, mjNWARNING> counts{};
  double time = 0;
  static StepCheck of(const mjData* d);
};
bool stepBlewUp(const mjModel* m, const mjData* d, const StepCheck& before, const std::vector<std::string>& messages,
                std::string& warning, std::string& subject, std::string& message);

}  // namespace regolith::robots
