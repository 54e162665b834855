// `regolith bed`'s options and its ending (bed_command.h).
#include "apps/bed_command.h"

#include <memory>

#include "apps/exit_status.h"

namespace regolith {

void registerBedCommand(CLI::App& app, CommandAction& action) {
  const auto c = std::make_shared<BedCommand>();
  CLI::App* command = app.add_subcommand(
      "bed", "Settle a scene's grains until its \"settle\" criterion holds; store the bed and its measures");
  command->add_option("scene", c->scene, "scene file (JSON) with a \"settle\" criterion")->required();
  command->add_option("--out,-o", c->options.outFile, "the bed file to write (bed.h5)")->required();
  command->add_flag("--overwrite", c->options.overwrite, "replace an existing file");
  command->add_option("--threads,-t", c->options.threads, "OpenMP threads (CPU build; 0 = default)")
      ->check(CLI::NonNegativeNumber);
  command->add_flag("--quiet,-q", c->quiet, "no progress lines on stderr");
  whenChosen(command, action, [c] { return runBedCommand(*c); });
}

int runBedCommand(const BedCommand& c) { return finishWith(prepareBed(c.scene, c.options, terminalFeedback(c.quiet))); }

}  // namespace regolith
