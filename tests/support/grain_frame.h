// Synthetic frames for the metric tests of the studies (studies/<kind>/tests/): grains of
// one sphere each at given centres, and a body.
#pragma once

#include <vector>

#include "io/run_file/run_file.h"

namespace regolith::test {

// A frame of owners each with one sphere of radius r at the given centres (templates 0),
// plus one body (no spheres, template -1) at the end.
inline FrameData grainFrame(const std::vector<Vec3d>& centres, double r) {
  FrameData f;
  StateArrays& s = f.state;
  s.ownerSphereBegin = {0};
  for (const Vec3d& c : centres) {
    s.ownerPosition.push_back(c);
    s.ownerMass.push_back(Real(0.001));
    s.sphereRadius.push_back(Real(r));
    s.sphereOwner.push_back(Index(s.ownerPosition.size() - 1));
    s.ownerSphereBegin.push_back(Index(s.sphereRadius.size()));
    f.sphereCentres.push_back(c);
    f.ownerTemplate.push_back(0);
  }
  s.ownerPosition.push_back(Vec3d(0, 0, 1));
  s.ownerMass.push_back(Real(5));
  s.ownerSphereBegin.push_back(Index(s.sphereRadius.size()));
  f.ownerTemplate.push_back(-1);
  return f;
}

}  // namespace regolith::test
