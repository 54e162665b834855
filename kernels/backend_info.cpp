// Backend identification and set-up: device presence (CUDA) and thread count (OpenMP).
#include <stdexcept>
#include <string>

#include "kernels/backend.h"
#include "kernels/stages.h"

#if THRUST_DEVICE_SYSTEM == THRUST_DEVICE_SYSTEM_CUDA
#include <cuda_runtime.h>
#else
#include <omp.h>
#endif

namespace regolith {

#if THRUST_DEVICE_SYSTEM == THRUST_DEVICE_SYSTEM_CUDA

std::string backendName() { return "cuda"; }

bool deviceAvailable(std::string* why) {
  int count = 0;
  const cudaError_t err = cudaGetDeviceCount(&count);
  if (err != cudaSuccess || count == 0) {
    if (why) {
      *why = err != cudaSuccess ? std::string(cudaGetErrorName(err)) + ": " + cudaGetErrorString(err)
                                : std::string("the driver reports zero devices");
    }
    cudaGetLastError();  // clear the sticky error so later calls report their own state
    return false;
  }
  return true;
}

void setThreadCount(int) {}
int threadCount() { return 1; }

#else

std::string backendName() { return "cpu-omp"; }

bool deviceAvailable(std::string*) { return true; }

void setThreadCount(int threads) {
  if (threads > 0) omp_set_num_threads(threads);
}
int threadCount() { return omp_get_max_threads(); }

#endif

void requireDevice() {
  std::string why;
  if (!deviceAvailable(&why)) {
    throw std::runtime_error("no CUDA device: this is the CUDA build of regolith and it found no usable GPU (" + why +
                             "). Run on a machine with an NVIDIA GPU and driver, or use the CPU build (preset cpu).");
  }
#if THRUST_DEVICE_SYSTEM == THRUST_DEVICE_SYSTEM_CUDA
  keepDeviceMemoryPooled();
#endif
}

#if THRUST_DEVICE_SYSTEM == THRUST_DEVICE_SYSTEM_CUDA
namespace {
// The current device's default pool, which keepDeviceMemoryPooled configured; false (the
// error cleared) where there is none.
bool defaultPool(cudaMemPool_t& pool) {
  int device = 0;
  if (cudaGetDevice(&device) != cudaSuccess || cudaDeviceGetDefaultMemPool(&pool, device) != cudaSuccess) {
    cudaGetLastError();
    return false;
  }
  return true;
}
}  // namespace
#endif

DevicePoolStats devicePoolStats() {
  DevicePoolStats stats;
#if THRUST_DEVICE_SYSTEM == THRUST_DEVICE_SYSTEM_CUDA
  cudaMemPool_t pool;
  if (!defaultPool(pool)) return stats;
  unsigned long long value = 0;  // cuuint64_t
  if (cudaMemPoolGetAttribute(pool, cudaMemPoolAttrReservedMemCurrent, &value) == cudaSuccess) stats.reserved = value;
  if (cudaMemPoolGetAttribute(pool, cudaMemPoolAttrUsedMemCurrent, &value) == cudaSuccess) stats.used = value;
  if (cudaMemPoolGetAttribute(pool, cudaMemPoolAttrUsedMemHigh, &value) == cudaSuccess) stats.usedPeak = value;
  if (cudaMemPoolGetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &value) == cudaSuccess)
    stats.releaseThreshold = value;
  cudaGetLastError();
  stats.pooled = true;
#endif
  return stats;
}

void resetDevicePoolPeak() {
#if THRUST_DEVICE_SYSTEM == THRUST_DEVICE_SYSTEM_CUDA
  cudaMemPool_t pool;
  if (!defaultPool(pool)) return;
  unsigned long long zero = 0;  // the high-water mark can only be reset to zero
  cudaMemPoolSetAttribute(pool, cudaMemPoolAttrUsedMemHigh, &zero);
  cudaGetLastError();
#endif
}

}  // namespace regolith
