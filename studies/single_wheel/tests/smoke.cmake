# The single wheel's smoke cases (tests/CMakeLists.txt includes this): the smoke twin at two
# slips, then the StudySmoke.SingleWheel* tests on them.
foreach(slip IN ITEMS 0.1 0.6)
  study_smoke_run(SingleWheelSlip${slip} smoke_single_wheel single_wheel/single_wheel.smoke.json
                  single_wheel/slip_${slip} --set /study/slip=${slip})
endforeach()
study_smoke_tests("StudySmoke.SingleWheel*" smoke_single_wheel)

# The following bed's smoke run (docs/moving-bed.md): settled, lowered, loaded and driven
# 0.5 s (24 mm: its first strip refreshed), then its scripts: plot_traverse.py, bed_ahead.py.
# Its own folder: `regolith metrics` on single_wheel/ reads every run there.
study_smoke_run(SingleWheelFollowing smoke_single_wheel_following single_wheel/single_wheel_following.smoke.json
                single_wheel_following --set /phases/3/duration=0.5)
add_test(NAME StudySmoke.SingleWheelFollowingScripts
         COMMAND /usr/bin/python3 ${PROJECT_SOURCE_DIR}/studies/single_wheel/tests/check_traverse_scripts.py
                 $<TARGET_FILE:regolith> ${study_smoke_dir}/single_wheel_following)
set_tests_properties(StudySmoke.SingleWheelFollowingScripts PROPERTIES
                     FIXTURES_REQUIRED smoke_single_wheel_following LABELS slow ENVIRONMENT "${test_env}")

# The coupled wheel (MuJoCo, studies/single_wheel/coupled) on that run's bed, following it:
# 0.5 s whole, and cut at 0.3 s and resumed.
add_test(NAME StudySmoke.CoupledWheelOnFollowingBed
         COMMAND /usr/bin/python3 ${PROJECT_SOURCE_DIR}/studies/single_wheel/tests/check_coupled_following.py
                 $<TARGET_FILE:regolith> ${study_smoke_dir}/single_wheel_following
                 ${study_smoke_dir}/coupled_following)
set_tests_properties(StudySmoke.CoupledWheelOnFollowingBed PROPERTIES
                     FIXTURES_REQUIRED smoke_single_wheel_following LABELS slow ENVIRONMENT "${test_env}")
