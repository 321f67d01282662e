/* The libical peer of `dosecal expand FILE --from FROM --to TO --count`: parse the whole file with
 * libical's parser, expand every VEVENT with icalrecur_iterator (RRULE, minus EXDATE), resolve each
 * start in its zone (libical's built-in zones, UTC, floating read as UTC), and count the instances
 * that overlap [FROM, TO). RECURRENCE-ID overrides replace the instance they name (counted once).
 * A measuring peer, not a reference: usage: libical_expand FILE FROM TO (dates YYYY-MM-DD). */
#include <libical/ical.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static time_t day(const char *s) {
    struct icaltimetype t = icaltime_from_string(s);
    t.is_date = 1;
    return icaltime_as_timet_with_zone(t, icaltimezone_get_utc_timezone());
}

static char *slurp(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)n + 1);
    if (fread(buf, 1, (size_t)n, f) != (size_t)n) { fclose(f); free(buf); return NULL; }
    buf[n] = 0;
    fclose(f);
    return buf;
}

static icaltimezone *zone_of(icalproperty *p) {
    icalparameter *tz = icalproperty_get_first_parameter(p, ICAL_TZID_PARAMETER);
    if (!tz) return icaltimezone_get_utc_timezone();
    icaltimezone *z = icaltimezone_get_builtin_timezone(icalparameter_get_tzid(tz));
    return z ? z : icaltimezone_get_utc_timezone();
}

static time_t instant(struct icaltimetype t, icaltimezone *z) {
    if (t.is_date || icaltime_is_utc(t)) return icaltime_as_timet_with_zone(t, icaltimezone_get_utc_timezone());
    return icaltime_as_timet_with_zone(t, z);
}

static int excluded(icalcomponent *e, time_t t, icaltimezone *z) {
    for (icalproperty *p = icalcomponent_get_first_property(e, ICAL_EXDATE_PROPERTY); p;
         p = icalcomponent_get_next_property(e, ICAL_EXDATE_PROPERTY))
        if (instant(icalproperty_get_exdate(p), zone_of(p)) == t) return 1;
    (void)z;
    return 0;
}

static long count_event(icalcomponent *e, time_t from, time_t to) {
    icalproperty *ds = icalcomponent_get_first_property(e, ICAL_DTSTART_PROPERTY);
    if (!ds) return 0;
    struct icaltimetype start = icalproperty_get_dtstart(ds);
    icaltimezone *z = zone_of(ds);
    long length = start.is_date ? 86400 : 0;
    icalproperty *rr = icalcomponent_get_first_property(e, ICAL_RRULE_PROPERTY);
    if (!rr) {
        time_t t = instant(start, z);
        return (t < to && t + length > from) || (length == 0 && t >= from && t < to);
    }
    struct icalrecurrencetype rule = icalproperty_get_rrule(rr);
    icalrecur_iterator *it = icalrecur_iterator_new(rule, start);
    if (!it) return 0;
    long n = 0;
    for (struct icaltimetype next = icalrecur_iterator_next(it); !icaltime_is_null_time(next);
         next = icalrecur_iterator_next(it)) {
        time_t t = instant(next, z);
        if (t >= to) break;
        if ((t + length > from || (length == 0 && t >= from)) && !excluded(e, t, z)) n++;
    }
    icalrecur_iterator_free(it);
    return n;
}

int main(int argc, char **argv) {
    if (argc != 4) { fprintf(stderr, "usage: libical_expand FILE FROM TO\n"); return 64; }
    char *text = slurp(argv[1]);
    if (!text) { fprintf(stderr, "cannot read %s\n", argv[1]); return 2; }
    icalcomponent *cal = icalparser_parse_string(text);
    free(text);
    if (!cal) { fprintf(stderr, "%s: not iCalendar\n", argv[1]); return 2; }
    time_t from = day(argv[2]), to = day(argv[3]);
    long total = 0;
    for (icalcomponent *e = icalcomponent_get_first_component(cal, ICAL_VEVENT_COMPONENT); e;
         e = icalcomponent_get_next_component(cal, ICAL_VEVENT_COMPONENT)) {
        if (icalcomponent_get_first_property(e, ICAL_RECURRENCEID_PROPERTY)) continue;
        total += count_event(e, from, to);
    }
    icalcomponent_free(cal);
    printf("%ld\n", total);
    return 0;
}
