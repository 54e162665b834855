// The per-sphere index of contacts in which a sphere is the second member, so the force
// gather reads every contact of a sphere in a fixed order without atomics.
#include <thrust/sequence.h>
#include <thrust/sort.h>

#include "kernels/backend/backend.h"
#include "kernels/detection/contact_detection.h"
#include "kernels/backend/sorted_search.h"

namespace regolith {

void buildSecondIndex(std::size_t sphereCount, ContactBuilder& b, CandidateList& out) {
  const std::size_t nc = out.pairKeys.size();
  resizeDiscarding(b.scratchIndex, nc);
  resizeDiscarding(out.secondOrder, nc);
  parallel_for(nc, SecondOfKeys{raw(out.pairKeys), raw(b.scratchIndex)});
  thrust::sequence(devicePolicy(), out.secondOrder.begin(), out.secondOrder.end());
  // Stable: contacts of one sphere stay in key order.
  thrust::stable_sort_by_key(devicePolicy(), b.scratchIndex.begin(), b.scratchIndex.end(), out.secondOrder.begin());
  out.secondBegin.resize(sphereCount + 1);
  parallel_for(sphereCount + 1,
               SegmentStarts<Index>{raw(b.scratchIndex), static_cast<Index>(nc), raw(out.secondBegin)});
}

}  // namespace regolith
