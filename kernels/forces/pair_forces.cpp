// The sphere-sphere pass of the contact forces, one thread per near pair: geometry, the
// selected force model, rolling resistance, cohesion, and the torques about each sphere's centre.
// Candidates that do not overlap get zero force and forget their shear history.
#include "kernels/forces/cohesion.h"
#include "kernels/forces/contact_pass.h"
#include "kernels/detection/near_pairs.h"
#include "kernels/forces/rolling_resistance.h"

namespace regolith {
namespace {

// Result slots of a candidate (shear, force, torques) are written together, and `held`
// says whether they may hold anything but zeros: a candidate that stays apart reads one
// byte instead of its shear and force (which matters while a bed settles, when most
// candidates are apart). Adopting a list marks every slot held (rebuild_contacts.cpp).

// What the force of one touching candidate (i, j) depends on, read from the state arrays.
struct PairSample {
  Vec3 d;      // centre i - centre j, from the double positions
  Real dist2;  // |d|^2, 0 < dist2 < (ri + rj)^2 (or NaN)
  Real ri, rj;
  Vec3 vi, wi, vj, wj;  // owner velocities and angular velocities
  Vec3 toI, toJ;        // sphere centre from its owner's (zero for a lone sphere)
  Real mi, mj;          // owner masses
  Vec3 shear;           // the history before this step
};

// What it writes back.
struct PairOutcome {
  Vec3 shear, force, torqueFirst, torqueSecond;
};

// The physics of one touching pair: geometry, the force model, rolling resistance, torques.
// A pure function of its sample, so the CPU may evaluate many at once (PairForceBlocks)
// and CUDA one per thread, with the same operations in the same order, hence the same bits.
// effInertia() gives I* for rolling resistance (read only when a rolling torque acts).
template <class ForceModel, class EffInertia>
REGOLITH_HD REGOLITH_INLINE PairOutcome touchingPairOutcome(const PairParams& p, const PairSample& s,
                                                            const EffInertia& effInertia, Real dt) {
  const Real reach = s.ri + s.rj;
  const Real dist = sqrt(s.dist2);
  const Vec3 n = s.d * (Real(1) / dist);
  const Real overlap = reach - dist;
  // Contact point in the middle of the overlap, at l_i and l_j from the sphere centres.
  const Real li = s.ri - Real(0.5) * overlap, lj = s.rj - Real(0.5) * overlap;
  const Vec3 armI = n * -li;
  const Vec3 armJ = n * lj;
  const Vec3 vrel = (s.vi + cross(s.wi, s.toI + armI)) - (s.vj + cross(s.wj, s.toJ + armJ));

  ContactInput in;
  in.overlap = overlap;
  in.normal = n;
  in.relVelocity = vrel;
  in.effRadius = s.ri * s.rj / reach;
  in.effMass = s.mi * s.mj / (s.mi + s.mj);
  in.dt = dt;
  PairOutcome out;
  out.shear = s.shear;
  const ContactResult r = ForceModel::evaluate(p, in, out.shear);
  const Vec3 roll = rollingResistanceTorque(s.wi - s.wj, n, p.rollingResistance, r.normalForce, in.effRadius,
                                            effInertia, dt);
  const Vec3 force = withCohesion(r.force, n, p.pullOff, in.effRadius);
  // arm_i x F and arm_j x (-F) with arm_i = -l_i n, arm_j = l_j n: both are -l (n x F).
  const Vec3 nxF = cross(n, force);
  out.force = force;
  out.torqueFirst = nxF * -li + roll;
  out.torqueSecond = nxF * -lj - roll;
  return out;
}

// Reads: sphere/owner state, pair table, keys, shear. Writes: shear, force, torques. One
// call per near pair (kernels/detection/near_pairs.cpp): call k evaluates candidate near[k].
template <class ForceModel, bool kLone>
struct PairForces {
  BodyView body;
  const PairParams* table;
  Index materialCount;
  const Index* near;
  const PairKey* keys;
  Vec3* shear;
  Vec3* force;
  Vec3* torqueFirst;
  Vec3* torqueSecond;
  std::uint8_t* held;
  Real dt;

