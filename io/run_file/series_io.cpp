// /series/<body> of run.h5: one extendible dataset per quantity, one row per sample.
#include "io/run_file/dataset_units.h"
#include "io/h5/h5_arrays.h"
#include "io/run_file/run_file_layout.h"

namespace regolith::run_layout {

void createSeries(const h5::Group& g) {
  g.createRows<double>("time", 0);
  g.createRows<double>("position", 3);
  g.createRows<double>("orientation", 4);
  for (const char* name : {"velocity", "angular_velocity", "force", "torque", "force_normal", "force_tangential",
                           "torque_normal", "torque_tangential"})
    g.createRows<Real>(name, 3);
  g.createRows<std::int32_t>("contact_count", 0);
  g.createRows<double>("patch_centroid", 3);
  labelUnits(g);
}

void appendSeries(const h5::Group& g, const SeriesSample& r) {
  g.appendRows("time", std::vector<double>{r.time});
  g.appendRows("position", h5::flattenVec3s(std::vector<Vec3d>{r.position}));
  g.appendRows("orientation", h5::flattenQuats({r.orientation}));
  g.appendRows("velocity", h5::flattenVec3s(std::vector<Vec3>{r.velocity}));
  g.appendRows("angular_velocity", h5::flattenVec3s(std::vector<Vec3>{r.angularVelocity}));
  g.appendRows("force", h5::flattenVec3s(std::vector<Vec3>{r.force}));
  g.appendRows("torque", h5::flattenVec3s(std::vector<Vec3>{r.torque}));
  g.appendRows("force_normal", h5::flattenVec3s(std::vector<Vec3>{r.forceNormal}));
  g.appendRows("force_tangential", h5::flattenVec3s(std::vector<Vec3>{r.forceTangential}));
  g.appendRows("torque_normal", h5::flattenVec3s(std::vector<Vec3>{r.torqueNormal}));
  g.appendRows("torque_tangential", h5::flattenVec3s(std::vector<Vec3>{r.torqueTangential}));
  g.appendRows("contact_count", std::vector<std::int32_t>{r.contacts});
  g.appendRows("patch_centroid", h5::flattenVec3s(std::vector<Vec3d>{r.patchCentroid}));
}

std::vector<SeriesSample> readSeries(const h5::Group& g) {
  const auto time = h5::readList<double>(g, "time");
  const auto position = h5::readVec3s<double>(g, "position");
  const auto orientation = h5::readQuats(g, "orientation");
  const auto velocity = h5::readVec3s<Real>(g, "velocity");
  const auto omega = h5::readVec3s<Real>(g, "angular_velocity");
  const auto force = h5::readVec3s<Real>(g, "force");
  const auto torque = h5::readVec3s<Real>(g, "torque");
  const auto forceNormal = h5::readVec3s<Real>(g, "force_normal");
  const auto forceTangential = h5::readVec3s<Real>(g, "force_tangential");
  const auto torqueNormal = h5::readVec3s<Real>(g, "torque_normal");
  const auto torqueTangential = h5::readVec3s<Real>(g, "torque_tangential");
  const auto contacts = h5::readList<std::int32_t>(g, "contact_count");
  const auto centroid = h5::readVec3s<double>(g, "patch_centroid");
  const std::size_t n = time.size();
  for (std::size_t size : {position.size(), orientation.size(), velocity.size(), omega.size(), force.size(),
                           torque.size(), forceNormal.size(), forceTangential.size(), torqueNormal.size(),
                           torqueTangential.size(), contacts.size(), centroid.size()})
    if (size != n) throw std::runtime_error(g.where() + ": series datasets differ in length");
  std::vector<SeriesSample> rows(n);
  for (std::size_t i = 0; i < n; ++i) {
    SeriesSample& r = rows[i];
    r.time = time[i];
    r.position = position[i];
    r.orientation = orientation[i];
    r.velocity = velocity[i];
    r.angularVelocity = omega[i];
    r.force = force[i];
    r.torque = torque[i];
    r.forceNormal = forceNormal[i];
    r.forceTangential = forceTangential[i];
    r.torqueNormal = torqueNormal[i];
    r.torqueTangential = torqueTangential[i];
    r.contacts = contacts[i];
    r.patchCentroid = centroid[i];
  }
  return rows;
}

}  // namespace regolith::run_layout
