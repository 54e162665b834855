// `regolith run`'s options and its ending (run_command.h).
#include "apps/run_command.h"

#include <memory>

#include "apps/exit_status.h"

namespace regolith {

void registerRunCommand(CLI::App& app, CommandAction& action) {
  const auto c = std::make_shared<RunCommand>();
  CLI::App* command = app.add_subcommand(
      "run",
      "Run a scene: DIR/run.h5, run.xmf, series.csv and checkpoint.h5.\n"
      "Exit status: 0 done; 1 failure (I/O, a checkpoint that does not fit, DIR in use by "
      "another run: DIR/.regolith.lock names its PID); 2 invalid scene; 3 this machine or "
      "installation cannot run it; 5 blow-up (a particle not finite or faster than r_min / dt, "
      "or a contact list past 256 candidates per sphere: a last frame is written, the last "
      "good checkpoint kept); 128 + N after signal N.");
  command->add_option("scene", c->scene, "scene file (JSON)")->required();
  command->add_option("--out,-o", c->options.outDir, "output folder")->required();
  command->add_option("--set", c->options.overrides,
                      "replace a scene value first: POINTER=VALUE, e.g. /study/slip=0.3 (repeatable; "
                      "give the same ones to --resume)");
  command->add_flag("--resume", c->options.resume, "continue from DIR/checkpoint.h5, appending to DIR/run.h5");
  command->add_flag("--overwrite", c->options.overwrite, "replace an existing DIR/run.h5");
  command->add_option("--threads,-t", c->options.threads, "OpenMP threads (CPU build; 0 = default)")
      ->check(CLI::NonNegativeNumber);
  command
      ->add_option("--checkpoint-every", c->options.checkpointEvery,
                   "wall seconds between checkpoints (default: the scene's checkpoint_every)")
      ->check(CLI::NonNegativeNumber);
  command->add_flag("--quiet,-q", c->quiet, "no progress lines on stderr");
  whenChosen(command, action, [c] { return runRunCommand(*c); });
}

int runRunCommand(const RunCommand& c) { return finishWith(runScene(c.scene, c.options, terminalFeedback(c.quiet))); }

}  // namespace regolith
