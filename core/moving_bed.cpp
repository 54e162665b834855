// The geometry and the plan of a following bed; see moving_bed.h and docs/moving-bed.md.
#include "core/moving_bed.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <map>
#include <tuple>
#include <unordered_map>

#include "core/number_text.h"
#include "core/periodic_model.h"

namespace regolith {

FollowStrips::FollowStrips(const BedFollow& f, const PeriodicBox& box)
    : axis(f.axis), direction(f.direction), period(component(box.length, f.axis)), boxLo(component(box.lo, f.axis)) {
  count = f.strip > 0 && period > 0 ? std::max(1, int(std::lround(period / f.strip))) : 1;
  width = period / count;
  back = direction > 0 ? boxLo : -(boxLo + period);
}

std::int64_t FollowStrips::stripsBehind(double u, double behind) const {
  return std::int64_t(std::floor((u - behind - back) / width));
}

double FollowStrips::lower(std::int64_t strip) const {
  // Strip k covers travel coordinates [back + k w, back + (k + 1) w).
  const double uLow = back + double(strip) * width;
  const double x = direction > 0 ? uLow : -(uLow + width);
  return boxLo + (x - boxLo) - period * std::floor((x - boxLo) / period);
}

bool FollowStrips::contains(std::int64_t strip, double coordinate) const {
  double t = coordinate - lower(strip);
  t -= period * std::floor(t / period);
  return t < width;
}

namespace {

// The axis gravity pulls along most, and +1 when it pulls towards -axis: height is
// sign x the coordinate.
std::pair<int, double> upAxisOf(const Vec3& g) {
  int up = 0;
  for (int a = 1; a < 3; ++a)
    if (std::fabs(double(component(g, a))) > std::fabs(double(component(g, up)))) up = a;
  return {up, component(g, up) <= 0 ? 1.0 : -1.0};
}

}  // namespace

std::string bedFollowProblem(const BedFollow& f, const PeriodicBox& box, const Vec3& gravity, double bodyReach,
                             std::string* key) {
  const auto fault = [key](const char* k, std::string what) {
    if (key) *key = k;
    return what;
  };
  if (f.axis < 0 || f.axis > 2) return fault("direction", "a travel axis of x, y or z");
  if (!box.periodic(f.axis))
    return fault("direction", std::string("the domain periodic along the travel axis ") + kAxisNames[f.axis] +
                                  " (a following bed refreshes the strip the body left behind, which a period "
                                  "brings round ahead of it)");
  if (f.direction != 1 && f.direction != -1) return fault("direction", "a direction of +1 or -1");
  if (!(f.strip > 0)) return fault("strip", "a positive strip width");
  if (!(f.behind >= 0)) return fault("behind", "a distance behind of at least 0");
  if (isZero(gravity)) return fault("direction", "gravity: the template's places are filled lowest first");
  if (upAxisOf(gravity).first == f.axis) return fault("direction", "gravity across the travel axis, not along it");
  const FollowStrips s(f, box);
  if (!(f.behind + s.width + bodyReach < s.period))
    return fault("behind", "a period longer than behind + strip + the body's reach, " + shortNumber(f.behind, 6) +
                               " + " + shortNumber(s.width, 6) + " + " + shortNumber(bodyReach, 6) +
                               " m, so that a refreshed strip lies clear of the body");
  return "";
}

double bodyReachOf(const std::vector<BoundaryPrimitive>& boundaries, Index owner, const Vec3d& centre) {
  double reach = 0;
  const auto at = [&](const Vec3d& p) { reach = std::max(reach, norm(p - centre)); };
  for (const BoundaryPrimitive& b : boundaries) {
    if (b.owner != owner) continue;
    switch (b.kind) {
      case BoundaryKind::Plane:
        return std::numeric_limits<double>::infinity();
      case BoundaryKind::Triangle:
        at(b.point), at(b.corner1), at(b.corner2);
        break;
      case BoundaryKind::FiniteWall:
        for (int i = -1; i <= 1; i += 2)
          for (int j = -1; j <= 1; j += 2)
            at(b.point + Vec3d(b.tangentU) * double(i * b.halfU) + Vec3d(b.tangentV) * double(j * b.halfV));
        break;
      case BoundaryKind::Cylinder:
        if (b.halfLength <= 0) return std::numeric_limits<double>::infinity();
        reach = std::max(reach, norm(b.point - centre) + std::hypot(double(b.halfLength), double(b.radius)));
        break;
    }
  }
  return reach;
}

double followedBodyReach(const std::vector<BoundaryPrimitive>& boundaries, const StateArrays& s, Index body) {
  const std::size_t o = std::size_t(body);
  double reach = bodyReachOf(boundaries, body, s.ownerPosition[o]);
  for (Index i = s.ownerSphereBegin[o]; i < s.ownerSphereBegin[o + 1]; ++i)
    reach = std::max(reach, norm(Vec3d(s.sphereOffset[std::size_t(i)])) + double(s.sphereRadius[std::size_t(i)]));
  return reach;
}

namespace {

// Grains of one kind are interchangeable: the same spheres (offsets, radii, materials) and
// the same mass and inertia. Kind -1: an owner without spheres.
std::vector<int> grainKinds(const StateArrays& s) {
  std::map<std::vector<double>, int> kinds;
  std::vector<int> out(s.ownerCount(), -1);
  for (std::size_t o = 0; o < s.ownerCount(); ++o) {
    const Index b = s.ownerSphereBegin[o], e = s.ownerSphereBegin[o + 1];
    if (e == b) continue;
    std::vector<double> key = {double(e - b), double(s.ownerMass[o]), double(s.ownerInertia[o].x),
                               double(s.ownerInertia[o].y), double(s.ownerInertia[o].z)};
    for (Index i = b; i < e; ++i) {
      const Vec3& d = s.sphereOffset[std::size_t(i)];
      key.insert(key.end(), {double(s.sphereRadius[std::size_t(i)]), double(s.sphereMaterial[std::size_t(i)]),
                             double(d.x), double(d.y), double(d.z)});
    }
    out[o] = kinds.emplace(std::move(key), int(kinds.size())).first->second;
  }
  return out;
}

// An owner's farthest sphere surface from its centre.
double ownerReach(const StateArrays& s, std::size_t o) {
  double r = 0;
  for (Index i = s.ownerSphereBegin[o]; i < s.ownerSphereBegin[o + 1]; ++i)
    r = std::max(r, norm(Vec3d(s.sphereOffset[std::size_t(i)])) + double(s.sphereRadius[std::size_t(i)]));
  return r;
}

struct Ball {
  Vec3d centre;
  double radius;
};

// The spheres of an owner at a pose.
void ballsAt(const StateArrays& s, std::size_t o, const Vec3d& p, const Quat& q, std::vector<Ball>& out) {
  out.clear();
  for (Index i = s.ownerSphereBegin[o]; i < s.ownerSphereBegin[o + 1]; ++i)
    out.push_back({p + rotate(q, Vec3d(s.sphereOffset[std::size_t(i)])), double(s.sphereRadius[std::size_t(i)])});
}

// The spheres that stay near the strip, hashed by cell, for the overlap test of the places.
class StayingSpheres {
 public:
  StayingSpheres(const PeriodicBox& box, double cell, const Vec3d& near) : m_box(box), m_cell(cell), m_near(near) {}

