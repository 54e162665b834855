// Closed, outward-oriented meshes of the bodies the rover scenes need: a wheel with
// grousers, a flexible ring (as rigid segments) and the flat plate of intrusion tests. Each is one watertight surface that
// checkMesh accepts without a warning or a fix.
#pragma once

#include <array>
#include <cmath>
#include <vector>

#include "core/triangle_mesh.h"

namespace regolith {

constexpr double kDefaultFacetAngle = 3.0 * M_PI / 180;  // [rad]

// A wheel: axis along y, centred at the origin, y in [-width/2, width/2]. Its cross-section
// in the x-z plane is the rim circle (chords of it) with `grousers` rectangular bars of
// `grouserThickness` standing `grouserHeight` beyond the rim along their centre lines,
// the first centred on +x (x = r cos(theta), z = r sin(theta)).
struct WheelSpec {
  double radius = 0.15;                       // of the rim [m]
  double width = 0.10;                        // along the axis [m]
  int grousers = 0;                           // 0 (or grouserHeight 0): a plain cylinder
  double grouserHeight = 0;                   // beyond the rim at the bar's centre line [m]
  double grouserThickness = 0;                // of the bar, across it [m]
  int segmentsPerArc = 0;                     // chords per rim arc between grousers (the whole circle
                                              // without them); 0: enough that none spans more than
                                              // maxFacetAngle
  double maxFacetAngle = kDefaultFacetAngle;  // [rad], when segmentsPerArc is 0
  double filletRadius = 0;                    // of the rounded grouser roots [m]; 0: sharp corners
};

// The cross-section, counter-clockwise in (x, z), star-shaped about the origin.
// Throws std::invalid_argument naming the parameter for an impossible spec.
std::vector<std::array<double, 2>> wheelSection(const WheelSpec& spec);

// The section extruded along y, both ends capped by fans from their centres.
TriangleMesh grouserWheel(const WheelSpec& spec);

// An annular band (hollow cylinder), axis along y, centred at the origin.
struct RingSpec {
  double radius = 0.20;                       // outer [m]
  double width = 0.12;                        // along the axis [m]
  double thickness = 0.01;                    // radial: the inner radius is radius - thickness [m]
  double maxFacetAngle = kDefaultFacetAngle;  // the largest angle one chord spans [rad]
};

// The number of chords around the whole ring.
int ringFacets(const RingSpec& spec);

// The closed band: outer and inner walls, two annular ends.
TriangleMesh ring(const RingSpec& spec);

// The ring as `count` closed annular sectors (each with its two radial end faces), sector
// k starting at angle 2 pi k / count + gapAngle / 2, a gap of gapAngle [rad] between
// neighbours. This is the "chain of rigid segments" of a flexible ring: the engine has no
// joints yet, so each segment is its own rigid body and nothing holds them together. With
// no gap and count dividing ringFacets(spec), the sectors' chords are the ring's own, so
// their volumes add up to the ring's exactly.
std::vector<TriangleMesh> ringSegments(const RingSpec& spec, int count, double gapAngle = 0);

// A rectangular plate (a closed box): length along x, width along y, thickness along z,
// centred at the origin; each face two triangles.
struct PlateSpec {
  double length = 0.0381;    // [m] (the 3.81 cm x 2.54 cm plate of Li, Zhang & Goldman 2013)
  double width = 0.0254;     // [m]
  double thickness = 0.003;  // [m]
};

TriangleMesh plate(const PlateSpec& spec);

}  // namespace regolith
