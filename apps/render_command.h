// `regolith render RUN --out picture.png [--frame K] [--movie]`: a picture of a run as
// ParaView draws it (postprocess/render_run.py under pvpython, headless through xvfb-run
// when there is no display): grains as spheres of their radius coloured by speed, bodies
// translucent, a camera that frames the scene.
#pragma once

#include <string>

#include "apps/command_action.h"

namespace regolith {

struct RenderOptions {
  std::string run;     // a run folder, its run.h5 or its run.xmf
  std::string out;     // picture path (.png; --movie: OUT.0000.png, OUT.0001.png, ...)
  int frame = -1;      // frame index; negative counts from the end (-1: the last)
  bool movie = false;  // every frame
  int width = 1280, height = 800;
  std::string view = "iso";  // iso, x, y or z: where the camera looks from
};

// The rendering script: $REGOLITH_RENDER_SCRIPT, else the package's render_run.py.
std::string renderScript();

// Returns 0, or 1 with the reason on stderr (no run.xmf, no pvpython, no display and no
// Xvfb, or the script's own message, e.g. a frame out of range).
int renderCommand(const RenderOptions& options);

// Adds "render" to `app`; chosen, it sets `action` to renderCommand.
void registerRenderCommand(CLI::App& app, CommandAction& action);

}  // namespace regolith
