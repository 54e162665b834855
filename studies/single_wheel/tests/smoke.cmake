# The single wheel's smoke cases (tests/CMakeLists.txt includes this): the smoke twin at two
# slips, then the StudySmoke.SingleWheel* tests on them.
foreach(slip IN ITEMS 0.1 0.6)
  study_smoke_run(SingleWheelSlip${slip} smoke_single_wheel single_wheel/single_wheel.smoke.json
                  single_wheel/slip_${slip} --set /study/slip=${slip})
endforeach()
study_smoke_tests("StudySmoke.SingleWheel*" smoke_single_wheel)
