// Synthetic lattice frames; see lattice_run.h.
#include "tests/support/lattice_run.h"

#include <cmath>
#include <numeric>
#include <random>

namespace regolith::test {

SampleRun latticeRun(int spheres, int frames) {
  const SampleRun& sample = simulateSampleRun(1, 1);  // for a valid header only
  SampleRun run;
  run.header = sample.header;
  const double r = 0.001, spacing = 2.05 * r;
  const int side = static_cast<int>(std::ceil(std::cbrt(double(spheres))));
  std::mt19937_64 random(7);
  std::uniform_real_distribution<double> jitter(-0.05 * r, 0.05 * r), unit(-1.0, 1.0);

  StateArrays s;
  for (int i = 0; i < spheres; ++i) {
    s.ownerPosition.emplace_back((i % side) * spacing, (i / side % side) * spacing, (i / side / side) * spacing + r);
    s.ownerOrientation.emplace_back();
    s.ownerMass.push_back(Real(4.0 / 3.0 * M_PI * r * r * r * 2600));
    s.ownerInertia.emplace_back(Real(1e-9), Real(1e-9), Real(1e-9));
    s.ownerFamily.push_back(0);
    s.sphereOwner.push_back(i);
    s.sphereOffset.emplace_back();
    s.sphereRadius.push_back(Real(r));
    s.sphereMaterial.push_back(0);
  }
  s.ownerSphereBegin.resize(spheres + 1);
  std::iota(s.ownerSphereBegin.begin(), s.ownerSphereBegin.end(), Index(0));
  s.ownerVelocity.resize(spheres);
  s.ownerAngularVelocity.resize(spheres);
  s.ownerForce.resize(spheres);
  s.ownerTorque.resize(spheres);

  BoundaryPrimitive floor;
  floor.kind = BoundaryKind::Plane;
  for (int k = 0; k < frames; ++k) {
    for (int i = 0; i < spheres; ++i) {
      s.ownerPosition[i] += Vec3d(jitter(random), jitter(random), jitter(random));
      Quat q(1 + 0.1 * unit(random), 0.1 * unit(random), 0.1 * unit(random), 0.1 * unit(random));
      const double n = std::sqrt(q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z);
      s.ownerOrientation[i] = Quat(q.w / n, q.x / n, q.y / n, q.z / n);
      const auto small = [&](double scale) {
        return Vec3(Real(scale * unit(random)), Real(scale * unit(random)), Real(scale * unit(random)));
      };
      s.ownerVelocity[i] = small(0.01);
      s.ownerAngularVelocity[i] = small(1.0);
      s.ownerForce[i] = small(1e-4);
      s.ownerTorque[i] = small(1e-8);
    }
    if (k == frames - 1 && frames >= 3) s.ownerFamily[0] = 1;
    FrameData f;
    f.step = std::uint64_t(k) * 100;
    f.time = k * 100 * run.header.meta.timeStep;
    f.state = s;
    f.ownerTemplate.assign(spheres, 0);
    f.sphereCentres = s.ownerPosition;
    f.boundaries = {floor};
    run.frames.push_back(f);
  }
  return run;
}

}  // namespace regolith::test
