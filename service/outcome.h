// What the run service (service/: running a scene, preparing a bed, computing metrics)
// hands back to a front end: one typed outcome, never an exit code and never a message
// printed on a stream of its own choosing. The command line (apps/exit_status.h) maps it
// to an exit status and prints its message; the Python module (python/src/bind_run.cpp)
// maps it to an exception carrying the same message. Neither front end includes the other.
#pragma once

#include <cstdint>
#include <cstdio>
#include <exception>
#include <functional>
#include <string>
#include <vector>

#include "scenes/scene.h"

namespace regolith {

struct Outcome {
  enum class Kind {
    kFinished,      // done; `shortOfGoal` says whether it reached what it was for
    kStopped,       // by a signal (SIGINT, SIGTERM): `signal`; a checkpoint was written unless said
    kBlewUp,        // the state left the finite or the plausible (core/blow_up_guard.h)
    kInvalidInput,  // a scene, checkpoint, run or model file that is not what it must be
    kEnvironment,   // this machine or installation cannot do it (kernels/backend/environment_error.h)
    kFailed,        // the work's own failure: I/O, a full disk, a folder in use
  };
  Kind kind = Kind::kFinished;
  // Finished, but short of its goal: a bed not settled by its end time (it is stored all
  // the same), metrics of a run that did not run to its end (written all the same).
  bool shortOfGoal = false;
  // For a person: what happened and what to do, complete and possibly several lines
  // (empty when the work finished as asked). The command line prints it on stderr.
  std::string message;
  // Where: the file at fault (with its JSON pointer or dataset: "scene.json#/bodies/0"),
  // or the run file of a blow-up's post-mortem frame; empty when the message says all.
  std::string place;
  int signal = 0;          // kStopped: the signal's number
  std::uint64_t step = 0;  // kBlewUp and kStopped: the step it happened in
};

const char* outcomeKindName(Outcome::Kind kind);

// The outcome of an exception that ended the work, sorted by its type alone (an
// InvalidInputError, an EnvironmentError, a BlowUpError or anything else); the message is
// `context` ("regolith run: ", empty for none) followed by the exception's text.
Outcome outcomeOf(const std::exception& e, const std::string& context);

// What a front end shows while the service works; each may be left empty or null.
struct Feedback {
  std::function<void(const std::string&)> note;     // a line for the user: what will run, what was written
  std::function<void(const std::string&)> warning;  // a warning about the input, as soon as it is known
  std::FILE* progress = nullptr;                    // the progress line (service/progress_meter.h)
  void say(const std::string& line) const {
    if (note) note(line);
  }
  void warn(const std::string& line) const {
    if (warning) warning(line);
  }
};

// A note printed on the C stdout and flushed at once: the command line's notes and the Python
// module's (C stdio needs no GIL, so it may print while the GIL is released).
void noteOnStdout(const std::string& line);

// The frame of the services that run a scene (running it, preparing a bed): the scene
// loaded and validated (with `overrides`: `--set POINTER=VALUE`, scenes/scene.h), its
// warnings given to `feedback`, then `body`; whatever it throws becomes the outcome
// (`command`, "run" or "bed", names it in the message).
Outcome withScene(const std::string& scenePath, const std::vector<std::string>& overrides, const char* command,
                  const Feedback& feedback, const std::function<Outcome(const Scene&)>& body);
// The same for a scene already built (the Python module's regolith.run).
Outcome withBuiltScene(const Scene& scene, const char* command, const Feedback& feedback,
                       const std::function<Outcome(const Scene&)>& body);

}  // namespace regolith
