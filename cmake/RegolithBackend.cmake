# Backend selection: defines the target RegolithThrust and the function
# regolith_kernel_sources(<target> <sources>) that compiles kernel sources for the backend.
#
# Thrust is found through its CMake config, never by guessed paths. Where the CUDA
# toolkit is installed its CCCL (Thrust 3.x) is found first; the CPU build then uses that
# same Thrust with the OpenMP device system. Without a toolkit, Debian's libthrust-dev
# (1.17) serves the CPU build.
if(REGOLITH_CUDA)
  if(NOT DEFINED CMAKE_CUDA_ARCHITECTURES)
    set(CMAKE_CUDA_ARCHITECTURES 80 89 90)
  endif()
  set(CMAKE_CUDA_RUNTIME_LIBRARY Static)
  enable_language(CUDA)
  set(CMAKE_CUDA_STANDARD 17)
  set(CMAKE_CUDA_STANDARD_REQUIRED ON)
  find_package(CUDAToolkit REQUIRED)
  find_package(Thrust 3.0 CONFIG REQUIRED)
  thrust_create_target(RegolithThrust HOST CPP DEVICE CUDA)
  set(REGOLITH_BACKEND cuda)
else()
  find_package(Thrust 3.0 CONFIG QUIET)
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
