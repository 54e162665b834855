// The geometry and the plan of a bed that follows a body (core/bed_follow.h,
// docs/moving-bed.md): where the strips lie, when one is due, and which grain goes where
// when one is made fresh. Host code on a downloaded state; core/simulation_moving_bed.cpp
// applies the plan to a running Simulation.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/bed_follow.h"
#include "kernels/backend/periodic.h"
#include "kernels/boundaries/boundary_primitive.h"
#include "kernels/state_arrays.h"

namespace regolith {

// The period along the travel cut into whole strips, numbered along the travel from the
// box's back face (strip 0 starts there; strip k + n is strip k one period on).
struct FollowStrips {
  double width = 0;  // [m]
  int count = 0;     // strips in one period
  double back = 0;   // the box's back face in travel coordinates (direction x position)
  int axis = 0, direction = 1;
  double period = 0, boxLo = 0;

  FollowStrips(const BedFollow& f, const PeriodicBox& box);
  // The body's position along the travel: direction x its coordinate on the axis.
  double travel(const Vec3d& x) const { return direction * component(x, axis); }
  // The strips wholly more than `behind` behind a body at travel coordinate u: strips
  // [0, stripsBehind) in unwrapped numbering (may be negative).
  std::int64_t stripsBehind(double u, double behind) const;
  // The strip's lower edge on the axis, wrapped into the box: it covers [lower, lower + width)
  // modulo the period.
  double lower(std::int64_t strip) const;
  bool contains(std::int64_t strip, double coordinate) const;
};

// The first thing wrong with a following bed in a box, "" when nothing is: the axis must be
// periodic, gravity must not lie along it, the strip must be positive and leave room, with
// `behind`, for the body (`bodyReach`, the distance from its centre to its farthest point)
// within one period. `key` is set to the setting at fault: "direction", "strip" or "behind".
std::string bedFollowProblem(const BedFollow& f, const PeriodicBox& box, const Vec3& gravity, double bodyReach,
                             std::string* key = nullptr);

// One refresh of a strip: the grains to move and their new poses (velocities are zeroed).
struct StripRefresh {
  std::vector<Index> owners;  // scene numbering, ascending
  std::vector<Vec3d> positions;
  std::vector<Quat> orientations;
  std::size_t intoPlaces = 0;   // moved into a template grain's place
  std::size_t raised = 0;       // set over a blocked place of their kind, raised until clear
  std::size_t dropped = 0;      // no free place of their kind: let fall onto the strip from above
  std::size_t emptyPlaces = 0;  // the template's places in the strip left empty
  std::size_t kept = 0;         // grains in the strip left where they are (touching the body)
  std::size_t lifted = 0;       // grains beside the strip, on the body's side, raised clear of it
};

struct StripRefreshInput {
  const StateArrays* now = nullptr;     // the state, scene numbering
  const MovingBedState* bed = nullptr;  // the template
  const BedFollow* follow = nullptr;
  PeriodicBox box;
  Vec3 gravity;
  std::vector<bool> keep;    // per owner: never moved (it touches the body)
  std::vector<bool> frozen;  // per owner: never moved and no place of the template (a grain with motion rules)
  Vec3d bodyCentre;          // template places within bodyReach + the grain's radius of it stay empty
  double bodyReach = 0;
};

// What refreshing `strip` does (docs/moving-bed.md, "What a refresh does"): the grains
// whose centres lie in the strip, except those in `keep` or `frozen`, take the template's
// places in the strip of grains of their own kind, lowest first. Grains beside the strip
// on the body's side yield: they are raised clear of the strip if they overlap it. A place
// that would overlap a grain that stays (by more than the template's own deepest contact
// among the places, or 1 % of the smallest radius) or the body is left empty; grains
// without a place take the blocked places of their kind, each at the smallest shift that
// clears (up to half a radius, or raised by up to a diameter); those still without one
// are set on a loose lattice above the strip's top, to fall onto it.
StripRefresh planStripRefresh(const StripRefreshInput& in, std::int64_t strip);

// The line a run ends with when its bed followed `body` (what the refreshes did, summed),
// "" when no strip was refreshed.
std::string bedFollowSummary(const MovingBedState& bed, const std::string& body);

// The largest distance from the body's centre to any of its boundaries' points: corners of
// triangles, walls' corners, cylinders' rims (0 for a body without boundaries).
double bodyReachOf(const std::vector<BoundaryPrimitive>& boundaries, Index owner, const Vec3d& centre);
// The same for owner `body` of a state, its spheres included (a clump body).
double followedBodyReach(const std::vector<BoundaryPrimitive>& boundaries, const StateArrays& s, Index body);

}  // namespace regolith
