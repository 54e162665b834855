# Regolith as a package: the data folder share/regolith (staged in the build tree,
# installed beside bin/), the public headers, the libraries and the CMake package config
# through which other projects write find_package(Regolith CONFIG).
#
#   cmake --install build/cpu --prefix P
#     P/bin/regolith
#     P/include/regolith/<kernels|core|io|models|...>/*.h
#     P/lib/libregolith_*.a
#     P/lib/cmake/Regolith/{RegolithConfig,RegolithConfigVersion,RegolithFindVTK}.cmake
#     P/lib/cmake/Regolith/Regolith{Common,Models,Engine,Io,Scenes}Targets*.cmake
#     P/share/regolith/{scene.schema.json, sweep.schema.json, plot_study.py, plot_common.py,
#                       render_run.py, clumps/, scenes/, studies/plot_<kind>.py,
#                       examples/robots/}
#
# Targets for consumers, each also a component: find_package(Regolith COMPONENTS models)
# finds Eigen and nothing else (tests/downstream/<component>/ is a worked example of each):
#   Regolith::models  RFT, slip/sinkage regression, Bekker–Wong: standard library and Eigen
#                     only, the piece real-time simulators link
#   Regolith::engine  core + kernels: build a Model and a StateArrays, step a Simulation
#                     (OpenMP on the CPU backend, the CUDA runtime on the CUDA one)
#   Regolith::io      run files, checkpoints, mesh files, JSON helpers (engine; HDF5,
#                     nlohmann_json, VTK for meshes)
#   Regolith::scenes  the scene compiler: a scene file built into a Model and initial state
#                     (models, io)

# ---- share/regolith --------------------------------------------------------------------
set(REGOLITH_SHARE_FILES
  ${PROJECT_SOURCE_DIR}/batch/sweep.schema.json
  ${PROJECT_SOURCE_DIR}/postprocess/plot_study.py
  ${PROJECT_SOURCE_DIR}/postprocess/plot_common.py
  ${PROJECT_SOURCE_DIR}/postprocess/render_run.py)
if(TARGET regolith_robots)
  list(APPEND REGOLITH_SHARE_FILES ${PROJECT_SOURCE_DIR}/robots/terrain.schema.json)
endif()
set(REGOLITH_SHARE_DIRS
  "${PROJECT_SOURCE_DIR}/data/clumps=clumps"
  "${PROJECT_SOURCE_DIR}/scenes=scenes"
  "${PROJECT_SOURCE_DIR}/examples/robots=examples/robots")

# The build tree's copy, refreshed on every build (a few hundred kB): <build>/apps/regolith
# and <build>/tests/* find it as an installed program finds <prefix>/share/regolith.
set(staged ${PROJECT_BINARY_DIR}/share/regolith)

# The scene schema, composed from scenes/scene.base.schema.json and every study's fragment
# (studies/<kind>/<kind>.schema.json; cmake/RegolithComposeSchema.cmake) straight into the
# staged folder, and installed from there: the build tree, the tests (C++ and Python) and
# an install all read this one file.
file(GLOB regolith_study_schemas CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/studies/*/*.schema.json)
set(REGOLITH_SCENE_SCHEMA ${staged}/scene.schema.json)
add_custom_command(OUTPUT ${REGOLITH_SCENE_SCHEMA}
  COMMAND ${CMAKE_COMMAND} -DBASE=${PROJECT_SOURCE_DIR}/scenes/scene.base.schema.json
          -DOUT=${REGOLITH_SCENE_SCHEMA} "-DFRAGMENTS=${regolith_study_schemas}"
          -P ${PROJECT_SOURCE_DIR}/cmake/RegolithComposeSchema.cmake
  DEPENDS ${PROJECT_SOURCE_DIR}/scenes/scene.base.schema.json ${regolith_study_schemas}
          ${PROJECT_SOURCE_DIR}/cmake/RegolithComposeSchema.cmake
  COMMENT "Composing scene.schema.json from scenes/ and studies/" VERBATIM)
install(FILES ${REGOLITH_SCENE_SCHEMA} DESTINATION ${CMAKE_INSTALL_DATADIR}/regolith)

# Each study's example scenes, sweep files and README (studies/<kind>/*.json but its schema
# fragment, and README.md) as share/regolith/scenes/<kind>/, where the examples have always
# been installed; and its figures as share/regolith/studies/plot_<kind>.py, which
# plot_study.py loads by the study's kind.
file(GLOB regolith_study_dirs LIST_DIRECTORIES true CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/studies/*)
file(GLOB regolith_study_plots CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/studies/*/plot_*.py)
set(stage_commands COMMAND ${CMAKE_COMMAND} -E make_directory ${staged}
                   COMMAND ${CMAKE_COMMAND} -E copy_if_different ${REGOLITH_SHARE_FILES} ${staged})
foreach(pair IN LISTS REGOLITH_SHARE_DIRS)
  string(REPLACE "=" ";" pair "${pair}")
  list(GET pair 0 from)
  list(GET pair 1 to)
  list(APPEND stage_commands COMMAND ${CMAKE_COMMAND} -E copy_directory ${from} ${staged}/${to})
  # Data only: scenes/ also holds the scene compiler's sources, which are not installed
  # there (the build tree's staged copy keeps them; nothing reads them). The robot
  # examples' control tables (CSV) and analysis scripts go with them.
  install(DIRECTORY ${from}/ DESTINATION ${CMAKE_INSTALL_DATADIR}/regolith/${to}
          FILES_MATCHING PATTERN "*.json" PATTERN "*.md" PATTERN "*.obj" PATTERN "*.stl" PATTERN "*.xml"
          PATTERN "*.csv" PATTERN "*.py" PATTERN "scene.base.schema.json" EXCLUDE)
