// Thin RAII layer over the HDF5 C API (serial 1.10): files, groups, attributes and
// datasets of numbers and strings. Every failure throws std::runtime_error naming the file
// and the object ("run.h5: /frames/000003/owner_position: cannot open dataset (...)");
// HDF5's own error printing is switched off. io/ builds its formats on it; beyond io/,
// service/prepare_bed.cpp writes the /bed group of a bed file and tests read datasets.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <hdf5.h>

namespace regolith::h5 {

// Owns one HDF5 identifier and closes it with the matching H5?close.
class Handle {
 public:
  using Closer = herr_t (*)(hid_t);
  Handle() = default;
  Handle(hid_t id, Closer close) : m_id(id), m_close(close) {}
  Handle(Handle&& o) noexcept : m_id(o.m_id), m_close(o.m_close) { o.m_id = -1; }
  Handle& operator=(Handle&& o) noexcept;
  Handle(const Handle&) = delete;
  Handle& operator=(const Handle&) = delete;
  ~Handle() { reset(); }
  hid_t get() const { return m_id; }
  void reset();

 private:
  hid_t m_id = -1;
  Closer m_close = nullptr;
};

// The HDF5 memory type of T (double, float, the fixed-width integers).
template <class T>
hid_t nativeType();

// Shape and element type of a stored dataset.
struct DatasetInfo {
  std::vector<hsize_t> dims;
  H5T_class_t typeClass = H5T_NO_CLASS;  // H5T_FLOAT, H5T_INTEGER, H5T_STRING
  std::size_t typeSize = 0;              // bytes per element
};

// HDF5's own filters on the datasets a Group writes (docs/output-format.md, "Compression"):
// shuffle (bytes regrouped by significance, so deflate finds the runs) and deflate (zlib,
// level 0 = off). Any HDF5 reader decodes them; they are recorded in each dataset's
// creation property list.
struct Filters {
  int deflate = 0;  // 0..9
  bool shuffle = false;
  bool any() const { return deflate > 0 || shuffle; }
};

// A dataset's contents as written: memory type, shape and bytes, so that what a frame
// would write can be compared with what an earlier frame wrote (io/run_file/frame_static.h).
struct Blob {
  hid_t type = -1;  // an H5T_NATIVE_* type (not owned)
  std::vector<hsize_t> dims;
  std::vector<unsigned char> bytes;
  bool operator==(const Blob& o) const;
  bool operator!=(const Blob& o) const { return !(*this == o); }
};

inline std::size_t elementCount(const std::vector<hsize_t>& dims) {
  std::size_t n = 1;
  for (hsize_t d : dims) n *= static_cast<std::size_t>(d);
  return n;
}

// A group of an open file (the file's root is one too); move-only, it closes its
// identifier when destroyed.
class Group {
 public:
  Group(Handle id, std::string file, std::string path)
      : m_id(std::move(id)), m_file(std::move(file)), m_path(std::move(path)) {}
  hid_t id() const { return m_id.get(); }
  const std::string& file() const { return m_file; }
  const std::string& path() const { return m_path; }
  // "<file>: <path>/<name>" for messages.
  std::string where(const std::string& name = "") const;
  std::string childPath(const std::string& name) const;  // "/frames" + "000001"

  bool has(const std::string& name) const;  // a link of that name exists here
  Group open(const std::string& name) const;
  // Any object (a dataset too) as a Group, for its attributes only.
  Group object(const std::string& name) const;
  Group create(const std::string& name) const;
  void remove(const std::string& name) const;  // unlinks (the space is not reclaimed)
  // A soft link `name` here to the absolute path `target` (which need not exist yet).
  void linkTo(const std::string& name, const std::string& target) const;
  // A hard link `name` here to the existing object at the absolute path `target`: the
  // same dataset under a second name, indistinguishable from the first to any reader.
  void hardLink(const std::string& name, const std::string& target) const;
  // Copies the object `name` (a group with all it holds, or a dataset) into `dest` under
  // the same name; `dest` may be in another file.
  void copyTo(const std::string& name, const Group& dest) const;
  // Copies every attribute of this object onto `dest` (numbers and strings alike).
  void copyAttributesTo(const Group& dest) const;
  std::vector<std::string> children() const;    // link names, in name order
  bool isGroup(const std::string& name) const;  // the object `name` is a group

  // Attributes: scalars and strings (variable-length UTF-8, so h5py reads str).
  void setAttribute(const std::string& name, const std::string& value) const;
  void setAttribute(const std::string& name, const char* value) const { setAttribute(name, std::string(value)); }
  void setAttribute(const std::string& name, double value) const;
  void setAttribute(const std::string& name, std::uint64_t value) const;
  void setAttribute(const std::string& name, std::int64_t value) const;
  bool hasAttribute(const std::string& name) const;
  std::string stringAttribute(const std::string& name) const;
  double doubleAttribute(const std::string& name) const;
  std::uint64_t uint64Attribute(const std::string& name) const;
  std::int64_t int64Attribute(const std::string& name) const;

