// Binary searches over sorted device arrays, callable inside kernels.
#pragma once

#include "kernels/hd.h"

namespace regolith {

// First position in [0, n) whose value is not less than key.
template <class T>
REGOLITH_HD inline Index lowerBound(const T* sorted, Index n, T key) {
  Index lo = 0, hi = n;
  while (lo < hi) {
    const Index mid = lo + (hi - lo) / 2;
    if (sorted[mid] < key) lo = mid + 1; else hi = mid;
  }
  return lo;
}

// First position in [0, n) whose value is greater than key.
template <class T>
REGOLITH_HD inline Index upperBound(const T* sorted, Index n, T key) {
  Index lo = 0, hi = n;
  while (lo < hi) {
    const Index mid = lo + (hi - lo) / 2;
    if (key < sorted[mid]) hi = mid; else lo = mid + 1;
  }
  return lo;
}

}  // namespace regolith
