// Union mass properties: the exact sum over the spheres, minus the multiply covered
// volume integrated on an adaptive octree with a guaranteed error bound.
//
// Let n(x) be the number of spheres covering x and rho(x) the density of any of them
// (unique: overlapping spheres share a density). The union's density is rho(x) [n(x) >= 1]
//   = rho(x) n(x) - rho(x) (n(x) - 1)+,
// so each moment of the union is the closed-form sum over the spheres minus the same
// moment of the correction c(x) = rho(x) (n(x) - 1)+, which vanishes outside overlaps.
//
// Octree cells are cubes. Against each sphere a cell is inside (its farthest point is
// within the radius), outside (its nearest point is beyond it) or crossing. With k_in
// inside and k_x crossing, n is in [k_in, k_in + k_x] on the cell, so:
//  - k_in + k_x <= 1: c = 0 on the cell, dropped;
//  - k_x = 0: c is constant, the cell's moments are closed forms of a box (exact);
//  - otherwise the cell is subdivided, and at the last level it contributes c at its
//    centre times its volume. Its true average of (n - 1)+ and the value at the centre
//    both lie in [(k_in - 1)+, k_in + k_x - 1], so the volume error of the cell is at
//    most g V with g the width of that interval.
// Summing over unresolved cells (volume V, largest density rho, largest distance R
// from the reference point x0):
//   volume  |dV| <= E_V = sum g V             mass  |dM| <= E0 = sum g rho V
//   first moment about x0   |dS| <= E1 = sum g rho V R
//   inertia about x0  ||dJ||_2 <= E2 = sum g rho V R^2   (||r^2 1 - r r^T||_2 = r^2).
// The centre is x0 + S/M and the inertia about it is I = J - (|S|^2 1 - S S^T) / M, so
//   |dc| <= (E1 + |S/M| E0) / (M - E0)
//   ||dI||_2 <= E2 + 2 E1 (2 |S| + E1) / (M - E0) + (|S|^2 / M) E0 / (M - E0),
// using ||a a^T - b b^T|| and ||a|^2 - |b|^2| <= |a - b| (|a| + |b|). x0 is the centre of
// the sphere sum, close to the true centre, so the last two terms stay small.
#include "clumps/union_mass_properties.h"

#include "clumps/cube_clip.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include <Eigen/Dense>

namespace regolith {
namespace {

// The moments of a body about the reference point x0, accumulated.
struct Moments {
  double volume = 0, mass = 0;
  Eigen::Vector3d first = Eigen::Vector3d::Zero();    // integral of rho r
  Eigen::Matrix3d inertia = Eigen::Matrix3d::Zero();  // integral of rho (|r|^2 1 - r r^T)

  // A uniform solid with second moments integral of r r^T = m (d d^T + own) about x0.
  void add(double v, double rho, const Eigen::Vector3d& d, const Eigen::Matrix3d& own, double sign) {
    const double m = rho * v;
    const Eigen::Matrix3d second = m * (d * d.transpose() + own);
    volume += sign * v;
    mass += sign * m;
    first += sign * m * d;
    inertia += sign * (second.trace() * Eigen::Matrix3d::Identity() - second);
  }
};

Eigen::Vector3d eigenOf(const Vec3d& v) { return {v.x, v.y, v.z}; }

bool overlap(const ClumpSphere& a, const ClumpSphere& b) { return norm(a.centre - b.centre) < a.radius + b.radius; }

double sphereVolume(double r) { return 4.0 / 3.0 * M_PI * r * r * r; }

// How one cell meets the spheres: how many contain it, how many surfaces cross it (and
// the last of those spheres), the density of a containing sphere and the largest density.
struct CellState {
  int inside = 0, crossing = 0;
  double rhoInside = 0, rhoMax = 0;
  int lastCrossing = -1;
};

// The octree over the multiply covered region: cells of one level share a half width.
class OverlapIntegrator {
 public:
  OverlapIntegrator(const std::vector<ClumpSphere>& s, const Eigen::Vector3d& x0) : m_spheres(s), m_x0(x0) {}

