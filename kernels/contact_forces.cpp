// Per-contact force evaluation, one thread per candidate pair: geometry, the selected
// force model, rolling resistance, and the torques about each sphere's centre. Candidates
// that do not overlap get zero force and forget their shear history.
#include <cstdint>
#include <vector>

#include <thrust/copy.h>
#include <thrust/transform.h>
#include <thrust/transform_reduce.h>

#include "kernels/backend.h"
#include "kernels/device_state.h"
#include "kernels/contact_models.h"
#include "kernels/rolling_resistance.h"
#include "kernels/stages.h"

namespace regolith {
namespace {

// Result slots of a candidate (shear, force, torques) are written together, and `held`
// says whether they may hold anything but zeros: a candidate that stays apart reads one
// byte instead of its shear and force (which matters while a bed settles, when most
// candidates are apart). Adopting a list marks every slot held (rebuild_contacts.cpp).

// Owner and sphere arrays a contact reads.
struct BodyView {
  const Vec3d* ownerPosition;
  const Vec3* velocity;
  const Vec3* omega;
  const Real* mass;
  const Vec3* inertia;
  const Index* sphereOwner;
  const Vec3d* spherePosition;
  const Real* radius;
  const Index* material;

  // The owner of sphere i and the sphere centre's offset from the owner's. With kLone
  // (DeviceState::sphereIsOwner) they are i and (+0, +0, +0), the same bits the general
  // path computes (x - x), without reading sphereOwner and ownerPosition: two of the
  // arrays a contact reads at its far sphere's index.
  template <bool kLone>
  REGOLITH_HD REGOLITH_INLINE Index ownerOf(Index i) const {
    return kLone ? i : sphereOwner[i];
  }
  template <bool kLone>
  REGOLITH_HD REGOLITH_INLINE Vec3 centreFromOwner(Index i, Index o) const {
    return kLone ? Vec3() : Vec3(spherePosition[i] - ownerPosition[o]);
  }

  // Velocity of the material point at world position p of owner o.
  REGOLITH_HD Vec3 pointVelocity(Index o, const Vec3& armFromOwner) const {
    return velocity[o] + cross(omega[o], armFromOwner);
  }
  REGOLITH_HD Real meanInertia(Index o) const {
    const Vec3 I = inertia[o];
    return (I.x + I.y + I.z) / Real(3);
  }
};

BodyView bodyView(const DeviceState& s) {
  return {raw(s.ownerPosition),  raw(s.ownerVelocity), raw(s.ownerAngularVelocity),
          raw(s.ownerMass),      raw(s.ownerInertia),  raw(s.sphereOwner),
          raw(s.spherePosition), raw(s.sphereRadius),  raw(s.sphereMaterial)};
}

// Reads: sphere/owner state, pair table, keys, shear. Writes: shear, force, torques.
template <class ForceModel, bool kLone>
struct PairForces {
  BodyView body;
  const PairParams* table;
  Index materialCount;
  const PairKey* keys;
  Vec3* shear;
  Vec3* force;
  Vec3* torqueFirst;
  Vec3* torqueSecond;
  std::uint8_t* held;
  Real dt;

