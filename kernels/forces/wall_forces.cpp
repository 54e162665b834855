// The sphere-boundary pass of the contact forces, one thread per wall candidate (a sphere
// and a plane, cylinder, box or mesh triangle): the same force models as the pair pass
// against a rigid boundary, with the shear of a grain handed over across mesh edges.
#include "kernels/forces/contact_pass.h"
#include "kernels/forces/cohesion.h"
#include "kernels/forces/rolling_resistance.h"

namespace regolith {
namespace {

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
    // The sphere's image nearest the boundary (itself, to the bit, in a run that is not
    // periodic; the analytic boundaries of a periodic run do not change along its axes).
    const Vec3d xi = body.box.imageNear(body.spherePosition[i], b.point);
    Real gap;
    Vec3 n;
    if (!walls.contact(bi, xi, ri, gap, n) || gap >= Real(0)) {
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
      const Vec3 fromOwner = Vec3(xi - body.ownerPosition[b.owner]) + arm;
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
    Vec3 spring = previousShear[c];
    if (isZero(spring) && b.kind == BoundaryKind::Triangle) {
      spring = handedOverShear(walls, keys, previousShear, wallBegin[i], wallBegin[i + 1],
                               walls.topology[b.triangle].mesh, xi, ri);
    }
    const ContactResult r = ForceModel::evaluate(p, in, spring);
    shear[c] = spring;
    const BodyView& bv = body;
    const Vec3 roll = rollingResistanceTorque(
        relOmega, n, p.rollingResistance, r.normalForce, in.effRadius, [&bv, oi]() { return bv.meanInertia(oi); }, dt);
    const Vec3 f = withCohesion(r.force, n, p.pullOff, in.effRadius);
    force[c] = f;
    torque[c] = cross(arm, f) + roll;
  }
};

// The pass for one force model, with or without the lone-sphere shortcut.
template <class ForceModel, bool kLone>
struct WallPass {
  static void run(DeviceState& s, const StepParams& p) {
    // The shear just carried over (or left by the last evaluation) becomes the previous one.
    s.wallShearPrevious.swap(s.wallShear);
    s.wallShear.resize(s.wallKeys.size());
    parallel_for(s.wallKeys.size(), WallForces<ForceModel, kLone>{
                                        bodyView(s), wallGeometryOf(s, s.boundaries), raw(s.pairTable), s.materialCount,
                                        raw(s.wallKeys), raw(s.wallBegin), raw(s.wallShearPrevious), raw(s.wallShear),
                                        raw(s.wallForce), raw(s.wallTorque), p.dt});
  }
};

struct WallTouches {
  const PairKey* keys;
  WallGeometry walls;
  const Vec3d* x;
  const Real* radius;
  PeriodicBox box;
  REGOLITH_HD std::size_t operator()(Index c) const {
    const Index i = pairFirst(keys[c]), b = pairSecond(keys[c]);
    return walls.touches(b, box.imageNear(x[i], walls.boundaries[b].point), radius[i]) ? 1 : 0;
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
  PeriodicBox box;
  REGOLITH_HD void operator()(Index c) const {
    const Index i = pairFirst(keys[c]), b = pairSecond(keys[c]);
    const Vec3d xi = box.imageNear(x[i], walls.boundaries[b].point);  // as WallForces sees it
    Real gap = 0;
    Vec3 n;
    const bool touches = walls.contact(b, xi, radius[i], gap, n) && gap < Real(0);
    touching[c] = touches ? 1 : 0;
    if (!touches) return;
    WallContact w;
    w.sphere = i;
    w.boundary = b;
    w.force = force[c];
    w.torque = torque[c];
    w.normal = n;
    w.point = xi + Vec3d(n * -(radius[i] + Real(0.5) * gap));  // the arm of WallForces
    out[c] = w;
  }
};

}  // namespace

void computeWallForces(DeviceState& s, const StepParams& p, ContactModelKind model) {
  runContactPass<WallPass>(s, p, model, ContactModels());
}

std::size_t touchingWallCount(const DeviceState& s) {
  return countIf(s.wallKeys.size(), WallTouches{raw(s.wallKeys), wallGeometryOf(s, s.boundaries), raw(s.spherePosition),
                                                raw(s.sphereRadius), s.periodic});
}

void appendTouchingWalls(const DeviceState& s, ContactForces& c) {
  // The wall results index like the wall keys.
  const auto flags = touchingFlags(s.wallKeys.size(),
                                   WallTouches{raw(s.wallKeys), wallGeometryOf(s, s.boundaries), raw(s.spherePosition),
                                               raw(s.sphereRadius), s.periodic});
  keepTouching(s.wallKeys, nullptr, s.wallForce, flags, c.wallSphere, c.wallBoundary, c.wallForce);
}

std::vector<WallContact> downloadWallContacts(const DeviceState& s) {
  const std::size_t n = s.wallKeys.size();
  DeviceVector<WallContact> all(n);
  DeviceVector<std::uint8_t> flags(n);
  parallel_for(
      n, WallContactOf{raw(s.wallKeys), wallGeometryOf(s, s.boundaries), raw(s.spherePosition), raw(s.sphereRadius),
                       raw(s.wallForce), raw(s.wallTorque), raw(all), raw(flags), s.periodic});
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
