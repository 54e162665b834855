// Bed sources: the owners of one frame of an earlier run.h5, placed as they were (a
// settled bed reused by later studies). Reading run files lands with the output issue;
// until then a bed source is refused, so a scene never runs with a silently empty bed.
#include "io/scene_build.h"

namespace regolith::scene {

void appendBedSource(BuildContext& c, const std::string& pointer) {
  c.problem(pointer + "/kind", "\"bed\" (bed sources are not supported yet)",
            "\"lattice\" or \"rain\" until run files can be read back");
}

}  // namespace regolith::scene
