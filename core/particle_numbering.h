// The engine's numbering of owners and spheres against the scene's. With
// streams.reorder_every the engine renumbers its lone-sphere owners by cell
// (kernels/detection/reorder_particles.cpp) so that neighbours in space stay neighbours in memory;
// every array a user reads (state, positions, contacts, checkpoints) stays in the scene's
// numbering, translated here. Only lone-sphere owners move, among the slots they hold, so
// owner sphere ranges and sphereOwner read the same in both numberings.
#pragma once

#include <vector>

#include "kernels/stages.h"
#include "kernels/state_arrays.h"

namespace regolith {

class ParticleNumbering {
 public:
  ParticleNumbering() = default;
  // The scene's numbering, for owners with spheres [sphereBegin[o], sphereBegin[o + 1]);
  // `boundaryOwners`: the owner of each boundary (-1: static), whose owners never move.
  ParticleNumbering(std::vector<Index> sphereBegin, const std::vector<Index>& boundaryOwners);

  // Whether the engine's numbering is still the scene's (no translation needed).
  bool isScene() const { return m_sceneOwnerAt.empty(); }
  // Slot k of the engine holds the scene's owner ownerOrder()[k] (empty: isScene()); also
  // the permutation that takes an engine in the scene's numbering to this one.
  const std::vector<Index>& ownerOrder() const { return m_sceneOwnerAt; }

  // After permuteParticles(newToOld) on the engine: slot k now holds what slot newToOld[k]
  // held. Throws std::invalid_argument unless newToOld permutes movable slots only.
  void permute(const std::vector<Index>& newToOld);
  // Sets the numbering to a saved ownerOrder() (the same checks; empty: the scene's).
  void restore(const std::vector<Index>& ownerOrder);

  // Engine numbering to the scene's and back.
  StateArrays toScene(const StateArrays& engine) const;
  StateArrays toEngine(const StateArrays& scene) const;
  ContactSnapshot toScene(const ContactSnapshot& engine) const;
  ContactSnapshot toEngine(const ContactSnapshot& scene) const;
  ContactForces toScene(const ContactForces& engine) const;
  std::vector<WallContact> toScene(std::vector<WallContact> engine) const;
  std::vector<Vec3d> spheresToScene(const std::vector<Vec3d>& engine) const;
  Index ownerToScene(Index engineOwner) const;
  Index ownerToEngine(Index sceneOwner) const;

 private:
  // Validates a permutation of the owner slots that moves only movable owners.
  void requireLoneSpherePermutation(const std::vector<Index>& newToOld) const;
  void setOwnerOrder(std::vector<Index> sceneOwnerAt);
  Index sphereOf(Index owner) const { return m_sphereBegin[std::size_t(owner)]; }

  std::vector<Index> m_sphereBegin;
  std::vector<bool> m_movable;          // per owner: one sphere and no boundary (what the engine renumbers)
  std::vector<Index> m_sceneOwnerAt;    // engine slot -> scene owner (empty: the same)
  std::vector<Index> m_sceneSphereAt;   // engine sphere slot -> scene sphere
  std::vector<Index> m_engineSphereOf;  // scene sphere -> engine sphere slot
};

}  // namespace regolith
