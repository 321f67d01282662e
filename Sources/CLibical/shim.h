#ifndef DOSECAL_CLIBICAL_SHIM_H
#define DOSECAL_CLIBICAL_SHIM_H
#include <libical/ical.h>

/// icalerrno is a macro over a per-thread lvalue; expose it as functions.
static inline int dosecal_icalerrno(void) { return (int)icalerrno; }
static inline void dosecal_icalerrno_clear(void) { icalerror_clear_errno(); }

/// Whether `r` is a DAILY rule with no BY part, COUNT or RSCALE (INTERVAL and UNTIL allowed):
/// the one shape whose iterator `icalrecur_iterator_set_start` moves ahead exactly as stepping does.
static inline int dosecal_recur_is_plain_daily(const struct icalrecurrencetype *r) {
    return r->freq == ICAL_DAILY_RECURRENCE && r->count == 0 && r->rscale == NULL
        && r->by_second[0] == ICAL_RECURRENCE_ARRAY_MAX && r->by_minute[0] == ICAL_RECURRENCE_ARRAY_MAX
        && r->by_hour[0] == ICAL_RECURRENCE_ARRAY_MAX && r->by_day[0] == ICAL_RECURRENCE_ARRAY_MAX
        && r->by_month_day[0] == ICAL_RECURRENCE_ARRAY_MAX && r->by_year_day[0] == ICAL_RECURRENCE_ARRAY_MAX
        && r->by_week_no[0] == ICAL_RECURRENCE_ARRAY_MAX && r->by_month[0] == ICAL_RECURRENCE_ARRAY_MAX
        && r->by_set_pos[0] == ICAL_RECURRENCE_ARRAY_MAX;
}

/// Whether `r` is a WEEKLY rule with INTERVAL, UNTIL, WKST and BYDAY only (no other BY part,
/// COUNT or RSCALE), its BYDAY plain weekdays (no ordinal) in strictly rising order from WKST,
/// as libical's parser sorts them: the shape whose iterator `icalrecur_iterator_set_start`
/// resumes exactly on the first BYDAY day of one of its weeks (decision 0155).
static inline int dosecal_recur_is_plain_weekly(const struct icalrecurrencetype *r) {
    if (r->freq != ICAL_WEEKLY_RECURRENCE || r->count != 0 || r->rscale != NULL
        || r->by_second[0] != ICAL_RECURRENCE_ARRAY_MAX || r->by_minute[0] != ICAL_RECURRENCE_ARRAY_MAX
        || r->by_hour[0] != ICAL_RECURRENCE_ARRAY_MAX || r->by_month_day[0] != ICAL_RECURRENCE_ARRAY_MAX
        || r->by_year_day[0] != ICAL_RECURRENCE_ARRAY_MAX || r->by_week_no[0] != ICAL_RECURRENCE_ARRAY_MAX
        || r->by_month[0] != ICAL_RECURRENCE_ARRAY_MAX || r->by_set_pos[0] != ICAL_RECURRENCE_ARRAY_MAX
        || r->week_start < ICAL_SUNDAY_WEEKDAY || r->week_start > ICAL_SATURDAY_WEEKDAY)
        return 0;
    int previous = -1;
    for (int i = 0; i < ICAL_BY_DAY_SIZE && r->by_day[i] != ICAL_RECURRENCE_ARRAY_MAX; i++) {
        short day = r->by_day[i];
        if (day < ICAL_SUNDAY_WEEKDAY || day > ICAL_SATURDAY_WEEKDAY) return 0;
        int offset = (day - (int)r->week_start + 7) % 7;
        if (offset <= previous) return 0;
        previous = offset;
    }
    return 1;
}

/// The first BYDAY weekday of `r` (1 Sunday ... 7 Saturday), 0 when it has no BYDAY.
static inline int dosecal_recur_first_weekday(const struct icalrecurrencetype *r) {
    return r->by_day[0] == ICAL_RECURRENCE_ARRAY_MAX ? 0 : r->by_day[0];
}

/// The week start of `r` (WKST; 1 Sunday ... 7 Saturday).
static inline int dosecal_recur_week_start(const struct icalrecurrencetype *r) { return (int)r->week_start; }

#endif
