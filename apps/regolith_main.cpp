// The regolith command line: each command registers itself (apps/<command>_command.cpp,
// apps/command_action.h); main parses and runs the chosen one's driver.
//   regolith bench settle|dense|wheel --particles N --steps S [--threads T] [--mode M] [--json]
//   regolith bench rft [--plates N] [--evaluations E] [--json]
//   regolith bench shared [--particles N] [--steps S] [--busy K] [--wait-policy active|passive] [--json]
//   regolith check scene.json [--set POINTER=VALUE ...]
//   regolith run scene.json --out DIR [--set POINTER=VALUE ...] [--resume] [--overwrite] [--threads T]
//   regolith metrics DIR        (a run's or a sweep's folder: DIR/metrics.json)
//   regolith plot DIR [--format png|pdf|svg] [--dpi N] [--model FIT.json]  (figures)
//   regolith render RUN --out P (a picture of a run through ParaView)
//   regolith fit rft|regression|bekker RUNS... --out MODEL.json [--holdout-every K] ...
//   regolith predict MODEL.json NAME=VALUE... [--json]
//   regolith bed scene.json --out bed.h5 [--overwrite] [--threads T] [--quiet]
//   regolith batch plan sweep.json --out DIR
//   regolith batch run DIR [--jobs K] [--gpus 0,1] [--threads T] [--checkpoint-every S]
//   regolith batch slurm DIR [--partition P] [--gres gpu:1] [--time T] [--throttle N] [--submit]
//   regolith batch status DIR
//   regolith collect DIR --out dataset.h5 [--out dataset.csv]
//   regolith info [run.h5]
//   regolith export run.h5 --frame K --vtp out.vtp
//   regolith mesh wheel --radius R --width W [--grousers N --grouser-height H
//                       --grouser-thickness T] [--fillet F] [--facet-angle-deg D] --out wheel.obj
//   regolith mesh ring [--radius R] [--width W] [--thickness T] [--segments N] --out ring.obj
#include <exception>
#include <iostream>

#include <CLI/CLI.hpp>

#include "apps/batch_command.h"
#include "apps/bed_command.h"
#include "apps/bench_command.h"
#include "apps/check_command.h"
#include "apps/collect_command.h"
#include "apps/command_action.h"
#include "apps/exit_status.h"
#include "apps/export_command.h"
#include "apps/fit_command.h"
#include "apps/info_command.h"
#include "apps/mesh_command.h"
#include "apps/metrics_command.h"
#include "apps/plot_command.h"
#include "apps/predict_command.h"
#include "apps/render_command.h"
#include "apps/run_command.h"
#include "io/build_info.h"
#ifdef REGOLITH_ROBOTS
#include "apps/robot_command.h"
#endif

int main(int argc, char** argv) {
  CLI::App app{"Regolith: GPU-accelerated DEM for granular terramechanics"};
  app.require_subcommand(1);
  // "regolith 0.2.0 (git abc1234)": the version of CMake's project(), as run files store it.
  app.set_version_flag("--version",
                       "regolith " + regolith::regolithVersion() + " (git " + regolith::regolithRevision() + ")",
                       "print the version and exit");
  // Each command adds itself (apps/command_action.h), in the order `regolith --help` lists them.
  regolith::CommandAction action;
  regolith::registerBenchCommand(app, action);
  regolith::registerCheckCommand(app, action);
  regolith::registerRunCommand(app, action);
#ifdef REGOLITH_ROBOTS
  regolith::registerRobotCommand(app, action);
#endif
  regolith::registerBedCommand(app, action);
  regolith::registerInfoCommand(app, action);
  regolith::registerExportCommand(app, action);
  regolith::registerMetricsCommand(app, action);
  regolith::registerPlotCommand(app, action);
  regolith::registerRenderCommand(app, action);
  regolith::registerFitCommand(app, action);
  regolith::registerPredictCommand(app, action);
  regolith::registerBatchCommand(app, action);
  regolith::registerCollectCommand(app, action);
  regolith::registerMeshCommand(app, action);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // --help and --version print and succeed; every other usage error exits 1 (CLI11's
    // own codes, e.g. 105, would collide with nothing documented).
    return app.exit(e) == 0 ? 0 : 1;
  }
  if (!action) return 1;  // no driver chosen (every command requires one of its subcommands)
  try {
    return action();
  } catch (const std::exception& e) {
    // What reaches here is sorted by whose it is (apps/exit_status.h): the input's (2),
    // the machine's or the installation's (3), or the run's own failure (1).
    const regolith::ExitStatus status = regolith::exitStatusOf(e);
    std::cerr << "regolith: " << (status == regolith::ExitStatus::kInvalidInput ? "invalid input: " : "") << e.what()
              << std::endl;
    return static_cast<int>(status);
  }
}