  // Integrates c(x) over the cube (centre, half width) until the volume bound is at most
  // `tolerance` times a lower bound of the union's volume (the spheres' `sumVolume` less
  // the exact correction so far and the unresolved cells' estimates plus bounds), or the
  // next level would pass the cell limit.
  void run(const Eigen::Vector3d& centre, double half, double tolerance, double sumVolume) {
    std::vector<Eigen::Vector3d> level{centre}, unresolved;
    std::vector<CellState> states;  // of the unresolved cells
    for (;; half *= 0.5) {
      unresolved.clear();
      states.clear();
      double bound = 0, most = 0;
      for (const Eigen::Vector3d& c : level) {
        const CellState st = stateOf(c, half);
        if (st.inside + st.crossing <= 1) continue;  // c = 0 on the cell
        if (st.crossing == 0) {
          addBox(c, half, st.inside - 1, st.rhoInside);
          continue;
        }
        unresolved.push_back(c);
        states.push_back(st);
        const Estimate e = estimate(c, half, st, false);
        bound += e.gap;
        most += e.volume + e.gap;
      }
      m_cells += static_cast<long>(level.size());
      const double volumeLow = sumVolume - correction.volume - most;
      if (bound <= tolerance * volumeLow || unresolved.size() * 8 > kMaxCells) {
        for (std::size_t k = 0; k < unresolved.size(); ++k) estimate(unresolved[k], half, states[k], true);
        return;
      }
      level.clear();
      for (const Eigen::Vector3d& c : unresolved)
        for (int k = 0; k < 8; ++k)
          level.emplace_back(c + 0.5 * half * Eigen::Vector3d(k & 1 ? 1 : -1, k & 2 ? 1 : -1, k & 4 ? 1 : -1));
    }
  }

  Moments correction;  // of c(x) about x0
  double eV = 0, e0 = 0, e1 = 0, e2 = 0;
  long cells() const { return m_cells; }

 private:
  static constexpr std::size_t kMaxCells = 12'000'000;

  CellState stateOf(const Eigen::Vector3d& c, double half) const {
    CellState st;
    for (std::size_t i = 0; i < m_spheres.size(); ++i) {
      const ClumpSphere& s = m_spheres[i];
      double nearest = 0, farthest = 0;  // squared distances from the centre to the cell
      for (const double d : {std::abs(c(0) - s.centre.x), std::abs(c(1) - s.centre.y), std::abs(c(2) - s.centre.z)}) {
        const double n = std::max(d - half, 0.0), f = d + half;
        nearest += n * n;
        farthest += f * f;
      }
      const double r2 = s.radius * s.radius;
      if (farthest <= r2) {
        ++st.inside;
        st.rhoInside = s.density;
      } else if (nearest < r2) {
        ++st.crossing;
        st.lastCrossing = static_cast<int>(i);
      } else continue;
      st.rhoMax = std::max(st.rhoMax, s.density);
    }
    return st;
  }

