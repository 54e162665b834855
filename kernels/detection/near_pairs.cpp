// The near pairs. A candidate list holds every pair within r_i + r_j + margin, with a margin
// wide enough for many steps of motion, and in a dense bed about half its candidates are
// apart at any step: the pair pass spent over half its time deciding that (the far
// sphere's position, a branch mispredicted about every other candidate), and the gather
// read their zero results. The near list holds only the candidates whose gap is below
// nearReach, a fraction of the margin; the pair pass visits only those, writes their
// results compactly in near order, and the gather reads only those, until the spheres
// could have closed that gap.
//
// Why the results are the bits of a visit to every candidate: a candidate left out has gap
// >= nearReach when marked, and its shear is cleared here if it was touching; two spheres
// close on each other by at most the sum of their displacements, so while the spheres'
// steps since (twice the largest sphere displacement of each step, summed: nearSlack's
// debit) stay below nearReach it stays apart, and a visit would find it apart and write
// zeros. The gather adds a contact's results to sums that start at +0, in the same order
// with the zeros left out, and adding +0 to such a sum changes no bit (it is never -0).
// The reserve kept back covers the rounding of the distance tests (relative 1e-16, or 1e-7
// in a float build) and of the position updates (half an ulp of a position per step, over
// at most kNearMaxAge steps) many times over. Any placement that is not a step (a restored
// state) forgets the near pairs instead of spending.
#include <thrust/fill.h>
#include <thrust/scan.h>

#include <algorithm>
#include <cmath>

#include "kernels/backend/backend.h"
#include "kernels/detection/near_pairs.h"

namespace regolith {
namespace {

// nearReach from the list margin and the spheres' last step: wide enough that the list
// lasts about kNearSteps steps at that pace, never below 1/kNearFloorDivisor of the margin
// (a bed at rest would otherwise mark with a zero reach, and then again at its first
// jiggle), never above the margin (the candidate list holds nothing farther).
constexpr double kNearSteps = 32;
constexpr double kNearFloorDivisor = 64;
// Of nearReach, kept back from spending: the list is marked again once the slack is down
// to nearReach / kNearReserveDivisor plus a millionth of the largest radius.
constexpr double kNearReserveDivisor = 16;
// Marked again after this many pair passes even with slack left, so nearReach follows the
// pace of the spheres down as well as up (a bed coming to rest, a list marked after a jump).
constexpr int kNearMaxAge = 64;

double nearReserve(const DeviceState& s) {
  return double(s.nearReach) / kNearReserveDivisor + 1e-6 * double(s.maxRadius);
}

// Reads: keys, positions, radii, held. Writes: isNear[c] (0 or 1); the shear and held
// byte of a candidate that is not near but held a result.
struct MarkNear {
  const PairKey* keys;
  const Vec3d* x;
  const Real* radius;
  Real nearReach;
  Index* isNear;
  std::uint8_t* held;
  Vec3* shear;
  PeriodicBox box;

