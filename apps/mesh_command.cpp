// `regolith mesh wheel|ring`; see mesh_command.h.
#include "apps/mesh_command.h"

#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>
#include <vector>

#include "core/triangle_mesh.h"
#include "io/mesh/mesh_import.h"

namespace regolith {
namespace {

// "wheel.obj: 2904 triangles, 1454 vertices; volume 7.1e-03 m^3, centroid (...) m,
// principal moments / density (...) m^5": per unit density, since a mesh has no material.
void writeAndSummarize(const std::string& path, const TriangleMesh& mesh, const std::string& comment,
                       std::ostream& out) {
  const MassProperties p = meshMassProperties(mesh, 1.0);
  writeObj(path, mesh, comment);
  char line[512];
  std::snprintf(line, sizeof line,
                "%s: %zu triangles, %zu vertices; volume %.6g m^3, centroid (%.3g, %.3g, %.3g) m, "
                "principal moments / density (%.6g, %.6g, %.6g) m^5",
                path.c_str(), mesh.triangles.size(), mesh.vertices.size(), p.volume, p.centre.x, p.centre.y, p.centre.z,
                p.principalMoments.x, p.principalMoments.y, p.principalMoments.z);
  out << line << "\n";
}

std::string describe(const char* format, std::initializer_list<double> values) {
  char text[512];
  std::vector<double> v(values);
  v.resize(6, 0.0);
  std::snprintf(text, sizeof text, format, v[0], v[1], v[2], v[3], v[4], v[5]);
  return text;
}

}  // namespace

int runMeshCommand(MeshCommandOptions o, std::ostream& out) {
  const double facet = o.facetAngleDeg * M_PI / 180;
  if (*o.wheel) {
    WheelSpec& s = o.wheelSpec;
    s.maxFacetAngle = facet;
    writeAndSummarize(
        o.out, grouserWheel(s),
        describe("regolith mesh wheel: radius %.9g m, width %.9g m, %.0f grousers %.9g m high "
                 "and %.9g m thick, fillet %.9g m",
                 {s.radius, s.width, double(s.grousers), s.grouserHeight, s.grouserThickness, s.filletRadius}),
        out);
    return 0;
  }
  RingSpec& s = o.ringSpec;
  s.maxFacetAngle = facet;
  const std::string comment = describe("regolith mesh ring: outer radius %.9g m, width %.9g m, thickness %.9g m",
                                       {s.radius, s.width, s.thickness});
  if (o.segments <= 1) {
    if (o.segments < 1)
      throw std::invalid_argument("ring: --segments must be >= 1 (got " + std::to_string(o.segments) + ")");
    writeAndSummarize(o.out, ring(s), comment, out);
    return 0;
  }
  const std::filesystem::path base(o.out);
  const std::vector<TriangleMesh> parts = ringSegments(s, o.segments);
  for (std::size_t k = 0; k < parts.size(); ++k) {
    const std::filesystem::path path = base.parent_path() /
                                       (base.stem().string() + "_" + std::to_string(k) + base.extension().string());
    writeAndSummarize(path.string(), parts[k],
                      comment + ", segment " + std::to_string(k) + " of " + std::to_string(parts.size()) +
                          " (a rigid body of its own: no joints)",
                      out);
  }
  return 0;
}

void registerMeshCommand(CLI::App& app, CommandAction& action) {
  const auto options = std::make_shared<MeshCommandOptions>();
  MeshCommandOptions& o = *options;
  CLI::App* mesh = app.add_subcommand("mesh", "Generate a closed body mesh (OBJ) and print its mass properties");
  mesh->require_subcommand(1);

  o.wheel = mesh->add_subcommand("wheel", "A wheel with grousers: axis along y, centred at the origin");
  o.wheel->add_option("--radius", o.wheelSpec.radius, "rim radius [m]")->required();
  o.wheel->add_option("--width", o.wheelSpec.width, "width along the axis [m]")->required();
  o.wheel->add_option("--grousers", o.wheelSpec.grousers, "number of grousers (0: a plain cylinder)")
      ->capture_default_str();
  o.wheel->add_option("--grouser-height", o.wheelSpec.grouserHeight, "beyond the rim [m]");
  o.wheel->add_option("--grouser-thickness", o.wheelSpec.grouserThickness, "across the bar [m]");
  o.wheel->add_option("--fillet", o.wheelSpec.filletRadius, "radius of the rounded grouser roots [m] (0: none)");
  // The scene's key is facet_angle_deg; --resolution-deg, version 0.1's name, still works.
  o.wheel
      ->add_option("--facet-angle-deg,--resolution-deg", o.facetAngleDeg,
                   "largest angle a rim facet spans [degrees] (the scene's facet_angle_deg)")
      ->capture_default_str();
  o.wheel->add_option("--out,-o", o.out, "the OBJ file to write")->required();

  o.ring = mesh->add_subcommand("ring",
                                "An annular band (hollow cylinder), axis along y, as one body or rigid segments");
  o.ring->add_option("--radius", o.ringSpec.radius, "outer radius [m]")->capture_default_str();
  o.ring->add_option("--width", o.ringSpec.width, "width along the axis [m]")->capture_default_str();
  o.ring->add_option("--thickness", o.ringSpec.thickness, "radial thickness [m]")->capture_default_str();
  o.ring
      ->add_option("--segments", o.segments,
                   "N > 1: N rigid sectors (no joints between them yet), OUT's name with _0 ... _N-1")
      ->capture_default_str();
  o.ring
      ->add_option("--facet-angle-deg,--resolution-deg", o.facetAngleDeg,
                   "largest angle a facet spans [degrees] (the scene's facet_angle_deg)")
      ->capture_default_str();
  o.ring->add_option("--out,-o", o.out, "the OBJ file to write")->required();
  const auto run = [options] { return runMeshCommand(*options, std::cout); };
  whenChosen(o.wheel, action, run);
  whenChosen(o.ring, action, run);
}

}  // namespace regolith
