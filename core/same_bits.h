// Bit-for-bit equality of two arrays: what "the same state" means for restart and
// reproducibility (0.1 + 0.2 must equal itself, -0.0 must differ from 0.0, and a NaN
// equals the same NaN). For arrays of numbers and of structs of numbers without padding.
#pragma once

#include <cstring>
#include <type_traits>
#include <vector>

namespace regolith {

template <class T>
bool sameBits(const std::vector<T>& a, const std::vector<T>& b) {
  static_assert(std::is_trivially_copyable_v<T>, "sameBits compares object representations");
  return a.size() == b.size() && (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(T)) == 0);
}

}  // namespace regolith