  // Whether spheres i and j overlap, with d = x_i - x_j (its minimum image) and |d|^2.
  // Written as "not apart" so a NaN distance counts as touching: its NaN force then
  // reaches the blow-up guard.
  REGOLITH_HD REGOLITH_INLINE bool overlaps(Index i, Index j, Vec3& d, Real& dist2) const {
    const Real reach = body.radius[i] + body.radius[j];
    d = Vec3(body.box.image(body.spherePosition[i] - body.spherePosition[j]));
    dist2 = norm2(d);
    return !((dist2 >= reach * reach) | (dist2 <= Real(0)));
  }

  // Whether candidate c = (i, j), near pair k, touches. One that stopped touching has its
  // shear and results cleared; one apart last step too reads its flag only.
  REGOLITH_HD REGOLITH_INLINE bool touches(Index k, Index c, Index i, Index j, Vec3& d, Real& dist2) const {
    if (overlaps(i, j, d, dist2)) {
      held[c] = 1;
      return true;
    }
    if (!held[c]) return false;
    shear[c] = Vec3();
    force[k] = Vec3();
    torqueFirst[k] = Vec3();
    torqueSecond[k] = Vec3();
    held[c] = 0;
    return false;
  }

  REGOLITH_HD REGOLITH_INLINE Index pairRow(Index i, Index j) const {
    return body.material[i] * materialCount + body.material[j];
  }

  // I* = Ii Ij / (Ii + Ij) of the owners' mean principal moments.
  REGOLITH_HD REGOLITH_INLINE Real effInertia(Index oi, Index oj) const {
    const Real Ii = body.meanInertia(oi), Ij = body.meanInertia(oj);
    return Ii * Ij / (Ii + Ij);
  }

  // The rest of touching candidate c's sample (touches() gave d and dist2); oi and oj own
  // spheres i and j.
  REGOLITH_HD REGOLITH_INLINE void readSample(Index c, Index i, Index j, Index oi, Index oj, PairSample& s) const {
    s.ri = body.radius[i];
    s.rj = body.radius[j];
    s.vi = body.velocity[oi];
    s.wi = body.omega[oi];
    s.vj = body.velocity[oj];
    s.wj = body.omega[oj];
    s.toI = body.centreFromOwner<kLone>(i, oi);
    s.toJ = body.centreFromOwner<kLone>(j, oj);
    s.mi = body.mass[oi];
    s.mj = body.mass[oj];
    s.shear = shear[c];
  }

  // Candidate c's shear, near pair k's results.
  REGOLITH_HD REGOLITH_INLINE void write(Index k, Index c, const PairOutcome& o) const {
    shear[c] = o.shear;
    force[k] = o.force;
    torqueFirst[k] = o.torqueFirst;
    torqueSecond[k] = o.torqueSecond;
  }

  REGOLITH_HD REGOLITH_INLINE void operator()(Index k) const {
    const Index c = near[k];
    const Index i = pairFirst(keys[c]), j = pairSecond(keys[c]);
    PairSample s;
    if (!touches(k, c, i, j, s.d, s.dist2)) return;
    const Index oi = body.ownerOf<kLone>(i), oj = body.ownerOf<kLone>(j);
    readSample(c, i, j, oi, oj, s);
    const PairForces& self = *this;
    write(k, c,
          touchingPairOutcome<ForceModel>(
              table[pairRow(i, j)], s, [&self, oi, oj]() { return self.effInertia(oi, oj); }, dt));
  }
};

#if THRUST_DEVICE_SYSTEM != THRUST_DEVICE_SYSTEM_CUDA
// PairForces on the CPU, a block of candidates per call: the touching candidates are read
// into kLanes lanes stored field by field, evaluated together in a loop the compiler turns
// into vector instructions (two to eight doubles each, by the target), and written back.
// Each lane computes touchingPairOutcome, as a CUDA thread does, so the bits are those of
// the one-at-a-time loop: IEEE add, multiply, divide and square root round each lane alike,
// the force law's branches become selects of values both sides computed, and the kernels
// compile without contracting multiply-adds (kernels/CMakeLists.txt says why each flag).
// Gathering only touching candidates keeps the lanes full when half the list is apart.
template <class ForceModel, bool kLone, bool kOneMaterial>
struct PairForceBlocks {
  static constexpr int kLanes = 32;
  PairForces<ForceModel, kLone> pairs;