  REGOLITH_HD REGOLITH_INLINE void operator()(Index c) const {
    const Index i = pairFirst(keys[c]), j = pairSecond(keys[c]);
    const Real ri = body.radius[i], rj = body.radius[j];
    const Vec3 d(body.spherePosition[i] - body.spherePosition[j]);
    const Real dist2 = norm2(d);
    const Real reach = ri + rj;
    if (dist2 >= reach * reach || dist2 <= Real(0)) {
      if (!held[c]) return;  // apart last step too
      shear[c] = Vec3();
      force[c] = Vec3();
      torqueFirst[c] = Vec3();
      torqueSecond[c] = Vec3();
      held[c] = 0;
      return;
    }
    held[c] = 1;
    const Real dist = sqrt(dist2);
    const Vec3 n = d * (Real(1) / dist);
    const Real overlap = reach - dist;
    // Contact point in the middle of the overlap: arms from each sphere centre.
    const Vec3 armI = n * -(ri - Real(0.5) * overlap);
    const Vec3 armJ = n * (rj - Real(0.5) * overlap);
    const Index oi = body.ownerOf<kLone>(i), oj = body.ownerOf<kLone>(j);
    const Vec3 toI = body.centreFromOwner<kLone>(i, oi);
    const Vec3 toJ = body.centreFromOwner<kLone>(j, oj);
    const Vec3 vrel = body.pointVelocity(oi, toI + armI) - body.pointVelocity(oj, toJ + armJ);
    const Real mi = body.mass[oi], mj = body.mass[oj];

    ContactInput in;
    in.overlap = overlap;
    in.normal = n;
    in.relVelocity = vrel;
    in.effRadius = ri * rj / reach;
    in.effMass = mi * mj / (mi + mj);
    in.dt = dt;
    const PairParams& p = table[body.material[i] * materialCount + body.material[j]];
    Vec3 xi = shear[c];
    const ContactResult r = ForceModel::evaluate(p, in, xi);
    shear[c] = xi;

    const BodyView& bv = body;
    const Vec3 roll = rollingResistanceTorque(
        body.omega[oi] - body.omega[oj], n, p.rollingResistance, r.normalForce, in.effRadius,
        [&bv, oi, oj]() {
          const Real Ii = bv.meanInertia(oi), Ij = bv.meanInertia(oj);
          return Ii * Ij / (Ii + Ij);
        },
        dt);
    // arm_i x F and arm_j x (-F) with arm_i = -l_i n, arm_j = l_j n: both are -l (n x F).
    const Vec3 nxF = cross(n, r.force);
    force[c] = r.force;
    torqueFirst[c] = nxF * -(ri - Real(0.5) * overlap) + roll;
    torqueSecond[c] = nxF * -(rj - Real(0.5) * overlap) - roll;
  }
};

// The shear a new contact of sphere i (centre x, radius r) with a triangle of mesh `mesh`
// inherits (see WallForces), or zero: among sphere i's wall contacts [begin, end) of the
// previous step, the first in key order with a triangle of the same mesh that no longer
// touches. Out of line, with its few pointers by value: it runs only when a triangle
// contact starts, and inlined it would put a second triangle test into every wall
// contact's registers (on CUDA the kernel then spilled 200-270 bytes to local memory).
REGOLITH_HD REGOLITH_NOINLINE Vec3 handedOverShear(WallGeometry walls, const PairKey* keys, const Vec3* previousShear,
                                                   Index begin, Index end, Index mesh, Vec3d x, Real r) {
  for (Index k = begin; k < end; ++k) {
    if (isZero(previousShear[k])) continue;
    const Index other = pairSecond(keys[k]);
    const BoundaryPrimitive& ob = walls.boundaries[other];
    if (ob.kind != BoundaryKind::Triangle || walls.topology[ob.triangle].mesh != mesh) continue;
    if (walls.touches(other, x, r)) continue;  // goes on
    return previousShear[k];
  }
  return Vec3();
}

// Reads: sphere/owner state, boundaries, pair table, keys, the previous shear. Writes:
// shear (every slot), force, torque. A boundary is rigid with infinite mass and inertia:
// R* = sphere radius, m* = owner mass, I* = owner inertia. A boundary carried by owner b
// moves with it: the contact sees the relative velocity v_s(p) - (v_b + w_b x (p - x_b)) at
// the contact point p and the relative spin w_s - w_b for rolling resistance.
//
// Friction across mesh edges: a triangle contact that starts (no history) while the same
// sphere's contact with another triangle of the same mesh ends in this step takes that
// contact's shear (the first such in key order), so a grain sliding from one facet onto the
// next keeps its tangential spring instead of starting from zero at every edge. The
// previous shear is read from its own buffer, so no thread reads a slot another writes.
template <class ForceModel, bool kLone>
struct WallForces {
  BodyView body;
  WallGeometry walls;
  const PairParams* table;
  Index materialCount;
  const PairKey* keys;
  const Index* wallBegin;
  const Vec3* previousShear;
  Vec3* shear;
  Vec3* force;
  Vec3* torque;
  Real dt;