  REGOLITH_HD void operator()(Index c) const {
    const Index i = pairFirst(keys[c]), j = pairSecond(keys[c]);
    const Real reach = radius[i] + radius[j] + nearReach;
    const Vec3 d = Vec3(box.image(x[i] - x[j]));
    // Written as "not beyond" so a NaN distance counts as near: the pair pass then meets
    // it and its NaN force reaches the blow-up guard, as without the near list.
    const bool near = !(norm2(d) >= reach * reach);
    isNear[c] = near ? 1 : 0;
    if (near || !held[c]) return;
    shear[c] = Vec3();
    held[c] = 0;
  }
};

// rank: exclusive prefix count of the near flags over the candidates (n + 1 entries).
REGOLITH_HD REGOLITH_INLINE bool isMarked(const Index* rank, Index c) { return rank[c + 1] != rank[c]; }

// Reads: rank. Writes: near[rank[c]] = c for each near candidate c.
struct ListNear {
  const Index* rank;
  Index* near;
  REGOLITH_HD void operator()(Index c) const {
    if (isMarked(rank, c)) near[rank[c]] = c;
  }
};

// out[k] = rank[at[k]]: where a candidate offset (a sphere's first or second range) falls
// in the near order.
struct RankOf {
  const Index* rank;
  const Index* at;
  Index* out;
  REGOLITH_HD void operator()(Index k) const { out[k] = rank[at[k]]; }
};

// Reads: rank, secondOrder. Writes: secondFlag[m] = 1 when candidate secondOrder[m] is near.
struct MarkSecond {
  const Index* rank;
  const Index* secondOrder;
  Index* secondFlag;
  REGOLITH_HD void operator()(Index m) const { secondFlag[m] = isMarked(rank, secondOrder[m]) ? 1 : 0; }
};

// Reads: rank, secondOrder, secondRank (the exclusive prefix count of MarkSecond's flags).
// Writes: nearSecondOrder, the near positions in second-sphere order.
struct ListNearSecond {
  const Index* rank;
  const Index* secondOrder;
  const Index* secondRank;
  Index* nearSecondOrder;
  REGOLITH_HD void operator()(Index m) const {
    if (secondRank[m + 1] != secondRank[m]) nearSecondOrder[secondRank[m]] = rank[secondOrder[m]];
  }
};

// flags[0..n) -> their exclusive prefix sums in flags[0..n]; n fits an Index (the
// candidate count, checked at the build), so no partial sum wraps.
void exclusiveCount(DeviceVector<Index>& flags, std::size_t n) {
  flags[n] = 0;
  thrust::exclusive_scan(devicePolicy(), flags.begin(), flags.begin() + n + 1, flags.begin());
}

}  // namespace

void spendNearSlack(DeviceState& s, const SphereMotion& m) {
  s.lastStep = std::sqrt(m.stepped2);
  s.nearSlack -= 2.0 * s.lastStep;  // NaN stays NaN, and fails the test below
}

void forgetNearPairs(DeviceState& s) {
  s.nearSlack = 0;
  s.nearListed = false;
}

void refreshNearPairs(DeviceState& s) {
  if (s.nearSlack > nearReserve(s) && ++s.nearAge < kNearMaxAge) return;
  s.nearAge = 0;
  const double margin = double(s.margin);
  s.nearReach = Real(std::min(margin, std::max(margin / kNearFloorDivisor, kNearSteps * 2.0 * s.lastStep)));

  const std::size_t n = s.pairKeys.size(), spheres = s.sphereCount();
  DeviceVector<Index> rank(n + 1);
  parallel_for(n, MarkNear{raw(s.pairKeys), raw(s.spherePosition), raw(s.sphereRadius), s.nearReach, raw(rank),
                           raw(s.pairHeld), raw(s.pairShear), s.periodic});
  exclusiveCount(rank, n);
  const std::size_t near = static_cast<std::size_t>(rank[n]);
  resizeDiscarding(s.pairNear, near);
  parallel_for(n, ListNear{raw(rank), raw(s.pairNear)});
  resizeDiscarding(s.nearFirstBegin, spheres + 1);
  parallel_for(spheres + 1, RankOf{raw(rank), raw(s.firstBegin), raw(s.nearFirstBegin)});

  DeviceVector<Index> secondRank(n + 1);
  parallel_for(n, MarkSecond{raw(rank), raw(s.secondOrder), raw(secondRank)});
  exclusiveCount(secondRank, n);
  resizeDiscarding(s.nearSecondOrder, near);
  parallel_for(n, ListNearSecond{raw(rank), raw(s.secondOrder), raw(secondRank), raw(s.nearSecondOrder)});
  resizeDiscarding(s.nearSecondBegin, spheres + 1);
  parallel_for(spheres + 1, RankOf{raw(secondRank), raw(s.secondBegin), raw(s.nearSecondBegin)});

  // The results in near order, zero until the pair pass writes a touching pair's (a pair
  // apart with nothing held leaves its slot alone).
  for (DeviceVector<Vec3>* v : {&s.pairForce, &s.pairTorqueFirst, &s.pairTorqueSecond}) {
    resizeDiscarding(*v, near);
    thrust::fill(devicePolicy(), v->begin(), v->end(), Vec3());
  }
  s.nearSlack = double(s.nearReach);
  s.nearListed = true;
  ++s.nearMarks;
}

NearPairStats nearPairStats(const DeviceState& s) { return {s.pairNear.size(), s.nearMarks, double(s.nearReach)}; }

}  // namespace regolith
