// A number for a message, in %g with `digits` significant digits: the one formatter of
// core's messages (mesh checks, plausibility warnings).
#pragma once

#include <cstdio>
#include <string>

namespace regolith {

inline std::string shortNumber(double x, int digits = 3) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.*g", digits, x);
  return buf;
}

}  // namespace regolith
