/* How libical 3.0.16 iterates the invalid-but-common UNTIL forms (decision 0019).
 * Build and run: gcc scripts/libical-until-probe.c -o /tmp/until $(pkg-config --cflags --libs libical) && /tmp/until
 * On 2026-11-30 (Debian libical 3.0.16): 9 / 10 / 9 / 10 occurrences, last 20261209T080000,
 * 20261210T080000, 20261209, 20261210: a date-only UNTIL drops its own day, and a UTC UNTIL
 * of 23:00Z (Berlin midnight) on an all-day series drops the day its writer meant. */
#include <libical/ical.h>
#include <stdio.h>
static void run(const char *rrule, const char *start, int is_date) {
    struct icalrecurrencetype r = icalrecurrencetype_from_string(rrule);
    struct icaltimetype s = icaltime_from_string(start);
    icalrecur_iterator *it = icalrecur_iterator_new(r, s);
    struct icaltimetype t, last = icaltime_null_time();
    int n = 0;
    while (it && !icaltime_is_null_time(t = icalrecur_iterator_next(it)) && n < 1000) { last = t; n++; }
    printf("%-45s start %-16s -> %d occurrences, last %s\n", rrule, start, n, icaltime_as_ical_string(last));
    if (it) icalrecur_iterator_free(it);
}
int main(void) {
    run("FREQ=DAILY;UNTIL=20261210", "20261201T080000", 0);
    run("FREQ=DAILY;UNTIL=20261210T080000", "20261201T080000", 0);
    run("FREQ=DAILY;UNTIL=20261209T230000Z", "20261201", 1);
    run("FREQ=DAILY;UNTIL=20261210T000000Z", "20261201", 1);
    return 0;
}
