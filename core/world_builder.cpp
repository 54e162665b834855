// Clump placement: the owner pose is the template's principal frame in the world.
#include "core/world_builder.h"

namespace regolith {

Index WorldBuilder::addClump(const ClumpTemplate& t, const Vec3d& position, const Quat& orientation,
                             const Vec3d& velocity, const Vec3d& angularVelocity, Index family) {
  const Index owner = static_cast<Index>(m_state.ownerCount());
  m_state.ownerPosition.push_back(position);
  m_state.ownerOrientation.push_back(normalized(orientation * t.principalFrame));
  m_state.ownerVelocity.push_back(Vec3(velocity));
  m_state.ownerAngularVelocity.push_back(Vec3(angularVelocity));
  m_state.ownerMass.push_back(Real(t.mass));
  m_state.ownerInertia.push_back(Vec3(t.principalInertia));
  m_state.ownerForce.emplace_back();
  m_state.ownerTorque.emplace_back();
  m_state.ownerFamily.push_back(family);
  for (std::size_t i = 0; i < t.offsets.size(); ++i) {
    m_state.sphereOwner.push_back(owner);
    // Offsets are stored in the principal frame, the frame the owner orientation rotates.
    m_state.sphereOffset.push_back(Vec3(rotateInverse(t.principalFrame, t.offsets[i])));
    m_state.sphereRadius.push_back(Real(t.radii[i]));
    m_state.sphereMaterial.push_back(t.materials[i]);
  }
  m_state.ownerSphereBegin.push_back(static_cast<Index>(m_state.sphereCount()));
  return owner;
}

Index WorldBuilder::addBody(double mass, const Vec3d& inertia, const Vec3d& position, const Quat& orientation,
                            const Vec3d& velocity, const Vec3d& angularVelocity, Index family) {
  const Index owner = static_cast<Index>(m_state.ownerCount());
  m_state.ownerPosition.push_back(position);
  m_state.ownerOrientation.push_back(normalized(orientation));
  m_state.ownerVelocity.push_back(Vec3(velocity));
  m_state.ownerAngularVelocity.push_back(Vec3(angularVelocity));
  m_state.ownerMass.push_back(Real(mass));
  m_state.ownerInertia.push_back(Vec3(inertia));
  m_state.ownerForce.emplace_back();
  m_state.ownerTorque.emplace_back();
  m_state.ownerFamily.push_back(family);
  m_state.ownerSphereBegin.push_back(static_cast<Index>(m_state.sphereCount()));
  return owner;
}

}  // namespace regolith
