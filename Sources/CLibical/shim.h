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

#endif
