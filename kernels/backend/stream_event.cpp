// StreamEvent on CUDA (events on the per-thread default stream) and on the CPU (no-ops).
#include "kernels/backend/stream_event.h"

#include <stdexcept>
#include <string>

#include "kernels/backend/backend.h"

#if THRUST_DEVICE_SYSTEM == THRUST_DEVICE_SYSTEM_CUDA
#include <cuda_runtime.h>
#endif

namespace regolith {

#if THRUST_DEVICE_SYSTEM == THRUST_DEVICE_SYSTEM_CUDA

namespace {
void check(cudaError_t err, const char* what) {
  if (err != cudaSuccess) throw std::runtime_error(std::string(what) + ": " + cudaGetErrorString(err));
}
}  // namespace

StreamEvent::~StreamEvent() {
  if (m_event) cudaEventDestroy(static_cast<cudaEvent_t>(m_event));
}

void StreamEvent::record() {
  if (!m_event) {
    cudaEvent_t e;
    check(cudaEventCreateWithFlags(&e, cudaEventDisableTiming), "cudaEventCreate");
    m_event = e;
  }
  check(cudaEventRecord(static_cast<cudaEvent_t>(m_event), cudaStreamPerThread), "cudaEventRecord");
}

void StreamEvent::waitOn() const {
  if (!m_event) return;  // never recorded: nothing to wait for
  check(cudaStreamWaitEvent(cudaStreamPerThread, static_cast<cudaEvent_t>(m_event), 0), "cudaStreamWaitEvent");
}

#else

StreamEvent::~StreamEvent() = default;
void StreamEvent::record() {}
void StreamEvent::waitOn() const {}

#endif

}  // namespace regolith
