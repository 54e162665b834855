// Gap and normal between a sphere and an analytic boundary (plane, finite wall, cylinder);
// mesh triangles are in kernels/boundaries/triangle_contact.h, both behind kernels/wall_contact.h.
#pragma once

#include "kernels/boundaries/boundary_primitive.h"

namespace regolith {

// For a sphere of centre x and radius r: returns false when the boundary cannot act on it
// (outside a finite wall's rectangle or behind it, beyond a cylinder's ends). Otherwise sets
// gap = surface distance (negative = overlap) and normal = unit vector from the boundary
// towards the sphere centre. `slack` widens those range tests (rectangle, behind-the-wall
// depth, cylinder ends) for the candidate search, where a sphere may drift into range
// before the next rebuild; force evaluation passes 0.
REGOLITH_HD inline bool boundaryGap(const BoundaryPrimitive& b, const Vec3d& x, Real r, Real slack, Real& gap,
                                    Vec3& normal) {
  const Vec3 d(x - b.point);
  switch (b.kind) {
    case BoundaryKind::Plane: {
      normal = b.normal;
      gap = dot(d, b.normal) - r;
      return true;
    }
    case BoundaryKind::FiniteWall: {
      const Real height = dot(d, b.normal);
      if (height < -slack) return false;  // one-sided: centre must be in front
      if (fabs(dot(d, b.tangentU)) > b.halfU + slack || fabs(dot(d, b.tangentV)) > b.halfV + slack) {
        return false;
      }
      normal = b.normal;
      gap = height - r;
      return true;
    }
    case BoundaryKind::Cylinder: {
      const Real axial = dot(d, b.normal);
      if (b.halfLength > Real(0) && fabs(axial) > b.halfLength + slack) return false;
      const Vec3 radial = d - b.normal * axial;
      const Real rho = norm(radial);
      if (rho <= Real(0)) return false;  // on the axis: no defined normal
      const Vec3 out = radial * (Real(1) / rho);
      if (b.inside) {
        normal = -out;
        gap = (b.radius - rho) - r;
      } else {
        normal = out;
        gap = (rho - b.radius) - r;
      }
      return true;
    }
    case BoundaryKind::Triangle:
      return false;  // needs its mesh's topology: kernels/boundaries/triangle_contact.h
  }
  return false;
}

}  // namespace regolith
