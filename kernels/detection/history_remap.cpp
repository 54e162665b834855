// Carries shear history across a contact-list rebuild: both lists are sorted by key, so a
// new contact finds its old self by binary search; a pair absent from the old list starts
// from zero, and an old pair absent from the new list is forgotten.
#include "kernels/backend/backend.h"
#include "kernels/detection/contact_detection.h"
#include "kernels/backend/sorted_search.h"

namespace regolith {
namespace {

// Reads: old keys and shear, new keys. Writes: new shear.
struct Remap {
  const PairKey* oldKeys;
  const Vec3* oldShear;
  Index oldCount;
  const PairKey* newKeys;
  Vec3* newShear;
  REGOLITH_HD void operator()(Index c) const {
    const PairKey k = newKeys[c];
    const Index at = lowerBound(oldKeys, oldCount, k);
    newShear[c] = (at < oldCount && oldKeys[at] == k) ? oldShear[at] : Vec3();
  }
};

}  // namespace

void remapHistory(const DeviceVector<PairKey>& oldKeys, const DeviceVector<Vec3>& oldShear,
                  const DeviceVector<PairKey>& newKeys, DeviceVector<Vec3>& newShear) {
  resizeDiscarding(newShear, newKeys.size());
  parallel_for(newKeys.size(),
               Remap{raw(oldKeys), raw(oldShear), static_cast<Index>(oldKeys.size()), raw(newKeys), raw(newShear)});
}

}  // namespace regolith
