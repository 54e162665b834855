// Which exit status an exception gets (exit_status.h): by its type, never by its message.
#include "apps/exit_status.h"

#include <cstdio>
#include <stdexcept>

#include "core/blow_up_guard.h"
#include "kernels/environment_error.h"
#include "kernels/input_error.h"

namespace regolith {

ExitStatus exitStatusOf(const std::exception& e) {
  if (dynamic_cast<const EnvironmentError*>(&e)) return ExitStatus::kEnvironment;
  if (dynamic_cast<const BlowUpError*>(&e)) return ExitStatus::kBlowUp;
  // A bad input: every file's own error type derives from InvalidInputError
  // (kernels/input_error.h); std::invalid_argument is what the libraries throw for a value
  // out of its domain (a negative radius, an unknown name).
  if (dynamic_cast<const InvalidInputError*>(&e) || dynamic_cast<const std::invalid_argument*>(&e))
    return ExitStatus::kInvalidInput;
  return ExitStatus::kFailure;
}

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
  f.note = [](const std::string& line) {
    std::printf("%s\n", line.c_str());
    std::fflush(stdout);
  };
  f.warning = [](const std::string& line) { std::fprintf(stderr, "%s\n", line.c_str()); };
  f.progress = quiet ? nullptr : stderr;
  return f;
}

}  // namespace regolith
