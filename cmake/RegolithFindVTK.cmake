# Finds VTK through its CMake package config, for io/ (mesh files, VTP export) and for
# consumers of the installed Regolith::io and Regolith::scenes (RegolithConfig.cmake includes this file).
#
# A standalone VTK (e.g. libvtk9-dev) is found by CMake's normal search. Debian's
# paraview-dev ships VTK inside ParaView's package folder instead (libvtk9-dev conflicts
# with python3-paraview, which the output tests need): its config is
# <prefix>/lib/<arch>/cmake/paraview-<version>/vtk, which CMake's search does not visit, so
# those folders are offered as hints. Loading ParaView's own config would also require MPI
# and Qt development files.
set(_regolith_vtk_components CommonCore CommonDataModel IOXML IOGeometry FiltersCore)
set(_regolith_vtk_hints)
foreach(_prefix IN LISTS CMAKE_PREFIX_PATH CMAKE_SYSTEM_PREFIX_PATH)
  file(GLOB _dirs LIST_DIRECTORIES true
       "${_prefix}/lib/${CMAKE_LIBRARY_ARCHITECTURE}/cmake/paraview-*/vtk"
       "${_prefix}/lib/cmake/paraview-*/vtk" "${_prefix}/lib64/cmake/paraview-*/vtk")
  list(APPEND _regolith_vtk_hints ${_dirs})
endforeach()
if(REGOLITH_FIND_VTK_AS_DEPENDENCY)
  find_dependency(VTK COMPONENTS ${_regolith_vtk_components} HINTS ${_regolith_vtk_hints})
else()
  find_package(VTK COMPONENTS ${_regolith_vtk_components} REQUIRED HINTS ${_regolith_vtk_hints})
endif()
unset(_prefix)
unset(_dirs)
unset(_regolith_vtk_hints)
unset(_regolith_vtk_components)
