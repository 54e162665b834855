// Binary searches over sorted device arrays, callable inside kernels.
#pragma once

#include "kernels/backend/hd.h"

namespace regolith {

// First position in [0, n) whose value is not less than key.
template <class T>
REGOLITH_HD inline Index lowerBound(const T* sorted, Index n, T key) {
  Index lo = 0, hi = n;
  while (lo < hi) {
    const Index mid = lo + (hi - lo) / 2;
    if (sorted[mid] < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

// First position in [0, n) whose value is greater than key.
template <class T>
REGOLITH_HD inline Index upperBound(const T* sorted, Index n, T key) {
  Index lo = 0, hi = n;
  while (lo < hi) {
    const Index mid = lo + (hi - lo) / 2;
    if (key < sorted[mid]) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

// Segment starts of a sorted array of segment ids: begin[k] = first slot whose id is >= k,
// for k in [0, segments]. Segment k then holds slots [begin[k], begin[k + 1]).
// (Cells of the sorted grid, pairs by second sphere, wall contacts by boundary.)
template <class T>
struct SegmentStarts {
  const T* sortedIds;
  Index count;
  Index* begin;
  REGOLITH_HD void operator()(Index k) const { begin[k] = lowerBound(sortedIds, count, static_cast<T>(k)); }
};

// second[c] = the second member of pair key c (a sphere, or a boundary for wall keys).
struct SecondOfKeys {
  const PairKey* keys;
  Index* second;
  REGOLITH_HD void operator()(Index c) const { second[c] = pairSecond(keys[c]); }
};

}  // namespace regolith
