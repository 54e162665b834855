// Backend identification and set-up: device presence (CUDA), thread count (OpenMP) and the
// vector level of the CPU's pair loop.
#include <atomic>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <vector>

#include "kernels/backend/backend.h"
#include "kernels/backend/environment_error.h"
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
std::string cpuVectorLevel() { return "none"; }
std::vector<std::string> cpuVectorLevels() { return {"none"}; }
void setCpuVectorLevel(const std::string& level) {
  if (level != "none")
    throw std::invalid_argument("setCpuVectorLevel: \"" + level +
                                "\" is a level of the CPU build; the CUDA build has only \"none\"");
}

#else

std::string backendName() { return "cpu-omp"; }

bool deviceAvailable(std::string*) { return true; }

void setThreadCount(int threads) {
  if (threads > 0) omp_set_num_threads(threads);
}
int threadCount() { return omp_get_max_threads(); }

namespace {

const char* const kCpuVectorNames[] = {"scalar", "baseline", "avx2", "avx512"};
constexpr int kCpuVectorCount = 4;

bool cpuRuns(CpuVector level) {
#if defined(__x86_64__) && defined(__GNUC__)
  // libgcc's checks include the operating system's support for the wider registers.
  __builtin_cpu_init();
  if (level == CpuVector::Avx512) return __builtin_cpu_supports("avx512f");
  if (level == CpuVector::Avx2) return __builtin_cpu_supports("avx2");
#endif
  return level == CpuVector::Scalar || level == CpuVector::Baseline;
}

std::string levelsList() {
  std::string list;
  for (const std::string& l : cpuVectorLevels()) list += (list.empty() ? "" : ", ") + l;
  return list;
}

// The level named `name`, which this processor must run; `what` says where the name came from.
CpuVector cpuVectorNamed(const std::string& name, const std::string& what) {
  for (int l = 0; l < kCpuVectorCount; ++l) {
    if (name != kCpuVectorNames[l]) continue;
    if (!cpuRuns(CpuVector(l)))
      throw std::invalid_argument(what + ": this processor does not run \"" + name + "\"; it runs " + levelsList());
    return CpuVector(l);
  }
  throw std::invalid_argument(what + ": unknown level \"" + name +
                              "\"; expected one of scalar, baseline, avx2, avx512 (this processor runs " +
                              levelsList() + ")");
}

CpuVector defaultLevel() {
  if (const char* env = std::getenv("REGOLITH_CPU_VECTOR"))
    return cpuVectorNamed(env, std::string("environment variable REGOLITH_CPU_VECTOR=") + env);
  // Not baseline: on x86-64 its lanes are SSE2's two doubles, which measured slower than
  // one contact at a time (docs/performance.md, "Vector lanes").
  if (cpuRuns(CpuVector::Avx512)) return CpuVector::Avx512;
  return cpuRuns(CpuVector::Avx2) ? CpuVector::Avx2 : CpuVector::Scalar;
}

// -1 until first asked; then the level every later pair pass uses.
std::atomic<int> currentCpuVector{-1};

}  // namespace

CpuVector cpuVector() {
  int level = currentCpuVector.load(std::memory_order_relaxed);
  if (level < 0) {
    level = int(defaultLevel());
    currentCpuVector.store(level, std::memory_order_relaxed);
  }
  return CpuVector(level);
}

std::string cpuVectorLevel() { return kCpuVectorNames[int(cpuVector())]; }

std::vector<std::string> cpuVectorLevels() {
  std::vector<std::string> levels;
  for (int l = 0; l < kCpuVectorCount; ++l)
    if (cpuRuns(CpuVector(l))) levels.push_back(kCpuVectorNames[l]);
  return levels;
}

void setCpuVectorLevel(const std::string& level) {
  currentCpuVector.store(int(cpuVectorNamed(level, "setCpuVectorLevel")), std::memory_order_relaxed);
}

#endif

void requireDevice() {
  cpuVectorLevel();  // a REGOLITH_CPU_VECTOR this processor cannot run fails here, before any step
  std::string why;
  if (!deviceAvailable(&why)) {
    throw EnvironmentError("no CUDA device: this is the CUDA build of regolith and it found no usable GPU (" + why +
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
