// StateArrays and BoundaryPrimitive lists <-> HDF5 datasets; see state_io.h.
#include "io/h5/state_io.h"

#include <cstdint>

#include "io/h5/h5_arrays.h"

namespace regolith {

using h5::readList;
using h5::readQuats;
using h5::readVec3s;
using h5::writeQuats;
using h5::writeVec3s;

// The state's datasets are the lines of REGOLITH_STATE_FIELDS (kernels/state_fields.h).
void writeOwnerMotion(const h5::Group& g, const StateArrays& s) {
  forEachStateField(
      [&](const StateField& f, const auto& v) {
        if (f.change == FieldChange::EveryStep && !leftEmpty(f, v)) h5::writeArray(g, f.dataset, v);
      },
      s);
}

std::map<std::string, h5::Blob> stateLayoutOf(const StateArrays& s) {
  std::map<std::string, h5::Blob> layout;
  forEachStateField(
      [&](const StateField& f, const auto& v) {
        if (f.change != FieldChange::EveryStep) layout.emplace(f.dataset, h5::arrayBlob(v));
      },
      s);
  return layout;
}

void writeStateArrays(const h5::Group& g, const StateArrays& s) {
  writeOwnerMotion(g, s);
  for (const auto& [name, blob] : stateLayoutOf(s)) g.write(name, blob);
}

StateArrays readStateArrays(const h5::Group& g) {
  StateArrays s;
  // An optional field a file does not have (written before the field existed) stays empty.
  forEachStateField(
      [&](const StateField& f, auto& v) {
        if (!f.optional() || g.has(f.dataset)) h5::readArray(g, f.dataset, v);
      },
      s);
  return s;
}

void writeBoundaryPlacement(const h5::Group& g, const std::vector<BoundaryPrimitive>& boundaries) {
  std::vector<Vec3d> point, corner1, corner2;
  std::vector<Vec3> normal, tangentU, tangentV;
  for (const BoundaryPrimitive& b : boundaries) {
    point.push_back(b.point);
    normal.push_back(b.normal);
    tangentU.push_back(b.tangentU);
    tangentV.push_back(b.tangentV);
    corner1.push_back(b.corner1);
    corner2.push_back(b.corner2);
  }
  writeVec3s(g, "point", point);
  writeVec3s(g, "normal", normal);
  writeVec3s(g, "tangent_u", tangentU);
  writeVec3s(g, "tangent_v", tangentV);
  writeVec3s(g, "corner_1", corner1);
  writeVec3s(g, "corner_2", corner2);
}

std::map<std::string, h5::Blob> boundaryLayoutOf(const std::vector<BoundaryPrimitive>& boundaries) {
  std::vector<std::int32_t> kind, material, owner, triangle;
  std::vector<std::uint8_t> inside;
  std::vector<Real> halfU, halfV, radius, halfLength;
  for (const BoundaryPrimitive& b : boundaries) {
    kind.push_back(static_cast<std::int32_t>(b.kind));
    material.push_back(b.material);
    owner.push_back(b.owner);
    inside.push_back(b.inside ? 1 : 0);
    halfU.push_back(b.halfU);
    halfV.push_back(b.halfV);
    radius.push_back(b.radius);
    halfLength.push_back(b.halfLength);
    triangle.push_back(b.triangle);
  }
  return {{"kind", h5::listBlob(kind)},        {"material", h5::listBlob(material)},
          {"owner", h5::listBlob(owner)},      {"inside", h5::listBlob(inside)},
          {"half_u", h5::listBlob(halfU)},     {"half_v", h5::listBlob(halfV)},
          {"radius", h5::listBlob(radius)},    {"half_length", h5::listBlob(halfLength)},
          {"triangle", h5::listBlob(triangle)}};
}

void writeBoundaries(const h5::Group& g, const std::vector<BoundaryPrimitive>& boundaries) {
  writeBoundaryPlacement(g, boundaries);
  for (const auto& [name, blob] : boundaryLayoutOf(boundaries)) g.write(name, blob);
}

std::vector<BoundaryPrimitive> readBoundaries(const h5::Group& g) {
  const auto kind = readList<std::int32_t>(g, "kind");
  const auto material = readList<std::int32_t>(g, "material");
  const auto owner = readList<std::int32_t>(g, "owner");
  const auto inside = readList<std::uint8_t>(g, "inside");
  const auto point = readVec3s<double>(g, "point");
  const auto normal = readVec3s<Real>(g, "normal");
  const auto tangentU = readVec3s<Real>(g, "tangent_u");
  const auto tangentV = readVec3s<Real>(g, "tangent_v");
  const auto halfU = readList<Real>(g, "half_u");
  const auto halfV = readList<Real>(g, "half_v");
  const auto radius = readList<Real>(g, "radius");
  const auto halfLength = readList<Real>(g, "half_length");
  // Files written before meshes existed have no triangle datasets (and no triangles).
  const bool meshes = g.has("corner_1");
  const auto corner1 = meshes ? readVec3s<double>(g, "corner_1") : std::vector<Vec3d>(kind.size());
  const auto corner2 = meshes ? readVec3s<double>(g, "corner_2") : std::vector<Vec3d>(kind.size());
  const auto triangle = meshes ? readList<std::int32_t>(g, "triangle") : std::vector<std::int32_t>(kind.size(), -1);
  const std::size_t n = kind.size();
  for (std::size_t size : {corner1.size(), corner2.size(), triangle.size(), material.size(), owner.size(),
                           inside.size(), point.size(), normal.size(), tangentU.size(), tangentV.size(), halfU.size(),
                           halfV.size(), radius.size(), halfLength.size()}) {
    if (size != n) throw std::runtime_error(g.where() + ": boundary datasets differ in length");
  }
  std::vector<BoundaryPrimitive> out(n);
  for (std::size_t i = 0; i < n; ++i) {
    BoundaryPrimitive& b = out[i];
    if (kind[i] < 0 || kind[i] > static_cast<int>(BoundaryKind::Triangle))
      throw std::runtime_error(g.where("kind") + ": unknown boundary kind " + std::to_string(kind[i]));
    b.kind = static_cast<BoundaryKind>(kind[i]);
    b.material = material[i];
    b.owner = owner[i];
    b.inside = inside[i] != 0;
    b.point = point[i];
    b.normal = normal[i];
    b.tangentU = tangentU[i];
    b.tangentV = tangentV[i];
    b.halfU = halfU[i];
    b.halfV = halfV[i];
    b.radius = radius[i];
    b.halfLength = halfLength[i];
    b.corner1 = corner1[i];
    b.corner2 = corner2[i];
    b.triangle = triangle[i];
  }
  return out;
}

}  // namespace regolith
