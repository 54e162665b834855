// What the contacts do to a body (a wheel, a plate, a floor): the sum of the reactions of
// the sphere contacts on its boundaries, split into normal and tangential parts, with the
// number of contacts and the centroid of the contact patch. A load cell's reading: gravity
// and the body's own inertia are not in it.
#pragma once

#include <vector>

#include "kernels/backend/periodic.h"
#include "kernels/state_arrays.h"

namespace regolith {

struct BodyLoad {
  Vec3d force, torque;                   // total reaction on the body [N], about its reference [N m]
  Vec3d forceNormal, forceTangential;    // sum of (F.n) n and of F - (F.n) n over contacts
  Vec3d torqueNormal, torqueTangential;  // moments of those parts about the reference;
                                         // rolling resistance counts as tangential
  long contacts = 0;                     // touching sphere contacts
  Vec3d patchCentroid;                   // contact points weighted by |F.n| [m]; NaN without contacts
};

// The loads of `bodyCount` bodies. `bodyOfBoundary[b]` is the body boundary b belongs to
// (-1: none); `reference[k]` is body k's reference point (its centre of mass when it
// moves). A contact of force F on the sphere (centre x_s, point p, torque tau_s about x_s)
// loads the body with -F and, about the reference x_r, with -(x_s - x_r) x F - tau_s.
// Sums run in contact order (key order), so they are reproducible. In a periodic run x_s is
// the sphere's image nearest the contact point (the one the boundary met).
std::vector<BodyLoad> bodyLoads(const std::vector<WallContact>& contacts, const std::vector<Vec3d>& spherePosition,
                                const std::vector<Index>& bodyOfBoundary, const std::vector<Vec3d>& reference,
                                const PeriodicBox& box = PeriodicBox());

}  // namespace regolith
