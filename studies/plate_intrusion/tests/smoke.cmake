# The plate-intrusion smoke case (tests/CMakeLists.txt includes this): a horizontal plate
# pushed straight down, then the StudySmoke.PlateIntrusion* tests on it.
study_smoke_run(PlateIntrusion smoke_plate_intrusion plate_intrusion/plate_intrusion.smoke.json
                plate_intrusion/beta_0_gamma_90)
study_smoke_tests("StudySmoke.PlateIntrusion*" smoke_plate_intrusion)
