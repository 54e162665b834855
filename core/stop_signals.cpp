// The SIGINT/SIGTERM handlers of a run or a batch runner, over kernels/detection/build_guard.h's stop request.
#include "core/stop_signals.h"

#include "kernels/detection/build_guard.h"

namespace regolith {
namespace {

extern "C" void onStopSignal(int signal) { requestStop(signal); }

}  // namespace

StopSignals::StopSignals() {
  clearStopRequest();
  struct sigaction sa {};
  sa.sa_handler = onStopSignal;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, &m_int);
  sigaction(SIGTERM, &sa, &m_term);
}

StopSignals::~StopSignals() {
  sigaction(SIGINT, &m_int, nullptr);
  sigaction(SIGTERM, &m_term, nullptr);
  clearStopRequest();
}

}  // namespace regolith
