// regolith_models_bench: times 3D RFT on one rigid intruder, one core.
//   regolith_models_bench [--plates N] [--evaluations E] [--min-seconds S] [--json]
// Exit status: 0 success, 1 usage, 2 invalid input.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>

#include "models/bench/rft_bench.h"

namespace {

int usage() {
  std::fprintf(stderr,
               "usage: regolith_models_bench [--plates N] [--evaluations E] [--min-seconds S] [--json]\n"
               "  times 3D RFT on a partly buried, moving sphere of about N plates (default 5000)\n");
  return 1;
}

bool parseCount(const char* s, std::size_t& out) {
  char* end = nullptr;
  const unsigned long long v = std::strtoull(s, &end, 10);
  if (end == s || *end != '\0' || s[0] == '-') return false;
  out = static_cast<std::size_t>(v);
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  regolith::rft::RftBenchOptions o;
  bool json = false;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    const bool hasValue = i + 1 < argc;
    if (a == "--json") {
      json = true;
    } else if (a == "--plates" && hasValue) {
      if (!parseCount(argv[++i], o.plates)) return usage();
    } else if (a == "--evaluations" && hasValue) {
      if (!parseCount(argv[++i], o.evaluations)) return usage();
    } else if (a == "--min-seconds" && hasValue) {
      char* end = nullptr;
      o.minSeconds = std::strtod(argv[++i], &end);
      if (*end != '\0') return usage();
    } else {
      return usage();
    }
  }
  try {
    const regolith::rft::RftBenchResult r = regolith::rft::runRftBench(o);
    const nlohmann::json j = regolith::rft::rftBenchJson(r);
    std::cout << (json ? j.dump(2) : regolith::rft::rftBenchText(j)) << std::endl;
  } catch (const std::invalid_argument& e) {
    std::cerr << "regolith_models_bench: invalid input: " << e.what() << std::endl;
    return 2;
  }
  return 0;
}
