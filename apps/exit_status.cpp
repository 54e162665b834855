// Which exit status an exception gets (exit_status.h): by its type, never by its message.
#include "apps/exit_status.h"

#include <cstdio>

namespace regolith {

// The run service sorts exceptions (service/outcome.cpp); this only names its exit code.
ExitStatus exitStatusOf(const std::exception& e) { return ExitStatus(exitCodeOf(outcomeOf(e, ""))); }

int exitCodeOf(const Outcome& outcome) {
  switch (outcome.kind) {
    case Outcome::Kind::kFinished:
      return outcome.shortOfGoal ? int(ExitStatus::kShortOfGoal) : 0;
    case Outcome::Kind::kStopped:
      return 128 + outcome.signal;
    case Outcome::Kind::kBlewUp:
      return int(ExitStatus::kBlowUp);
    case Outcome::Kind::kInvalidInput:
      return int(ExitStatus::kInvalidInput);
    case Outcome::Kind::kEnvironment:
      return int(ExitStatus::kEnvironment);
    case Outcome::Kind::kFailed:
      return int(ExitStatus::kFailure);
  }
  return int(ExitStatus::kFailure);
}

int finishWith(const Outcome& outcome) {
  std::fflush(stdout);
  if (!outcome.message.empty()) std::fprintf(stderr, "%s\n", outcome.message.c_str());
  return exitCodeOf(outcome);
}

Feedback terminalFeedback(bool quiet) {
  Feedback f;
  f.note = noteOnStdout;
  f.warning = [](const std::string& line) { std::fprintf(stderr, "%s\n", line.c_str()); };
  f.progress = quiet ? nullptr : stderr;
  return f;
}

}  // namespace regolith