  void add(const Ball& b, Index owner) {
    Ball at = {m_box.imageNear(b.centre, m_near), b.radius};
    m_cells[keyOf(cellOf(at.centre))].push_back(m_balls.size());
    m_balls.push_back(at);
    m_owners.push_back(owner);
  }

  // The deepest overlap of b with a sphere held here, of an owner other than `skip` [m]
  // (0 when it touches none).
  double deepest(const Ball& b, Index skip = -1) const {
    double deepest = 0;
    m_box.forEachImageShift([&](const Vec3d& shift) {
      const Vec3d c = m_box.imageNear(b.centre, m_near) + shift;
      const std::array<long, 3> k = cellOf(c);
      for (long i = -1; i <= 1; ++i)
        for (long j = -1; j <= 1; ++j)
          for (long l = -1; l <= 1; ++l) {
            const auto it = m_cells.find(keyOf({k[0] + i, k[1] + j, k[2] + l}));
            if (it == m_cells.end()) continue;
            for (const std::size_t n : it->second)
              if (m_owners[n] != skip)
                deepest = std::max(deepest, b.radius + m_balls[n].radius - norm(c - m_balls[n].centre));
          }
    });
    return deepest;
  }

 private:
  std::array<long, 3> cellOf(const Vec3d& x) const {
    return {long(std::floor(x.x / m_cell)), long(std::floor(x.y / m_cell)), long(std::floor(x.z / m_cell))};
  }
  static std::uint64_t keyOf(const std::array<long, 3>& k) {
    const auto part = [](long v) { return std::uint64_t(v + (1L << 20)) & ((1ULL << 21) - 1); };
    return part(k[0]) << 42 | part(k[1]) << 21 | part(k[2]);
  }
  PeriodicBox m_box;
  double m_cell;
  Vec3d m_near;
  std::vector<Ball> m_balls;
  std::vector<Index> m_owners;
  std::unordered_map<std::uint64_t, std::vector<std::size_t>> m_cells;
};

// Overlap a place may have with a grain that stays: no more than the template's own
// contacts among the refreshed window's places (the bed then held that much elastic
// energy there, and holds no more now), and at least this fraction of the smallest radius.
// The smoke wheel's bed overlaps 0.2 % of a radius at the median contact, 1.8 % at the
// 90th percentile and 5.7 % at most; 1 % of a radius, as Hertz energy, sends a millimetre
// grain off at a few cm/s at most, which the contact damping takes within a few contacts.
constexpr double kPlaceOverlapFloor = 0.01;

void setComponent(Vec3d& v, int axis, double value) { (axis == 0 ? v.x : axis == 1 ? v.y : v.z) = value; }

// A blocked place is tried shifted by up to this many steps (of a tenth of the smallest
// radius) in any direction: half a radius.
constexpr int kShiftSteps = 5;

// The shifts a blocked place is tried at, in steps: every integer vector of length at
// most kShiftSteps but zero, shortest first; of equal length the higher first (a grain set
// a little high settles onto the bed), then by their components, so the order is fixed.
std::vector<Vec3d> placeShifts(int up, double upSign) {
  std::vector<Vec3d> shifts;
  for (int i = -kShiftSteps; i <= kShiftSteps; ++i)
    for (int j = -kShiftSteps; j <= kShiftSteps; ++j)
      for (int k = -kShiftSteps; k <= kShiftSteps; ++k)
        if (i * i + j * j + k * k <= kShiftSteps * kShiftSteps && (i | j | k) != 0) shifts.emplace_back(i, j, k);
  const auto key = [&](const Vec3d& v) {
    return std::make_tuple(dot(v, v), -upSign * component(v, up), v.x, v.y, v.z);
  };
  std::sort(shifts.begin(), shifts.end(), [&](const Vec3d& a, const Vec3d& b) { return key(a) < key(b); });
  return shifts;
}

}  // namespace

StripRefresh planStripRefresh(const StripRefreshInput& in, std::int64_t strip) {
  const StateArrays& s = *in.now;
  const MovingBedState& bed = *in.bed;
  const FollowStrips strips(*in.follow, in.box);
  const int axis = strips.axis;
  const auto [up, upSign] = upAxisOf(in.gravity);
  const int lateral = 3 - axis - up;
  const std::size_t owners = s.ownerCount();
  const std::vector<int> kind = grainKinds(s);
  std::vector<double> reach(owners, 0);
  double reachMax = 0;
  for (std::size_t o = 0; o < owners; ++o)
    if (kind[o] >= 0) reachMax = std::max(reachMax, reach[o] = ownerReach(s, o));
  const double lower = strips.lower(strip);
  const auto inStrip = [&](const Vec3d& x) { return strips.contains(strip, component(x, axis)); };
  const auto frozen = [&](std::size_t o) { return o < in.frozen.size() && in.frozen[o]; };
  const auto height = [&, up = up, upSign = upSign](const Vec3d& x) { return upSign * component(x, up); };

  StripRefresh out;
  std::vector<std::vector<Index>> moving;  // per kind: the grains in the strip, ascending
  std::vector<bool> moves(owners, false);
  for (std::size_t o = 0; o < owners; ++o) {
    if (kind[o] < 0 || frozen(o) || !inStrip(s.ownerPosition[o])) continue;
    if (o < in.keep.size() && in.keep[o]) {
      ++out.kept;
      continue;
    }
    if (std::size_t(kind[o]) >= moving.size()) moving.resize(std::size_t(kind[o]) + 1);
    moving[std::size_t(kind[o])].push_back(Index(o));
    moves[o] = true;
  }

  Vec3d centre = in.box.lo + in.box.length * 0.5;
  setComponent(centre, axis, lower + 0.5 * strips.width);
  // The template's places in the strip, per kind, lowest first; those clear of what stays.
  std::vector<std::vector<Index>> places(moving.size());
  std::vector<Ball> balls;
  double latLo = std::numeric_limits<double>::infinity(), latHi = -latLo;
  for (std::size_t o = 0; o < owners; ++o) {
    if (kind[o] < 0 || frozen(o) || !inStrip(bed.templatePosition[o])) continue;
    latLo = std::min(latLo, component(bed.templatePosition[o], lateral));
    latHi = std::max(latHi, component(bed.templatePosition[o], lateral));
    if (std::size_t(kind[o]) >= places.size()) places.resize(std::size_t(kind[o]) + 1);
    places[std::size_t(kind[o])].push_back(Index(o));
  }

  // The spheres that stay, within reach of the strip.
  StayingSpheres staying(in.box, std::max(2 * reachMax, 1e-12), centre);
  const double band = 0.5 * strips.width + 2 * reachMax;
  double top = -std::numeric_limits<double>::infinity();  // the highest surface in and beside the strip
  // Grains beside the strip on the body's side (the rut, refreshed next) yield to the
  // strip's places rather than block them: they are left out of what stays, and once the
  // strip is laid each is raised until it clears it (below). Left to block, they kept a
  // quarter of the places at the strip's front edge empty in the smoke wheel's bed, and the
  // grains those places lost were set loose on top.
  std::vector<Index> yielding;
  for (std::size_t o = 0; o < owners; ++o) {
    if (kind[o] < 0 || moves[o]) continue;
    const double along = component(in.box.image(s.ownerPosition[o] - centre), axis);
    if (std::fabs(along) > band) continue;
    ballsAt(s, o, s.ownerPosition[o], s.ownerOrientation[o], balls);
    const bool yields = strips.direction * along > 0 && !frozen(o) && !(o < in.keep.size() && in.keep[o]);
    if (yields) yielding.push_back(Index(o));
    for (const Ball& b : balls) {
      if (!yields) staying.add(b, Index(o));
      if (std::fabs(along) <= 0.5 * strips.width + reach[o]) top = std::max(top, height(b.centre) + b.radius);
    }
  }

  // The template's own deepest contact among the strip's places: the tolerance.
  StayingSpheres template_(in.box, std::max(2 * reachMax, 1e-12), centre);
  double rMin = std::numeric_limits<double>::infinity();
  for (const std::vector<Index>& list : places)
    for (const Index p : list) {
      ballsAt(s, std::size_t(p), bed.templatePosition[std::size_t(p)], bed.templateOrientation[std::size_t(p)], balls);
      for (const Ball& b : balls) template_.add(b, p), rMin = std::min(rMin, b.radius);
    }
  double tolerance = std::isfinite(rMin) ? kPlaceOverlapFloor * rMin : 0;
  for (const std::vector<Index>& list : places)
    for (const Index p : list) {
      ballsAt(s, std::size_t(p), bed.templatePosition[std::size_t(p)], bed.templateOrientation[std::size_t(p)], balls);
      for (const Ball& b : balls) tolerance = std::max(tolerance, template_.deepest(b, p));
    }
  for (std::vector<Index>& list : places)
    std::sort(list.begin(), list.end(), [&](Index a, Index b) {
      const double ha = height(bed.templatePosition[std::size_t(a)]), hb = height(bed.templatePosition[std::size_t(b)]);
      return ha != hb ? ha < hb : a < b;
    });
  // Whether owner o's grain, at `at` turned by q, overlaps no sphere that stays (or was
  // placed) by more than the tolerance. Leaves its spheres in `balls`.
  const auto clearOfStaying = [&](std::size_t o, const Vec3d& at, const Quat& q) {
    ballsAt(s, o, at, q, balls);
    for (const Ball& b : balls)
      if (staying.deepest(b) > tolerance) return false;
    return true;
  };
  // Whether owner-place pu's grain fits at `at`: clear of the body's reach and of what stays.
  const auto fits = [&](std::size_t pu, const Vec3d& at) {
    if (norm(in.box.image(at - in.bodyCentre)) < in.bodyReach + reach[pu]) return false;
    return clearOfStaying(pu, at, bed.templateOrientation[pu]);
  };
  std::vector<std::pair<Index, Index>> assigned;  // (grain, place)
  std::vector<Index> homeless;
  std::vector<std::vector<Index>> blocked(places.size());  // per kind, lowest first
  for (std::size_t k = 0; k < moving.size(); ++k) {
    std::size_t next = 0;
    static const std::vector<Index> none;
    const std::vector<Index>& list = k < places.size() ? places[k] : none;
    for (const Index grain : moving[k]) {
      bool placed = false;
      while (next < list.size() && !placed) {
        const Index p = list[next++];
        if (!fits(std::size_t(p), bed.templatePosition[std::size_t(p)])) {
          ++out.emptyPlaces;
          blocked[k].push_back(p);
          continue;
        }
        assigned.emplace_back(grain, p);
        placed = true;
      }
      if (!placed) homeless.push_back(grain);
    }
    out.emptyPlaces += list.size() - next;
  }
  for (std::size_t k = moving.size(); k < places.size(); ++k) out.emptyPlaces += places[k].size();

  std::map<Index, std::pair<Vec3d, Quat>> pose;
  for (const auto& [grain, place] : assigned) {
    const std::size_t pu = std::size_t(place);
    pose[grain] = {bed.templatePosition[pu], bed.templateOrientation[pu]};
    top = std::max(top, height(bed.templatePosition[pu]) + reach[pu]);
    ballsAt(s, pu, bed.templatePosition[pu], bed.templateOrientation[pu], balls);
    for (const Ball& b : balls) staying.add(b, grain);
  }
  out.intoPlaces = assigned.size();

  // Grains without a place first try the blocked places of their kind, lowest first: each
  // set at the smallest shift from the place (in steps of a tenth of the smallest radius,
  // any direction, up to half a radius; then straight up, up to a diameter) that clears
  // what stays and what was placed. The grains beside a strip have moved since the
  // template was taken (the rut, a bed that shears), mostly by a fraction of a radius: a
  // place they block often has room a little way off. The strip is then filled where the
  // template had grains, a little looser beside the grains that moved, rather than topped
  // with a loose layer.
  std::vector<Index> unplaced;
  std::vector<std::size_t> nextBlocked(blocked.size(), 0);
  const double shiftStep = 0.1 * (std::isfinite(rMin) ? rMin : reachMax);
  const std::vector<Vec3d> shifts = placeShifts(up, upSign);
  for (const Index grain : homeless) {
    const std::size_t k = std::size_t(kind[std::size_t(grain)]);
    bool placed = false;
    while (k < blocked.size() && nextBlocked[k] < blocked[k].size() && !placed) {
      const std::size_t pu = std::size_t(blocked[k][nextBlocked[k]++]);
      const auto tryAt = [&](const Vec3d& at) {
        if (!fits(pu, at)) return false;
        pose[grain] = {at, bed.templateOrientation[pu]};
        top = std::max(top, height(at) + reach[pu]);
        for (const Ball& b : balls) staying.add(b, grain);
        return true;
      };
      for (std::size_t n = 0; n < shifts.size() && !placed; ++n)
        placed = tryAt(bed.templatePosition[pu] + shifts[n] * shiftStep);
      for (int lift = kShiftSteps + 1; lift * shiftStep <= 2 * reach[pu] + 1e-12 && !placed; ++lift) {
        Vec3d at = bed.templatePosition[pu];
        setComponent(at, up, component(at, up) + upSign * lift * shiftStep);
        placed = tryAt(at);
      }
    }
    if (placed) ++out.raised;
    else unplaced.push_back(grain);
  }
  homeless = std::move(unplaced);

  // The grains that yielded: those that clear what stays and what was placed stay where
  // they are; then the others, lowest first, are raised (in tenths of the smallest radius,
  // by up to two diameters) until they clear all of that, to fall back onto the rut they
  // came from.
  const auto clearAt = [&](std::size_t o, const Vec3d& at) { return clearOfStaying(o, at, s.ownerOrientation[o]); };
  std::vector<Index> blocking;
  for (const Index g : yielding) {
    if (!clearAt(std::size_t(g), s.ownerPosition[std::size_t(g)])) {
      blocking.push_back(g);
      continue;
    }
    for (const Ball& b : balls) staying.add(b, g);
  }
  std::stable_sort(blocking.begin(), blocking.end(), [&](Index a, Index b) {
    return height(s.ownerPosition[std::size_t(a)]) < height(s.ownerPosition[std::size_t(b)]);
  });
  for (const Index g : blocking) {
    const std::size_t o = std::size_t(g);
    bool clear = false;
    for (int lift = 1; lift * shiftStep <= 4 * reach[o] + 1e-12 && !clear; ++lift) {
      Vec3d at = s.ownerPosition[o];
      setComponent(at, up, component(at, up) + upSign * lift * shiftStep);
      if (!(clear = clearAt(o, at))) continue;
      for (const Ball& b : balls) staying.add(b, g);
      pose[g] = {at, s.ownerOrientation[o]};
      top = std::max(top, height(at) + reach[o]);  // the loose lattice, if any, goes above it
      ++out.lifted;
    }
    if (!clear) homeless.push_back(g);
  }

  // Grains without a place: a loose lattice above the strip's top, row by row, layer by
  // layer, in the strip's width and the template's lateral extent.
  if (!homeless.empty()) {
    std::sort(homeless.begin(), homeless.end());
    const double gap = 2.1 * reachMax;
    if (!(latHi >= latLo)) latLo = latHi = component(centre, lateral);
    if (!std::isfinite(top)) top = 0;
    const int alongCount = std::max(1, int(std::floor(strips.width / gap)));
    const int acrossCount = std::max(1, int(std::floor((latHi - latLo) / gap)) + 1);
    const double acrossStep = acrossCount > 1 ? (latHi - latLo) / (acrossCount - 1) : 0;
    for (std::size_t n = 0; n < homeless.size(); ++n) {
      const int layer = int(n / std::size_t(alongCount * acrossCount));
      const int inLayer = int(n % std::size_t(alongCount * acrossCount));
      Vec3d p;
      setComponent(p, axis, lower + (inLayer % alongCount + 0.5) * strips.width / alongCount);
      setComponent(p, lateral, acrossCount > 1 ? latLo + (inLayer / alongCount) * acrossStep : latLo);
      setComponent(p, up, upSign * (top + 1.05 * reachMax + layer * gap));
      pose[homeless[n]] = {in.box.imageNear(p, centre), Quat()};
    }
    out.dropped = homeless.size();
  }
  for (const auto& [grain, p] : pose) {
    out.owners.push_back(grain);
    // Wrapped into the box along the periodic axes, as the drift keeps every owner.
    const Vec3d n = in.box.periodsOut(p.first), L = in.box.length;
    out.positions.push_back(p.first - Vec3d(n.x * L.x, n.y * L.y, n.z * L.z));
    out.orientations.push_back(p.second);
  }
  return out;
}

std::string bedFollowSummary(const MovingBedState& bed, const std::string& body) {
  if (bed.refreshes == 0) return "";
  return printfText(
      "the bed followed %s: %llu strips refreshed, %llu grains moved (%llu raised over a blocked place, %llu set "
      "above their strip), %llu template places left empty (docs/moving-bed.md)",
      body.c_str(), static_cast<unsigned long long>(bed.refreshes), static_cast<unsigned long long>(bed.moved),
      static_cast<unsigned long long>(bed.raised), static_cast<unsigned long long>(bed.dropped),
      static_cast<unsigned long long>(bed.emptyPlaces));
}

}  // namespace regolith