endforeach()
foreach(study_dir IN LISTS regolith_study_dirs)
  file(GLOB examples CONFIGURE_DEPENDS ${study_dir}/*.json ${study_dir}/README.md)
  list(FILTER examples EXCLUDE REGEX "\\.schema\\.json$")
  if(NOT IS_DIRECTORY ${study_dir} OR NOT examples)
    continue()  # studies/tests, studies/CMakeLists.txt
  endif()
  get_filename_component(kind ${study_dir} NAME)
  list(APPEND stage_commands COMMAND ${CMAKE_COMMAND} -E make_directory ${staged}/scenes/${kind}
                             COMMAND ${CMAKE_COMMAND} -E copy_if_different ${examples} ${staged}/scenes/${kind})
  install(FILES ${examples} DESTINATION ${CMAKE_INSTALL_DATADIR}/regolith/scenes/${kind})
endforeach()
list(APPEND stage_commands COMMAND ${CMAKE_COMMAND} -E make_directory ${staged}/studies
                           COMMAND ${CMAKE_COMMAND} -E copy_if_different ${regolith_study_plots} ${staged}/studies)
install(FILES ${regolith_study_plots} DESTINATION ${CMAKE_INSTALL_DATADIR}/regolith/studies)
add_custom_target(regolith_share ALL ${stage_commands}
  DEPENDS ${REGOLITH_SCENE_SCHEMA}
  COMMENT "Staging share/regolith in the build tree" VERBATIM)
add_dependencies(regolith regolith_share)
install(FILES ${REGOLITH_SHARE_FILES} DESTINATION ${CMAKE_INSTALL_DATADIR}/regolith)

# ---- the libraries and their consumer-facing names --------------------------------------
add_library(regolith_models INTERFACE)
target_link_libraries(regolith_models INTERFACE regolith_rft regolith_regression regolith_bekker)
add_library(regolith_engine INTERFACE)
target_link_libraries(regolith_engine INTERFACE regolith_core)
add_library(Regolith::models ALIAS regolith_models)
add_library(Regolith::engine ALIAS regolith_engine)
add_library(Regolith::io ALIAS regolith_io)
add_library(Regolith::scenes ALIAS regolith_scenes)

# The package's components, each an export set of its own (lib/cmake/Regolith/
# Regolith<Set>Targets.cmake) that RegolithConfig.cmake loads, after finding that set's
# dependencies, only when the component is asked for (or needed by one that is):
#   Common  options (include root, Real)                  nothing
#   Models  rft, regression, bekker, models               Eigen
#   Engine  kernels, core, engine                         OpenMP (CPU) / the CUDA runtime
#   Io      json, mesh_io, io                             Engine; HDF5, nlohmann_json, VTK
#   Scenes  clumps, postprocess, scenes, studies          Models, Io
# A target's dependencies on targets of an earlier set are references across export sets;
# the generated files check that those are loaded. Header-only libraries that no public
# header includes (Eigen in core and clumps, valijson, Thrust) are BUILD_INTERFACE: not in
# any exported link interface. Every library an exported target links is here: static
# libraries carry their dependencies.
set(REGOLITH_EXPORT_SETS
  "Common=regolith_options"
  "Models=regolith_rft,regolith_regression,regolith_bekker,regolith_models"
  "Engine=regolith_kernels,regolith_core,regolith_engine"
  "Io=regolith_json,regolith_mesh_io,regolith_io"
  "Scenes=regolith_clumps,regolith_postprocess,regolith_scenes,regolith_studies")
include(CMakePackageConfigHelpers)
set(config_dir ${CMAKE_INSTALL_LIBDIR}/cmake/Regolith)
foreach(set_and_targets IN LISTS REGOLITH_EXPORT_SETS)
  string(REGEX MATCH "^[A-Za-z]+" set_name "${set_and_targets}")
  string(REGEX REPLACE "^[A-Za-z]+=" "" targets "${set_and_targets}")
  string(REPLACE "," ";" targets "${targets}")
  foreach(target IN LISTS targets)
    string(REGEX REPLACE "^regolith_" "" name ${target})
    set_target_properties(${target} PROPERTIES EXPORT_NAME ${name})
  endforeach()
  install(TARGETS ${targets} EXPORT Regolith${set_name}Targets
    ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
    LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
    INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/regolith)
  install(EXPORT Regolith${set_name}Targets NAMESPACE Regolith:: DESTINATION ${config_dir})
endforeach()
install(TARGETS regolith RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

# Public headers keep their folder: #include "core/simulation.h", "models/rft/rft_model.h".
foreach(dir kernels core clumps io scenes studies postprocess models)
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/${dir}/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/regolith/${dir}
          FILES_MATCHING PATTERN "*.h" PATTERN "tests" EXCLUDE PATTERN "bench" EXCLUDE PATTERN "fitted" EXCLUDE)
endforeach()

# ---- the package config -----------------------------------------------------------------
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/RegolithConfig.cmake.in
  ${PROJECT_BINARY_DIR}/RegolithConfig.cmake INSTALL_DESTINATION ${config_dir})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/RegolithConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/RegolithConfig.cmake ${PROJECT_BINARY_DIR}/RegolithConfigVersion.cmake
              ${PROJECT_SOURCE_DIR}/cmake/RegolithFindVTK.cmake
        DESTINATION ${config_dir})
