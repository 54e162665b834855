// Internal to io/: a frame read from a run file checked for shape, range and finiteness
// before anything uses it (a bed's owner_template past the templates was a SIGSEGV, a NaN
// position a silent start).
#pragma once

#include <string>

#include "io/run_file/run_file.h"

namespace regolith::run_layout {

// Throws std::runtime_error "<where>/<dataset> row i: ..., expected ..." (`where` is
// "<file>: /frames/<k>") for per-owner and per-sphere datasets of the wrong length, an
// owner_template outside -1..templates-1, a pose or velocity that is not finite, a time
// that is not a finite time >= 0, or stored contacts whose sphere or boundary indices are
// outside the frame's or whose forces are not finite.
void checkFrame(const FrameData& f, const RunHeader& header, const std::string& where);

// "<dataset> row <i>" of the first owner position, orientation, velocity or angular
// velocity that is not finite, or "" (frames and checkpoints alike).
std::string firstNonFiniteOwnerRow(const StateArrays& s);

}  // namespace regolith::run_layout
