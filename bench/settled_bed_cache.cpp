// Settled-bed cache for the dense benchmark.
#include "bench/settled_bed_cache.h"

#include <cstring>
#include <fstream>
#include <stdexcept>

namespace regolith {
namespace {

constexpr char kMagic[8] = {'R', 'G', 'B', 'E', 'D', '0', '0', '1'};

struct Header {
  char magic[8];
  std::uint64_t owners;
  std::uint64_t settleSteps;
  std::uint64_t realBytes;  // sizeof(Real) of the build that wrote it
};

template <class T>
void writeArray(std::ofstream& f, const std::vector<T>& v) {
  f.write(reinterpret_cast<const char*>(v.data()), std::streamsize(v.size() * sizeof(T)));
}

template <class T>
bool readArray(std::ifstream& f, std::vector<T>& v, std::size_t n) {
  std::vector<T> tmp(n);
  f.read(reinterpret_cast<char*>(tmp.data()), std::streamsize(n * sizeof(T)));
  if (!f) return false;
  v.swap(tmp);
  return true;
}

}  // namespace

bool loadSettledBed(const std::string& path, StateArrays& state, std::uint64_t& settleSteps) {
  std::ifstream f(path, std::ios::binary);
  if (!f) return false;
  Header h{};
  f.read(reinterpret_cast<char*>(&h), sizeof h);
  if (!f || std::memcmp(h.magic, kMagic, sizeof kMagic) != 0 || h.owners != state.ownerCount() ||
      h.realBytes != sizeof(Real))
    return false;
  StateArrays loaded = state;
  const std::size_t n = state.ownerCount();
  if (!readArray(f, loaded.ownerPosition, n) || !readArray(f, loaded.ownerOrientation, n) ||
      !readArray(f, loaded.ownerVelocity, n) || !readArray(f, loaded.ownerAngularVelocity, n))
    return false;
  state = std::move(loaded);
  settleSteps = h.settleSteps;
  return true;
}

void saveSettledBed(const std::string& path, const StateArrays& state, std::uint64_t settleSteps) {
  const std::string tmp = path + ".tmp";
  {
    std::ofstream f(tmp, std::ios::binary | std::ios::trunc);
    if (!f) throw std::runtime_error("cannot write the settled-bed cache " + tmp);
    Header h{};
    std::memcpy(h.magic, kMagic, sizeof kMagic);
    h.owners = state.ownerCount();
    h.settleSteps = settleSteps;
    h.realBytes = sizeof(Real);
    f.write(reinterpret_cast<const char*>(&h), sizeof h);
    writeArray(f, state.ownerPosition);
    writeArray(f, state.ownerOrientation);
    writeArray(f, state.ownerVelocity);
    writeArray(f, state.ownerAngularVelocity);
    if (!f) throw std::runtime_error("cannot write the settled-bed cache " + tmp);
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) throw std::runtime_error("cannot rename " + tmp + " to " + path);
}

}  // namespace regolith
