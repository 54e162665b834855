// Particle renumbering by cell (issue 25, "reorder spheres and owners by cell"): the
// engine reads per-particle arrays in index order and a contact's two particles at their
// indices, so particles that are neighbours in space should be neighbours in memory. A
// bed built as a lattice starts that way; grains that mix (a drum, a wheel's wake) or rain
// in at random lose it, and a random numbering was measured 1.4 to 2.7 times slower on the
// CPU (docs/performance.md, "Particle order").
//
// Only lone-sphere owners (one sphere, no owned boundary) are renumbered, among the slots
// lone-sphere owners hold: clumps, bodies and the boundaries they carry keep their indices,
// so owner sphere ranges, clump chunks and owned boundaries' owners stay valid unchanged,
// and a lone owner's one sphere moves with it.
#include <thrust/copy.h>
#include <thrust/functional.h>
#include <thrust/gather.h>
#include <thrust/scatter.h>
#include <thrust/sequence.h>
#include <thrust/sort.h>
#include <thrust/transform.h>

#include <stdexcept>
#include <vector>

#include "kernels/backend/backend.h"
#include "kernels/device_state.h"
#include "kernels/detection/morton.h"
#include "kernels/detection/near_pairs.h"
#include "kernels/stages.h"

namespace regolith {
namespace {

struct IsLoneSphere {
  const Index* sphereBegin;
  const Index* boundaryBegin;  // null when no boundary is owned
  REGOLITH_HD bool operator()(Index o) const {
    return sphereBegin[o + 1] == sphereBegin[o] + 1 && (!boundaryBegin || boundaryBegin[o + 1] == boundaryBegin[o]);
  }
};

struct LowCorner {
  REGOLITH_HD Vec3d operator()(const Vec3d& a, const Vec3d& b) const {
    return Vec3d(minOf(a.x, b.x), minOf(a.y, b.y), minOf(a.z, b.z));
  }
};

struct PositionOf {
  const Vec3d* position;
  REGOLITH_HD Vec3d operator()(Index o) const { return position[o]; }
};

struct CellKeyOf {
  const Vec3d* position;
  Vec3d corner;
  double cell;
  REGOLITH_HD std::uint64_t operator()(Index o) const { return mortonKey(position[o] - corner, cell); }
};

// 1 where key k is below key k - 1: a grain out of cell order in the current numbering.
struct OutOfOrder {
  const std::uint64_t* key;
  REGOLITH_HD std::size_t operator()(Index k) const { return k > 0 && key[k] < key[k - 1] ? 1 : 0; }
};

// Sphere slot of owner slot k takes the sphere of owner newToOld[k] (lone slots only;
// other spheres keep their slots, as the identity it starts from says).
struct SphereOfOwnerSlot {
  const Index* ownerNewToOld;
  const Index* sphereBegin;
  Index* sphereNewToOld;
  REGOLITH_HD void operator()(Index k) const {
    const Index old = ownerNewToOld[k];
    if (old != k) sphereNewToOld[sphereBegin[k]] = sphereBegin[old];
  }
};

// A pair key in the new numbering, its spheres ordered again (first < second); when they
// swap, the shear, which is kept as seen from the first sphere, changes sign (exactly).
struct RenumberPair {
  const Index* sphereOldToNew;
  PairKey* keys;
  Vec3* shear;
  REGOLITH_HD void operator()(Index c) const {
    const Index a = sphereOldToNew[pairFirst(keys[c])], b = sphereOldToNew[pairSecond(keys[c])];
    if (a < b) {
      keys[c] = makePairKey(a, b);
    } else {
      keys[c] = makePairKey(b, a);
      shear[c] = -shear[c];
    }
  }
};

struct RenumberWall {
  const Index* sphereOldToNew;
  PairKey* keys;
  REGOLITH_HD void operator()(Index c) const {
    keys[c] = makePairKey(sphereOldToNew[pairFirst(keys[c])], pairSecond(keys[c]));
  }
};

// v[k] = v[newToOld[k]] for every k (nothing for an array a model leaves empty).
template <class T>
void permute(DeviceVector<T>& v, const DeviceVector<Index>& newToOld) {
  if (v.empty()) return;
  DeviceVector<T> out(v.size());
  thrust::gather(devicePolicy(), newToOld.begin(), newToOld.end(), v.begin(), out.begin());
  v.swap(out);
}

// Keys renumbered by `renumber`, then sorted with their shear.
template <class Renumber>
void renumberContacts(DeviceVector<PairKey>& keys, DeviceVector<Vec3>& shear, const Renumber& renumber) {
  parallel_for(keys.size(), renumber);
  thrust::sort_by_key(devicePolicy(), keys.begin(), keys.end(), shear.begin());
}

}  // namespace

CellOrder cellOrderOfLoneSpheres(const DeviceState& s) {
  const std::size_t n = s.ownerCount();
  CellOrder result;
  DeviceVector<Index> lone(n);
  const auto all = thrust::counting_iterator<Index>(0);
  const auto loneEnd = thrust::copy_if(
      devicePolicy(), all, all + Index(n), lone.begin(),
      IsLoneSphere{raw(s.ownerSphereBegin), s.hasOwnedBoundaries() ? raw(s.ownerBoundaryBegin) : nullptr});
  lone.resize(std::size_t(loneEnd - lone.begin()));
  std::vector<Index>& newToOld = result.newToOld;
  newToOld.resize(n);
  for (std::size_t o = 0; o < n; ++o) newToOld[o] = Index(o);
  result.movable = lone.size();
  if (lone.size() < 2) return result;

  const DeviceVector<Vec3d>& x = s.ownerPosition;
  const Vec3d first = x[Index(lone[0])];
  const Vec3d corner = thrust::transform_reduce(devicePolicy(), lone.begin(), lone.end(), PositionOf{raw(x)}, first,
                                                LowCorner{});
  DeviceVector<std::uint64_t> key(lone.size());
  const double cell = s.maxRadius > 0 ? 2.0 * double(s.maxRadius) : 1.0;  // one diameter
  thrust::transform(devicePolicy(), lone.begin(), lone.end(), key.begin(), CellKeyOf{raw(x), corner, cell});
  result.outOfOrder = thrust::transform_reduce(devicePolicy(), thrust::counting_iterator<Index>(0),
                                               thrust::counting_iterator<Index>(Index(lone.size())),
                                               OutOfOrder{raw(key)}, std::size_t(0), thrust::plus<std::size_t>());
  DeviceVector<Index> sorted = lone;
  thrust::stable_sort_by_key(devicePolicy(), key.begin(), key.end(), sorted.begin());

  // Slot lone[k] takes owner sorted[k].
  DeviceVector<Index> order(newToOld.begin(), newToOld.end());
  thrust::scatter(devicePolicy(), sorted.begin(), sorted.end(), lone.begin(), order.begin());
  thrust::copy(order.begin(), order.end(), newToOld.begin());
  return result;
}

void permuteParticles(DeviceState& s, const std::vector<Index>& ownerNewToOld) {
  const std::size_t owners = s.ownerCount(), spheres = s.sphereCount();
  if (ownerNewToOld.size() != owners)
    throw std::invalid_argument("permuteParticles: " + std::to_string(ownerNewToOld.size()) + " entries for " +
                                std::to_string(owners) + " owners");
  const DeviceVector<Index> byOwner(ownerNewToOld.begin(), ownerNewToOld.end());
  DeviceVector<Index> bySphere(spheres);
  thrust::sequence(devicePolicy(), bySphere.begin(), bySphere.end());
  parallel_for(owners, SphereOfOwnerSlot{raw(byOwner), raw(s.ownerSphereBegin), raw(bySphere)});

  // Lone spheres trade places with their owners, so the topology fields stay as they are.
  forEachStateField(
      [&](const StateField& f, auto& v) {
        if (!f.topology()) permute(v, f.rows == FieldRows::Spheres ? bySphere : byOwner);
      },
      s);
  permute(s.spherePosition, bySphere), permute(s.spherePositionAtBuild, bySphere);

  DeviceVector<Index> oldToNew(spheres);
  thrust::scatter(devicePolicy(), thrust::counting_iterator<Index>(0), thrust::counting_iterator<Index>(Index(spheres)),
                  bySphere.begin(), oldToNew.begin());
  renumberContacts(s.pairKeys, s.pairShear, RenumberPair{raw(oldToNew), raw(s.pairKeys), raw(s.pairShear)});
  renumberContacts(s.wallKeys, s.wallShear, RenumberWall{raw(oldToNew), raw(s.wallKeys)});
  forgetNearPairs(s);
}

}  // namespace regolith