  REGOLITH_HD REGOLITH_INLINE void operator()(Index c) const {
    const Index i = pairFirst(keys[c]);
    const Index bi = pairSecond(keys[c]);
    const BoundaryPrimitive& b = walls.boundaries[bi];
    const Real ri = body.radius[i];
    Real gap;
    Vec3 n;
    if (!walls.contact(bi, body.spherePosition[i], ri, gap, n) || gap >= Real(0)) {
      const bool wasZero = isZero(previousShear[c]);
      shear[c] = Vec3();
      if (isZero(force[c]) && wasZero) return;
      force[c] = Vec3();
      torque[c] = Vec3();
      return;
    }
    const Real overlap = -gap;
    const Vec3 arm = n * -(ri - Real(0.5) * overlap);
    const Index oi = body.ownerOf<kLone>(i);
    const Vec3 toI = body.centreFromOwner<kLone>(i, oi);

    Vec3 vrel = body.pointVelocity(oi, toI + arm);
    Vec3 relOmega = body.omega[oi];
    if (b.owner >= 0) {
      const Vec3 fromOwner = Vec3(body.spherePosition[i] - body.ownerPosition[b.owner]) + arm;
      vrel -= body.pointVelocity(b.owner, fromOwner);
      relOmega -= body.omega[b.owner];
    }

    ContactInput in;
    in.overlap = overlap;
    in.normal = n;
    in.relVelocity = vrel;
    in.effRadius = ri;
    in.effMass = body.mass[oi];
    in.dt = dt;
    const PairParams& p = table[body.material[i] * materialCount + b.material];
    Vec3 xi = previousShear[c];
    if (isZero(xi) && b.kind == BoundaryKind::Triangle) {
      xi = handedOverShear(walls, keys, previousShear, wallBegin[i], wallBegin[i + 1], walls.topology[b.triangle].mesh,
                           body.spherePosition[i], ri);
    }
    const ContactResult r = ForceModel::evaluate(p, in, xi);
    shear[c] = xi;
    const BodyView& bv = body;
    const Vec3 roll = rollingResistanceTorque(
        relOmega, n, p.rollingResistance, r.normalForce, in.effRadius, [&bv, oi]() { return bv.meanInertia(oi); }, dt);
    force[c] = r.force;
    torque[c] = cross(arm, r.force) + roll;
  }
};

template <class ForceModel, bool kLone>
void evaluateWith(DeviceState& s, const StepParams& p) {
  const BodyView body = bodyView(s);
  // The shear just carried over (or left by the last evaluation) becomes the previous one.
  s.wallShearPrevious.swap(s.wallShear);
  s.wallShear.resize(s.wallKeys.size());
  parallel_for(s.pairKeys.size(),
               PairForces<ForceModel, kLone>{body, raw(s.pairTable), s.materialCount, raw(s.pairKeys), raw(s.pairShear),
                                             raw(s.pairForce), raw(s.pairTorqueFirst), raw(s.pairTorqueSecond),
                                             raw(s.pairHeld), p.dt});
  parallel_for(s.wallKeys.size(),
               WallForces<ForceModel, kLone>{body, wallGeometryOf(s, s.boundaries), raw(s.pairTable), s.materialCount,
                                             raw(s.wallKeys), raw(s.wallBegin), raw(s.wallShearPrevious),
                                             raw(s.wallShear), raw(s.wallForce), raw(s.wallTorque), p.dt});
}

template <class ForceModel>
void evaluateWith(DeviceState& s, const StepParams& p) {
  if (s.sphereIsOwner) evaluateWith<ForceModel, true>(s, p);
  else evaluateWith<ForceModel, false>(s, p);
}

struct PairTouches {
  const PairKey* keys;
  const Vec3d* x;
  const Real* radius;
  REGOLITH_HD std::size_t operator()(Index c) const {
    const Index i = pairFirst(keys[c]), j = pairSecond(keys[c]);
    const double reach = double(radius[i] + radius[j]);
    return norm2(x[i] - x[j]) < reach * reach ? 1 : 0;
  }
};

struct WallTouches {
  const PairKey* keys;
  WallGeometry walls;
  const Vec3d* x;
  const Real* radius;
  REGOLITH_HD std::size_t operator()(Index c) const {
    const Index i = pairFirst(keys[c]);
    return walls.touches(pairSecond(keys[c]), x[i], radius[i]) ? 1 : 0;
  }
};

// Reads: wall keys, geometry, results. Writes one WallContact per candidate and its flag.
struct WallContactOf {
  const PairKey* keys;
  WallGeometry walls;
  const Vec3d* x;
  const Real* radius;
  const Vec3* force;
  const Vec3* torque;
  WallContact* out;
  std::uint8_t* touching;
  REGOLITH_HD void operator()(Index c) const {
    const Index i = pairFirst(keys[c]), b = pairSecond(keys[c]);
    Real gap = 0;
    Vec3 n;
    const bool touches = walls.contact(b, x[i], radius[i], gap, n) && gap < Real(0);
    touching[c] = touches ? 1 : 0;
    if (!touches) return;
    WallContact w;
    w.sphere = i;
    w.boundary = b;
    w.force = force[c];
    w.torque = torque[c];
    w.normal = n;
    w.point = x[i] + Vec3d(n * -(radius[i] + Real(0.5) * gap));  // the arm of WallForces
    out[c] = w;
  }
};

template <class Functor>
std::size_t countIf(std::size_t n, const Functor& f) {
  return thrust::transform_reduce(devicePolicy(), thrust::counting_iterator<Index>(0),
                                  thrust::counting_iterator<Index>(static_cast<Index>(n)), f, std::size_t(0),
                                  thrust::plus<std::size_t>());
}

// Per candidate: 1 when `touches` holds (PairTouches or WallTouches), else 0.
template <class Functor>
std::vector<std::uint8_t> touchingFlags(std::size_t n, const Functor& touches) {
  DeviceVector<std::uint8_t> flags(n);
  thrust::transform(devicePolicy(), thrust::counting_iterator<Index>(0),
                    thrust::counting_iterator<Index>(static_cast<Index>(n)), flags.begin(), touches);
  std::vector<std::uint8_t> out(n);
  thrust::copy(flags.begin(), flags.end(), out.begin());
  return out;
}

// Appends (first, second, force) of the flagged candidates, in key order.
void keepTouching(const DeviceVector<PairKey>& keys, const DeviceVector<Vec3>& forces,
                  const std::vector<std::uint8_t>& flags, std::vector<Index>& first, std::vector<Index>& second,
                  std::vector<Vec3>& force) {
  std::vector<PairKey> hostKeys(keys.size());
  std::vector<Vec3> hostForces(forces.size());
  thrust::copy(keys.begin(), keys.end(), hostKeys.begin());
  thrust::copy(forces.begin(), forces.end(), hostForces.begin());
  for (std::size_t c = 0; c < flags.size(); ++c) {
    if (!flags[c]) continue;
    first.push_back(pairFirst(hostKeys[c]));
    second.push_back(pairSecond(hostKeys[c]));
    force.push_back(hostForces[c]);
  }
}

// The row of the model table (kernels/contact_models.h) that `model` names.
template <class... Models>
void evaluateModel(DeviceState& s, const StepParams& p, ContactModelKind model, ContactModelList<Models...>) {
  int row = 0;
  ((int(model) == row++ ? evaluateWith<Models>(s, p) : void()), ...);
}

}  // namespace

void computeContactForces(DeviceState& s, const StepParams& p, ContactModelKind model) {
  evaluateModel(s, p, model, ContactModels());
}

std::size_t touchingPairCount(const DeviceState& s) {
  return countIf(s.pairKeys.size(), PairTouches{raw(s.pairKeys), raw(s.spherePosition), raw(s.sphereRadius)});
}

std::size_t touchingWallCount(const DeviceState& s) {
  return countIf(s.wallKeys.size(), WallTouches{raw(s.wallKeys), wallGeometryOf(s, s.boundaries), raw(s.spherePosition),
                                                raw(s.sphereRadius)});
}

ContactForces downloadTouchingContacts(const DeviceState& s) {
  // Rebuilds size the force arrays with the keys, so they index alike.
  ContactForces c;
  const auto pairFlags = touchingFlags(s.pairKeys.size(),
                                       PairTouches{raw(s.pairKeys), raw(s.spherePosition), raw(s.sphereRadius)});
  keepTouching(s.pairKeys, s.pairForce, pairFlags, c.pairFirst, c.pairSecond, c.pairForce);
  const auto wallFlags = touchingFlags(s.wallKeys.size(), WallTouches{raw(s.wallKeys), wallGeometryOf(s, s.boundaries),
                                                                      raw(s.spherePosition), raw(s.sphereRadius)});
  keepTouching(s.wallKeys, s.wallForce, wallFlags, c.wallSphere, c.wallBoundary, c.wallForce);
  return c;
}

std::vector<WallContact> downloadWallContacts(const DeviceState& s) {
  const std::size_t n = s.wallKeys.size();
  DeviceVector<WallContact> all(n);
  DeviceVector<std::uint8_t> flags(n);
  parallel_for(n, WallContactOf{raw(s.wallKeys), wallGeometryOf(s, s.boundaries), raw(s.spherePosition),
                                raw(s.sphereRadius), raw(s.wallForce), raw(s.wallTorque), raw(all), raw(flags)});
  std::vector<WallContact> host(n);
  std::vector<std::uint8_t> touching(n);
  thrust::copy(all.begin(), all.end(), host.begin());
  thrust::copy(flags.begin(), flags.end(), touching.begin());
  std::vector<WallContact> out;
  for (std::size_t c = 0; c < n; ++c)
    if (touching[c]) out.push_back(host[c]);
  return out;
}

}  // namespace regolith
