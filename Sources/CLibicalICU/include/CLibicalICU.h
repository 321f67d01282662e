#ifndef DOSECAL_CLIBICALICU_H
#define DOSECAL_CLIBICALICU_H

/// 1 when the wall time `second_of_day` exists on every day from `from_ms` to `to_ms` (UTC
/// milliseconds) in ICU's copy of `zone` (an `icaltimezone *`): the zone and data libical's
/// recurrence iterator steps in. 0 when that time falls in a gap (clocks go forward) on one of
/// those days, or ICU fails. ICU's calendar of each zone name is opened once and kept (callers hold
/// libical's lock). Kept apart from the libical module so that ICU's C types never meet
/// Foundation's own ICU copy in one Swift module.
int dosecal_icu_wall_time_exists(void *zone, double from_ms, double to_ms, int second_of_day);

#endif
