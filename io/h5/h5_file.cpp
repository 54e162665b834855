// RAII over the HDF5 C API; see h5_file.h.
#include "io/h5/h5_file.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <mutex>
#include <stdexcept>

#include "io/json/regular_file.h"
#include "io/input_file_error.h"

namespace regolith::h5 {

namespace {

// HDF5 prints its error stack to stderr by default; we report through exceptions instead.
void silenceHdf5() {
  static std::once_flag once;
  std::call_once(once, [] { H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr); });
}

// No HDF5 teardown at exit. After a failed write (a full disk) HDF5 keeps identifiers of
// the file whose flush failed although it has freed the file, and its exit-time cleanup
// then crashes on them (SIGSEGV in H5G_close after a clean "exit 1"). Every file this
// program opens is closed by its Handle before exit, so the teardown has nothing to save.
// H5dont_atexit only works before the library starts, and the H5F_ACC_* and H5T_NATIVE_*
// macros start it, so it runs at static initialization, before main.
const bool kNoTeardownAtExit = H5dont_atexit() >= 0;

// A failed write or read of HDF5's file driver says "file write failed: time = ...,
// filename = ..., file descriptor = 4, errno = 28, error message = 'No space left on
// device', buf = 0x..., ..." over two lines: keep what failed and the system's reason.
std::string withoutDriverDetails(const std::string& cause) {
  const std::string key = "error message = '";
  const std::size_t at = cause.find(key), colon = cause.find(':');
  if (at == std::string::npos || colon == std::string::npos || colon > at) return cause;
  const std::size_t end = cause.find('\'', at + key.size());
  if (end == std::string::npos) return cause;
  return cause.substr(0, colon) + ": " + cause.substr(at + key.size(), end - at - key.size());
}

// The innermost message of HDF5's current error stack (the most specific cause).
std::string hdf5Cause() {
  std::string cause;
  H5Ewalk2(
      H5E_DEFAULT, H5E_WALK_UPWARD,
      [](unsigned n, const H5E_error2_t* e, void* data) -> herr_t {
        if (n == 0 && e->desc) *static_cast<std::string*>(data) = e->desc;
        return 0;
      },
      &cause);
  H5Eclear2(H5E_DEFAULT);
  return withoutDriverDetails(cause);
}

[[noreturn]] void fail(const std::string& where, const std::string& what) {
  const std::string cause = hdf5Cause();
  throw std::runtime_error(where + ": " + what + (cause.empty() ? "" : " (" + cause + ")"));
}

hid_t checkId(hid_t id, const std::string& where, const char* what) {
  if (id < 0) fail(where, what);
  return id;
}

void checkStatus(herr_t status, const std::string& where, const char* what) {
  if (status < 0) fail(where, what);
}

Handle stringType() {
  Handle t(H5Tcopy(H5T_C_S1), H5Tclose);
  H5Tset_size(t.get(), H5T_VARIABLE);
  H5Tset_cset(t.get(), H5T_CSET_UTF8);
  return t;
}

Handle simpleSpace(const std::vector<hsize_t>& dims, const std::string& where) {
  if (dims.empty()) return Handle(checkId(H5Screate(H5S_SCALAR), where, "cannot create dataspace"), H5Sclose);
  return Handle(
      checkId(H5Screate_simple(static_cast<int>(dims.size()), dims.data(), nullptr), where, "cannot create dataspace"),
      H5Sclose);
}

std::vector<hsize_t> extentOf(hid_t dataset, const std::string& where) {
  Handle space(checkId(H5Dget_space(dataset), where, "cannot read dataspace"), H5Sclose);
  const int rank = H5Sget_simple_extent_ndims(space.get());
  if (rank < 0) fail(where, "cannot read dataspace");
  std::vector<hsize_t> dims(static_cast<std::size_t>(rank));
  H5Sget_simple_extent_dims(space.get(), dims.data(), nullptr);
  return dims;
}

// Rows of an appendable dataset per chunk: a series row is ~100 bytes, so 256 rows keep
// chunks a few tens of kB.
constexpr hsize_t kRowsPerChunk = 256;
constexpr unsigned kChunkIndexK = 2;  // File::createReplacing

}  // namespace

