// Bed measures (clumps/bed_metrics.h).
#include "clumps/bed_metrics.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <unordered_set>

#include "clumps/sphere_box_volume.h"

namespace regolith {
namespace {

bool isGrain(const StateArrays& s, std::size_t o) { return s.ownerSphereBegin[o + 1] > s.ownerSphereBegin[o]; }

void requireCentres(const StateArrays& s, const std::vector<Vec3d>& centres) {
  if (centres.size() != s.sphereCount())
    throw std::invalid_argument("bed metrics: " + std::to_string(centres.size()) + " sphere centres for " +
                                std::to_string(s.sphereCount()) + " spheres");
}

}  // namespace

std::vector<Vec3d> sphereCentresOf(const StateArrays& s) {
  std::vector<Vec3d> centres(s.sphereCount());
  for (std::size_t k = 0; k < centres.size(); ++k) {
    const Index o = s.sphereOwner[k];
    centres[k] = s.ownerPosition[o] + rotate(s.ownerOrientation[o], Vec3d(s.sphereOffset[k]));
  }
  return centres;
}

namespace {

// p moved by whole periods into [lo, lo + L) along the box's periodic axes.
Vec3d wrapped(const Vec3d& p, const PeriodicBox& box) {
  const Vec3d k = box.periodsOut(p);
  return p - Vec3d(k.x * box.length.x, k.y * box.length.y, k.z * box.length.z);
}

}  // namespace

std::vector<Vec3d> wrappedIntoBox(const std::vector<Vec3d>& points, const PeriodicBox& box) {
  std::vector<Vec3d> out(points.size());
  for (std::size_t k = 0; k < points.size(); ++k) out[k] = wrapped(points[k], box);
  return out;
}

GrainMotion grainMotion(const StateArrays& s) {
  GrainMotion out;
  double energy = 0;
  for (std::size_t o = 0; o < s.ownerCount(); ++o) {
    if (!isGrain(s, o)) continue;
    const Vec3d v(s.ownerVelocity[o]);
    // The spin in the principal frame, where the inertia is diagonal.
    const Vec3d w = rotate(conjugate(s.ownerOrientation[o]), Vec3d(s.ownerAngularVelocity[o]));
    const Vec3d I(s.ownerInertia[o]);
    energy += 0.5 * double(s.ownerMass[o]) * dot(v, v) + 0.5 * (I.x * w.x * w.x + I.y * w.y * w.y + I.z * w.z * w.z);
    out.maxSpeed = std::max(out.maxSpeed, norm(v));
    ++out.grains;
  }
  out.kineticEnergyPerGrain = out.grains ? energy / double(out.grains) : 0;
  return out;
}

PackingSample packingInBox(const StateArrays& s, const std::vector<Vec3d>& sphereCentres,
                           const std::vector<double>& materialDensity, const Vec3d& lo, const Vec3d& hi,
                           const PeriodicBox& periodic) {
  requireCentres(s, sphereCentres);
  const double boxVolume = (hi.x - lo.x) * (hi.y - lo.y) * (hi.z - lo.z);
  if (!(boxVolume > 0)) throw std::invalid_argument("bed metrics: the sampling box is empty");
  PackingSample out;
  double volume = 0, mass = 0;
  for (std::size_t o = 0; o < s.ownerCount(); ++o) {
    if (!isGrain(s, o)) continue;
    const Index b = s.ownerSphereBegin[o], e = s.ownerSphereBegin[o + 1];
    double inside = 0, whole = 0;
    for (Index k = b; k < e; ++k) {
      const double r = s.sphereRadius[k];
      whole += 4.0 / 3.0 * M_PI * r * r * r;
      // The sphere and, along periodic axes, its images one period either side.
      periodic.forEachImageShift(
          [&](const Vec3d& shift) { inside += sphereBoxVolume(sphereCentres[k] + shift, r, lo, hi); });
    }
    if (inside <= 0) continue;
    const Index m = s.sphereMaterial[b];
    if (m < 0 || std::size_t(m) >= materialDensity.size() || !(materialDensity[m] > 0))
      throw std::invalid_argument("bed metrics: no density for material " + std::to_string(m));
    // One sphere: exact. A clump: its true volume (mass / density) in proportion.
    const double grainVolume = e - b == 1 ? whole : s.ownerMass[o] / materialDensity[m];
    const double fraction = inside / whole;
    volume += grainVolume * fraction;
    mass += s.ownerMass[o] * fraction;
    ++out.grains;
  }
  out.packingFraction = volume / boxVolume;
  out.bulkDensity = mass / boxVolume;
  return out;
}

double HeightMap::mean() const {
  double sum = 0;
  std::size_t n = 0;
  for (double t : top)
    if (!std::isnan(t)) sum += t, ++n;
  return n ? sum / double(n) : std::numeric_limits<double>::quiet_NaN();
}

double HeightMap::maximum() const {
  double best = std::numeric_limits<double>::quiet_NaN();
  for (double t : top)
    if (!std::isnan(t) && !(t <= best)) best = t;
  return best;
}

HeightMap surfaceHeights(const StateArrays& s, const std::vector<Vec3d>& sphereCentres, double x0, double y0, double x1,
                         double y1, std::size_t nx, std::size_t ny) {
  requireCentres(s, sphereCentres);
  if (!(x1 > x0) || !(y1 > y0) || nx == 0 || ny == 0)
    throw std::invalid_argument("bed metrics: the height map needs x1 > x0, y1 > y0 and cells");
  HeightMap map;
  map.x0 = x0, map.y0 = y0, map.nx = nx, map.ny = ny;
  map.cellX = (x1 - x0) / double(nx);
  map.cellY = (y1 - y0) / double(ny);
  map.top.assign(nx * ny, std::numeric_limits<double>::quiet_NaN());
  for (std::size_t o = 0; o < s.ownerCount(); ++o) {
    for (Index k = s.ownerSphereBegin[o]; k < s.ownerSphereBegin[o + 1]; ++k) {
      const Vec3d& p = sphereCentres[k];
      const double fx = (p.x - x0) / map.cellX, fy = (p.y - y0) / map.cellY;
      if (!(fx >= 0 && fx < double(nx) && fy >= 0 && fy < double(ny))) continue;
      double& t = map.top[std::size_t(fy) * nx + std::size_t(fx)];
      const double z = p.z + s.sphereRadius[k];
      if (!(z <= t)) t = z;
    }
  }
  return map;
}

std::vector<char> grainsInBox(const StateArrays& s, const Vec3d& lo, const Vec3d& hi, const PeriodicBox& periodic) {
  std::vector<char> in(s.ownerCount(), 0);
  for (std::size_t o = 0; o < s.ownerCount(); ++o) {
    const Vec3d x = wrapped(Vec3d(s.ownerPosition[o]), periodic);
    in[o] = isGrain(s, o) && x.x >= lo.x && x.x <= hi.x && x.y >= lo.y && x.y <= hi.y && x.z >= lo.z && x.z <= hi.z;
  }
  return in;
}

CoordinationDistribution coordinationNumbers(const StateArrays& s, const ContactForces& contacts,
                                             const std::vector<char>& counted) {
  if (!counted.empty() && counted.size() != s.ownerCount())
    throw std::invalid_argument("bed metrics: " + std::to_string(counted.size()) + " grains to count for " +
                                std::to_string(s.ownerCount()) + " owners");
  // Distinct touching grain pairs (a two-sphere contact between the same grains is one).
  std::unordered_set<unsigned long long> pairs;
  for (std::size_t i = 0; i < contacts.pairFirst.size(); ++i) {
    Index a = s.sphereOwner[contacts.pairFirst[i]], b = s.sphereOwner[contacts.pairSecond[i]];
    if (a == b) continue;
    if (a > b) std::swap(a, b);
    pairs.insert((static_cast<unsigned long long>(a) << 32) | static_cast<unsigned long long>(b));
  }
  std::vector<std::size_t> degree(s.ownerCount(), 0);
  for (unsigned long long key : pairs) {
    ++degree[key >> 32];
    ++degree[key & 0xffffffffull];
  }
  CoordinationDistribution out;
  std::size_t grains = 0, sum = 0;
  for (std::size_t o = 0; o < s.ownerCount(); ++o) {
    if (!isGrain(s, o) || (!counted.empty() && !counted[o])) continue;
    if (degree[o] >= out.counts.size()) out.counts.resize(degree[o] + 1, 0);
    ++out.counts[degree[o]];
    ++grains;
    sum += degree[o];
  }
  out.mean = grains ? double(sum) / double(grains) : 0;
  return out;
}

}  // namespace regolith
