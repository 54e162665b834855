// Writing OBJ and STL by hand (no VTK: the formats are a few lines); see mesh_import.h.
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <functional>
#include <memory>
#include <stdexcept>

#include "io/mesh/mesh_import.h"

namespace regolith {
namespace {

using File = std::unique_ptr<std::FILE, int (*)(std::FILE*)>;

// `write` fills path + ".tmp", which is then renamed over `path`: a reader never sees
// half a mesh.
void writeReplacing(const std::string& path, const std::function<void(std::FILE*)>& write) {
  const std::string tmp = path + ".tmp";
  {
    File f(std::fopen(tmp.c_str(), "wb"), std::fclose);
    if (!f) throw std::runtime_error(path + ": cannot create " + tmp + ": " + std::strerror(errno));
    write(f.get());
    if (std::ferror(f.get()) || std::fflush(f.get()) != 0) {
      std::remove(tmp.c_str());
      throw std::runtime_error(path + ": cannot write " + tmp + ": " + std::strerror(errno));
    }
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0)
    throw std::runtime_error(path + ": cannot rename " + tmp + " to it: " + std::strerror(errno));
}

Vec3d unitNormal(const TriangleMesh& m, const std::array<Index, 3>& t) {
  const Vec3d n = cross(m.vertices[t[1]] - m.vertices[t[0]], m.vertices[t[2]] - m.vertices[t[0]]);
  const double l = norm(n);
  return l > 0 ? n * (1.0 / l) : Vec3d();
}

void put(std::FILE* f, const void* data, std::size_t bytes) { std::fwrite(data, 1, bytes, f); }

}  // namespace

void writeObj(const std::string& path, const TriangleMesh& mesh, const std::string& comment) {
  writeReplacing(path, [&](std::FILE* f) {
    std::size_t start = 0;
    do {  // one "#" line per line of the comment
      const std::size_t eol = comment.find('\n', start);
      std::fprintf(f, "# %s\n", comment.substr(start, eol - start).c_str());
      start = eol == std::string::npos ? eol : eol + 1;
    } while (start != std::string::npos);
    for (const Vec3d& x : mesh.vertices) std::fprintf(f, "v %.17g %.17g %.17g\n", x.x, x.y, x.z);
    for (const auto& t : mesh.triangles) std::fprintf(f, "f %d %d %d\n", t[0] + 1, t[1] + 1, t[2] + 1);
  });
}

void writeStl(const std::string& path, const TriangleMesh& mesh, bool binary) {
  writeReplacing(path, [&](std::FILE* f) {
    if (binary) {
      // The header must not start with "solid" (readers would take the file for ASCII).
      char header[80] = {};
      std::snprintf(header, sizeof header, "binary STL written by regolith");
      put(f, header, sizeof header);
      const std::uint32_t count = static_cast<std::uint32_t>(mesh.triangles.size());
      put(f, &count, 4);  // little-endian, as on every machine this builds for
    } else {
      std::fprintf(f, "solid regolith\n");
    }
    for (const auto& t : mesh.triangles) {
      // Normal and corners as float32 for both forms: they read back the same corners.
      const Vec3d n = unitNormal(mesh, t);
      float values[12] = {float(n.x), float(n.y), float(n.z)};
      for (int k = 0; k < 3; ++k) {
        const Vec3d& x = mesh.vertices[t[k]];
        values[3 + 3 * k] = float(x.x);
        values[4 + 3 * k] = float(x.y);
        values[5 + 3 * k] = float(x.z);
      }
      if (binary) {
        const std::uint16_t attributes = 0;
        put(f, values, sizeof values);
        put(f, &attributes, 2);
        continue;
      }
      std::fprintf(f, "facet normal %.9g %.9g %.9g\n outer loop\n", values[0], values[1], values[2]);
      for (int k = 1; k < 4; ++k)
        std::fprintf(f, "  vertex %.9g %.9g %.9g\n", values[3 * k], values[3 * k + 1], values[3 * k + 2]);
      std::fprintf(f, " endloop\nendfacet\n");
    }
    if (!binary) std::fprintf(f, "endsolid regolith\n");
  });
}

}  // namespace regolith