  // A 3-vector per lane, one array per component, so lane l of each is contiguous.
  struct VecLanes {
    Real x[kLanes], y[kLanes], z[kLanes];
    REGOLITH_INLINE void put(int l, const Vec3& v) { x[l] = v.x, y[l] = v.y, z[l] = v.z; }
    REGOLITH_INLINE Vec3 at(int l) const { return Vec3(x[l], y[l], z[l]); }
  };

  // The lanes: one array per scalar field. A lone sphere's centre offsets are zero and not
  // stored.
  struct Lanes {
    VecLanes d, vi, wi, vj, wj, toI, toJ, shear;
    Real dist2[kLanes], ri[kLanes], rj[kLanes], mi[kLanes], mj[kLanes], inertia[kLanes];
    PairParams params[kLanes];
    Index candidate[kLanes], slot[kLanes];  // c and its near position k
    VecLanes outShear, outForce, outTorqueFirst, outTorqueSecond;

    REGOLITH_INLINE void put(int l, const PairSample& s) {
      d.put(l, s.d), vi.put(l, s.vi), wi.put(l, s.wi), vj.put(l, s.vj), wj.put(l, s.wj), shear.put(l, s.shear);
      if (!kLone) toI.put(l, s.toI), toJ.put(l, s.toJ);
      dist2[l] = s.dist2, ri[l] = s.ri, rj[l] = s.rj, mi[l] = s.mi, mj[l] = s.mj;
    }
    REGOLITH_INLINE PairSample sample(int l) const {
      PairSample s;
      s.d = d.at(l), s.vi = vi.at(l), s.wi = wi.at(l), s.vj = vj.at(l), s.wj = wj.at(l), s.shear = shear.at(l);
      s.toI = kLone ? Vec3() : toI.at(l);
      s.toJ = kLone ? Vec3() : toJ.at(l);
      s.dist2 = dist2[l], s.ri = ri[l], s.rj = rj[l], s.mi = mi[l], s.mj = mj[l];
      return s;
    }
    REGOLITH_INLINE void put(int l, const PairOutcome& o) {
      outShear.put(l, o.shear), outForce.put(l, o.force);
      outTorqueFirst.put(l, o.torqueFirst), outTorqueSecond.put(l, o.torqueSecond);
    }
    REGOLITH_INLINE PairOutcome outcome(int l) const {
      return {outShear.at(l), outForce.at(l), outTorqueFirst.at(l), outTorqueSecond.at(l)};
    }
  };

  REGOLITH_INLINE void stage(Lanes& L, int l, Index k, Index c, Index i, Index j, const Vec3& d, Real dist2) const {
    const Index oi = pairs.body.template ownerOf<kLone>(i), oj = pairs.body.template ownerOf<kLone>(j);
    PairSample s;
    s.d = d;
    s.dist2 = dist2;
    pairs.readSample(c, i, j, oi, oj, s);
    L.put(l, s);
    L.candidate[l] = c;
    L.slot[l] = k;
    const PairParams& p = pairs.table[kOneMaterial ? 0 : pairs.pairRow(i, j)];
    if (!kOneMaterial) L.params[l] = p;
    // I* only where rolling resistance can act: it costs two divisions.
    L.inertia[l] = p.rollingResistance > Real(0) ? pairs.effInertia(oi, oj) : Real(0);
  }

  REGOLITH_INLINE void evaluate(Lanes& L, int count) const {
    const PairParams& uniform = pairs.table[0];
    const Real dt = pairs.dt;
#pragma GCC ivdep
    for (int l = 0; l < count; ++l) {
      const Real inertia = L.inertia[l];
      L.put(l, touchingPairOutcome<ForceModel>(
                   kOneMaterial ? uniform : L.params[l], L.sample(l), [inertia]() { return inertia; }, dt));
    }
    for (int l = 0; l < count; ++l) pairs.write(L.slot[l], L.candidate[l], L.outcome(l));
  }

