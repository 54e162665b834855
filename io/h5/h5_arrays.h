// Vectors of the engine's value types as HDF5 datasets: lists (N), Vec3 (N x 3) and
// quaternions (N x 4, w x y z). Stored in their native element type, so a float build
// writes float32 and every value reads back bit for bit.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

#include "io/h5/h5_file.h"
#include "kernels/backend/vec3.h"

namespace regolith::h5 {

// Throws unless the dataset just read has `rows` x `columns` (columns 0: 1-D) elements.
inline void requireShape(const Group& g, const std::string& name, const std::vector<hsize_t>& dims, hsize_t columns) {
  const bool ok = columns == 0 ? dims.size() == 1 : dims.size() == 2 && dims[1] == columns;
  if (!ok)
    throw std::runtime_error(
        g.where(name) + ": expected " +
        (columns == 0 ? std::string("a 1-D dataset") : "N x " + std::to_string(columns) + " elements"));
}

template <class T>
void writeList(const Group& g, const std::string& name, const std::vector<T>& v) {
  g.write(name, v, {v.size()});
}

template <class T>
std::vector<T> readList(const Group& g, const std::string& name) {
  std::vector<hsize_t> dims;
  std::vector<T> v = g.read<T>(name, &dims);
  requireShape(g, name, dims, 0);
  return v;
}

template <class T>
std::vector<T> flattenVec3s(const std::vector<Vec3T<T>>& v) {
  std::vector<T> flat;
  flat.reserve(3 * v.size());
  for (const Vec3T<T>& a : v) flat.insert(flat.end(), {a.x, a.y, a.z});
  return flat;
}

template <class T>
std::vector<Vec3T<T>> unflattenVec3s(const std::vector<T>& flat) {
  std::vector<Vec3T<T>> v;
  v.reserve(flat.size() / 3);
  for (std::size_t i = 0; i + 2 < flat.size(); i += 3) v.emplace_back(flat[i], flat[i + 1], flat[i + 2]);
  return v;
}

template <class T>
void writeVec3s(const Group& g, const std::string& name, const std::vector<Vec3T<T>>& v) {
  g.write(name, flattenVec3s(v), {v.size(), 3});
}

// The same datasets as Blobs (a list: N, Vec3s: N x 3).
template <class T>
Blob listBlob(const std::vector<T>& v) {
  return blobOf(v, {v.size()});
}

template <class T>
Blob vec3sBlob(const std::vector<Vec3T<T>>& v) {
  return blobOf(flattenVec3s(v), {v.size(), 3});
}

template <class T>
std::vector<Vec3T<T>> readVec3s(const Group& g, const std::string& name) {
  std::vector<hsize_t> dims;
  const std::vector<T> flat = g.read<T>(name, &dims);
  requireShape(g, name, dims, 3);
  return unflattenVec3s(flat);
}

inline std::vector<double> flattenQuats(const std::vector<Quat>& v) {
  std::vector<double> flat;
  flat.reserve(4 * v.size());
  for (const Quat& q : v) flat.insert(flat.end(), {q.w, q.x, q.y, q.z});
  return flat;
}

inline void writeQuats(const Group& g, const std::string& name, const std::vector<Quat>& v) {
  g.write(name, flattenQuats(v), {v.size(), 4});
}

inline std::vector<Quat> readQuats(const Group& g, const std::string& name) {
  std::vector<hsize_t> dims;
  const std::vector<double> flat = g.read<double>(name, &dims);
  requireShape(g, name, dims, 4);
  std::vector<Quat> v;
  for (std::size_t i = 0; i + 3 < flat.size(); i += 4) v.emplace_back(flat[i], flat[i + 1], flat[i + 2], flat[i + 3]);
  return v;
}

inline Blob quatsBlob(const std::vector<Quat>& v) { return blobOf(flattenQuats(v), {v.size(), 4}); }

// Any of the above by element type (a list, Vec3s or quaternions), for code that loops over
// fields of several types (io/h5/state_io.cpp).
template <class T>
void writeArray(const Group& g, const std::string& name, const std::vector<T>& v) {
  writeList(g, name, v);
}
template <class T>
void writeArray(const Group& g, const std::string& name, const std::vector<Vec3T<T>>& v) {
  writeVec3s(g, name, v);
}
inline void writeArray(const Group& g, const std::string& name, const std::vector<Quat>& v) { writeQuats(g, name, v); }

template <class T>
Blob arrayBlob(const std::vector<T>& v) {
  return listBlob(v);
}
template <class T>
Blob arrayBlob(const std::vector<Vec3T<T>>& v) {
  return vec3sBlob(v);
}
inline Blob arrayBlob(const std::vector<Quat>& v) { return quatsBlob(v); }

template <class T>
void readArray(const Group& g, const std::string& name, std::vector<T>& v) {
  v = readList<T>(g, name);
}
template <class T>
void readArray(const Group& g, const std::string& name, std::vector<Vec3T<T>>& v) {
  v = readVec3s<T>(g, name);
}
inline void readArray(const Group& g, const std::string& name, std::vector<Quat>& v) { v = readQuats(g, name); }

}  // namespace regolith::h5
