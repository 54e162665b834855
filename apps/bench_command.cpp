// `regolith bench`: its subcommands, their options and the result each prints
// (bench_command.h).
#include "apps/bench_command.h"

#include <iostream>
#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "apps/shared_machine_bench.h"
#include "bench/bench_command_line.h"
#include "models/bench/rft_bench.h"
#ifdef REGOLITH_ROBOTS
#include "coupling/cosim_bench.h"
#include "io/json/data_files.h"
#include "robots/robot_bench.h"
#endif

namespace regolith {
namespace {

// settle, dense and wheel (bench/bench_command_line.h).
void addSceneBenches(CLI::App& bench, CommandAction& action) {
  const auto line = std::make_shared<BenchCommandLine>();
  addBenchSceneCommands(bench, *line);
  CLI::App* parent = &bench;
  for (const char* scene : {"settle", "dense", "wheel"})
    whenChosen(bench.get_subcommand(scene), action, [parent, line] {
      runBenchSceneCommand(*parent, *line);
      return 0;
    });
}

void addRftBench(CLI::App& bench, CommandAction& action) {
  struct Options {
    rft::RftBenchOptions bench;
    bool json = false;
  };
  const auto o = std::make_shared<Options>();
  CLI::App* rftCmd = bench.add_subcommand("rft", "3D resistive force theory on one moving intruder, one CPU core");
  rftCmd->add_option("--plates,-n", o->bench.plates, "plates (triangles) of the intruder")
      ->check(CLI::Range(std::size_t(12), std::size_t(50000000)))
      ->capture_default_str();
  rftCmd->add_option("--evaluations,-e", o->bench.evaluations, "timed evaluations (0: for one second)");
  rftCmd->add_flag("--json", o->json, "print one JSON object");
  whenChosen(rftCmd, action, [o] {
    const nlohmann::json j = rft::rftBenchJson(rft::runRftBench(o->bench));
    std::cout << (o->json ? j.dump(2) : rft::rftBenchText(j)) << std::endl;
    return 0;
  });
}

void addSharedBench(CLI::App& bench, CommandAction& action) {
  const auto o = std::make_shared<SharedMachineBenchOptions>();
  CLI::App* sharedCmd = bench.add_subcommand(
      "shared", "The dense bench beside busy processes: default threads against --threads 1 (bound 1.3)");
  sharedCmd->add_option("--particles,-n", o->particles, "number of spheres")
      ->check(CLI::Range(std::size_t(1), std::size_t(1) << 30))
      ->capture_default_str();
  sharedCmd->add_option("--steps,-s", o->steps, "timed steps")->check(CLI::PositiveNumber)->capture_default_str();
  sharedCmd->add_option("--busy", o->busy, "competing busy processes")
      ->check(CLI::Range(1, 1024))
      ->capture_default_str();
  sharedCmd
      ->add_option("--wait-policy", o->waitPolicy,
                   "OMP_WAIT_POLICY of the timed runs (default: what the program chooses)")
      ->check(CLI::IsMember({"active", "passive"}));
  sharedCmd->add_flag("--json", o->json, "print one JSON object");
  whenChosen(sharedCmd, action, [o] { return runSharedMachineBench(*o); });
}

#ifdef REGOLITH_ROBOTS
void addRobotBench(CLI::App& bench, CommandAction& action) {
  struct Options {
    robots::RobotBenchOptions bench;
    bool json = false;
  };
  const auto o = std::make_shared<Options>();
  CLI::App* robotCmd = bench.add_subcommand(
      "robot", "The walking hexapod of examples/robots/hexapod on RFT sand in MuJoCo, one CPU core");
  robotCmd->add_flag("--deforming", o->bench.deforming, "with the deforming surface");
  robotCmd->add_option("--seconds", o->bench.seconds, "simulated seconds (the gait starts at 0.5 s)")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  robotCmd->add_flag("--json", o->json, "print one JSON object");
  whenChosen(robotCmd, action, [o] {
    o->bench.hexapodDir = dataDirectory() + "/examples/robots/hexapod";
    const nlohmann::json j = robots::robotBenchJson(robots::runRobotBench(o->bench));
    std::cout << (o->json ? j.dump(2) : robots::robotBenchText(j)) << std::endl;
    return 0;
  });
}

void addCosimBench(CLI::App& bench, CommandAction& action) {
  struct Options {
    coupling::CosimBenchOptions bench;
    bool json = false;
  };
  const auto o = std::make_shared<Options>();
  CLI::App* cosimCmd = bench.add_subcommand(
      "cosim",
      "A MuJoCo wheel on DEM grains (docs/coupling.md): the wall time split into DEM, exchange and MuJoCo, "
      "per thread count");
  cosimCmd->add_option("--spheres,-n", o->bench.spheres, "grains, at least (whole hcp layers)")
      ->check(CLI::Range(std::size_t(1000), std::size_t(100000000)))
      ->capture_default_str();
  cosimCmd->add_option("--threads", o->bench.threads, "engine thread counts to time")->capture_default_str();
  cosimCmd->add_option("--seconds", o->bench.seconds, "simulated seconds timed")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  cosimCmd->add_option("--settle", o->bench.settleSeconds, "simulated seconds before the timed window")
      ->check(CLI::NonNegativeNumber)
      ->capture_default_str();
  cosimCmd->add_flag("--json", o->json, "print one JSON object");
  whenChosen(cosimCmd, action, [o] {
    const nlohmann::json j = coupling::cosimBenchJson(coupling::runCosimBench(o->bench));
    std::cout << (o->json ? j.dump(2) : coupling::cosimBenchText(j)) << std::endl;
    return 0;
  });
}
#endif

}  // namespace

void registerBenchCommand(CLI::App& app, CommandAction& action) {
  CLI::App* bench = app.add_subcommand("bench", "Time the stepping loop on a benchmark scene");
  bench->require_subcommand(1);
  addSceneBenches(*bench, action);
  addRftBench(*bench, action);
  addSharedBench(*bench, action);
#ifdef REGOLITH_ROBOTS
  addRobotBench(*bench, action);
  addCosimBench(*bench, action);
#endif
}

}  // namespace regolith
