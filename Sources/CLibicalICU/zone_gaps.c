#include "CLibicalICU.h"

#include <libical/ical.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unicode/ucal.h>
#include <unicode/ustring.h>

/* ICU builds a zone's transition rules the first time a calendar of that zone is asked for a
   transition; opening a calendar per series rebuilt them for every series. The calendars are kept
   here, one per zone name, for the process (64 at most). Callers hold
   libical's lock (as every call of this file), so the table needs none of its own. */
enum { zone_calendar_slots = 64 };
static struct {
    char *name;
    UCalendar *calendar;
} zone_calendars[zone_calendar_slots];
static int zone_calendar_next;

/* The calendar of `src` (a zone name, or NULL for ICU's unknown zone), opened once; NULL when ICU
   cannot open it. When every slot is taken the oldest one is closed and reused. */
static UCalendar *zone_calendar(const char *src) {
    const char *key = src ? src : "";
    for (int i = 0; i < zone_calendar_slots && zone_calendars[i].name; i++)
        if (strcmp(zone_calendars[i].name, key) == 0) return zone_calendars[i].calendar;
    UErrorCode status = U_ZERO_ERROR;
    UChar name[256];
    const UChar *tzid = (const UChar *)UCAL_UNKNOWN_ZONE_ID;
    if (src) {
        u_strFromUTF8Lenient(name, 256, NULL, src, -1, &status);
        if (U_FAILURE(status) || status == U_STRING_NOT_TERMINATED_WARNING) return NULL;
        tzid = name;
    }
    UCalendar *cal = ucal_open(tzid, -1, "", UCAL_GREGORIAN, &status);
    if (!cal || U_FAILURE(status)) {
        if (cal) ucal_close(cal);
        return NULL;
    }
    char *copy = strdup(key);
    if (!copy) return cal; /* not kept: the caller closes what is not in the table */
    int slot = zone_calendar_next;
    zone_calendar_next = (zone_calendar_next + 1) % zone_calendar_slots;
    if (zone_calendars[slot].name) {
        free(zone_calendars[slot].name);
        ucal_close(zone_calendars[slot].calendar);
    }
    zone_calendars[slot].name = copy;
    zone_calendars[slot].calendar = cal;
    return cal;
}

/* Whether `cal` is one of the kept calendars (else the caller owns it and closes it). */
static int zone_calendar_is_kept(const UCalendar *cal) {
    for (int i = 0; i < zone_calendar_slots; i++)
        if (zone_calendars[i].calendar == cal) return 1;
    return 0;
}

/* libical's iterator opens its ICU calendar with the zone's location, else its TZID without
   libical's prefix (`initialize_rscale`; TZIDs with a prefix answer 0); ICU keeps a stepped wall time on every day where it
   exists and moves it forward in a gap. */
int dosecal_icu_wall_time_exists(void *raw_zone, double from_ms, double to_ms, int second_of_day) {
    icaltimezone *zone = raw_zone;
    UErrorCode status = U_ZERO_ERROR;
    const char *src = icaltimezone_get_location(zone);
    if (!src) {
        src = icaltimezone_get_tzid(zone);
        /* libical would strip its TZID prefix (not exported): such zones are not judged here. */
        if (src && src[0] == '/') return 0;
    }
    UCalendar *cal = zone_calendar(src);
    if (!cal) return 0;
    const double day_ms = 86400000.0;
    int ok = 1;
    ucal_setMillis(cal, from_ms, &status);
    while (ok && U_SUCCESS(status)) {
        UDate next = 0;
        if (!ucal_getTimeZoneTransitionDate(cal, UCAL_TZ_TRANSITION_NEXT, &next, &status) || U_FAILURE(status)
            || next > to_ms) break;
        ucal_setMillis(cal, next - 1, &status);
        double before = ucal_get(cal, UCAL_ZONE_OFFSET, &status) + ucal_get(cal, UCAL_DST_OFFSET, &status);
        ucal_setMillis(cal, next, &status);
        double after = ucal_get(cal, UCAL_ZONE_OFFSET, &status) + ucal_get(cal, UCAL_DST_OFFSET, &status);
        if (after <= before) continue;
        /* The skipped wall times: [next + before, next + after) in local milliseconds. */
        for (double day = floor((next + before) / day_ms); day * day_ms < next + after; day += 1) {
            double wall = day * day_ms + second_of_day * 1000.0;
            if (wall >= next + before && wall < next + after) ok = 0;
        }
    }
    if (U_FAILURE(status)) ok = 0;
    if (!zone_calendar_is_kept(cal)) ucal_close(cal);
    return ok;
}
