// The most steps a scene's end time, or one call that advances a simulation, may ask for:
// beyond any run, and step counts stay exact in a double. More is a mistake (an end time
// in the wrong unit, an advance(1e308)) that would otherwise run until killed.
#pragma once

namespace regolith {

inline constexpr double kMaxRunSteps = 1e15;

}  // namespace regolith
