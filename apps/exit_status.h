// The exit status of an error that reaches the command line's main: sorted by whose it is,
// so that a script or a batch runner can tell a bad input from a wrong machine from a run
// that failed. Every command documents the same codes (`regolith run --help`):
//   1  the run's own failure (I/O, a full disk, a folder in use, anything unforeseen)
//   2  invalid input: a scene, terrain, sweep or model file, a checkpoint, a command's value
//   3  this machine or installation cannot run it (no usable GPU, a data file missing)
//   4  finished short of its goal: a bed not settled by its end time (`regolith bed`),
//      metrics of a run that did not run to its end (`regolith metrics`)
//   5  a blow-up (the state left the finite or the plausible)
//   128 + N  stopped by signal N (SIGINT, SIGTERM): a checkpoint was written
// The run service's outcomes (service/outcome.h) map onto the same codes.
#pragma once

#include <exception>

#include "service/outcome.h"

namespace regolith {

enum class ExitStatus : int { kFailure = 1, kInvalidInput = 2, kEnvironment = 3, kShortOfGoal = 4, kBlowUp = 5 };

ExitStatus exitStatusOf(const std::exception& e);

// The exit code of a command that ends with `outcome`.
int exitCodeOf(const Outcome& outcome);

// Prints the outcome's message (if any) on stderr and returns its exit code: how every
// command over the run service ends.
int finishWith(const Outcome& outcome);

// Feedback for a command on a terminal: notes on stdout, warnings on stderr as they come,
// the progress line on stderr unless `quiet`.
Feedback terminalFeedback(bool quiet = false);

}  // namespace regolith
