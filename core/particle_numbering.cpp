// The engine's numbering against the scene's; see particle_numbering.h.
#include "core/particle_numbering.h"

#include <algorithm>
#include <numeric>
#include <stdexcept>
#include <string>
#include <tuple>

namespace regolith {
namespace {

// out[at[k]] = v[k] (engine to scene: at = the scene index of each engine slot).
template <class T>
std::vector<T> scattered(const std::vector<T>& v, const std::vector<Index>& at) {
  if (v.empty()) return v;
  std::vector<T> out(v.size());
  for (std::size_t k = 0; k < at.size(); ++k) out[std::size_t(at[k])] = v[k];
  return out;
}

// out[k] = v[at[k]] (scene to engine).
template <class T>
std::vector<T> gathered(const std::vector<T>& v, const std::vector<Index>& at) {
  if (v.empty()) return v;
  std::vector<T> out(v.size());
  for (std::size_t k = 0; k < at.size(); ++k) out[k] = v[std::size_t(at[k])];
  return out;
}

// Pair keys with their shear (or force) sign, renumbered by `sphereAt` and sorted again; a
// pair whose spheres swap order changes the sign of its vector, which is the first
// sphere's (exact).
void renumberPairs(std::vector<unsigned long long>& keys, std::vector<Vec3>& vec, const std::vector<Index>& sphereAt) {
  std::vector<std::pair<unsigned long long, Vec3>> rows(keys.size());
  for (std::size_t c = 0; c < keys.size(); ++c) {
    const Index a = sphereAt[std::size_t(pairFirst(keys[c]))], b = sphereAt[std::size_t(pairSecond(keys[c]))];
    rows[c] = a < b ? std::make_pair(makePairKey(a, b), vec[c]) : std::make_pair(makePairKey(b, a), -vec[c]);
  }
  std::sort(rows.begin(), rows.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
  for (std::size_t c = 0; c < rows.size(); ++c) std::tie(keys[c], vec[c]) = rows[c];
}

// Wall keys (sphere << 32 | boundary) renumbered and sorted again with their vectors.
void renumberWalls(std::vector<unsigned long long>& keys, std::vector<Vec3>& vec, const std::vector<Index>& sphereAt) {
  std::vector<std::pair<unsigned long long, Vec3>> rows(keys.size());
  for (std::size_t c = 0; c < keys.size(); ++c)
    rows[c] = {makePairKey(sphereAt[std::size_t(pairFirst(keys[c]))], pairSecond(keys[c])), vec[c]};
  std::sort(rows.begin(), rows.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
  for (std::size_t c = 0; c < rows.size(); ++c) std::tie(keys[c], vec[c]) = rows[c];
}

}  // namespace

ParticleNumbering::ParticleNumbering(std::vector<Index> sphereBegin, const std::vector<Index>& boundaryOwners)
    : m_sphereBegin(std::move(sphereBegin)) {
  const std::size_t owners = m_sphereBegin.empty() ? 0 : m_sphereBegin.size() - 1;
  m_movable.assign(owners, false);
  for (std::size_t o = 0; o < owners; ++o) m_movable[o] = m_sphereBegin[o + 1] == m_sphereBegin[o] + 1;
  for (const Index o : boundaryOwners)
    if (o >= 0 && std::size_t(o) < owners) m_movable[std::size_t(o)] = false;
}

void ParticleNumbering::requireLoneSpherePermutation(const std::vector<Index>& newToOld) const {
  const std::size_t owners = m_sphereBegin.empty() ? 0 : m_sphereBegin.size() - 1;
  if (newToOld.size() != owners)
    throw std::invalid_argument("owner order: " + std::to_string(newToOld.size()) + " entries for " +
                                std::to_string(owners) + " owners");
  std::vector<bool> seen(owners, false);
  for (std::size_t k = 0; k < owners; ++k) {
    const Index o = newToOld[k];
    if (o < 0 || std::size_t(o) >= owners || seen[std::size_t(o)])
      throw std::invalid_argument("owner order: entry " + std::to_string(k) + " (" + std::to_string(o) +
                                  ") is out of range or repeated: not a permutation of the owners");
    seen[std::size_t(o)] = true;
    if (std::size_t(o) != k && !(m_movable[std::size_t(o)] && m_movable[k]))
      throw std::invalid_argument("owner order: entry " + std::to_string(k) + " moves owner " + std::to_string(o) +
                                  " or the owner of slot " + std::to_string(k) +
                                  ", but only lone spheres that carry no boundary are renumbered");
  }
}

void ParticleNumbering::setOwnerOrder(std::vector<Index> sceneOwnerAt) {
  const bool same = std::is_sorted(sceneOwnerAt.begin(), sceneOwnerAt.end()) &&
                    (sceneOwnerAt.empty() || sceneOwnerAt.front() == 0);  // a permutation: identity
  if (same) {
    m_sceneOwnerAt.clear(), m_sceneSphereAt.clear(), m_engineSphereOf.clear();
    return;
  }
  m_sceneOwnerAt = std::move(sceneOwnerAt);
  const std::size_t spheres = std::size_t(m_sphereBegin.back());
  m_sceneSphereAt.resize(spheres);
  std::iota(m_sceneSphereAt.begin(), m_sceneSphereAt.end(), Index(0));
  for (std::size_t k = 0; k < m_sceneOwnerAt.size(); ++k)
    if (m_sceneOwnerAt[k] != Index(k)) m_sceneSphereAt[std::size_t(sphereOf(Index(k)))] = sphereOf(m_sceneOwnerAt[k]);
  m_engineSphereOf.resize(spheres);
  for (std::size_t k = 0; k < spheres; ++k) m_engineSphereOf[std::size_t(m_sceneSphereAt[k])] = Index(k);
}

void ParticleNumbering::permute(const std::vector<Index>& newToOld) {
  requireLoneSpherePermutation(newToOld);
  std::vector<Index> next(newToOld.size());
  for (std::size_t k = 0; k < newToOld.size(); ++k)
    next[k] = isScene() ? newToOld[k] : m_sceneOwnerAt[std::size_t(newToOld[k])];
  setOwnerOrder(std::move(next));
}

void ParticleNumbering::restore(const std::vector<Index>& ownerOrder) {
  if (ownerOrder.empty()) {
    setOwnerOrder({});
    return;
  }
  requireLoneSpherePermutation(ownerOrder);
  setOwnerOrder(ownerOrder);
}

StateArrays ParticleNumbering::toScene(const StateArrays& e) const {
  if (isScene()) return e;
  StateArrays s = e;  // the topology fields (sphere ranges, sphere owners) read the same in both
  forEachStateField(
      [&](const StateField& f, auto& out, const auto& in) {
        if (!f.topology()) out = scattered(in, f.rows == FieldRows::Spheres ? m_sceneSphereAt : m_sceneOwnerAt);
      },
      s, e);
  return s;
}

StateArrays ParticleNumbering::toEngine(const StateArrays& sc) const {
  if (isScene()) return sc;
  StateArrays e = sc;
  forEachStateField(
      [&](const StateField& f, auto& out, const auto& in) {
        if (!f.topology()) out = gathered(in, f.rows == FieldRows::Spheres ? m_sceneSphereAt : m_sceneOwnerAt);
      },
      e, sc);
  return e;
}

ContactSnapshot ParticleNumbering::toScene(const ContactSnapshot& engine) const {
  if (isScene()) return engine;
  ContactSnapshot c = engine;
  renumberPairs(c.pairKeys, c.pairShear, m_sceneSphereAt);
  renumberWalls(c.wallKeys, c.wallShear, m_sceneSphereAt);
  return c;
}

ContactSnapshot ParticleNumbering::toEngine(const ContactSnapshot& scene) const {
  if (isScene()) return scene;
  ContactSnapshot c = scene;
  renumberPairs(c.pairKeys, c.pairShear, m_engineSphereOf);
  renumberWalls(c.wallKeys, c.wallShear, m_engineSphereOf);
  return c;
}

ContactForces ParticleNumbering::toScene(const ContactForces& engine) const {
  if (isScene()) return engine;
  // Touching contacts in the scene's key order, as an unrenumbered run lists them.
  std::vector<unsigned long long> pairKeys(engine.pairFirst.size()), wallKeys(engine.wallSphere.size());
  for (std::size_t c = 0; c < pairKeys.size(); ++c)
    pairKeys[c] = makePairKey(engine.pairFirst[c], engine.pairSecond[c]);
  for (std::size_t c = 0; c < wallKeys.size(); ++c)
    wallKeys[c] = makePairKey(engine.wallSphere[c], engine.wallBoundary[c]);
  ContactForces out;
  out.pairForce = engine.pairForce;
  out.wallForce = engine.wallForce;
  renumberPairs(pairKeys, out.pairForce, m_sceneSphereAt);
  renumberWalls(wallKeys, out.wallForce, m_sceneSphereAt);
  for (const auto k : pairKeys) out.pairFirst.push_back(pairFirst(k)), out.pairSecond.push_back(pairSecond(k));
  for (const auto k : wallKeys) out.wallSphere.push_back(pairFirst(k)), out.wallBoundary.push_back(pairSecond(k));
  return out;
}

std::vector<WallContact> ParticleNumbering::toScene(std::vector<WallContact> engine) const {
  if (isScene()) return engine;
  for (WallContact& w : engine) w.sphere = m_sceneSphereAt[std::size_t(w.sphere)];
  std::sort(engine.begin(), engine.end(), [](const WallContact& a, const WallContact& b) {
    return makePairKey(a.sphere, a.boundary) < makePairKey(b.sphere, b.boundary);
  });
  return engine;
}

std::vector<Vec3d> ParticleNumbering::spheresToScene(const std::vector<Vec3d>& engine) const {
  return isScene() ? engine : scattered(engine, m_sceneSphereAt);
}

Index ParticleNumbering::ownerToScene(Index engineOwner) const {
  return isScene() || engineOwner < 0 ? engineOwner : m_sceneOwnerAt[std::size_t(engineOwner)];
}

// A linear search: asked once per owner a coupling tracks, and again after a renumbering.
Index ParticleNumbering::ownerToEngine(Index sceneOwner) const {
  if (isScene() || sceneOwner < 0) return sceneOwner;
  const auto at = std::find(m_sceneOwnerAt.begin(), m_sceneOwnerAt.end(), sceneOwner);
  return at == m_sceneOwnerAt.end() ? -1 : Index(at - m_sceneOwnerAt.begin());
}

}  // namespace regolith
