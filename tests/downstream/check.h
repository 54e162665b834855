// The one check the downstream consumers share (each of models/, engine/, io/, scenes/
// includes it as "../check.h"): a value against a closed form or reference value.
#pragma once

#include <cmath>
#include <cstdio>

inline int failures = 0;

inline void expectNear(const char* what, double got, double expected, double relTol) {
  const bool ok = std::abs(got - expected) <= relTol * std::abs(expected);
  std::printf("%-50s %12.6g (expected %.6g within %.1g) %s\n", what, got, expected, relTol, ok ? "ok" : "FAILED");
  if (!ok) ++failures;
}

inline int summary() {
  if (failures) {
    std::printf("%d check(s) FAILED\n", failures);
    return 1;
  }
  std::printf("all checks passed\n");
  return 0;
}