template <>
hid_t nativeType<double>() {
  return H5T_NATIVE_DOUBLE;
}
template <>
hid_t nativeType<float>() {
  return H5T_NATIVE_FLOAT;
}
template <>
hid_t nativeType<std::int32_t>() {
  return H5T_NATIVE_INT32;
}
template <>
hid_t nativeType<std::int64_t>() {
  return H5T_NATIVE_INT64;
}
template <>
hid_t nativeType<std::uint8_t>() {
  return H5T_NATIVE_UINT8;
}
template <>
hid_t nativeType<std::uint64_t>() {
  return H5T_NATIVE_UINT64;
}
template <>
hid_t nativeType<unsigned long long>() {
  return H5T_NATIVE_ULLONG;
}

Handle& Handle::operator=(Handle&& o) noexcept {
  if (this != &o) {
    reset();
    m_id = o.m_id;
    m_close = o.m_close;
    o.m_id = -1;
  }
  return *this;
}

void Handle::reset() {
  if (m_id >= 0 && m_close) m_close(m_id);
  m_id = -1;
}

std::string Group::childPath(const std::string& name) const {
  if (name.empty()) return m_path;
  return m_path + (m_path == "/" ? "" : "/") + name;
}

std::string Group::where(const std::string& name) const { return m_file + ": " + childPath(name); }

bool Group::has(const std::string& name) const { return H5Lexists(id(), name.c_str(), H5P_DEFAULT) > 0; }

Group Group::open(const std::string& name) const {
  if (!has(name)) throw std::runtime_error(where(name) + ": not found");
  Handle g(checkId(H5Gopen2(id(), name.c_str(), H5P_DEFAULT), where(name), "cannot open group"), H5Gclose);
  Group child(std::move(g), m_file, childPath(name));
  child.m_filters = m_filters;
  return child;
}

Group Group::object(const std::string& name) const {
  if (!has(name)) throw std::runtime_error(where(name) + ": not found");
  Handle o(checkId(H5Oopen(id(), name.c_str(), H5P_DEFAULT), where(name), "cannot open object"), H5Oclose);
  return Group(std::move(o), m_file, childPath(name));
}

Group Group::create(const std::string& name) const {
  Handle g(checkId(H5Gcreate2(id(), name.c_str(), H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT), where(name),
                   "cannot create group"),
           H5Gclose);
  Group child(std::move(g), m_file, childPath(name));
  child.m_filters = m_filters;
  return child;
}

void Group::remove(const std::string& name) const {
  checkStatus(H5Ldelete(id(), name.c_str(), H5P_DEFAULT), where(name), "cannot delete");
}

void Group::linkTo(const std::string& name, const std::string& target) const {
  checkStatus(H5Lcreate_soft(target.c_str(), id(), name.c_str(), H5P_DEFAULT, H5P_DEFAULT), where(name),
              ("cannot link to " + target).c_str());
}

void Group::hardLink(const std::string& name, const std::string& target) const {
  checkStatus(H5Lcreate_hard(id(), target.c_str(), id(), name.c_str(), H5P_DEFAULT, H5P_DEFAULT), where(name),
              ("cannot link to " + target).c_str());
}

void Group::copyTo(const std::string& name, const Group& dest) const {
  checkStatus(H5Ocopy(id(), name.c_str(), dest.id(), name.c_str(), H5P_DEFAULT, H5P_DEFAULT), where(name),
              ("cannot copy to " + dest.where(name)).c_str());
}

void Group::copyAttributesTo(const Group& dest) const {
  struct Context {
    const Group* from;
    const Group* to;
  } context{this, &dest};
  checkStatus(H5Aiterate2(
                  id(), H5_INDEX_NAME, H5_ITER_INC, nullptr,
                  [](hid_t object, const char* name, const H5A_info_t*, void* data) -> herr_t {
                    const auto* c = static_cast<const Context*>(data);
                    Handle a(H5Aopen(object, name, H5P_DEFAULT), H5Aclose);
                    Handle type(H5Aget_type(a.get()), H5Tclose);
                    Handle space(H5Aget_space(a.get()), H5Sclose);
                    if (a.get() < 0 || type.get() < 0 || space.get() < 0) return -1;
                    // Variable-length strings read as pointers that are written back as they are.
                    std::vector<unsigned char> value(
                        H5Tget_size(type.get()) *
                        std::size_t(std::max<hssize_t>(1, H5Sget_simple_extent_npoints(space.get()))));
                    if (H5Aread(a.get(), type.get(), value.data()) < 0) return -1;
                    Handle copy(H5Acreate2(c->to->id(), name, type.get(), space.get(), H5P_DEFAULT, H5P_DEFAULT),
                                H5Aclose);
                    const herr_t written = copy.get() < 0 ? -1 : H5Awrite(copy.get(), type.get(), value.data());
                    H5Dvlen_reclaim(type.get(), space.get(), H5P_DEFAULT, value.data());
                    return written < 0 ? -1 : 0;
                  },
                  &context),
              where(), ("cannot copy its attributes to " + dest.where()).c_str());
}

