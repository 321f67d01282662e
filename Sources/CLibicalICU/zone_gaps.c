#include "CLibicalICU.h"

#include <libical/ical.h>
#include <math.h>
#include <string.h>
#include <unicode/ucal.h>
#include <unicode/ustring.h>

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
    UChar name[256];
    const UChar *tzid = (const UChar *)UCAL_UNKNOWN_ZONE_ID;
    if (src) {
        u_strFromUTF8Lenient(name, 256, NULL, src, -1, &status);
        if (U_FAILURE(status) || status == U_STRING_NOT_TERMINATED_WARNING) return 0;
        tzid = name;
    }
    UCalendar *cal = ucal_open(tzid, -1, "", UCAL_GREGORIAN, &status);
    if (!cal || U_FAILURE(status)) {
        if (cal) ucal_close(cal);
        return 0;
    }
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
    ucal_close(cal);
    return ok;
}
