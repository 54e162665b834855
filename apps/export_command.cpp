// `regolith export` (export_command.h).
#include "apps/export_command.h"

#include <cstddef>
#include <memory>
#include <string>

#include "io/run_file/vtp_export.h"

namespace regolith {

void registerExportCommand(CLI::App& app, CommandAction& action) {
  struct Options {
    std::string runFile;
    std::size_t frame = 0;
    std::string vtp;
  };
  const auto o = std::make_shared<Options>();
  CLI::App* command = app.add_subcommand("export", "Write one frame of a run file as VTK PolyData");
  command->add_option("run_file", o->runFile, "the run.h5")->required();
  command->add_option("--frame", o->frame, "frame index (0 = first)")->required();
  command->add_option("--vtp", o->vtp, "output .vtp file")->required();
  whenChosen(command, action, [o] {
    exportFrameVtp(o->runFile, o->frame, o->vtp);
    return 0;
  });
}

}  // namespace regolith
