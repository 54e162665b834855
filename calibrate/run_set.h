// The DEM runs a calibration fits to: each run folder's metrics.json (written by
// `regolith metrics DIR`), gathered from run folders and sweep folders, checked for the
// study kind the fit needs, and split deterministically into training and held-out runs.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace regolith::calibrate {

// Bad input to a fit (no metrics.json, a run of the wrong study, a missing value): the
// command prints the message and exits 1.
class CalibrationError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct CalibrationRun {
  std::string name;     // the run folder's name
  std::string path;     // the run folder as found (argument, or argument/subfolder)
  nlohmann::json data;  // its metrics.json
};

// What readRuns does with a run folder of a sweep that has no metrics.json (a run that
// failed, was never run or never measured): refuse the fit (the default: a fit that
// quietly loses runs is a different fit), or, with `skipMissing`, leave it out and name it
// in `skipped`.
struct ReadRunsOptions {
  bool skipMissing = false;
  std::vector<std::string>* skipped = nullptr;  // the folders left out, when given
};

// Every run under `paths`: a run folder (DIR/metrics.json of one run) or a sweep folder,
// whose runs are its subfolders holding a run's files (metrics.json, run.h5, scene.json,
// log.txt, checkpoint.h5) or nothing at all (a run whose files were removed). Each must be
// a `study` run; sorted by path and deduplicated, so the split below does not depend on
// argument order. Throws CalibrationError naming the folder: no metrics.json (run
// `regolith metrics` first, or skip it as above), a run of another study, or no run at all.
std::vector<CalibrationRun> readRuns(const std::vector<std::string>& paths, const std::string& study,
                                     const std::string& command, const ReadRunsOptions& options = {});

// The largest magnitude a fit takes from a metrics.json. No metric of a DEM run in SI units
// comes near it (the largest, stresses per depth, are about 1e8 N/m^3), and a value this
// size raised to the sixth power (a cubic term squared in the normal equations) is still a
// finite double (1e180 < 1.8e308); beyond it the file is corrupt or edited by hand.
inline constexpr double kMaxMetricMagnitude = 1e30;

// metrics.<key>.value of a run; CalibrationError naming the run's metrics.json and the
// key's pointer when absent, null, not finite or beyond kMaxMetricMagnitude.
double metricValue(const CalibrationRun& run, const std::string& key);
// metrics.<key>.value, or NaN when null or absent; refused as above when beyond the bound.
double metricOrNaN(const CalibrationRun& run, const std::string& key);
// parameters.<key> (a number); CalibrationError when absent or beyond the bound.
double parameterValue(const CalibrationRun& run, const std::string& key);
// parameters.<key>, or `fallback` when absent or not a number; refused when beyond the bound.
double parameterOr(const CalibrationRun& run, const std::string& key, double fallback);

// Which runs are held out: explicit names (or paths), else every k-th run in path order
// (indices k-1, 2k-1, ...; k = 0 holds out none).
struct HoldoutRule {
  std::size_t every = 4;
  std::vector<std::string> runs;
  std::string describe() const;
};

struct Split {
  std::vector<std::size_t> training, heldOut;  // indices into the run list
  std::string rule;                            // the rule, in words
  std::string note;                            // why nothing is held out, when so
};

// Applies the rule to the runs for which `eligible` is true (the others always train).
// CalibrationError when a named run is not among the runs.
Split splitRuns(const std::vector<CalibrationRun>& runs, const HoldoutRule& rule, const std::vector<bool>& eligible);

// {"training": [names], "held_out": [names], "rule": ..., "note": ...}
nlohmann::json splitJson(const std::vector<CalibrationRun>& runs, const Split& split);

}  // namespace regolith::calibrate
