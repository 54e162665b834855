// `regolith render`: finds run.xmf, pvpython and a display (or starts Xvfb), then runs render_run.py
// (apps/render_command.h).
#include "apps/render_command.h"

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <memory>

#include "io/json/data_files.h"
#include "apps/run_program.h"
#include "apps/virtual_display.h"

namespace regolith {
namespace {

namespace fs = std::filesystem;

// A run folder, its run.h5 or its run.xmf -> the run.xmf, or "" with the reason printed.
std::string xdmfOf(const std::string& run) {
  fs::path p(run);
  if (fs::is_directory(p)) p /= "run.xmf";
  else if (p.extension() == ".h5") p.replace_extension(".xmf");
  if (fs::is_regular_file(p)) return p.string();
  std::cerr << "regolith render: " << run << ": no " << p.string()
            << " (give a run folder written by `regolith run`, its run.h5 or its run.xmf)" << std::endl;
  return "";
}

}  // namespace

std::string renderScript() { return dataFile("render_run.py", "REGOLITH_RENDER_SCRIPT"); }

int renderCommand(const RenderOptions& o) {
  const std::string xmf = xdmfOf(o.run);
  if (xmf.empty()) return 1;
  const std::string script = renderScript();
  if (!fs::is_regular_file(script)) {
    std::cerr << "regolith render: " << script
              << ": no rendering script (set REGOLITH_RENDER_SCRIPT to postprocess/render_run.py)" << std::endl;
    return 1;
  }
  const char* chosen = std::getenv("REGOLITH_PVPYTHON");
  const std::string pvpython = findOnPath(chosen && *chosen ? chosen : "pvpython");
  if (pvpython.empty()) {
    std::cerr << "regolith render: no pvpython (ParaView's Python) on PATH: install it with "
                 "`apt-get install python3-paraview xvfb`, or set REGOLITH_PVPYTHON"
              << std::endl;
    return 1;
  }
  // Debian's ParaView draws through X: without a display it needs a virtual one, kept
  // for the rendering's life. Each render starts its search at a number of its own, so
  // two started together (ctest -j2) do not race for one.
  std::unique_ptr<VirtualDisplay> display;
  const char* given = std::getenv("DISPLAY");
  if (!given || !*given) {
    try {
      display = std::make_unique<VirtualDisplay>(100 + int(getpid() % 4000));
    } catch (const std::exception& e) {
      std::cerr << "regolith render: " << e.what() << std::endl;
      return 1;
    }
    setenv("DISPLAY", display->name().c_str(), 1);
  }
  std::vector<std::string> argv;
  const fs::path out(o.out);
  if (out.has_parent_path()) fs::create_directories(out.parent_path());
  for (const std::string& a :
       {pvpython, script, xmf, o.out, std::string("--frame"), std::to_string(o.frame), std::string("--size"),
        std::to_string(o.width), std::to_string(o.height), std::string("--view"), o.view})
    argv.push_back(a);
  if (o.movie) argv.push_back("--movie");
  std::cout.flush();
  const int rc = runProgram(argv);
  if (rc != 0) {
    std::cerr << "regolith render: " << script << " failed for " << xmf << " (exit " << rc << ")" << std::endl;
    return 1;
  }
  return 0;
}

void registerRenderCommand(CLI::App& app, CommandAction& action) {
  const auto o = std::make_shared<RenderOptions>();
  CLI::App* command = app.add_subcommand(
      "render", "Draw a run with ParaView (pvpython, headless): grains coloured by speed, bodies translucent");
  command->add_option("run", o->run, "a run folder, its run.h5 or its run.xmf")->required();
  command->add_option("--out", o->out, "picture (.png); with --movie OUT.0000.png, OUT.0001.png, ...")->required();
  command->add_option("--frame", o->frame, "frame index; negative counts from the end")->capture_default_str();
  command->add_flag("--movie", o->movie, "every frame, one picture each");
  command->add_option("--width", o->width, "pixels")->check(CLI::Range(64, 8192))->capture_default_str();
  command->add_option("--height", o->height, "pixels")->check(CLI::Range(64, 8192))->capture_default_str();
  command->add_option("--view", o->view, "camera: iso, x, y or z (the side it looks from)")
      ->check(CLI::IsMember({"iso", "x", "y", "z"}))
      ->capture_default_str();
  whenChosen(command, action, [o] { return renderCommand(*o); });
}

}  // namespace regolith
