// What a force model sees of one contact, and what it returns. Shared by every model in
// kernels/ (hertz_mindlin.h, linear_spring_dashpot.h) so a new model is a new header.
#pragma once

#include "kernels/backend/vec3.h"

namespace regolith {

struct ContactInput {
  Real overlap;      // delta > 0 [m]
  Vec3 normal;       // unit normal, from the second body towards the first
  Vec3 relVelocity;  // velocity of the first body's contact point minus the second's [m/s]
  Real effRadius;    // R*, 1/R* = 1/R1 + 1/R2 (a wall: the sphere radius) [m]
  Real effMass;      // m*, 1/m* = 1/m1 + 1/m2 of the owners (a wall: the owner mass) [kg]
  Real dt;           // step [s]
};

struct ContactResult {
  Vec3 force;        // on the first body [N]
  Real normalForce;  // signed total normal force (spring + damping) along normal [N]
};

}  // namespace regolith
