// The exit status of an error that reaches the command line's main: sorted by whose it is,
// so that a script or a batch runner can tell a bad input from a wrong machine from a run
// that failed. Every command documents the same codes (`regolith run --help`):
//   1  the run's own failure (I/O, a full disk, a folder in use, anything unforeseen)
//   2  invalid input: a scene, terrain, sweep or model file, a checkpoint, a command's value
//   3  this machine or installation cannot run it (no usable GPU, a data file missing)
//   5  a blow-up (the state left the finite or the plausible)
#pragma once

#include <exception>

namespace regolith {

enum class ExitStatus : int { kFailure = 1, kInvalidInput = 2, kEnvironment = 3, kBlowUp = 5 };

ExitStatus exitStatusOf(const std::exception& e);

}  // namespace regolith
