// The backend shim: device-vector aliases and the one parallel_for every kernel uses.
// Included only by kernels/*.cpp, which the CUDA build compiles with nvcc and the CPU
// build with g++ and Thrust's OpenMP device system. Nothing above kernels/ includes it.
#pragma once

#include <cstddef>

#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/for_each.h>
#include <thrust/iterator/counting_iterator.h>

#include "kernels/hd.h"

namespace regolith {

template <class T>
using DeviceVector = thrust::device_vector<T>;

// The execution policy of every device algorithm. On CUDA: the calling host thread's own
// stream (the build compiles with --default-stream per-thread, so Thrust's internal copies
// and fills go to the same stream), without a synchronisation after each call; hand-overs
// between the streams of the dual-stream engine order work with events (stream_event.h).
// On the CPU: Thrust's OpenMP system, which returns when the work is done.
#if THRUST_DEVICE_SYSTEM == THRUST_DEVICE_SYSTEM_CUDA
inline auto devicePolicy() { return thrust::cuda::par_nosync.on(cudaStreamPerThread); }
#else
inline auto devicePolicy() { return thrust::device; }
#endif

// Runs f(i) for i in [0, n) on the device system (OpenMP threads or CUDA threads).
// f must be a copyable functor with a REGOLITH_HD operator()(Index) const.
template <class Functor>
void parallel_for(std::size_t n, const Functor& f) {
  if (n == 0) return;
  thrust::for_each(devicePolicy(), thrust::counting_iterator<Index>(0),
                   thrust::counting_iterator<Index>(static_cast<Index>(n)), f);
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

}  // namespace regolith
