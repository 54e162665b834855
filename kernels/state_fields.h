// The per-particle state arrays, declared once (the X-macro table below, after MuJoCo's
// mjxmacro.h). StateArrays (kernels/state_arrays.h) and DeviceState (kernels/device_state.h)
// take their members from it, and everything that treats the fields alike loops over it
// instead of listing them: upload and download, renumbering, checkpoint and run-file I/O,
// size checks, comparisons in tests and the NumPy views. Adding a per-particle field is one
// line here plus its physics (kernels read the fields they need by name).
#pragma once

#include <vector>

#include "kernels/backend/vec3.h"

namespace regolith {

// How many rows a field has.
enum class FieldRows {
  Owners,       // one per owner
  OwnerRanges,  // owners + 1 offsets into the spheres
  Spheres,      // one per sphere
};

// How often a run changes a field, which decides where the run file writes it: every
// frame (EveryStep), or once and linked from later frames (io/run_file/frame_static.h).
enum class FieldChange {
  EveryStep,  // poses, velocities, the last forces
  Seldom,     // families (a family switch, a motion rule)
  Never,      // the scene's structure: a checkpoint of another scene differs here
};

// Flags of a table line.
enum : unsigned {
  kFieldOptional = 1u,  // may be left empty: every row reads as zero
  kFieldResult = 2u,    // the engine's output (the last evaluation), zero on upload
  kFieldTopology = 4u,  // owner-sphere structure: renumbering lone spheres keeps it as it is
};

// X(member, element type, rows, change, flags, dataset, python, unit, description)
//   member       the StateArrays / DeviceState member
//   dataset      its HDF5 dataset in run-file frames and checkpoints (docs/output-format.md)
//   python       its read-only NumPy property on regolith.Simulation
//   unit         SI unit of the dataset's "units" attribute, "1" for a quaternion, "" for indices
//   description  what a row holds (also the property's doc)
// The order is the order of the datasets in a frame; keep new lines at the end of their
// group (owners, spheres).
#define REGOLITH_STATE_FIELDS(X)                                                                                      \
  X(ownerPosition, Vec3d, Owners, EveryStep, 0u, "owner_position", "owner_positions", "m", "Owners' centres of mass") \
  X(ownerOrientation, Quat, Owners, EveryStep, 0u, "owner_orientation", "owner_quaternions", "1",                     \
    "Owners' orientations (w, x, y, z), body to world")                                                               \
  X(ownerVelocity, Vec3, Owners, EveryStep, 0u, "owner_velocity", "owner_velocities", "m/s", "Owners' velocities")    \
  X(ownerAngularVelocity, Vec3, Owners, EveryStep, 0u, "owner_angular_velocity", "owner_angular_velocities", "rad/s", \
    "Owners' angular velocities in the world frame")                                                                  \
  X(ownerMass, Real, Owners, Never, 0u, "owner_mass", "owner_masses", "kg", "Owners' masses")                         \
  X(ownerInertia, Vec3, Owners, Never, 0u, "owner_inertia", "owner_inertias", "kg m^2",                               \
    "Owners' principal moments of inertia")                                                                           \
  X(ownerSphereBegin, Index, OwnerRanges, Never, kFieldTopology, "owner_sphere_begin", "owner_sphere_begin", "",      \
    "Owners' sphere ranges: the spheres of owner o are [b[o], b[o + 1])")                                             \
  X(ownerForce, Vec3, Owners, EveryStep, kFieldResult, "owner_force", "owner_forces", "N",                            \
    "Owners' last evaluated contact forces (no gravity)")                                                             \
  X(ownerTorque, Vec3, Owners, EveryStep, kFieldResult, "owner_torque", "owner_torques", "N m",                       \
    "Owners' last evaluated torques about the centre of mass")                                                        \
  X(ownerFamily, Index, Owners, Seldom, kFieldOptional, "owner_family", "owner_families", "",                         \
    "Owners' motion-rule family ids (Model::families)")                                                               \
  X(ownerImage, Vec3i, Owners, EveryStep, kFieldOptional, "owner_image", "owner_images", "",                          \
    "Owners' periodic images: the periods each has crossed along x, y and z since the start (docs/periodic.md)")      \
  X(ownerRelocations, Index, Owners, EveryStep, kFieldOptional, "owner_relocations", "owner_relocations", "",         \
    "How many times a bed that follows a body has moved each owner (docs/moving-bed.md)")                             \
  X(sphereOwner, Index, Spheres, Never, kFieldTopology, "sphere_owner", "sphere_owners", "",                          \
    "Each sphere's owner index")                                                                                      \
  X(sphereOffset, Vec3, Spheres, Never, 0u, "sphere_offset", "sphere_offsets", "m",                                   \
    "Spheres' offsets in their owner's principal frame")                                                              \
  X(sphereRadius, Real, Spheres, Never, 0u, "sphere_radius", "sphere_radii", "m", "Spheres' radii")                   \
  X(sphereMaterial, Index, Spheres, Never, 0u, "sphere_material", "sphere_materials", "",                             \
    "Spheres' material indices (Model::materials)")

// One line of the table, as values.
struct StateField {
  const char* member;
  FieldRows rows;
  FieldChange change;
  unsigned flags;
  const char* dataset;
  const char* python;
  const char* unit;
  const char* description;

