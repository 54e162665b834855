// MJCF loading with its checks and hints (mjcf_load.h).
#include "robots/mjcf_load.h"

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <regex>
#include <sstream>
#include <stdexcept>

#include "io/json/regular_file.h"

namespace regolith::robots {

std::string mjcfErrorMessage(const std::string& path, const std::string& mujocoError) {
  // MuJoCo 2.2: "Error: joint has `range` but not `limited`. set the autolimits=...\n
  // Object name = j, id = 0, line = 12, column = -1"
  static const std::regex missingLimit(R"((\w+) has `(\w+)` but not `(\w+)`)");
  static const std::regex object(R"(Object name = ([^,]*), id = (-?\d+), line = (-?\d+))");
  std::smatch limit, where;
  if (!std::regex_search(mujocoError, limit, missingLimit)) return path + ": " + mujocoError;
  std::ostringstream o;
  o << path;
  const bool located = std::regex_search(mujocoError, where, object);
  if (located && std::stoi(where[3]) > 0) o << " line " << where[3];
  o << ": <" << limit[1];
  if (located && !where[1].str().empty()) o << " name=\"" << where[1] << "\"";
  o << "> has " << limit[2] << " but no " << limit[3] << "=\"true\". Regolith is built with MuJoCo "
    << mjVERSION_HEADER / 100 << "." << mjVERSION_HEADER / 10 % 10 << "." << mjVERSION_HEADER % 10 << ", which reads a "
    << limit[2] << " only with " << limit[3]
    << "=\"true\" (MuJoCo 2.3 and later infer it, and MJCF written for them omits it). Fix: add "
       "<compiler autolimits=\"true\"/> inside <mujoco> (one line for the whole file), or "
    << limit[3] << "=\"true\" on this element. MuJoCo said: " << mujocoError;
  return o.str();
}

mjModel* loadMjcf(const std::string& path) {
  if (const std::optional<std::string> found = notARegularFile(path))
    throw std::invalid_argument(path + ": " + *found + "; expected an MJCF .xml file");
  char error[1000] = "";
  mjModel* m = mj_loadXML(path.c_str(), nullptr, error, sizeof error);
  if (!m) {
    std::string said = error;  // MuJoCo puts "Object name = ..." on a line of its own
    for (char& c : said)
      if (c == '\n') c = ' ';
    throw std::invalid_argument(said.empty() ? path + ": not a MuJoCo model" : mjcfErrorMessage(path, said));
  }
  const double dt = m->opt.timestep;
  if (!(std::isfinite(dt) && dt > 0)) {
    mj_deleteModel(m);
    char value[32];
    std::snprintf(value, sizeof value, "%g", dt);
    throw std::invalid_argument(path + ": <option timestep=\"" + value +
                                "\">: expected a positive, finite time step in seconds (e.g. 0.001)");
  }
  return m;
}

}  // namespace regolith::robots
