// `regolith info`: the backend and device, or a run file (info_command.h).
#include "apps/info_command.h"

#include <iostream>
#include <memory>

#include "apps/run_info.h"
#include "kernels/stages.h"

namespace regolith {
namespace {

// The backend, the device and the threads; exit 3 when a CUDA build has no usable GPU.
int describeBackend(std::ostream& out) {
  std::string why;
  const bool ok = deviceAvailable(&why);
  // A CPU build has no device to find: say what runs the kernels instead.
  const bool cpu = backendName() != "cuda";
  out << "backend: " << backendName() << "\n"
      << "device: "
      << (cpu  ? "none (CPU build: the kernels run on the CPU cores through OpenMP)"
          : ok ? "a CUDA GPU is available"
               : "unavailable (" + why + ")")
      << "\n"
      << "threads: " << threadCount() << "\n";
  if (cpu) {
    out << "cpu vector level: " << cpuVectorLevel() << " (this processor runs:";
    for (const std::string& level : cpuVectorLevels()) out << ' ' << level;
    out << "; REGOLITH_CPU_VECTOR picks one)\n";
  }
  out << std::flush;
  return ok ? 0 : 3;
}

}  // namespace

int infoCommand(const std::string& runFile, std::ostream& out) {
  if (runFile.empty()) return describeBackend(out);
  printRunInfo(runFile, out);
  return 0;
}

void registerInfoCommand(CLI::App& app, CommandAction& action) {
  const auto runFile = std::make_shared<std::string>();
  CLI::App* command = app.add_subcommand("info",
                                         "Print the backend and whether a device is usable, or what a run file holds");
  command->add_option("run_file", *runFile, "a run.h5 to describe");
  whenChosen(command, action, [runFile] { return infoCommand(*runFile, std::cout); });
}

}  // namespace regolith
