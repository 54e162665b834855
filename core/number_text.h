// Numbers and lines of numbers for messages, in printf's formats: the one formatter of the
// messages core and the run service write (mesh checks, plausibility warnings, the lines a
// run or a bed preparation reports).
#pragma once

#include <cstdio>
#include <string>

namespace regolith {

// printf into a string of whatever length the text needs (none is cut off).
template <class... Args>
std::string printfText(const char* format, Args... args) {
  const int length = std::snprintf(nullptr, 0, format, args...);
  if (length <= 0) return std::string();
  std::string text(std::size_t(length) + 1, '\0');
  std::snprintf(text.data(), text.size(), format, args...);
  text.pop_back();  // the terminating zero snprintf wrote
  return text;
}

// A number in %g with `digits` significant digits.
inline std::string shortNumber(double x, int digits = 3) { return printfText("%.*g", digits, x); }

}  // namespace regolith
