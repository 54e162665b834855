// One run-file frame as VTK PolyData; see vtp_export.h.
#include "io/run_file/vtp_export.h"

#include <stdexcept>

#include <vtkCellArray.h>
#include <vtkDoubleArray.h>
#include <vtkIntArray.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkXMLPolyDataWriter.h>

#include "io/run_file/run_file.h"

namespace regolith {

namespace {

template <class Values>
vtkNew<vtkIntArray> intArray(const char* name, const Values& values) {
  vtkNew<vtkIntArray> a;
  a->SetName(name);
  a->SetNumberOfValues(static_cast<vtkIdType>(values.size()));
  for (std::size_t i = 0; i < values.size(); ++i) a->SetValue(static_cast<vtkIdType>(i), values[i]);
  return a;
}

}  // namespace

void exportFrameVtp(const std::string& h5Path, std::size_t frame, const std::string& vtpPath) {
  const RunFileReader run(h5Path);
  const FrameData f = run.frame(frame);
  const FrameView view = run.frameView(frame);
  const vtkIdType n = static_cast<vtkIdType>(f.sphereCentres.size());

  vtkNew<vtkPoints> points;
  points->SetDataTypeToDouble();
  points->SetNumberOfPoints(n);
  vtkNew<vtkCellArray> vertices;
  vtkNew<vtkDoubleArray> radius, velocity;
  radius->SetName("radius");
  radius->SetNumberOfValues(n);
  velocity->SetName("velocity");
  velocity->SetNumberOfComponents(3);
  velocity->SetNumberOfTuples(n);
  for (vtkIdType i = 0; i < n; ++i) {
    const Vec3d& x = f.sphereCentres[i];
    points->SetPoint(i, x.x, x.y, x.z);
    vertices->InsertNextCell(1, &i);
    radius->SetValue(i, f.state.sphereRadius[i]);
    const Vec3& v = view.sphereVelocity[i];
    velocity->SetTuple3(i, v.x, v.y, v.z);
  }

  vtkNew<vtkPolyData> data;
  data->SetPoints(points);
  data->SetVerts(vertices);
  data->GetPointData()->AddArray(radius);
  data->GetPointData()->AddArray(velocity);
  data->GetPointData()->AddArray(intArray("family", view.sphereFamily));
  data->GetPointData()->AddArray(intArray("owner", f.state.sphereOwner));
  data->GetPointData()->SetActiveScalars("radius");
  data->GetPointData()->SetActiveVectors("velocity");

  vtkNew<vtkXMLPolyDataWriter> writer;
  writer->SetFileName(vtpPath.c_str());
  writer->SetInputData(data);
  writer->SetDataModeToBinary();
  if (writer->Write() != 1) throw std::runtime_error(vtpPath + ": VTK could not write the file");
}

}  // namespace regolith
