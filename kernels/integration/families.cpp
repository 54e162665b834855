// Family bookkeeping on the device: the per-family control table and family switches.
#include "kernels/backend/backend.h"
#include "kernels/device_state.h"
#include "kernels/stages.h"

namespace regolith {
namespace {

// Reads and writes: owner family.
struct ReassignFamily {
  Index* family;
  Index from, to;
  REGOLITH_HD void operator()(Index o) const {
    if (family[o] == from) family[o] = to;
  }
};

}  // namespace

void reassignFamily(DeviceState& s, Index from, Index to) {
  parallel_for(s.ownerCount(), ReassignFamily{raw(s.ownerFamily), from, to});
}

}  // namespace regolith
