// Multi-sphere clump templates: rigid sets of spheres with their mass properties. A single
// grain is a one-sphere template; there is no second code path for it.
#pragma once

#include <string>
#include <vector>

#include "kernels/backend/vec3.h"

namespace regolith {

struct ClumpTemplate {
  std::string name;
  std::vector<Vec3d> offsets;    // sphere centres relative to the centre of mass, template frame [m]
  std::vector<double> radii;     // [m]
  std::vector<Index> materials;  // material index per sphere
  double mass = 0;               // [kg]
  Vec3d principalInertia;        // principal moments about the centre of mass [kg m^2]
  Quat principalFrame;           // rotation from the principal axes to the template frame
};

// A solid sphere: m = (4/3) pi r^3 rho, I = (2/5) m r^2 about every axis.
ClumpTemplate sphereTemplate(const std::string& name, double radius, Index material, double density);

// The template scaled by s: offsets and radii x s, mass x s^3, principal moments x s^5
// (the same shape at another size, from the unit template's mass properties).
ClumpTemplate scaledTemplate(const ClumpTemplate& t, double s);

// Radius of the sphere about the centre of mass that holds every sphere of the template.
double boundingRadius(const ClumpTemplate& t);

// Throws std::invalid_argument naming the template and what is wrong (sizes, radii,
// mass, inertia, material indices out of range).
void validateTemplate(const ClumpTemplate& t, Index materialCount);

}  // namespace regolith
