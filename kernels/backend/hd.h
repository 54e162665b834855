// Host/device annotation and the scalar type shared by every kernel.
// Plain C++: safe to include from core/ and tests (no CUDA header).
#pragma once

#if defined(__CUDACC__)
#define REGOLITH_HD __host__ __device__
#define REGOLITH_INLINE __forceinline__
#define REGOLITH_NOINLINE __noinline__
#else
#define REGOLITH_HD
// g++ leaves some per-element helpers out of line in the contact and integration loops;
// the call overhead is measurable there.
#define REGOLITH_INLINE inline __attribute__((always_inline))
#endif
// Rare paths kept out of a hot loop's body, so they do not cost it registers or code size.
#if !defined(__CUDACC__)
#define REGOLITH_NOINLINE __attribute__((noinline))
#endif

#include <cmath>
#include <cstdint>

namespace regolith {

// Positions are always double; everything else uses Real so a float build stays float.
#if defined(REGOLITH_REAL_FLOAT)
using Real = float;
#else
using Real = double;
#endif

using Index = std::int32_t;     // sphere / owner / contact index
using PairKey = std::uint64_t;  // (first << 32) | second, sorted lists use it

// Branch-free min/max. fmin/fmax are library calls in a g++ build without -march flags
// (they must honour NaN rules), which is measurable in the contact loop.
template <class T>
REGOLITH_HD inline T maxOf(T a, T b) {
  return a > b ? a : b;
}
template <class T>
REGOLITH_HD inline T minOf(T a, T b) {
  return a < b ? a : b;
}

REGOLITH_HD inline PairKey makePairKey(Index a, Index b) {
  return (static_cast<PairKey>(static_cast<std::uint32_t>(a)) << 32) | static_cast<std::uint32_t>(b);
}
REGOLITH_HD inline Index pairFirst(PairKey k) { return static_cast<Index>(k >> 32); }
REGOLITH_HD inline Index pairSecond(PairKey k) { return static_cast<Index>(k & 0xffffffffu); }

}  // namespace regolith
