// DIR/run.xmf: an XDMF 3 temporal collection over run.h5's frames, so ParaView (Xdmf3
// readers) shows the run animated. Every DataItem points into run.h5 by a path relative to
// the .xmf's folder; dimensions and number types come from the stored datasets.
#include "io/run_file/xdmf_sidecar.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "io/run_file/run_file.h"
#include "io/run_file/run_file_layout.h"

namespace regolith {

namespace {

std::string xmlEscaped(const std::string& s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

// Indentation of the XML nesting levels (2 spaces each).
std::string pad(int level) { return std::string(2 * static_cast<std::size_t>(level), ' '); }
constexpr int kGridLevel = 4;  // Xdmf > Domain > temporal Grid > frame Grid > these grids

// Writes the grids of one frame group; `h5Ref` is the HDF5 file as the .xmf names it.
class FrameXml {
 public:
  FrameXml(std::ostream& out, const h5::Group& frame, const std::string& h5Ref)
      : m_out(out), m_frame(frame), m_ref(h5Ref) {}

  void particles() const {
    const std::size_t n = rows("sphere_position");
    if (n == 0) return;
    open("Grid Name=\"particles\" GridType=\"Uniform\"", kGridLevel);
    open("Topology TopologyType=\"Polyvertex\" NumberOfElements=\"" + std::to_string(n) + "\" NodesPerElement=\"1\"",
         kGridLevel + 1);
    dataItem("connectivity");
    close("Topology", kGridLevel + 1);
    geometry("sphere_position");
    attribute("radius", "sphere_radius", "Scalar", "Node");
    attribute("velocity", "sphere_velocity", "Vector", "Node");
    attribute("family", "sphere_family", "Scalar", "Node");
    attribute("owner", "sphere_owner", "Scalar", "Node");
    close("Grid", kGridLevel);
  }

  void bodies() const {
    const std::size_t n = rows("body_triangles");
    if (n == 0) return;
    open("Grid Name=\"bodies\" GridType=\"Uniform\"", kGridLevel);
    open("Topology TopologyType=\"Triangle\" NumberOfElements=\"" + std::to_string(n) + "\"", kGridLevel + 1);
    dataItem("body_triangles");
    close("Topology", kGridLevel + 1);
    geometry("body_vertices");
    attribute("radius", "body_vertex_radius", "Scalar", "Node");
    attribute("boundary", "body_triangle_boundary", "Scalar", "Cell");
    close("Grid", kGridLevel);
  }

 private:
  std::size_t rows(const std::string& name) const { return m_frame.info(name).dims.at(0); }

  void open(const std::string& tag, int level) const { m_out << pad(level) << "<" << tag << ">\n"; }
  void close(const char* tag, int level) const { m_out << pad(level) << "</" << tag << ">\n"; }

  // Dimensions and number type as stored, so a float build's datasets read as float.
  void dataItem(const std::string& name) const {
    const h5::DatasetInfo i = m_frame.info(name);
    std::string dims;
    for (hsize_t d : i.dims) dims += (dims.empty() ? "" : " ") + std::to_string(d);
    const char* type = i.typeClass == H5T_FLOAT ? "Float" : "Int";
    m_out << pad(kGridLevel + 2) << "<DataItem Dimensions=\"" << dims << "\" NumberType=\"" << type << "\" Precision=\""
          << i.typeSize << "\" Format=\"HDF\">" << xmlEscaped(m_ref) << ":" << m_frame.childPath(name)
          << "</DataItem>\n";
  }

  void geometry(const std::string& name) const {
    open("Geometry GeometryType=\"XYZ\"", kGridLevel + 1);
    dataItem(name);
    close("Geometry", kGridLevel + 1);
  }

  void attribute(const char* label, const std::string& name, const char* type, const char* centre) const {
    open(std::string("Attribute Name=\"") + label + "\" AttributeType=\"" + type + "\" Center=\"" + centre + "\"",
         kGridLevel + 1);
    dataItem(name);
    close("Attribute", kGridLevel + 1);
  }

  std::ostream& m_out;
  const h5::Group& m_frame;
  std::string m_ref;
};

// A double as text that reads back to the same bits.
std::string fullPrecision(double t) {
  char text[32];
  std::snprintf(text, sizeof text, "%.17g", t);
  return text;
}

// The domain's box as one hexahedron with its eight corners inline (VTK's node order:
// the face at lo.z counter-clockwise seen from above, then the face at hi.z), so ParaView
// draws the box a periodic run repeats (its outline: representation "Outline").
std::string domainXml(const Domain& d) {
  std::ostringstream xml;
  xml << pad(kGridLevel) << "<Grid Name=\"domain\" GridType=\"Uniform\">\n"
      << pad(kGridLevel + 1) << "<Topology TopologyType=\"Hexahedron\" NumberOfElements=\"1\">\n"
      << pad(kGridLevel + 2)
      << "<DataItem Dimensions=\"1 8\" NumberType=\"Int\" Format=\"XML\">0 1 2 3 4 5 6 7</DataItem>\n"
      << pad(kGridLevel + 1) << "</Topology>\n"
      << pad(kGridLevel + 1) << "<Geometry GeometryType=\"XYZ\">\n"
      << pad(kGridLevel + 2) << "<DataItem Dimensions=\"8 3\" NumberType=\"Float\" Precision=\"8\" Format=\"XML\">";
  const double xs[4] = {d.lo.x, d.hi.x, d.hi.x, d.lo.x}, ys[4] = {d.lo.y, d.lo.y, d.hi.y, d.hi.y};
  const char* separator = "";
  for (double z : {d.lo.z, d.hi.z})
    for (int k = 0; k < 4; ++k, separator = " ")
      xml << separator << fullPrecision(xs[k]) << " " << fullPrecision(ys[k]) << " " << fullPrecision(z);
  xml << "</DataItem>\n" << pad(kGridLevel + 1) << "</Geometry>\n" << pad(kGridLevel) << "</Grid>\n";
  return xml.str();
}

}  // namespace

XdmfSidecar::XdmfSidecar(const std::string& h5Path, std::string xmfPath, std::optional<Domain> domain)
    : m_xmf(std::move(xmfPath)), m_domainXml(domain ? domainXml(*domain) : "") {
  namespace fs = std::filesystem;
  const fs::path xmfFolder = fs::absolute(m_xmf).parent_path();
  m_h5Ref = fs::absolute(h5Path).lexically_relative(xmfFolder).generic_string();
}

void XdmfSidecar::add(const h5::Group& frame, const std::string& name) {
  std::ostringstream xml;
  xml << pad(kGridLevel - 1) << "<Grid Name=\"frame_" << name
      << "\" GridType=\"Collection\" CollectionType=\"Spatial\">\n"
      << pad(kGridLevel) << "<Time Value=\"" << fullPrecision(frame.doubleAttribute("time")) << "\"/>\n";
  const FrameXml items(xml, frame, m_h5Ref);
  items.particles();
  items.bodies();
  xml << m_domainXml << pad(kGridLevel - 1) << "</Grid>\n";
  m_frames.push_back(xml.str());
}

void XdmfSidecar::addAll(const h5::Group& frames) {
  for (const std::string& name : frames.children()) add(frames.open(name), name);
}

void XdmfSidecar::write() const {
  namespace fs = std::filesystem;
  // Written beside the target and renamed: a viewer never sees half a file.
  const std::string tmp = m_xmf + ".tmp";
  {
    std::ofstream out(tmp, std::ios::trunc);
    out << "<?xml version=\"1.0\" ?>\n<Xdmf Version=\"3.0\">\n  <Domain>\n"
        << "    <Grid Name=\"run\" GridType=\"Collection\" CollectionType=\"Temporal\">\n";
    for (const std::string& frame : m_frames) out << frame;
    out << "    </Grid>\n  </Domain>\n</Xdmf>\n";
    out.close();
    if (!out) throw std::runtime_error(tmp + ": cannot write: " + std::strerror(errno));
  }
  std::error_code error;
  fs::rename(tmp, m_xmf, error);
  if (error) throw std::runtime_error(m_xmf + ": cannot rename " + tmp + " to it: " + error.message());
}

void writeXdmf(const std::string& h5Path, const std::string& xmfPath) {
  const h5::File file = h5::File::openReadOnly(h5Path);
  run_layout::requireFormat(file, run_layout::kFormat, run_layout::kFormatVersion);
  XdmfSidecar xmf(h5Path, xmfPath, run_layout::readDomain(file));
  xmf.addAll(file.open("frames"));
  xmf.write();
}

}  // namespace regolith
