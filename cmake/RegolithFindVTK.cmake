# Finds VTK through its CMake package config, for io/ (mesh files, VTP export), and tells
# the installed package config (RegolithConfig.cmake includes this file for its io
# component, with REGOLITH_FIND_VTK_AS_DEPENDENCY set) where to look: it then only sets
# REGOLITH_VTK_COMPONENTS and REGOLITH_VTK_HINTS and calls find_dependency itself, whose
# return() on failure must leave the config file, not this one.
#
# A standalone VTK (e.g. libvtk9-dev) is found by CMake's normal search. Debian's
# paraview-dev ships VTK inside ParaView's package folder instead (libvtk9-dev conflicts
# with python3-paraview, which the output tests need): its config is
# <prefix>/lib/<arch>/cmake/paraview-<version>/vtk, which CMake's search does not visit, so
# those folders are offered as hints. Loading ParaView's own config would also require MPI
# and Qt development files.
set(REGOLITH_VTK_COMPONENTS CommonCore CommonDataModel IOXML IOGeometry FiltersCore)
set(REGOLITH_VTK_HINTS)
foreach(_prefix IN LISTS CMAKE_PREFIX_PATH CMAKE_SYSTEM_PREFIX_PATH)
  file(GLOB _dirs LIST_DIRECTORIES true
       "${_prefix}/lib/${CMAKE_LIBRARY_ARCHITECTURE}/cmake/paraview-*/vtk"
       "${_prefix}/lib/cmake/paraview-*/vtk" "${_prefix}/lib64/cmake/paraview-*/vtk")
  list(APPEND REGOLITH_VTK_HINTS ${_dirs})
endforeach()
unset(_prefix)
unset(_dirs)
if(NOT REGOLITH_FIND_VTK_AS_DEPENDENCY)
  find_package(VTK COMPONENTS ${REGOLITH_VTK_COMPONENTS} REQUIRED HINTS ${REGOLITH_VTK_HINTS})
endif()
