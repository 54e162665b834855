// Computing metrics (`regolith metrics DIR`, regolith.metrics in Python): a study's metrics
// from its run files into DIR/metrics.json.
//
// DIR is one run's folder (DIR/run.h5) or a sweep's: a folder whose subfolders are runs.
// A run's metrics.json holds the study as the scene resolved it, the window the averages
// were taken over (with its rule) and every metric as {"value", "unit"}; a sweep's lists
// its runs' in the subfolders' name order (and each run's is written beside its run.h5).
// One run's metrics: scene::runMetrics (studies/study_table.h); a `regolith robot` run's
// (its run.h5 /meta format "regolith-robot-run") come from postprocess/robot_metrics.h
// as study "robot" (docs/robots.md).
#pragma once

#include <string>

#include "io/run_file/robot_run_file.h"
#include "service/outcome.h"

namespace regolith {

// Whether runDir/run.h5 holds a scene with a "study" or is a robot run: whether it has
// metrics (false also when there is no run file).
bool runHasStudy(const std::string& runDir);

// Writes DIR/metrics.json (and each sweep run's). `feedback` gets one line per run (its
// name and the headline metrics of its study) and the files written, and a warning for
// every robot run that did not run to its end (killed, blown up or stopped: its run.h5
// /meta records no end "completed"): its metrics.json says "complete": false and "end"
// why, and the outcome is finished but `shortOfGoal`.
Outcome computeMetrics(const std::string& dir, const Feedback& feedback);

// A robot run's metrics.json text from its series in memory (Python's Robot, whose
// RobotSeriesRecorder keeps what run.h5 would hold): the same keys as `regolith metrics`
// writes for a run folder, "run" being `runName`. std::runtime_error for a series too
// short to measure.
std::string robotMetricsJson(const RobotRunSeries& run, const std::string& runName);

}  // namespace regolith
