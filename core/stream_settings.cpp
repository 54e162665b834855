#include "core/stream_settings.h"

#include <cmath>
#include <stdexcept>

#include "kernels/stages.h"

namespace regolith {

std::string streamModeName(StreamMode m) {
  switch (m) {
    case StreamMode::Sync:
      return "sync";
    case StreamMode::Async:
      return "async";
    case StreamMode::Verlet:
      return "verlet";
  }
  return "?";
}

StreamMode defaultStreamMode() { return StreamMode::Verlet; }

StreamMode parseStreamMode(const std::string& name) {
  if (name == "sync") return StreamMode::Sync;
  if (name == "async") return StreamMode::Async;
  if (name == "verlet") return StreamMode::Verlet;
  throw std::invalid_argument("unknown stream mode '" + name + "': expected one of sync, async, verlet");
}

void validateStreamSettings(const StreamSettings& s) {
  if (s.updateEvery < 1)
    throw std::invalid_argument("dual stream: update_every must be >= 1 (got " + std::to_string(s.updateEvery) + ")");
  if (s.maxDrift < 1)
    throw std::invalid_argument("dual stream: max_drift (D) must be >= 1 (got " + std::to_string(s.maxDrift) + ")");
  if (s.updateEvery > s.maxDrift)
    throw std::invalid_argument("dual stream: update_every (" + std::to_string(s.updateEvery) +
                                ") must not exceed max_drift D (" + std::to_string(s.maxDrift) +
                                "): a list would expire before the next snapshot");
  if (!(s.safety >= 1.0) || !std::isfinite(s.safety))
    throw std::invalid_argument("dual stream: safety must be a finite number >= 1 (got " + std::to_string(s.safety) +
                                ")");
  if (!std::isfinite(s.marginExtra)) throw std::invalid_argument("dual stream: margin_extra must be finite");
  if (s.kinematicThreads < 0) throw std::invalid_argument("dual stream: kinematic_threads must be >= 0");
  if (s.reorderEvery < 0)
    throw std::invalid_argument("reorder_every must be >= 0 steps (0: never; got " + std::to_string(s.reorderEvery) +
                                ")");
}

}  // namespace regolith
