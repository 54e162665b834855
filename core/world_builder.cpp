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
  if (!m_state.ownerImage.empty()) m_state.ownerImage.emplace_back();  // a periodic bed's: a new owner crossed none
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
  if (!m_state.ownerImage.empty()) m_state.ownerImage.emplace_back();  // a periodic bed's: a new owner crossed none
  m_state.ownerSphereBegin.push_back(static_cast<Index>(m_state.sphereCount()));
  return owner;
}

StateArrays ownersOf(const StateArrays& s, const std::vector<Index>& owners) {
  StateArrays out;
  std::vector<Index> sphereAt;  // the result's sphere k is sphere sphereAt[k] of s
  out.ownerSphereBegin.assign(1, 0);
  for (std::size_t k = 0; k < owners.size(); ++k) {
    const std::size_t o = std::size_t(owners[k]);
    for (Index sp = s.ownerSphereBegin[o]; sp < s.ownerSphereBegin[o + 1]; ++sp) {
      sphereAt.push_back(sp);
      out.sphereOwner.push_back(Index(k));
    }
    out.ownerSphereBegin.push_back(Index(out.sphereOwner.size()));
  }
  forEachStateField(
      [&](const StateField& f, auto& to, const auto& from) {
        if (f.topology() || from.empty()) return;
        const std::vector<Index>& at = f.rows == FieldRows::Spheres ? sphereAt : owners;
        to.resize(at.size());
        for (std::size_t k = 0; k < at.size(); ++k) to[k] = from[std::size_t(at[k])];
      },
      out, s);
  return out;
}

}  // namespace regolith