  // The estimated correction volume of an unresolved cell and the bound on its error;
  // with `commit`, the estimate and its bounds are added. One surface through a covered cell (inside >= 1, crossing = 1):
  // c = rho ((inside - 1) + [x in sphere i]), and within the cell sphere i lies between two
  // parallel planes (below), so the estimate is second order in the cell size. Otherwise
  // c at the cell centre, with the interval bound of the file comment.
  struct Estimate {
    double volume, gap;
  };
  Estimate estimate(const Eigen::Vector3d& c, double half, const CellState& st, bool commit) {
    const double v = 8 * half * half * half;
    const double reach = (c - m_x0).norm(), spread = std::sqrt(3.0) * half;
    if (st.inside >= 1 && st.crossing == 1) {
      const ClumpSphere& s = m_spheres[st.lastCrossing];
      // For x in the cell, |x - p| <= spread (p its centre): with u the unit vector from
      // the sphere's centre to p and D = |p - centre| > spread, u.(x - centre) > 0, and x
      // is in the sphere iff u.(x - centre) <= sqrt(r^2 - |x_perp|^2), |x_perp| <= spread:
      // between the planes at r - delta and r, delta = r - sqrt(r^2 - spread^2). The plane
      // halfway is the estimate, off by at most the cube's largest section (sqrt 2 a^2)
      // times delta / 2, plus the clip's own perturbation and rounding.
      const Eigen::Vector3d e = c - eigenOf(s.centre);
      const double D = e.norm(), r = s.radius;
      if (D > spread && r > spread) {
        const double delta = r - std::sqrt(r * r - spread * spread), a = 2 * half;
        const double gap = std::min(v, std::sqrt(2.0) * a * a * delta / 2 + (kClipPerturbation + kClipRounding) * v);
        const Eigen::Vector3d u = e / D;
        // The cube [c - half, c + half] as y in [0,1]^3: u.(x - centre) = D - half sum(u) + a u.y.
        const double n[3] = {u(0), u(1), u(2)};
        const double beta = (r - delta / 2 - (D - half * u.sum())) / a;
        const double inSphere = cubeFractionBelow(n, beta) * v;
        if (commit) {
          if (st.inside > 1) addBox(c, half, st.inside - 1, s.density);  // exact
          addPoint(c, inSphere, s.density);
          // The sphere part's moments are taken at p: their error is the volume error times
          // the moment at p, plus the true volume (at most inSphere + gap) times the spread
          // of r and of |r|^2 1 - r r^T over the cell.
          bound(gap, s.density, reach, inSphere + gap, spread);
        }
        return {(st.inside - 1) * v + inSphere, gap};
      }
    }
    const double g = st.inside + st.crossing - 1 - std::max(st.inside - 1, 0);
    int atCentre = 0;
    double rhoCentre = 0;
    for (const ClumpSphere& s : m_spheres)
      if ((c - eigenOf(s.centre)).squaredNorm() <= s.radius * s.radius) {
        ++atCentre;
        rhoCentre = s.density;
      }
    if (commit) {
      if (atCentre >= 2) addBox(c, half, atCentre - 1, rhoCentre);
      bound(g * v, st.rhoMax, reach + spread, 0, 0);
    }
    return {std::max(atCentre - 1, 0) * v, g * v};
  }

  // Adds to the bounds: a volume error `gap` of density rho at distance `reach` from x0,
  // and a volume `spreadVolume` whose moments were taken at a point up to `spread` off.
  void bound(double gap, double rho, double reach, double spreadVolume, double spread) {
    eV += gap;
    e0 += rho * gap;
    e1 += rho * (gap * reach + spreadVolume * spread);
    e2 += rho * (gap * reach * reach + spreadVolume * 2 * spread * (2 * reach + spread));
  }

  void addBox(const Eigen::Vector3d& c, double half, int multiplicity, double rho) {
    const double v = 8 * half * half * half;
    // A cube of side a has integral of r r^T = V a^2 / 12 1 about its centre.
    const Eigen::Matrix3d own = (4 * half * half / 12) * Eigen::Matrix3d::Identity();
    correction.add(multiplicity * v, rho, c - m_x0, own, 1.0);
  }
  void addPoint(const Eigen::Vector3d& c, double volume, double rho) {
    correction.add(volume, rho, c - m_x0, Eigen::Matrix3d::Zero(), 1.0);
  }

