// The backend shim: device-vector aliases and the one parallel_for every kernel uses.
// Included only by kernels/*.cpp, which the CUDA build compiles with nvcc and the CPU
// build with g++ and Thrust's OpenMP device system. Nothing above kernels/ includes it.
#pragma once

#include <cstddef>

#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/for_each.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/transform_reduce.h>

#if THRUST_DEVICE_SYSTEM != THRUST_DEVICE_SYSTEM_CUDA
#include <omp.h>

#include <vector>
#endif

#include "kernels/detection/build_guard.h"
#include "kernels/backend/hd.h"
#include "kernels/backend/stream_memory.h"

namespace regolith {

// The execution policy of every device algorithm. On CUDA: the calling host thread's own
// stream (the build compiles with --default-stream per-thread, so Thrust's internal copies
// and fills go to the same stream), without a synchronisation after each call, and Thrust's
// temporaries from the stream-ordered pool (kernels/backend/stream_memory.h); hand-overs between the
// streams of the dual-stream engine order work with events (stream_event.h). Device
// vectors allocate from the same pool on the same stream.
// On the CPU: Thrust's OpenMP system, which returns when the work is done.
#if THRUST_DEVICE_SYSTEM == THRUST_DEVICE_SYSTEM_CUDA
template <class T>
using DeviceVector = thrust::device_vector<T, StreamOrderedAllocator<T>>;
inline auto devicePolicy() { return thrust::cuda::par_nosync(streamOrderedTemporaries()).on(cudaStreamPerThread); }
#else
template <class T>
using DeviceVector = thrust::device_vector<T>;
inline auto devicePolicy() { return thrust::device; }
#endif

#if THRUST_DEVICE_SYSTEM != THRUST_DEVICE_SYSTEM_CUDA
// The CPU loops split [0, n) into 4 blocks per thread, dealt out in turn (thread t takes
// blocks t, t + T, ...). Why not one block per thread: particles are numbered as they were
// placed (a lattice or a rain, layer by layer), so one block per thread gives one thread
// the bottom of a settling bed, where the contacts are, and the other the grains still
// falling (measured: 2.6 times the contact work on one of two threads, the other waiting).
// Why not small chunks or a dynamic schedule (both measured slower): block k of every
// kernel covers about the same particles, so a thread gathers the contact results it
// computed itself, from its own cache.
constexpr int kBlocksPerThread = 4;
inline Index blockSize(Index count) {
  const Index blocks = static_cast<Index>(omp_get_max_threads()) * kBlocksPerThread;
  return count / blocks + 1;
}
#endif

#if THRUST_DEVICE_SYSTEM != THRUST_DEVICE_SYSTEM_CUDA
// How the CPU's pair loop runs, narrowest first: one contact at a time as a CUDA thread
// does (scalar), or lanes of contacts in vector instructions of the build's own target
// (baseline) or of a wider one. The level in use (kernels/backend/backend_info.cpp) is AVX-512's or
// AVX2's where the processor runs it, else scalar, or REGOLITH_CPU_VECTOR's.
enum class CpuVector { Scalar, Baseline, Avx2, Avx512 };
CpuVector cpuVector();
#endif

// Runs f(i) for i in [0, n) on the device system (OpenMP threads or CUDA threads).
// f must be a copyable functor with a REGOLITH_HD operator()(Index) const. n must fit an
// Index (checked: IndexRangeError, not a loop over a wrapped count).
//
// On the CPU this is an OpenMP loop over the blocks above, written out rather than
// thrust::for_each: Thrust's OpenMP system calls the functor through an out-of-line
// wrapper that reloads every field of the functor per element, which cost a tenth of a
// settling step's instructions. Here the functor is a local copy, its operator() inlined.
template <class Functor>
void parallel_for(std::size_t n, const Functor& f) {
  if (n == 0) return;
  requireIndexRange(n, "parallel loop");
#if THRUST_DEVICE_SYSTEM == THRUST_DEVICE_SYSTEM_CUDA
  thrust::for_each(devicePolicy(), thrust::counting_iterator<Index>(0),
                   thrust::counting_iterator<Index>(static_cast<Index>(n)), f);
#else
  const Functor local = f;
  const Index count = static_cast<Index>(n);
  const Index chunk = blockSize(count);
#pragma omp parallel for schedule(static, chunk)
  for (Index i = 0; i < count; ++i) local(i);
#endif
}

#if THRUST_DEVICE_SYSTEM != THRUST_DEVICE_SYSTEM_CUDA
// The CPU's parallel_for by ranges: f(begin, end) once per block of [0, n), the blocks and
// their threads those of parallel_for, so a kernel that runs this way touches the same
// elements on the same thread as the loops before and after it. For a kernel that gathers
// a block's work into lanes before it computes (pair_forces.cpp).
template <class Functor>
void parallel_for_ranges(std::size_t n, const Functor& f) {
  if (n == 0) return;
  requireIndexRange(n, "parallel loop");
  const Functor local = f;
  const Index count = static_cast<Index>(n);
  const Index chunk = blockSize(count);
  const Index blocks = (count - 1) / chunk + 1;
#pragma omp parallel for schedule(static, 1)
  for (Index b = 0; b < blocks; ++b) local(b * chunk, b < blocks - 1 ? (b + 1) * chunk : count);
}
#endif

// merge(init, f(0), ..., f(n-1)) in some grouping: merge must be associative and
// commutative, and the result must not depend on the grouping (max and min are exact in
// any order; a floating-point sum is not, and would vary with the thread count).
// On the CPU the partials are one per OpenMP thread, merged in thread order, over
// parallel_for's blocks and for the same reason: the functor inlined, not called through a
// wrapper.
template <class T, class Transform, class Merge>
T parallel_reduce(std::size_t n, const Transform& f, T init, const Merge& merge) {
  if (n == 0) return init;
  requireIndexRange(n, "parallel reduction");
#if THRUST_DEVICE_SYSTEM == THRUST_DEVICE_SYSTEM_CUDA
  return thrust::transform_reduce(devicePolicy(), thrust::counting_iterator<Index>(0),
                                  thrust::counting_iterator<Index>(static_cast<Index>(n)), f, init, merge);
#else
  const Transform local = f;
  const Merge join = merge;
  const Index count = static_cast<Index>(n);
  std::vector<T> partial(static_cast<std::size_t>(omp_get_max_threads()), init);
#pragma omp parallel
  {
    T mine = init;
#pragma omp for schedule(static, blockSize(count)) nowait
    for (Index i = 0; i < count; ++i) mine = join(mine, local(i));
    partial[static_cast<std::size_t>(omp_get_thread_num())] = mine;
  }
  T result = init;
  for (const T& p : partial) result = join(result, p);
  return result;
#endif
}

template <class T>
T* raw(DeviceVector<T>& v) {
  return thrust::raw_pointer_cast(v.data());
}
template <class T>
const T* raw(const DeviceVector<T>& v) {
  return thrust::raw_pointer_cast(v.data());
}

template <class T>
std::size_t bytesOf(const DeviceVector<T>& v) {
  return v.capacity() * sizeof(T);
}

// Frees v's memory (an array a mode does not use).
template <class T>
void release(DeviceVector<T>& v) {
  DeviceVector<T>().swap(v);
}

// The capacity policy of every array whose length follows a contact or cell count, which
// changes at each list build (issue 25, hazard 3). Thrust's resize doubles the capacity
// when it grows and never gives it back, so an array whose count crept past a power of
// two held up to twice its length: measured 7.1 pair slots per sphere for 3.6 pairs, in
// each of six per-pair arrays, on the dense bed in async. Here an array is given its length
// plus kCapacityHeadroom of it (so counts that wobble from build to build do not
// reallocate each time), and is reallocated smaller once more than kCapacityIdle of its
// capacity would lie idle.
constexpr std::size_t kCapacityHeadroomDivisor = 16;  // 1/16 = 6.25 % headroom
constexpr std::size_t kCapacityIdleDivisor = 4;       // shrink when over 1/4 would be idle
constexpr std::size_t kCapacitySlack = 64;            // elements; keeps tiny arrays from churning

inline std::size_t capacityFor(std::size_t n) { return n + n / kCapacityHeadroomDivisor + kCapacitySlack; }

// Sizes v to n elements for a pass that then writes every one of them: the old contents
// are not kept. A reallocation frees the old buffer first, so the peak holds one of them.
template <class T>
void resizeDiscarding(DeviceVector<T>& v, std::size_t n) {
  const std::size_t capacity = v.capacity();
  const std::size_t wanted = capacityFor(n);
  const bool fits = n <= capacity;
  const bool mostlyIdle = capacity > wanted + wanted / kCapacityIdleDivisor;
  if (fits && !mostlyIdle) {
    v.resize(n);
    return;
  }
  release(v);
  v.reserve(wanted);
  v.resize(n);
}

}  // namespace regolith
