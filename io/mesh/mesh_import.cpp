// Reading OBJ and STL through VTK's readers; see mesh_import.h.
#include "io/mesh/mesh_import.h"

#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include <vtkCellArray.h>
#include <vtkLogger.h>
#include <vtkNew.h>
#include <vtkOBJReader.h>
#include <vtkObjectFactory.h>
#include <vtkOutputWindow.h>
#include <vtkPolyData.h>
#include <vtkPolyDataAlgorithm.h>
#include <vtkSTLReader.h>
#include <vtkSmartPointer.h>
#include <vtkTriangleFilter.h>
#include <vtksys/SystemTools.hxx>

namespace regolith {
namespace {

// Takes what VTK would print on stderr, so that its message goes into our exception.
class VtkMessages : public vtkOutputWindow {
 public:
  static VtkMessages* New();
  vtkTypeMacro(VtkMessages, vtkOutputWindow) void DisplayText(const char* text) override {
    if (!text) return;
    (GetCurrentMessageType() == MESSAGE_TYPE_ERROR ? errors : warnings).emplace_back(text);
  }
  std::vector<std::string> errors, warnings;
};
vtkStandardNewMacro(VtkMessages);

// Installs VtkMessages as VTK's output window for its lifetime, and turns off the stderr
// sink of VTK's logger, which prints every error before the window sees it. Both are
// process-wide: reads on several threads at once would share them. The logger's stderr
// level is restored to the cutoff it had, which is that level while stderr is its only sink
// (true of this program: nothing adds log files or callbacks).
class CollectVtkMessages {
 public:
  CollectVtkMessages()
      : m_previous(vtkOutputWindow::GetInstance()), m_stderrLevel(vtkLogger::GetCurrentVerbosityCutoff()) {
    vtkOutputWindow::SetInstance(messages);
    vtkLogger::SetStderrVerbosity(vtkLogger::VERBOSITY_OFF);
  }
  ~CollectVtkMessages() {
    vtkLogger::SetStderrVerbosity(m_stderrLevel);
    vtkOutputWindow::SetInstance(m_previous);
  }
  CollectVtkMessages(const CollectVtkMessages&) = delete;
  CollectVtkMessages& operator=(const CollectVtkMessages&) = delete;
  vtkNew<VtkMessages> messages;