bool Group::isGroup(const std::string& name) const {
  H5O_info_t info;
  checkStatus(H5Oget_info_by_name(id(), name.c_str(), &info, H5P_DEFAULT), where(name), "cannot read object info");
  return info.type == H5O_TYPE_GROUP;
}

std::vector<std::string> Group::children() const {
  std::vector<std::string> names;
  checkStatus(H5Literate(
                  id(), H5_INDEX_NAME, H5_ITER_INC, nullptr,
                  [](hid_t, const char* name, const H5L_info_t*, void* data) -> herr_t {
                    static_cast<std::vector<std::string>*>(data)->push_back(name);
                    return 0;
                  },
                  &names),
              where(), "cannot list group");
  return names;
}

// --- attributes --------------------------------------------------------------------------

Handle Group::openAttribute(const std::string& name) const {
  if (H5Aexists(id(), name.c_str()) <= 0) throw std::runtime_error(where() + ": attribute " + name + " not found");
  return Handle(checkId(H5Aopen(id(), name.c_str(), H5P_DEFAULT), where(), "cannot open attribute"), H5Aclose);
}

void Group::setNumberAttribute(const std::string& name, hid_t type, const void* value) const {
  if (H5Aexists(id(), name.c_str()) > 0) H5Adelete(id(), name.c_str());
  Handle space = simpleSpace({}, where());
  Handle a(checkId(H5Acreate2(id(), name.c_str(), type, space.get(), H5P_DEFAULT, H5P_DEFAULT), where(),
                   "cannot create attribute"),
           H5Aclose);
  checkStatus(H5Awrite(a.get(), type, value), where(), "cannot write attribute");
}

void Group::readNumberAttribute(const std::string& name, hid_t type, void* value) const {
  Handle a = openAttribute(name);
  checkStatus(H5Aread(a.get(), type, value), where() + " attribute " + name, "cannot read");
}

void Group::setAttribute(const std::string& name, double value) const {
  setNumberAttribute(name, H5T_NATIVE_DOUBLE, &value);
}
void Group::setAttribute(const std::string& name, std::uint64_t value) const {
  setNumberAttribute(name, H5T_NATIVE_UINT64, &value);
}
void Group::setAttribute(const std::string& name, std::int64_t value) const {
  setNumberAttribute(name, H5T_NATIVE_INT64, &value);
}
double Group::doubleAttribute(const std::string& name) const {
  double v = 0;
  readNumberAttribute(name, H5T_NATIVE_DOUBLE, &v);
  return v;
}
bool Group::hasAttribute(const std::string& name) const { return H5Aexists(id(), name.c_str()) > 0; }
std::uint64_t Group::uint64Attribute(const std::string& name) const {
  std::uint64_t v = 0;
  readNumberAttribute(name, H5T_NATIVE_UINT64, &v);
  return v;
}
std::int64_t Group::int64Attribute(const std::string& name) const {
  std::int64_t v = 0;
  readNumberAttribute(name, H5T_NATIVE_INT64, &v);
  return v;
}

void Group::setAttribute(const std::string& name, const std::string& value) const {
  if (H5Aexists(id(), name.c_str()) > 0) H5Adelete(id(), name.c_str());
  Handle type = stringType();
  Handle space = simpleSpace({}, where());
  Handle a(checkId(H5Acreate2(id(), name.c_str(), type.get(), space.get(), H5P_DEFAULT, H5P_DEFAULT), where(),
                   "cannot create attribute"),
           H5Aclose);
  const char* text = value.c_str();
  checkStatus(H5Awrite(a.get(), type.get(), &text), where(), "cannot write attribute");
}