  const std::vector<ClumpSphere>& m_spheres;
  Eigen::Vector3d m_x0;
  long m_cells = 0;
};

void checkSpheres(const std::vector<ClumpSphere>& spheres) {
  if (spheres.empty()) throw std::invalid_argument("no spheres");
  for (std::size_t i = 0; i < spheres.size(); ++i) {
    if (!(spheres[i].radius > 0 && std::isfinite(spheres[i].radius)))
      throw std::invalid_argument("sphere " + std::to_string(i) + " has no positive radius");
    if (!(spheres[i].density > 0 && std::isfinite(spheres[i].density)))
      throw std::invalid_argument("sphere " + std::to_string(i) + " has no positive density");
    for (std::size_t j = 0; j < i; ++j)
      if (overlap(spheres[i], spheres[j]) && spheres[i].density != spheres[j].density)
        throw std::invalid_argument("spheres " + std::to_string(j) + " and " + std::to_string(i) +
                                    " overlap but have different densities");
  }
}

}  // namespace

MassProperties unionMassProperties(const std::vector<ClumpSphere>& spheres, double tolerance) {
  checkSpheres(spheres);
  if (!(tolerance > 0)) throw std::invalid_argument("the mass tolerance must be > 0");

  // The exact sum of the spheres about x0, their centre of mass.
  Eigen::Vector3d x0 = Eigen::Vector3d::Zero();
  double sphereMass = 0;
  for (const ClumpSphere& s : spheres) {
    const double m = sphereVolume(s.radius) * s.density;
    x0 += m * eigenOf(s.centre);
    sphereMass += m;
  }
  x0 /= sphereMass;
  Moments sum;
  for (const ClumpSphere& s : spheres)  // a ball has integral of r r^T = m r^2 / 5 1
    sum.add(sphereVolume(s.radius), s.density, eigenOf(s.centre) - x0,
            (s.radius * s.radius / 5) * Eigen::Matrix3d::Identity(), 1.0);

  // The octree's root: the cube around the bounding boxes of all pairwise overlaps.
  Eigen::Vector3d lo = Eigen::Vector3d::Constant(HUGE_VAL), hi = -lo;
  for (std::size_t i = 0; i < spheres.size(); ++i)
    for (std::size_t j = 0; j < i; ++j) {
      if (!overlap(spheres[i], spheres[j])) continue;
      const Eigen::Vector3d ci = eigenOf(spheres[i].centre), cj = eigenOf(spheres[j].centre);
      const Eigen::Vector3d boxLo = (ci.array() - spheres[i].radius).max(cj.array() - spheres[j].radius);
      const Eigen::Vector3d boxHi = (ci.array() + spheres[i].radius).min(cj.array() + spheres[j].radius);
      lo = lo.cwiseMin(boxLo);
      hi = hi.cwiseMax(boxHi);
    }

  MassProperties p;
  Moments body = sum;
  if (lo(0) <= hi(0)) {
    OverlapIntegrator octree(spheres, x0);
    octree.run(0.5 * (lo + hi), 0.5 * (hi - lo).maxCoeff(), tolerance, sum.volume);
    body.volume -= octree.correction.volume;
    body.mass -= octree.correction.mass;
    body.first -= octree.correction.first;
    body.inertia -= octree.correction.inertia;
    p.cells = octree.cells();
    p.volumeErrorBound = octree.eV;
    p.massErrorBound = octree.e0;
    const double M = body.mass, S = body.first.norm(), e0 = octree.e0, e1 = octree.e1;
    p.centreErrorBound = (e1 + S / M * e0) / (M - e0);
    p.inertiaErrorBound = octree.e2 + 2 * e1 * (2 * S + e1) / (M - e0) + (S * S / M) * e0 / (M - e0);
  }

  // Shift to the centre of mass: I = J - (|S|^2 1 - S S^T) / M.
  const Eigen::Vector3d shift = body.first / body.mass;
  const Eigen::Matrix3d inertia = body.inertia - body.mass * (shift.squaredNorm() * Eigen::Matrix3d::Identity() -
                                                              shift * shift.transpose());
  p.volume = body.volume;
  p.mass = body.mass;
  const Eigen::Vector3d centre = x0 + shift;
  p.centre = Vec3d(centre(0), centre(1), centre(2));
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) p.inertia[i][j] = 0.5 * (inertia(i, j) + inertia(j, i));
  diagonalize(p);
  return p;
}

}  // namespace regolith
