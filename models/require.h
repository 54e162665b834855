// Input checks shared by the reduced-order model libraries (rft, regression, bekker).
// Every check throws std::invalid_argument naming the parameter, its value and the range
// it must lie in, e.g. "bekker soil: n = -0.5: expected 0 < n <= 3".
#pragma once

#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <string>

namespace regolith::models {

inline std::string formatNumber(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", v);
  return buf;
}

[[noreturn]] inline void failRange(const std::string& name, double value, const std::string& expected) {
  throw std::invalid_argument(name + " = " + formatNumber(value) + ": expected " + expected);
}

inline void requireFinite(double v, const std::string& name) {
  if (!std::isfinite(v)) failRange(name, v, "a finite number");
}

inline void requirePositive(double v, const std::string& name) {
  if (!(v > 0) || !std::isfinite(v)) failRange(name, v, name + " > 0 (finite)");
}

inline void requireNonNegative(double v, const std::string& name) {
  if (!(v >= 0) || !std::isfinite(v)) failRange(name, v, name + " >= 0 (finite)");
}

// lo <= v <= hi (closed); NaN fails.
inline void requireInRange(double v, const std::string& name, double lo, double hi) {
  if (!(v >= lo && v <= hi)) failRange(name, v, formatNumber(lo) + " <= " + name + " <= " + formatNumber(hi));
}

}  // namespace regolith::models
