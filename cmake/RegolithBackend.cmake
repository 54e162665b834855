# Backend selection: defines the target RegolithThrust and the function
# regolith_kernel_sources(<target> <sources>) that compiles kernel sources for the backend.
#
# Thrust is found through its CMake config, never by guessed paths. Where the CUDA
# toolkit is installed its CCCL (Thrust 3.x) is found first; the CPU build then uses that
# same Thrust with the OpenMP device system. Without a toolkit, Debian's libthrust-dev
# (1.17) serves the CPU build.
#
# The toolkit's config directory is taken from FindCUDAToolkit (which resolves nvcc,
# CUDAToolkit_ROOT or CUDA_PATH) rather than from PATH: a machine whose nvcc is a
# wrapper script in /usr/local/bin has no toolkit bin/ on PATH, and CMake's PATH-derived
# prefixes then see only Debian's Thrust 1.17.
function(regolith_toolkit_thrust_hints out_var)
  set(hints)
  foreach(root IN ITEMS "${CUDAToolkit_LIBRARY_ROOT}" "${CUDAToolkit_TARGET_DIR}")
    if(root)
      list(APPEND hints "${root}/lib/cmake" "${root}/lib64/cmake")
    endif()
  endforeach()
  if(CUDAToolkit_BIN_DIR)
    get_filename_component(prefix "${CUDAToolkit_BIN_DIR}" DIRECTORY)
    list(APPEND hints "${prefix}/lib/cmake" "${prefix}/lib64/cmake")
  endif()
  list(REMOVE_DUPLICATES hints)
  set(${out_var} "${hints}" PARENT_SCOPE)
endfunction()

if(REGOLITH_CUDA)
  if(NOT DEFINED CMAKE_CUDA_ARCHITECTURES)
    set(CMAKE_CUDA_ARCHITECTURES 80 89 90)
  endif()
  set(CMAKE_CUDA_RUNTIME_LIBRARY Static)
  enable_language(CUDA)
  set(CMAKE_CUDA_STANDARD 17)
  set(CMAKE_CUDA_STANDARD_REQUIRED ON)
  find_package(CUDAToolkit REQUIRED)
  regolith_toolkit_thrust_hints(thrust_hints)
  find_package(Thrust 3.0 CONFIG REQUIRED HINTS ${thrust_hints})
  thrust_create_target(RegolithThrust HOST CPP DEVICE CUDA)
  set(REGOLITH_BACKEND cuda)
else()
  find_package(CUDAToolkit QUIET)
  regolith_toolkit_thrust_hints(thrust_hints)
  find_package(Thrust 3.0 CONFIG QUIET HINTS ${thrust_hints})
  if(NOT Thrust_FOUND)
    find_package(Thrust 1.17 CONFIG REQUIRED)
  endif()
  thrust_create_target(RegolithThrust HOST CPP DEVICE OMP)
  set(REGOLITH_BACKEND cpu-omp)
endif()
message(STATUS "Regolith backend: ${REGOLITH_BACKEND} (Thrust ${Thrust_VERSION})")

function(regolith_kernel_sources target)
  target_sources(${target} PRIVATE ${ARGN})
  if(REGOLITH_CUDA)
    set_source_files_properties(${ARGN} TARGET_DIRECTORY ${target} PROPERTIES LANGUAGE CUDA)
  endif()
endfunction()
