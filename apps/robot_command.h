// `regolith robot MODEL.xml --terrain terrain.json --duration T --out DIR`: a MuJoCo model
// on granular terrain (robots/, docs/robots.md), with actuator targets from a CSV table
// (--control) or the built-in alternating-tripod gait (--gait tripod). Writes DIR/run.h5
// and run.xmf (io/run_file/robot_run_file.h) and DIR/series.csv (io/run_file/series_csv.h: the terrain
// force and moment in the force and torque columns, plates in contact as contacts), under
// the output folder's lock, with the progress line and exit codes of `regolith run`.
#pragma once

#include <cstdio>
#include <string>
#include <vector>

#include "apps/command_action.h"
#include "robots/controls.h"

namespace regolith {

struct RobotOptions {
  std::string modelPath, terrainPath, outDir, controlPath, gait;
  robots::TripodGait tripod;
  double duration = 0;         // [s]
  double frameEvery = 0.05;    // [s] between frames of run.h5
  double seriesEvery = 0.002;  // [s] between series rows (at least every step)
  bool overwrite = false;
  bool resume = false;           // continue DIR from its checkpoint.h5
  double checkpointEvery = 300;  // [s] of wall time between checkpoints
  std::FILE* progress = stderr;
  std::vector<std::string> overrides;  // --set POINTER=VALUE into the terrain file
};

// Adds "robot" to `app`; chosen, it sets `action` to runRobot.
void registerRobotCommand(CLI::App& app, CommandAction& action);

// Exit codes as `regolith run` (apps/exit_status.h): 0 done; 1 failure (I/O, DIR in use, an
// existing run.h5 without --overwrite); 2 invalid input (terrain file, MJCF, control
// file); 5 blow-up (a position or velocity not finite: a last frame is written);
// 128 + N after signal N.
int runRobot(const RobotOptions& o);

}  // namespace regolith
