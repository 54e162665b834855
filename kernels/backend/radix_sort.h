// Stable sort of (key, value) pairs whose keys lie in [0, 2^keyBits): the cell keys of the
// contact search. Included only by kernels/*.cpp (Thrust, and CUB on CUDA).
//
// Why a bit width: a cell key is a 64-bit PairKey, but a grid of C cells uses only the low
// ceil(log2 C) bits (kernels/detection/uniform_grid.h, UniformGrid::keyBits: 21 bits for a million
// cells). Thrust's sort_by_key on CUDA is a radix sort over all 64 bits, one pass per
// digit; CUB's, given the width, skips the passes over bits that are zero in every key.
// Both are stable, so the permutation, and everything built from it, is the same.
// On the CPU Thrust's OpenMP system sorts by comparison (a merge sort), where a bit width
// has no use: the CPU path is Thrust's stable sort, as before.
#pragma once

#include <thrust/sort.h>

#include <cstddef>

#include "kernels/backend/backend.h"

#if THRUST_DEVICE_SYSTEM == THRUST_DEVICE_SYSTEM_CUDA
#include <cuda_runtime.h>

#include <cub/device/device_radix_sort.cuh>
#include <stdexcept>
#include <string>
#endif

namespace regolith {

#if THRUST_DEVICE_SYSTEM == THRUST_DEVICE_SYSTEM_CUDA
inline void requireCuda(cudaError_t e, const char* what) {
  if (e != cudaSuccess) throw std::runtime_error(std::string(what) + ": " + cudaGetErrorString(e));
}
#endif

template <class Key, class Value>
void stableSortByKeyBits(DeviceVector<Key>& keys, DeviceVector<Value>& values, int keyBits) {
  const std::size_t n = keys.size();
  if (n < 2) return;
#if THRUST_DEVICE_SYSTEM == THRUST_DEVICE_SYSTEM_CUDA
  if (keyBits <= 0) return;  // every key is 0: a stable sort keeps the order it has
  requireIndexRange(n, "radix sort");
  StreamScratch keysAlt(n * sizeof(Key)), valuesAlt(n * sizeof(Value));
  cub::DoubleBuffer<Key> k(raw(keys), keysAlt.as<Key>());
  cub::DoubleBuffer<Value> v(raw(values), valuesAlt.as<Value>());
  const int items = static_cast<int>(n);
  std::size_t tempBytes = 0;
  requireCuda(cub::DeviceRadixSort::SortPairs(nullptr, tempBytes, k, v, items, 0, keyBits, cudaStreamPerThread),
              "radix sort (temporary size)");
  StreamScratch temp(tempBytes);
  requireCuda(cub::DeviceRadixSort::SortPairs(temp.as<void>(), tempBytes, k, v, items, 0, keyBits, cudaStreamPerThread),
              "radix sort");
  // The double buffer ends in either half, depending on the number of passes.
  if (k.Current() != raw(keys)) {
    requireCuda(cudaMemcpyAsync(raw(keys), k.Current(), n * sizeof(Key), cudaMemcpyDeviceToDevice, cudaStreamPerThread),
                "radix sort (keys back)");
  }
  if (v.Current() != raw(values)) {
    requireCuda(
        cudaMemcpyAsync(raw(values), v.Current(), n * sizeof(Value), cudaMemcpyDeviceToDevice, cudaStreamPerThread),
        "radix sort (values back)");
  }
#else
  (void)keyBits;
  thrust::stable_sort_by_key(devicePolicy(), keys.begin(), keys.end(), values.begin());
#endif
}

}  // namespace regolith