  constexpr bool optional() const { return (flags & kFieldOptional) != 0; }
  constexpr bool result() const { return (flags & kFieldResult) != 0; }
  constexpr bool topology() const { return (flags & kFieldTopology) != 0; }
  // Left out of a state while every row is zero (leftEmpty below): an optional field that
  // changes every step. Empty, it reads as zeros wherever a state is taken in.
  constexpr bool emptyWhenZero() const { return optional() && change == FieldChange::EveryStep; }
  // Rows for `owners` owners and `spheres` spheres (an optional field may also be empty).
  constexpr unsigned long long rowCount(unsigned long long owners, unsigned long long spheres) const {
    return rows == FieldRows::Owners ? owners : rows == FieldRows::OwnerRanges ? owners + 1 : spheres;
  }
};

#define REGOLITH_STATE_FIELD_VALUE(member, Type, rows, change, flags, dataset, python, unit, description) \
  StateField{#member, FieldRows::rows, FieldChange::change, flags, dataset, python, unit, description},

// The table as an array, for code that enumerates the fields without touching a state.
inline constexpr StateField kStateFields[] = {REGOLITH_STATE_FIELDS(REGOLITH_STATE_FIELD_VALUE)};
inline constexpr unsigned kStateFieldCount = sizeof(kStateFields) / sizeof(kStateFields[0]);

// Calls f(field, states.member...) for every line of the table, in table order. `states`
// are objects with the table's members (StateArrays, DeviceState, HostStateView), e.g.
//   forEachStateField([&](const StateField& f, auto& out, const auto& in) { out = in; }, a, b);
template <class F, class... States>
void forEachStateField(F&& f, States&&... states) {
#define REGOLITH_VISIT_STATE_FIELD(member, Type, rows, change, flags, dataset, python, unit, description) \
  f(REGOLITH_STATE_FIELD_VALUE(member, Type, rows, change, flags, dataset, python, unit, description) states.member...);
  REGOLITH_STATE_FIELDS(REGOLITH_VISIT_STATE_FIELD)
#undef REGOLITH_VISIT_STATE_FIELD
}

// Calls f(field, &Structs::member...) for every line: the members as pointers, for code
// that binds them before it has a state (the NumPy properties).
template <class... Structs, class F>
void forEachStateFieldMember(F&& f) {
#define REGOLITH_VISIT_STATE_MEMBER(member, Type, rows, change, flags, dataset, python, unit, description) \
  f(REGOLITH_STATE_FIELD_VALUE(member, Type, rows, change, flags, dataset, python, unit, description) &    \
    Structs::member...);
  REGOLITH_STATE_FIELDS(REGOLITH_VISIT_STATE_MEMBER)
#undef REGOLITH_VISIT_STATE_MEMBER
}

// An element type's scalar and its components per row (a Vec3: 3, a quaternion: w x y z).
template <class T>
struct FieldElement {
  using Scalar = T;
  static constexpr int components = 1;
};
template <class T>
struct FieldElement<Vec3T<T>> {
  using Scalar = T;
  static constexpr int components = 3;
};
template <>
struct FieldElement<Quat> {
  using Scalar = double;
  static constexpr int components = 4;
};

// Whether rows of field f are left empty: an optional field that changes every step (the
// periodic image counts, the relocation counts) whose rows are all zero. downloadState and
// the run files leave it out then, so a run that is not periodic carries none, a state read
// from a file compares equal to a live one, and an empty field reads as zeros
// (kFieldOptional).
template <class T>
bool leftEmpty(const StateField& f, const std::vector<Vec3T<T>>& rows) {
  if (!f.emptyWhenZero()) return false;
  for (const Vec3T<T>& x : rows)
    if (x.x != T() || x.y != T() || x.z != T()) return false;
  return true;
}
inline bool leftEmpty(const StateField& f, const std::vector<Index>& rows) {
  if (!f.emptyWhenZero()) return false;
  for (const Index x : rows)
    if (x != 0) return false;
  return true;
}
template <class Row>
bool leftEmpty(const StateField&, const std::vector<Row>&) {
  return false;  // no such field of another row type
}

}  // namespace regolith
