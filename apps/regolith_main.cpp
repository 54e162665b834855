// The regolith command line: thin argument parsing over the libraries.
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
#include <cstdio>
#include <exception>
#include <iostream>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "apps/batch_command.h"
#include "apps/fit_command.h"
#include "apps/mesh_command.h"
#include "bench/bench_command_line.h"
#include "core/time_step_guard.h"
#include "apps/bed_command.h"
#include "io/build_info.h"
#include "apps/run_info.h"
#include "apps/run_command.h"
#include "apps/check_command.h"
#include "apps/exit_status.h"
#include "io/run_file/vtp_export.h"
#include "kernels/stages.h"
#include "models/bench/rft_bench.h"
#include "apps/metrics_command.h"
#include "apps/plot_command.h"
#include "apps/render_command.h"
#include "apps/shared_machine_bench.h"
#ifdef REGOLITH_ROBOTS
#include "apps/robot_command.h"
#include "io/json/data_files.h"
#include "robots/robot_bench.h"
#endif

int main(int argc, char** argv) {
  CLI::App app{"Regolith: GPU-accelerated DEM for granular terramechanics"};
  app.require_subcommand(1);
  // "regolith 0.2.0 (git abc1234)": the version of CMake's project(), as run files store it.
  app.set_version_flag("--version",
                       "regolith " + regolith::regolithVersion() + " (git " + regolith::regolithRevision() + ")",
                       "print the version and exit");

  regolith::BenchCommandLine bench;
  bool& json = bench.json;  // rft and robot take --json too
  CLI::App* benchCmd = app.add_subcommand("bench", "Time the stepping loop on a benchmark scene");
  benchCmd->require_subcommand(1);
  regolith::addBenchSceneCommands(*benchCmd, bench);

  regolith::rft::RftBenchOptions rft;
  CLI::App* rftCmd = benchCmd->add_subcommand("rft", "3D resistive force theory on one moving intruder, one CPU core");
  rftCmd->add_option("--plates,-n", rft.plates, "plates (triangles) of the intruder")
      ->check(CLI::Range(std::size_t(12), std::size_t(50000000)))
      ->capture_default_str();
  rftCmd->add_option("--evaluations,-e", rft.evaluations, "timed evaluations (0: for one second)");
  rftCmd->add_flag("--json", json, "print one JSON object");

  regolith::SharedMachineBenchOptions shared;
  CLI::App* sharedCmd = benchCmd->add_subcommand(
      "shared", "The dense bench beside busy processes: default threads against --threads 1 (bound 1.3)");
  sharedCmd->add_option("--particles,-n", shared.particles, "number of spheres")
      ->check(CLI::Range(std::size_t(1), std::size_t(1) << 30))
      ->capture_default_str();
  sharedCmd->add_option("--steps,-s", shared.steps, "timed steps")->check(CLI::PositiveNumber)->capture_default_str();
  sharedCmd->add_option("--busy", shared.busy, "competing busy processes")
      ->check(CLI::Range(1, 1024))
      ->capture_default_str();
  sharedCmd
      ->add_option("--wait-policy", shared.waitPolicy,
                   "OMP_WAIT_POLICY of the timed runs (default: what the program chooses)")
      ->check(CLI::IsMember({"active", "passive"}));
  sharedCmd->add_flag("--json", shared.json, "print one JSON object");

  std::string scenePath;
  CLI::App* checkCmd = app.add_subcommand("check", "Validate a scene file and build its initial state; run nothing");
  checkCmd->add_option("scene", scenePath, "scene file (JSON)")->required();
  std::vector<std::string> checkSets;
  checkCmd->add_option("--set", checkSets,
                       "replace a scene value first: POINTER=VALUE, e.g. /study/slip=0.3 (repeatable)");

  regolith::RunCommand run;
  regolith::addRunCommand(app, run);

#ifdef REGOLITH_ROBOTS
  regolith::RobotOptions robotOptions;
  regolith::addRobotCommand(app, robotOptions);
  regolith::robots::RobotBenchOptions robotBench;
  CLI::App* robotBenchCmd = benchCmd->add_subcommand(
      "robot", "The walking hexapod of examples/robots/hexapod on RFT sand in MuJoCo, one CPU core");
  robotBenchCmd->add_flag("--deforming", robotBench.deforming, "with the deforming surface");
  robotBenchCmd->add_option("--seconds", robotBench.seconds, "simulated seconds (the gait starts at 0.5 s)")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  robotBenchCmd->add_flag("--json", json, "print one JSON object");
#endif

  std::string runFile;
  regolith::BedCommand bed;
  regolith::addBedCommand(app, bed);

  CLI::App* infoCmd = app.add_subcommand("info",
                                         "Print the backend and whether a device is usable, or what a run file holds");
  infoCmd->add_option("run_file", runFile, "a run.h5 to describe");

  std::size_t exportFrame = 0;
  std::string vtpPath;
  CLI::App* exportCmd = app.add_subcommand("export", "Write one frame of a run file as VTK PolyData");
  exportCmd->add_option("run_file", runFile, "the run.h5")->required();
  exportCmd->add_option("--frame", exportFrame, "frame index (0 = first)")->required();
  exportCmd->add_option("--vtp", vtpPath, "output .vtp file")->required();

  regolith::MetricsCommand metrics;
  regolith::addMetricsCommand(app, metrics);
  regolith::PlotOptions plotOptions;
  CLI::App* plotCmd = app.add_subcommand(
      "plot",
      "Write a study's figures into DIR (metrics first when DIR/metrics.json is missing); "
      "a run without a study: each body against time");
  plotCmd->add_option("dir", plotOptions.dir, "a run's --out folder, or a folder of run folders")->required();
  plotCmd->add_option("--format", plotOptions.format, "png, pdf or svg")
      ->check(CLI::IsMember({"png", "pdf", "svg"}))
      ->capture_default_str();
  plotCmd->add_option("--dpi", plotOptions.dpi, "resolution of raster output")
      ->check(CLI::Range(30, 1200))
      ->capture_default_str();
  plotCmd->add_option("--model", plotOptions.model,
                      "a model JSON of `regolith fit regression|bekker`, drawn over a single-wheel sweep");

  regolith::RenderOptions renderOptions;
  CLI::App* renderCmd = app.add_subcommand(
      "render", "Draw a run with ParaView (pvpython, headless): grains coloured by speed, bodies translucent");
  renderCmd->add_option("run", renderOptions.run, "a run folder, its run.h5 or its run.xmf")->required();
  renderCmd->add_option("--out", renderOptions.out, "picture (.png); with --movie OUT.0000.png, OUT.0001.png, ...")
      ->required();
  renderCmd->add_option("--frame", renderOptions.frame, "frame index; negative counts from the end")
      ->capture_default_str();
  renderCmd->add_flag("--movie", renderOptions.movie, "every frame, one picture each");
  renderCmd->add_option("--width", renderOptions.width, "pixels")->check(CLI::Range(64, 8192))->capture_default_str();
  renderCmd->add_option("--height", renderOptions.height, "pixels")->check(CLI::Range(64, 8192))->capture_default_str();
  renderCmd->add_option("--view", renderOptions.view, "camera: iso, x, y or z (the side it looks from)")
      ->check(CLI::IsMember({"iso", "x", "y", "z"}))
      ->capture_default_str();

  regolith::CalibrateCommandOptions calibrateOptions;
  regolith::addCalibrateCommands(app, calibrateOptions);

  regolith::BatchCommandOptions batchOptions;
  regolith::addBatchCommands(app, batchOptions);

  regolith::MeshCommandOptions meshOptions;
  CLI::App* meshCmd = regolith::addMeshCommand(app, meshOptions);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // --help and --version print and succeed; every other usage error exits 1 (CLI11's
    // own codes, e.g. 105, would collide with nothing documented).
    return app.exit(e) == 0 ? 0 : 1;
  }
  try {
    if (*checkCmd) return regolith::checkScene(scenePath, std::cout, std::cerr, checkSets);
    if (*metrics.command) return regolith::metricsCommand(metrics.dir);
    if (*plotCmd) return regolith::plotCommand(plotOptions, std::cout);
    if (*renderCmd) return regolith::renderCommand(renderOptions);
    if (const int rc = regolith::runCalibrateCommands(calibrateOptions); rc >= 0) return rc;
    if (const int rc = regolith::runBatchCommands(batchOptions); rc >= 0) return rc;
    if (*run.command) return regolith::runRunCommand(run);
#ifdef REGOLITH_ROBOTS
    if (*robotOptions.command) return regolith::runRobot(robotOptions);
#endif
    if (*bed.command) return regolith::runBedCommand(bed);
    if (*infoCmd && !runFile.empty()) {
      regolith::printRunInfo(runFile, std::cout);
      return 0;
    }
    if (*exportCmd) {
      regolith::exportFrameVtp(runFile, exportFrame, vtpPath);
      return 0;
    }
    if (*meshCmd) return regolith::runMeshCommand(meshOptions, std::cout);
    if (*infoCmd) {
      std::string why;
      const bool ok = regolith::deviceAvailable(&why);
      // A CPU build has no device to find: say what runs the kernels instead.
      const bool cpu = regolith::backendName() != "cuda";
      std::cout << "backend: " << regolith::backendName() << "\n"
                << "device: "
                << (cpu  ? "none (CPU build: the kernels run on the CPU cores through OpenMP)"
                    : ok ? "a CUDA GPU is available"
                         : "unavailable (" + why + ")")
                << "\n"
                << "threads: " << regolith::threadCount() << "\n";
      if (cpu) {
        std::cout << "cpu vector level: " << regolith::cpuVectorLevel() << " (this processor runs:";
        for (const std::string& level : regolith::cpuVectorLevels()) std::cout << ' ' << level;
        std::cout << "; REGOLITH_CPU_VECTOR picks one)\n";
      }
      std::cout << std::flush;
      return ok ? 0 : 3;
    }
#ifdef REGOLITH_ROBOTS
    if (*robotBenchCmd) {
      robotBench.hexapodDir = regolith::dataDirectory() + "/examples/robots/hexapod";
      const regolith::robots::RobotBenchResult r = regolith::robots::runRobotBench(robotBench);
      const nlohmann::json j = regolith::robots::robotBenchJson(r);
      std::cout << (json ? j.dump(2) : regolith::robots::robotBenchText(j)) << std::endl;
      return 0;
    }
#endif
    if (*rftCmd) {
      const regolith::rft::RftBenchResult r = regolith::rft::runRftBench(rft);
      const nlohmann::json j = regolith::rft::rftBenchJson(r);
      std::cout << (json ? j.dump(2) : regolith::rft::rftBenchText(j)) << std::endl;
      return 0;
    }
    if (*sharedCmd) return regolith::runSharedMachineBench(shared);
    if (regolith::runBenchSceneCommand(*benchCmd, bench)) return 0;
  } catch (const std::exception& e) {
    // What reaches here is sorted by whose it is (apps/exit_status.h): the input's (2),
    // the machine's or the installation's (3), or the run's own failure (1).
    const regolith::ExitStatus status = regolith::exitStatusOf(e);
    std::cerr << "regolith: " << (status == regolith::ExitStatus::kInvalidInput ? "invalid input: " : "") << e.what()
              << std::endl;
    return static_cast<int>(status);
  }
  return 1;
}
