// Crop, trim, tile and shift of a bed's particles; the overlaps of a tiling's copies.
#include "clumps/bed_layout.h"

#include <algorithm>
#include <cmath>

#include "clumps/placement.h"

namespace regolith {

std::vector<BedParticle> cropped(const std::vector<BedParticle>& bed, const Vec3d& lo, const Vec3d& hi) {
  std::vector<BedParticle> out;
  for (const BedParticle& p : bed) {
    const Vec3d& x = p.position;
    if (x.x >= lo.x && x.x < hi.x && x.y >= lo.y && x.y < hi.y && x.z >= lo.z && x.z < hi.z) out.push_back(p);
  }
  return out;
}

double topOf(const BedParticle& p, const ClumpTemplate& t) {
  double top = -INFINITY;
  for (std::size_t s = 0; s < t.offsets.size(); ++s)
    top = std::max(top, (p.position + rotate(p.orientation, t.offsets[s])).z + t.radii[s]);
  return top;
}

std::vector<BedParticle> trimmed(const std::vector<BedParticle>& bed, const std::vector<ClumpTemplate>& templates,
                                 double z) {
  std::vector<BedParticle> out;
  for (const BedParticle& p : bed)
    if (topOf(p, templates[std::size_t(p.templ)]) <= z) out.push_back(p);
  return out;
}

std::vector<BedParticle> tiled(const std::vector<BedParticle>& bed, int nx, int ny, double px, double py) {
  std::vector<BedParticle> out;
  out.reserve(bed.size() * std::size_t(nx) * std::size_t(ny));
  for (int j = 0; j < ny; ++j)
    for (int i = 0; i < nx; ++i) {
      const Vec3d move(i * px, j * py, 0);
      for (BedParticle p : bed) {
        p.position += move;
        out.push_back(p);
      }
    }
  return out;
}

void shift(std::vector<BedParticle>& bed, const Vec3d& d) {
  for (BedParticle& p : bed) p.position += d;
}

TilingOverlaps tilingOverlaps(const std::vector<BedParticle>& copies, std::size_t perCopy,
                              const std::vector<ClumpTemplate>& templates) {
  double largest = 0;
  for (const ClumpTemplate& t : templates)
    for (double r : t.radii) largest = std::max(largest, r);
  // Cells as wide as the reach of two of the largest spheres: every overlapping pair is
  // in neighbouring cells.
  PlacementGrid spheres(std::max(2 * largest, 1e-9));
  std::vector<std::size_t> copyOfSphere;
  std::vector<Vec3d> centres;
  TilingOverlaps out;
  for (std::size_t o = 0; o < copies.size(); ++o) {
    const BedParticle& p = copies[o];
    const ClumpTemplate& t = templates[std::size_t(p.templ)];
    const std::size_t copy = o / perCopy;
    centres.clear();
    for (const Vec3d& offset : t.offsets) centres.push_back(p.position + rotate(p.orientation, offset));
    // Against the particles before this one only (its own spheres are added after), so
    // each pair counts once and a clump's spheres do not count against each other.
    for (std::size_t s = 0; s < centres.size(); ++s)
      spheres.forEachNear(centres[s], t.radii[s] + spheres.largestRadius(),
                          [&](std::size_t n, const Vec3d& centre, double radius) {
                            const double depth = t.radii[s] + radius - norm(centre - centres[s]);
                            if (copyOfSphere[n] == copy) {
                              out.withinCopy = std::max(out.withinCopy, depth);
                            } else if (depth > out.acrossCopies) {
                              out.acrossCopies = depth;
                              out.acrossAt = (centre + centres[s]) * 0.5;
                            }
                            return true;
                          });
    for (std::size_t s = 0; s < centres.size(); ++s) {
      spheres.add(centres[s], t.radii[s]);
      copyOfSphere.push_back(copy);
    }
  }
  return out;
}

}  // namespace regolith
