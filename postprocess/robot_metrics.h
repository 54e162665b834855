// Metrics of a `regolith robot` run (docs/robots.md): how far and how fast the root body
// went, per gait cycle when the run was driven by the tripod gait, how high it rode and
// how much it rocked, how deep each foot sank, and the energy spent per metre.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "io/run_file/robot_run_file.h"
#include "postprocess/series_window.h"

namespace regolith::postprocess {

// The gait a run's /meta control names ("tripod period=1 ... start=0.5"); nullopt for a
// control table or none.
struct RobotGait {
  double period = 0, start = 0;
};
std::optional<RobotGait> gaitOfControl(const std::string& control);

struct FootSinkage {
  std::string body;
  double mean = 0;  // [m] over the window's samples with plates in contact
  double peak = 0;  // [m] deepest in the window
};

// A wheel of the terrain file's `wheels` over the steady window (/wheels/<body> of the run
// file), averaged over its samples in contact with the sand.
struct WheelMetrics {
  std::string body;
  double slip = 0;         // s mean (1 - v / (omega r), signed: > 0 driving), NaN never in contact
  double sinkage = 0;      // [m] mean, NaN never in contact
  double sinkagePeak = 0;  // [m] deepest
  double load = 0;         // [N] mean normal load, NaN never in contact
  double contact = 0;      // fraction of the window's samples in contact
};

struct RobotMetrics {
  TimeWindow window;
  // Where rocking, sinkage and slip are averaged: the gait's window with a gait, else the
  // second half of the run (the first holds the drop onto the sand and the start-up).
  TimeWindow steady;
  std::string root;                         // the first body of the model (MuJoCo body 1): the chassis
  double cycles = 0;                        // whole gait cycles in the window; 0 without a gait
  double distanceX = 0, distancePlane = 0;  // [m] root displacement over the window
  double distancePerCycle = 0;              // [m]; NaN without a gait
  double meanSpeed = 0;                     // [m/s] along x
  double meanHeight = 0, minHeight = 0;     // [m] root body origin
  // [rad] the root body's mean attitude over the steady window (world-frame z-y-x
  // Tait-Bryan of the normalised mean quaternion): a slope shows here ...
  double pitchMean = 0, rollMean = 0;
  // ... and the rocking about it: peak to peak of the z-y-x angles of the rotation from the
  // mean attitude to the body's, over the steady window.
  double pitchPeakToPeak = 0, rollPeakToPeak = 0;
  double actuatorWork = 0;           // [J] positive work in the window; NaN if not recorded
  double terrainDissipation = 0;     // [J] -(F.v + M.omega) of the terrain, integrated
  double energyPerDistance = 0;      // [J/m] actuatorWork (or terrainDissipation) / |distanceX|
  std::string energySource;          // which of the two, and why
  std::vector<FootSinkage> feet;     // every body that touched the sand in the steady window
  std::vector<WheelMetrics> wheels;  // the run's wheels, in its /wheels order
};

// The window is the run's whole cycles after the first one with a gait (the first is the
// transient of starting to walk), else the whole run; the steady window as above. std::invalid_argument when the run
// has fewer than two series rows in it.
RobotMetrics robotMetrics(const RobotRunSeries& run);

}  // namespace regolith::postprocess