  REGOLITH_INLINE void run(Index begin, Index end) const {
    Lanes L;
    int count = 0;
    for (Index k = begin; k < end; ++k) {
      const Index c = pairs.near[k];
      const Index i = pairFirst(pairs.keys[c]), j = pairSecond(pairs.keys[c]);
      Vec3 d;
      Real dist2;
      if (!pairs.touches(k, c, i, j, d, dist2)) continue;
      stage(L, count, k, c, i, j, d, dist2);
      ++count;
      if (count == kLanes) {
        evaluate(L, count);
        count = 0;
      }
    }
    if (count > 0) evaluate(L, count);
  }

  // run() compiled for each level (its callees are inlined into it, so the whole block is
  // compiled for the wider instructions); the processor's level picks one at run time.
  CpuVector level;
#if defined(__x86_64__) && defined(__GNUC__)
  __attribute__((target("avx512f"))) void runAvx512(Index begin, Index end) const { run(begin, end); }
  __attribute__((target("avx2"))) void runAvx2(Index begin, Index end) const { run(begin, end); }
#endif
  void operator()(Index begin, Index end) const {
    if (level == CpuVector::Scalar) {
      for (Index k = begin; k < end; ++k) pairs(k);
      return;
    }
#if defined(__x86_64__) && defined(__GNUC__)
    if (level == CpuVector::Avx512) return runAvx512(begin, end);
    if (level == CpuVector::Avx2) return runAvx2(begin, end);
#endif
    run(begin, end);
  }
};
#endif
// The pass for one force model, with or without the lone-sphere shortcut.
template <class ForceModel, bool kLone>
struct PairPass {
  static void run(DeviceState& s, const StepParams& p) {
    refreshNearPairs(s);
    const PairForces<ForceModel, kLone> pairs{bodyView(s),
                                              raw(s.pairTable),
                                              s.materialCount,
                                              raw(s.pairNear),
                                              raw(s.pairKeys),
                                              raw(s.pairShear),
                                              raw(s.pairForce),
                                              raw(s.pairTorqueFirst),
                                              raw(s.pairTorqueSecond),
                                              raw(s.pairHeld),
                                              p.dt};
#if THRUST_DEVICE_SYSTEM == THRUST_DEVICE_SYSTEM_CUDA
    parallel_for(s.pairNear.size(), pairs);
#else
    const CpuVector level = cpuVector();
    if (s.materialCount == 1)
      parallel_for_ranges(s.pairNear.size(), PairForceBlocks<ForceModel, kLone, true>{pairs, level});
    else parallel_for_ranges(s.pairNear.size(), PairForceBlocks<ForceModel, kLone, false>{pairs, level});
#endif
  }
};

// Whether candidate c touches; with `near`, call k asks it of candidate near[k].
struct PairTouches {
  const PairKey* keys;
  const Vec3d* x;
  const Real* radius;
  const Index* near;
  PeriodicBox box;
  REGOLITH_HD std::size_t operator()(Index k) const {
    const Index c = near ? near[k] : k;
    const Index i = pairFirst(keys[c]), j = pairSecond(keys[c]);
    const double reach = double(radius[i] + radius[j]);
    return norm2(box.image(x[i] - x[j])) < reach * reach ? 1 : 0;
  }
};

}  // namespace

void computePairForces(DeviceState& s, const StepParams& p, ContactModelKind model) {
  runContactPass<PairPass>(s, p, model, ContactModels());
}

std::size_t touchingPairCount(const DeviceState& s) {
  return countIf(s.pairKeys.size(),
                 PairTouches{raw(s.pairKeys), raw(s.spherePosition), raw(s.sphereRadius), nullptr, s.periodic});
}

void appendTouchingPairs(const DeviceState& s, ContactForces& c) {
  // The pair results are those of the near pairs (every touching pair is one), in near order.
  const auto flags = touchingFlags(s.pairNear.size(), PairTouches{raw(s.pairKeys), raw(s.spherePosition),
                                                                  raw(s.sphereRadius), raw(s.pairNear), s.periodic});
  keepTouching(s.pairKeys, &s.pairNear, s.pairForce, flags, c.pairFirst, c.pairSecond, c.pairForce);
}

}  // namespace regolith
