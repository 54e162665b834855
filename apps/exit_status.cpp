// Which exit status an exception gets (exit_status.h): by its type, never by its message.
#include "apps/exit_status.h"

#include <stdexcept>

#include "batch/plan.h"
#include "core/blow_up_guard.h"
#include "core/time_step_guard.h"
#include "io/input_file_error.h"
#include "kernels/environment_error.h"
#include "scenes/scene.h"
#ifdef REGOLITH_ROBOTS
#include "robots/terrain_file.h"
#endif

namespace regolith {

ExitStatus exitStatusOf(const std::exception& e) {
  if (dynamic_cast<const EnvironmentError*>(&e)) return ExitStatus::kEnvironment;
  if (dynamic_cast<const BlowUpError*>(&e)) return ExitStatus::kBlowUp;
  // A bad input: the file's own error types, and std::invalid_argument, which the
  // libraries throw for a value out of its domain (a negative radius, an unknown name).
  if (dynamic_cast<const SceneError*>(&e) || dynamic_cast<const InputFileError*>(&e) ||
      dynamic_cast<const batch::PlanError*>(&e) || dynamic_cast<const TimeStepError*>(&e) ||
      dynamic_cast<const std::invalid_argument*>(&e))
    return ExitStatus::kInvalidInput;
#ifdef REGOLITH_ROBOTS
  if (dynamic_cast<const robots::TerrainError*>(&e)) return ExitStatus::kInvalidInput;
#endif
  return ExitStatus::kFailure;
}

}  // namespace regolith
