// A robot run's series in the run file's terms (io/run_file/robot_run_file.h, its
// header-only part: robots/ does not link regolith_io), from the simulation's samples: the
// rows `regolith robot` writes, and the same rows kept in memory by a RobotSeriesRecorder
// (Python's Robot, whose metrics are then `regolith metrics`'s).
#pragma once

#include <mujoco/mujoco.h>

#include <string>
#include <vector>

#include "io/run_file/robot_run_file.h"
#include "robots/robot_simulation.h"

namespace regolith::robots {

// A body's sample as the run file's row.
RobotBodyRow bodyRow(const BodySample& s);
// A wheel's row of /wheels (robotWheelColumns()).
std::vector<double> wheelRow(double time, const WheelSoilWrench& w);

// The actuators' mechanical work since the start [J]: each step, force x velocity of every
// actuator over dt (MuJoCo leaves both from the step's start after mj_step). Positive work
// counts only what the motors put in (a motor braking does not give energy back); net
// work counts both.
struct ActuatorWork {
  double positive = 0, net = 0;
  void add(const mjModel* m, const mjData* d, double dt);
};

// A run's series kept in memory, in the layout readRobotRun gives (RobotRunSeries), so the
// run file's metrics (postprocess/robot_metrics.h) apply to it.
class RobotSeriesRecorder {
 public:
  // The header's body names and time step from `sim`; `control` as a run file's /meta says
  // it (a gait's string makes the metrics per cycle; empty for none).
  RobotSeriesRecorder(const RobotSimulation& sim, const std::string& control);
  // One row per body (and per wheel), and the work, at sim.time().
  void record(RobotSimulation& sim, const ActuatorWork& work);
  const RobotRunSeries& series() const { return m_series; }

 private:
  RobotRunSeries m_series;
};

}  // namespace regolith::robots
