// Arranging the particles of a bed source before they are placed: cropped to a box,
// trimmed to a free-surface height, tiled in x and y, shifted; and how deep a tiling's
// copies overlap at their seams. Geometry only, over a list of particles and the scene's
// templates; scenes/bed_source.cpp reads the options and reports the problems.
#pragma once

#include <cstddef>
#include <vector>

#include "core/clump_template.h"

namespace regolith {

// One particle of a bed: the scene's template and what placeClump takes.
struct BedParticle {
  Index templ = 0;
  Vec3d position;         // centre of mass [m]
  Quat orientation;       // template frame to world
  Vec3d velocity;         // [m/s]
  Vec3d angularVelocity;  // [rad/s]
  Index family = 0;       // the scene's family it joins
};

// The particles whose centre of mass lies in [lo, hi) on every axis. Half-open, so that
// boxes tiled at their own size take a particle on a shared face once.
std::vector<BedParticle> cropped(const std::vector<BedParticle>& bed, const Vec3d& lo, const Vec3d& hi);

// The highest point of a particle: the largest sphere centre z + radius at its pose [m].
double topOf(const BedParticle& p, const ClumpTemplate& t);

// The particles whose top is at or below z.
std::vector<BedParticle> trimmed(const std::vector<BedParticle>& bed, const std::vector<ClumpTemplate>& templates,
                                 double z);

// nx × ny copies of the bed, copy i + nx j moved by (i px, j py, 0): copy after copy, each
// in the bed's order, with the velocities as they are.
std::vector<BedParticle> tiled(const std::vector<BedParticle>& bed, int nx, int ny, double px, double py);

// Every particle moved by d.
void shift(std::vector<BedParticle>& bed, const Vec3d& d);

// The deepest sphere overlaps (r_a + r_b - distance) of a tiling: between particles of one
// copy (the bed's own contacts) and between particles of two copies (its seams).
struct TilingOverlaps {
  double withinCopy = 0;    // [m]
  double acrossCopies = 0;  // [m]
  Vec3d acrossAt;           // the midpoint of the deepest seam overlap's sphere centres [m]
};
// `copies` as tiled() gives them, `perCopy` particles each.
TilingOverlaps tilingOverlaps(const std::vector<BedParticle>& copies, std::size_t perCopy,
                              const std::vector<ClumpTemplate>& templates);

}  // namespace regolith
