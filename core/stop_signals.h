// SIGINT and SIGTERM while a run (service/run_scene.cpp) or a batch runner (batch/runner.cpp)
// lives: the handler raises the process-wide stop request of kernels/detection/build_guard.h, which
// the caller polls with stopRequested() (the signal's number, 0 if none) and which
// Simulation::step and long contact-list builds obey by themselves. The previous handlers
// come back, and the request is cleared, when the object goes.
#pragma once

#include <csignal>

namespace regolith {

class StopSignals {
 public:
  StopSignals();
  ~StopSignals();
  StopSignals(const StopSignals&) = delete;
  StopSignals& operator=(const StopSignals&) = delete;

 private:
  struct sigaction m_int {
  }, m_term{};
};

}  // namespace regolith
