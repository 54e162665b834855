// Actuator targets for `regolith robot`: a table read from CSV, or the built-in
// alternating-tripod gait of a hexapod. Both write d->ctrl from the simulation time.
#pragma once

#include <mujoco/mujoco.h>

#include <memory>
#include <string>
#include <vector>

namespace regolith::robots {

class Controller {
 public:
  virtual ~Controller() = default;
  virtual void apply(const mjModel* m, mjData* d) const = 0;  // d->ctrl at d->time
};

// CSV: a header "time,<actuator>,<actuator>,..." naming actuators of the model, then rows
// of numbers with increasing time. Targets are linear between rows and held before the
// first and after the last. Actuators the file does not name keep their ctrl. Throws
// std::invalid_argument naming the file, line and column for anything else.
std::unique_ptr<Controller> controlTableFromCsv(const std::string& path, const mjModel* m);

// The alternating tripod: legs L1, R2, L3 (tripod A) and R1, L2, R3 (tripod B, half a
// cycle later). Each leg has two position actuators, "<leg>_swing" (fore-aft angle,
// positive moves the foot forward) and "<leg>_lift" (positive raises the foot). In stance
// (the first `duty` of a leg's cycle) the swing target runs linearly from +stride/2 to
// -stride/2, pushing the body forward, with lift 0; in swing it returns along
// -stride/2 + stride (1 - cos(pi s)) / 2 with lift * sin(pi s), s in [0, 1]. Before
// `start` every leg holds its stance start.
struct TripodGait {
  double period = 1.0;  // [s] one cycle (both tripods step once)
  double stride = 0.5;  // [rad] swing amplitude, peak to peak
  double lift = 0.6;    // [rad]
  double duty = 0.5;    // stance fraction of a cycle, in (0, 1)
  double start = 0.0;   // [s] gait starts here
};
// Throws std::invalid_argument for a missing actuator or parameters out of range.
std::unique_ptr<Controller> tripodGait(const TripodGait& gait, const mjModel* m);

// The two targets of one leg at phase `phase` in [0, 1) of its own cycle.
struct LegTargets {
  double swing = 0, lift = 0;
};
LegTargets tripodLegTargets(const TripodGait& gait, double phase);

}  // namespace regolith::robots