std::string Group::stringAttribute(const std::string& name) const {
  Handle a = openAttribute(name);
  Handle type = stringType();
  char* text = nullptr;
  checkStatus(H5Aread(a.get(), type.get(), &text), where() + " attribute " + name, "cannot read");
  std::string value = text ? text : "";
  H5free_memory(text);
  return value;
}

// --- fixed-size datasets -----------------------------------------------------------------

Handle Group::openDataset(const std::string& name) const {
  if (!has(name)) throw std::runtime_error(where(name) + ": not found");
  return Handle(checkId(H5Dopen2(id(), name.c_str(), H5P_DEFAULT), where(name), "cannot open dataset"), H5Dclose);
}

namespace {

// The creation properties of a filtered dataset: chunks of whole rows, about
// Group::kChunkBytes each, then shuffle before deflate (the order HDF5 applies them in).
Handle filteredCreation(const Filters& f, const std::vector<hsize_t>& dims, std::size_t elementSize,
                        const std::string& where) {
  Handle props(checkId(H5Pcreate(H5P_DATASET_CREATE), where, "cannot create properties"), H5Pclose);
  std::vector<hsize_t> chunk = dims;
  const std::size_t rowBytes = elementCount(dims) / dims[0] * elementSize;
  chunk[0] = std::min<hsize_t>(dims[0], std::max<hsize_t>(1, Group::kChunkBytes / rowBytes));
  checkStatus(H5Pset_chunk(props.get(), static_cast<int>(chunk.size()), chunk.data()), where, "cannot set chunks");
  if (f.shuffle) checkStatus(H5Pset_shuffle(props.get()), where, "cannot set the shuffle filter");
  if (f.deflate > 0)
    checkStatus(H5Pset_deflate(props.get(), static_cast<unsigned>(f.deflate)), where, "cannot set the deflate filter");
  return props;
}

}  // namespace

bool Blob::operator==(const Blob& o) const { return dims == o.dims && bytes == o.bytes && H5Tequal(type, o.type) > 0; }

void Group::writeRaw(const std::string& name, hid_t type, const void* data, const std::vector<hsize_t>& dims) const {
  Handle space = simpleSpace(dims, where(name));
  const std::size_t bytes = elementCount(dims) * H5Tget_size(type);
  const bool filtered = m_filters.any() && !dims.empty() && bytes >= kMinFilteredBytes;
  Handle props;
  if (filtered) props = filteredCreation(m_filters, dims, H5Tget_size(type), where(name));
  Handle d(checkId(H5Dcreate2(id(), name.c_str(), type, space.get(), H5P_DEFAULT, filtered ? props.get() : H5P_DEFAULT,
                              H5P_DEFAULT),
                   where(name), "cannot create dataset"),
           H5Dclose);
  // An empty dataset has nothing to write (and HDF5 refuses a null buffer).
  if (elementCount(dims) == 0) return;
  checkStatus(H5Dwrite(d.get(), type, H5S_ALL, H5S_ALL, H5P_DEFAULT, data), where(name), "cannot write dataset");
}

void Group::readRaw(const std::string& name, hid_t type, void* out) const {
  Handle d = openDataset(name);
  checkStatus(H5Dread(d.get(), type, H5S_ALL, H5S_ALL, H5P_DEFAULT, out), where(name), "cannot read dataset");
}

Blob Group::readBlob(const std::string& name) const {
  Handle d = openDataset(name);
  Handle stored(checkId(H5Dget_type(d.get()), where(name), "cannot read type"), H5Tclose);
  Handle native(checkId(H5Tget_native_type(stored.get(), H5T_DIR_ASCEND), where(name), "cannot read type"), H5Tclose);
  Blob b;
  b.dims = extentOf(d.get(), where(name));
  // The H5T_NATIVE_* type equal to the stored one, so the Blob outlives the handles.
  for (hid_t t : {nativeType<double>(), nativeType<float>(), nativeType<std::int32_t>(), nativeType<std::int64_t>(),
                  nativeType<std::uint8_t>(), nativeType<std::uint64_t>()})
    if (H5Tequal(native.get(), t) > 0) b.type = t;
  if (b.type < 0) throw std::runtime_error(where(name) + ": not a dataset of numbers");
  b.bytes.resize(elementCount(b.dims) * H5Tget_size(b.type));
  if (!b.bytes.empty())
    checkStatus(H5Dread(d.get(), b.type, H5S_ALL, H5S_ALL, H5P_DEFAULT, b.bytes.data()), where(name),
                "cannot read dataset");
  return b;
}

