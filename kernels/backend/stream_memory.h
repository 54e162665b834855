// Device memory on CUDA, stream-ordered (issue 25, hazard 4). Included by kernels/backend/backend.h
// only; on the CPU build this header declares nothing.
//
// Why: cudaMalloc and cudaFree are not ordered on a stream; cudaFree synchronises the whole
// device. Every growing resize, every list swapped out at an adoption, every temporary of a
// Thrust algorithm (a reduction's partials, a scan's or a sort's scratch) would make the
// dynamic stream wait for whatever the kinematic stream has in flight, and the other way
// round. Here every device allocation of the engine goes through cudaMallocAsync /
// cudaFreeAsync on the calling thread's own stream (the build compiles with
// --default-stream per-thread): device vectors through their allocator
// (StreamOrderedAllocator, DeviceVector in backend.h), Thrust's temporaries through the
// execution policy (devicePolicy()), CUB's through StreamScratch. The device's default
// memory pool keeps what is freed (keepDeviceMemoryPooled: release threshold "never"), so
// after the first steps an allocation is a pool lookup, not a driver call.
//
// Hand-overs between the streams are ordered by events (kernels/backend/stream_event.h): a list the
// kinematic stream built is used and later freed by the dynamic stream only after that
// stream waited on the build's event, so a stream-ordered free on the dynamic stream comes
// after every use on the other.
#pragma once

#if THRUST_DEVICE_SYSTEM == THRUST_DEVICE_SYSTEM_CUDA

#include <cuda_runtime.h>
#include <thrust/device_allocator.h>
#include <thrust/mr/allocator.h>
#include <thrust/mr/memory_resource.h>
#include <thrust/system/cuda/pointer.h>

#include <cstddef>
#include <new>

namespace regolith {

// `bytes` on the calling thread's stream from the device's default pool; throws
// std::bad_alloc (the CUDA error cleared) when the pool cannot grow.
inline void* streamOrderedAllocate(std::size_t bytes) {
  if (bytes == 0) return nullptr;
  void* p = nullptr;
  if (cudaMallocAsync(&p, bytes, cudaStreamPerThread) != cudaSuccess) {
    cudaGetLastError();
    throw std::bad_alloc();
  }
  return p;
}

inline void streamOrderedFree(void* p) {
  if (p) cudaFreeAsync(p, cudaStreamPerThread);  // an error here (at exit, a lost context) is not ours to raise
}

// The device's default memory pool keeps freed memory for reuse instead of returning it to
// the driver at the next synchronisation (its default release threshold is 0). Called once
// a device is known to be there (requireDevice).
inline void keepDeviceMemoryPooled() {
  int device = 0;
  cudaMemPool_t pool;
  if (cudaGetDevice(&device) != cudaSuccess || cudaDeviceGetDefaultMemPool(&pool, device) != cudaSuccess) {
    cudaGetLastError();
    return;
  }
  unsigned long long never = ~0ull;  // cuuint64_t, the attribute's type
  if (cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &never) != cudaSuccess) cudaGetLastError();
}

// Thrust's memory-resource form of the above, for device vectors.
class StreamOrderedResource final : public thrust::mr::memory_resource<thrust::cuda::pointer<void>> {
 public:
  pointer do_allocate(std::size_t bytes, std::size_t) override { return pointer(streamOrderedAllocate(bytes)); }
  void do_deallocate(pointer p, std::size_t, std::size_t) override { streamOrderedFree(p.get()); }
  // do_is_equal: the base's identity test; the allocator is stateless, one global resource.
};

template <class T>
using StreamOrderedAllocator =
    thrust::mr::stateless_resource_allocator<T, thrust::device_ptr_memory_resource<StreamOrderedResource>>;

// Thrust's temporary storage (execution policy with an allocator: thrust::cuda::par_nosync(a)).
struct StreamOrderedTemporaries {
  using value_type = char;
  char* allocate(std::ptrdiff_t bytes) { return static_cast<char*>(streamOrderedAllocate(std::size_t(bytes))); }
  void deallocate(char* p, std::size_t) { streamOrderedFree(p); }
};

inline StreamOrderedTemporaries& streamOrderedTemporaries() {
  static StreamOrderedTemporaries allocator;  // stateless: one for every thread
  return allocator;
}

// Scratch for one call of a CUB algorithm, freed in stream order when it goes out of scope.
class StreamScratch {
 public:
  explicit StreamScratch(std::size_t bytes) : m_data(streamOrderedAllocate(bytes)) {}
  ~StreamScratch() { streamOrderedFree(m_data); }
  StreamScratch(const StreamScratch&) = delete;
  StreamScratch& operator=(const StreamScratch&) = delete;
  template <class T>
  T* as() const {
    return static_cast<T*>(m_data);
  }

 private:
  void* m_data = nullptr;
};

}  // namespace regolith

#endif