  // Fixed-size datasets of numbers: `values` holds prod(dims) elements, row-major.
  template <class T>
  void write(const std::string& name, const std::vector<T>& values, const std::vector<hsize_t>& dims) const;
  // Reads the whole dataset converted to T; `dims` receives its shape when given.
  template <class T>
  std::vector<T> read(const std::string& name, std::vector<hsize_t>* dims = nullptr) const;
  DatasetInfo info(const std::string& name) const;
  // The same as bytes: write a Blob, read a dataset as one (in its native memory type).
  void write(const std::string& name, const Blob& blob) const {
    writeRaw(name, blob.type, blob.bytes.data(), blob.dims);
  }
  Blob readBlob(const std::string& name) const;
  // The filters of the datasets this handle writes, inherited by the groups it opens or
  // creates. Small datasets (below kMinFilteredBytes) stay contiguous and unfiltered: a
  // chunk index costs more than deflate saves on them.
  void setFilters(const Filters& f) { m_filters = f; }
  const Filters& filters() const { return m_filters; }
  static constexpr std::size_t kMinFilteredBytes = 4096;
  // Rows per chunk of a filtered dataset: about kChunkBytes per chunk.
  static constexpr std::size_t kChunkBytes = 256 * 1024;

  // String datasets: one string (scalar) or a list (1-D), variable-length UTF-8.
  void writeString(const std::string& name, const std::string& value) const;
  std::string readString(const std::string& name) const;
  void writeStrings(const std::string& name, const std::vector<std::string>& values) const;
  std::vector<std::string> readStrings(const std::string& name) const;

  // Extendible datasets of rows x columns (columns 0: 1-D), chunked, growing with appends.
  template <class T>
  void createRows(const std::string& name, hsize_t columns) const;
  template <class T>
  void appendRows(const std::string& name, const std::vector<T>& values) const;
  void resizeRows(const std::string& name, hsize_t rows) const;

 private:
  Handle openDataset(const std::string& name) const;
  Handle openAttribute(const std::string& name) const;
  void writeRaw(const std::string& name, hid_t type, const void* data, const std::vector<hsize_t>& dims) const;
  void readRaw(const std::string& name, hid_t type, void* out) const;
  void createRowsRaw(const std::string& name, hid_t type, hsize_t columns) const;
  void appendRaw(const std::string& name, hid_t type, const void* data, std::size_t count) const;
  void setNumberAttribute(const std::string& name, hid_t type, const void* value) const;
  void readNumberAttribute(const std::string& name, hid_t type, void* value) const;

  Handle m_id;
  std::string m_file;
  std::string m_path;
  Filters m_filters;
};

class File : public Group {
 public:
  static File createReplacing(const std::string& path);  // replaces an existing file
  static File openReadOnly(const std::string& path);
  static File openReadWrite(const std::string& path);
  void flush() const;  // H5Fflush: what is written so far survives a kill
  // Where the file's superblock says its allocated space ends (HDF5's "end of
  // allocation"). A file whose last flush completed ends there; one whose flush failed
  // midway (a full disk) has objects written past it that a writer cannot modify.
  std::uint64_t allocatedEnd() const;

 private:
  File(Handle file, Handle root, const std::string& path);
  static File openExisting(const std::string& path, unsigned flags);
  Handle m_file;
};

// --- templates -------------------------------------------------------------------------

template <class T>
Blob blobOf(const std::vector<T>& values, const std::vector<hsize_t>& dims) {
  Blob b;
  b.type = nativeType<T>();
  b.dims = dims;
  const auto* p = reinterpret_cast<const unsigned char*>(values.data());
  b.bytes.assign(p, p + values.size() * sizeof(T));
  return b;
}

template <class T>
void Group::write(const std::string& name, const std::vector<T>& values, const std::vector<hsize_t>& dims) const {
  writeRaw(name, nativeType<T>(), values.data(), dims);
}

template <class T>
std::vector<T> Group::read(const std::string& name, std::vector<hsize_t>* dims) const {
  const DatasetInfo shape = info(name);
  if (dims) *dims = shape.dims;
  std::vector<T> out(elementCount(shape.dims));
  if (!out.empty()) readRaw(name, nativeType<T>(), out.data());
  return out;
}

template <class T>
void Group::createRows(const std::string& name, hsize_t columns) const {
  createRowsRaw(name, nativeType<T>(), columns);
}

template <class T>
void Group::appendRows(const std::string& name, const std::vector<T>& values) const {
  appendRaw(name, nativeType<T>(), values.data(), values.size());
}

}  // namespace regolith::h5