DatasetInfo Group::info(const std::string& name) const {
  Handle d = openDataset(name);
  DatasetInfo i;
  i.dims = extentOf(d.get(), where(name));
  Handle type(checkId(H5Dget_type(d.get()), where(name), "cannot read type"), H5Tclose);
  i.typeClass = H5Tget_class(type.get());
  i.typeSize = H5Tget_size(type.get());
  return i;
}

// --- strings -----------------------------------------------------------------------------

void Group::writeString(const std::string& name, const std::string& value) const {
  Handle type = stringType();
  Handle space = simpleSpace({}, where(name));
  Handle d(checkId(H5Dcreate2(id(), name.c_str(), type.get(), space.get(), H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT),
                   where(name), "cannot create dataset"),
           H5Dclose);
  const char* text = value.c_str();
  checkStatus(H5Dwrite(d.get(), type.get(), H5S_ALL, H5S_ALL, H5P_DEFAULT, &text), where(name), "cannot write dataset");
}

std::string Group::readString(const std::string& name) const {
  Handle d = openDataset(name);
  Handle type = stringType();
  char* text = nullptr;
  checkStatus(H5Dread(d.get(), type.get(), H5S_ALL, H5S_ALL, H5P_DEFAULT, &text), where(name), "cannot read dataset");
  std::string value = text ? text : "";
  H5free_memory(text);
  return value;
}

void Group::writeStrings(const std::string& name, const std::vector<std::string>& values) const {
  Handle type = stringType();
  Handle space = simpleSpace({values.size()}, where(name));
  Handle d(checkId(H5Dcreate2(id(), name.c_str(), type.get(), space.get(), H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT),
                   where(name), "cannot create dataset"),
           H5Dclose);
  if (values.empty()) return;
  std::vector<const char*> texts;
  for (const std::string& v : values) texts.push_back(v.c_str());
  checkStatus(H5Dwrite(d.get(), type.get(), H5S_ALL, H5S_ALL, H5P_DEFAULT, texts.data()), where(name),
              "cannot write dataset");
}

std::vector<std::string> Group::readStrings(const std::string& name) const {
  Handle d = openDataset(name);
  const std::vector<hsize_t> dims = extentOf(d.get(), where(name));
  std::vector<char*> texts(elementCount(dims), nullptr);
  if (texts.empty()) return {};
  Handle type = stringType();
  checkStatus(H5Dread(d.get(), type.get(), H5S_ALL, H5S_ALL, H5P_DEFAULT, texts.data()), where(name),
              "cannot read dataset");
  std::vector<std::string> values;
  for (char* t : texts) {
    values.emplace_back(t ? t : "");
    H5free_memory(t);
  }
  return values;
}

// --- extendible datasets -----------------------------------------------------------------

void Group::createRowsRaw(const std::string& name, hid_t type, hsize_t columns) const {
  std::vector<hsize_t> dims{0}, maxDims{H5S_UNLIMITED}, chunk{kRowsPerChunk};
  if (columns > 0) {
    dims.push_back(columns);
    maxDims.push_back(columns);
    chunk.push_back(columns);
  }
  Handle space(checkId(H5Screate_simple(static_cast<int>(dims.size()), dims.data(), maxDims.data()), where(name),
                       "cannot create dataspace"),
               H5Sclose);
  Handle props(H5Pcreate(H5P_DATASET_CREATE), H5Pclose);
  H5Pset_chunk(props.get(), static_cast<int>(chunk.size()), chunk.data());
  Handle d(checkId(H5Dcreate2(id(), name.c_str(), type, space.get(), H5P_DEFAULT, props.get(), H5P_DEFAULT),
                   where(name), "cannot create dataset"),
           H5Dclose);
}