 private:
  vtkSmartPointer<vtkOutputWindow> m_previous;
  vtkLogger::Verbosity m_stderrLevel;
};

// The message of VTK's text without its "ERROR: In file.cxx, line N" and "vtkClass
// (0x...): " prefixes, on one line.
std::string essence(std::string text) {
  if (text.rfind("ERROR: In ", 0) == 0 || text.rfind("Warning: In ", 0) == 0) {
    const std::size_t eol = text.find('\n');
    text = eol == std::string::npos ? "" : text.substr(eol + 1);
  }
  const std::size_t colon = text.find("): ");
  if (colon != std::string::npos && text.find(" (0x") < colon) text = text.substr(colon + 3);
  for (char& c : text)
    if (c == '\n' || c == '\r') c = ' ';
  while (!text.empty() && text.back() == ' ') text.pop_back();
  return text;
}

std::string lowerExtension(const std::string& path) {
  std::string ext = std::filesystem::path(path).extension().string();
  for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return ext;
}

// A binary STL is 80 bytes of header, a uint32 facet count and 50 bytes a facet. VTK
// reserves memory for the count it reads before it reads a facet (134 random bytes made
// it ask for 27 GB and abort), then reads until the data ends. So a file VTK takes for
// binary (by the same test it uses) must hold exactly the facets its count announces:
// a truncated file or a wrong count is refused before VTK sees it.
void checkBinaryStlSize(const std::string& path) {
  if (vtksys::SystemTools::DetectFileType(path.c_str()) == vtksys::SystemTools::FileTypeText) return;
  const auto size = std::filesystem::file_size(path);
  if (size < 84 || (size - 84) % 50 != 0)
    throw std::runtime_error(path + ": a binary STL of " + std::to_string(size) +
                             " bytes, not 84 + 50 per facet (truncated?)");
  std::ifstream in(path, std::ios::binary);
  unsigned char count[4] = {};
  in.seekg(80);
  in.read(reinterpret_cast<char*>(count), 4);
  const std::uint64_t announced = count[0] | count[1] << 8 | count[2] << 16 | std::uint64_t(count[3]) << 24;
  if (!in || announced != (size - 84) / 50)
    throw std::runtime_error(path + ": bytes 80-83: the header announces " + std::to_string(announced) +
                             " facets, expected " + std::to_string((size - 84) / 50) + " (the facets its " +
                             std::to_string(size) + " bytes hold)");
}

// VTK's OBJ reader takes a coordinate it cannot parse for 0, and nan, inf or 1e999 as they
// come, silently: every "v" line must start with three finite numbers.
void checkObjVertexLines(const std::string& path) {
  std::ifstream in(path);
  std::string line;
  for (std::size_t number = 1; std::getline(in, line); ++number) {
    if (line.size() < 2 || line[0] != 'v' || !std::isspace(static_cast<unsigned char>(line[1]))) continue;
    const char* p = line.c_str() + 1;
    for (int k = 0; k < 3; ++k) {
      while (std::isspace(static_cast<unsigned char>(*p))) ++p;
      char* end = nullptr;
      const double x = std::strtod(p, &end);
      if (end == p || (*end && !std::isspace(static_cast<unsigned char>(*end))))
        throw std::runtime_error(path + ": line " + std::to_string(number) + ": a vertex needs three numbers, not '" +
                                 line + "'");
      if (!std::isfinite(x))
        throw std::runtime_error(path + ": line " + std::to_string(number) + ": coordinate " + std::to_string(k + 1) +
                                 " is '" + std::string(p, static_cast<const char*>(end)) +
                                 "', expected a finite number");
      p = end;
    }
  }
}

}  // namespace

double unitScale(const std::string& units) {
  if (units == "m") return 1.0;
  if (units == "cm") return 0.01;
  if (units == "mm") return 0.001;
  throw std::invalid_argument("unknown units '" + units + "': expected \"m\", \"cm\" or \"mm\"");
}

TriangleMesh readMesh(const std::string& path, double scale) {
  const std::string ext = lowerExtension(path);
  if (ext != ".obj" && ext != ".stl")
    throw std::invalid_argument(path + ": not a mesh file this reads (extension '" + ext +
                                "'; supported: .obj, .stl, any case)");
  if (!(scale > 0) || !std::isfinite(scale))
    throw std::invalid_argument(path + ": the scale must be > 0 (got " + std::to_string(scale) + ")");
  // VTK's own messages for a missing file are terse and differ per reader. Only a
  // regular file is opened: opening a FIFO waits for a writer that may never come.
  std::error_code error;
  const auto type = std::filesystem::status(path, error).type();
  if (type == std::filesystem::file_type::directory) throw std::runtime_error(path + ": a folder, not a mesh file");
  if (type != std::filesystem::file_type::regular && type != std::filesystem::file_type::not_found)
    throw std::runtime_error(path + ": not a regular file (a FIFO, socket or device), expected a mesh file");
  if (!std::ifstream(path)) throw std::runtime_error(path + ": cannot open the file: " + std::strerror(errno));

  const CollectVtkMessages collect;
  vtkSmartPointer<vtkPolyDataAlgorithm> reader;
  if (ext == ".obj") {
    checkObjVertexLines(path);
    vtkNew<vtkOBJReader> obj;
    obj->SetFileName(path.c_str());
    reader = obj.Get();
  } else {
    checkBinaryStlSize(path);
    vtkNew<vtkSTLReader> stl;  // detects ASCII or binary itself
    stl->SetFileName(path.c_str());
    // Its merging drops triangles that collapse when corners are merged: checkMesh
    // merges instead and names such a triangle.
    stl->MergingOff();
    reader = stl.Get();
  }
  reader->Update();
  if (!collect.messages->errors.empty() || reader->GetErrorCode() != 0)
    throw std::runtime_error(path + ": VTK cannot read it: " +
                             (collect.messages->errors.empty()
                                  ? std::string("error code ") + std::to_string(reader->GetErrorCode())
                                  : essence(collect.messages->errors.front())));
  vtkPolyData* data = reader->GetOutput();

  // Faces of more than three corners (OBJ quads) go through VTK's triangulation.
  vtkCellArray* polys = data->GetPolys();
  bool polygons = false;
  vtkIdType face = 0, count = 0;
  const vtkIdType* ids = nullptr;
  for (polys->InitTraversal(); polys->GetNextCell(count, ids); ++face) {
    if (count < 3)
      throw std::runtime_error(path + ": face " + std::to_string(face) + " (counting from 0) has " +
                               std::to_string(count) + " corners");
    polygons = polygons || count > 3;
  }
  vtkNew<vtkTriangleFilter> triangulate;
  if (polygons) {
    triangulate->SetInputData(data);
    triangulate->PassVertsOff();
    triangulate->PassLinesOff();
    triangulate->Update();
    data = triangulate->GetOutput();
    polys = data->GetPolys();
  }

  TriangleMesh mesh;
  mesh.vertices.reserve(static_cast<std::size_t>(data->GetNumberOfPoints()));
  for (vtkIdType i = 0; i < data->GetNumberOfPoints(); ++i) {
    double x[3];
    data->GetPoint(i, x);
    mesh.vertices.emplace_back(x[0] * scale, x[1] * scale, x[2] * scale);
  }
  for (polys->InitTraversal(); polys->GetNextCell(count, ids);)
    if (count == 3)
      mesh.triangles.push_back({static_cast<Index>(ids[0]), static_cast<Index>(ids[1]), static_cast<Index>(ids[2])});
  if (mesh.triangles.empty())
    throw std::runtime_error(path + ": no triangles in the file" +
                             (collect.messages->warnings.empty()
                                  ? std::string()
                                  : " (VTK: " + essence(collect.messages->warnings.front()) + ")"));
  return mesh;
}

}  // namespace regolith
