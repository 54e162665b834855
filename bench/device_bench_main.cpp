// regolith_device_bench: the device kit's benchmark program (tests/device/CMakeLists.txt,
// scripts/device-check.sh). The sphere benchmarks of `regolith bench` with the same options
// (bench/bench_command_line.h) and the same runner (bench/bench_runner.h), in a program
// that links the engine only, so it runs on a GPU machine with nothing of ours installed.
//   regolith_device_bench settle|dense|wheel --particles N --steps S [--mode M] [--json] ...
//   regolith_device_bench info        (the backend and whether a device is usable)
// Exit codes as `regolith`: 0 done, 2 invalid input, 3 no device or a failed run; a command
// line that does not parse exits with CLI11's code for it (105 for a value out of its set).
#include <exception>
#include <iostream>
#include <stdexcept>
#include <string>

#include <CLI/CLI.hpp>

#include "bench/bench_command_line.h"
#include "core/time_step_guard.h"
#include "kernels/stages.h"

int main(int argc, char** argv) {
  CLI::App app{"Regolith device kit: the sphere benchmarks of `regolith bench`, engine only"};
  app.require_subcommand(1);
  regolith::BenchCommandLine bench;
  regolith::addBenchSceneCommands(app, bench);
  CLI::App* info = app.add_subcommand("info", "Print the backend and whether a device is usable");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  }
  std::string why;
  const bool device = regolith::deviceAvailable(&why);
  if (*info) {
    std::cout << "backend: " << regolith::backendName() << "\ndevice: " << (device ? "usable" : "none (" + why + ")")
              << std::endl;
    return device ? 0 : 3;
  }
  if (!device) {
    std::cerr << "regolith_device_bench: no usable device: " << why << std::endl;
    return 3;
  }
  try {
    if (regolith::runBenchSceneCommand(app, bench)) return 0;
  } catch (const regolith::TimeStepError& e) {
    std::cerr << "regolith_device_bench: " << e.what() << std::endl;
    return 2;
  } catch (const std::invalid_argument& e) {
    std::cerr << "regolith_device_bench: invalid input: " << e.what() << std::endl;
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "regolith_device_bench: " << e.what() << std::endl;
    return 3;
  }
  return 2;
}