void Group::appendRaw(const std::string& name, hid_t type, const void* data, std::size_t count) const {
  Handle d = openDataset(name);
  std::vector<hsize_t> dims = extentOf(d.get(), where(name));
  const std::size_t rowSize = dims.size() > 1 ? static_cast<std::size_t>(dims[1]) : 1;
  if (count == 0) return;
  if (count % rowSize != 0) throw std::runtime_error(where(name) + ": appending a partial row");
  std::vector<hsize_t> start(dims.size(), 0), added = dims;
  start[0] = dims[0];
  added[0] = count / rowSize;
  dims[0] += added[0];
  checkStatus(H5Dset_extent(d.get(), dims.data()), where(name), "cannot extend dataset");
  Handle fileSpace(checkId(H5Dget_space(d.get()), where(name), "cannot read dataspace"), H5Sclose);
  checkStatus(H5Sselect_hyperslab(fileSpace.get(), H5S_SELECT_SET, start.data(), nullptr, added.data(), nullptr),
              where(name), "cannot select rows");
  Handle memSpace = simpleSpace(added, where(name));
  checkStatus(H5Dwrite(d.get(), type, memSpace.get(), fileSpace.get(), H5P_DEFAULT, data), where(name),
              "cannot append rows");
}

void Group::resizeRows(const std::string& name, hsize_t rows) const {
  Handle d = openDataset(name);
  std::vector<hsize_t> dims = extentOf(d.get(), where(name));
  dims[0] = rows;
  checkStatus(H5Dset_extent(d.get(), dims.data()), where(name), "cannot resize dataset");
}

// --- files -------------------------------------------------------------------------------

File::File(Handle file, Handle root, const std::string& path)
    : Group(std::move(root), path, "/"), m_file(std::move(file)) {}

namespace {

Handle rootOf(hid_t file, const std::string& path) {
  return Handle(checkId(H5Gopen2(file, "/", H5P_DEFAULT), path, "cannot open root group"), H5Gclose);
}

// The same clear messages for a missing file and a foreign one, before HDF5's own.
// A FIFO or a device is refused before anything opens it: opening a FIFO for reading
// waits for a writer that may never come.
void requireHdf5File(const std::string& path) {
  if (const std::optional<std::string> found = notARegularFile(path))
    throw InputFileError(path, "cannot open: " + *found);
  if (H5Fis_hdf5(path.c_str()) > 0) return;
  H5Eclear2(H5E_DEFAULT);
  FILE* probe = std::fopen(path.c_str(), "rb");
  if (!probe) throw InputFileError(path, "cannot open: no such file or not readable");
  std::fclose(probe);
  throw InputFileError(path, "not an HDF5 file");
}

}  // namespace

File File::createReplacing(const std::string& path) {
  silenceHdf5();
  // Chunked datasets index their chunks in a B-tree whose nodes HDF5 allocates whole: 2K
  // entries, about 2.6 KB per dataset at the default K = 32, more than a frame's dataset
  // of a few thousand spheres saves by deflate. A frame's datasets have a few chunks
  // (series tables a few dozen), so K = 2 keeps the index small at a depth that does not
  // matter; any HDF5 reader (1.6 on) reads it.
  Handle create(checkId(H5Pcreate(H5P_FILE_CREATE), path, "cannot create file properties"), H5Pclose);
  checkStatus(H5Pset_istore_k(create.get(), kChunkIndexK), path, "cannot set the chunk index size");
  Handle f(checkId(H5Fcreate(path.c_str(), H5F_ACC_TRUNC, create.get(), H5P_DEFAULT), path, "cannot create HDF5 file"),
           H5Fclose);
  Handle root = rootOf(f.get(), path);
  return File(std::move(f), std::move(root), path);
}

File File::openExisting(const std::string& path, unsigned flags) {
  silenceHdf5();
  requireHdf5File(path);
  Handle f(checkId(H5Fopen(path.c_str(), flags, H5P_DEFAULT), path,
                   flags == H5F_ACC_RDWR ? "cannot open HDF5 file for writing" : "cannot open HDF5 file"),
           H5Fclose);
  Handle root = rootOf(f.get(), path);
  return File(std::move(f), std::move(root), path);
}

File File::openReadOnly(const std::string& path) { return openExisting(path, H5F_ACC_RDONLY); }
File File::openReadWrite(const std::string& path) { return openExisting(path, H5F_ACC_RDWR); }

void File::flush() const { checkStatus(H5Fflush(m_file.get(), H5F_SCOPE_GLOBAL), file(), "cannot flush"); }

std::uint64_t File::allocatedEnd() const {
  haddr_t end = 0;
  checkStatus(H5Fget_eoa(m_file.get(), &end), file(), "cannot read the end of allocation");
  return std::uint64_t(end);
}

}  // namespace regolith::h5
