// The single-wheel slip rig's metrics (studies/single_wheel/, docs/studies.md) from the
// wheel's time series. The rig drives the wheel along +x with its axis along y; the
// wheel's series force and torque are the contacts' load on it (gravity excluded).
//
//   slip s        1 - v / (w R) driving, w R / v - 1 braking (models/regression/slip.h), v
//                 and w the window's mean forward speed and spin
//   sinkage z     z_axle at the first series row with a contact, less the window's mean z_axle
//   drawbar pull  DP = F_x, the soil's net horizontal force along the travel (traction
//                 less motion resistance: what the rig's carriage holds back)
//   torque        T = -tau_y, the driving torque (the soil's moment opposes the spin)
//   load          W = m |g|, the wheel's weight (vertical DOF free under gravity)
//   coefficients  DP / W, T / (W R), tractive efficiency eta = DP v / (T w)
//
// Window: the steady part of the drive phase, from drive_start + steady_after x (drive
// length) to the end of the run (the first part is the wheel getting up to its sinkage
// and the bed's response; steady_after defaults to 0.4).
#pragma once

#include <string>
#include <vector>

#include "io/run_file/run_file.h"
#include "postprocess/series_window.h"

namespace regolith::postprocess {

// The study as the scene loader resolved it (/meta/study_json).
struct SingleWheelStudy {
  std::string wheel;                    // body name
  double slip = 0;                      // prescribed
  double angularVelocity = 0;           // w [rad/s]
  double radius = 0;                    // R [m]
  double driveStart = 0, driveEnd = 0;  // [s]
  double steadyAfter = 0.4;             // fraction of the drive phase before the window
  double mass = 0;                      // [kg]
  double gravity = 0;                   // |g| [m/s^2]
};

struct SingleWheelMetrics {
  TimeWindow window;
  double slip = 0;                    // measured
  double forwardSpeed = 0;            // v [m/s]
  double angularVelocity = 0;         // w [rad/s]
  double firstContactTime = 0;        // [s]
  double firstContactHeight = 0;      // z_axle [m]
  double sinkage = 0;                 // [m]
  double sinkageRate = 0;             // dz/dt over the window [m/s] (negative: still sinking)
  double drawbarPull = 0;             // [N]
  double drawbarPullStdDev = 0;       // [N]
  double torque = 0;                  // [N m]
  double torqueStdDev = 0;            // [N m]
  double weight = 0;                  // W [N]
  double verticalForce = 0;           // mean F_z [N]: W in a steady state
  double drawbarPullCoefficient = 0;  // DP / W
  double torqueCoefficient = 0;       // T / (W R)
  double tractiveEfficiency = 0;      // DP v / (T w)
};

// std::invalid_argument when the wheel never touches or the window holds too few rows.
SingleWheelMetrics singleWheelMetrics(const std::vector<SeriesSample>& wheel, const SingleWheelStudy& study);

}  // namespace regolith::postprocess
