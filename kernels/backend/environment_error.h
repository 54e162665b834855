// The machine or the installation cannot run what was asked, whatever the input: the
// CUDA build without a usable GPU, a data file of the installation (the scene schema)
// missing. The command line answers it alone with exit status 3, so a script can tell
// "wrong machine or broken install" from a bad input (2) or a failed run (1). It lives in
// kernels/, the lowest library, because the device check that throws it is there.
#pragma once

#include <stdexcept>

namespace regolith {

class EnvironmentError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace regolith
