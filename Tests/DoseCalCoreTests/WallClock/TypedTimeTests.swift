import DoseCalCore
import DoseCalTestSupport
import Testing

/// Times as people type them, read in the zone they are in on that date: literal inputs,
/// literal instants.
@Suite struct TypedTimeTests {
    typealias E = ReminderExamples

    /// Chicago, in Tokyo from 2026-12-05, home again from 2026-12-12.
    let trip = ZoneTimeline(
        home: Zone("America/Chicago")!,
        stops: [
            ItineraryStop(from: E.day("2026-12-05"), zone: Zone("Asia/Tokyo")!),
            ItineraryStop(from: E.day("2026-12-12"), zone: Zone("America/Chicago")!),
        ])
    /// 2026-12-04 09:00 in Chicago.
    let now = E.instant("2026-12-04T15:00:00Z")

    func read(_ text: String, now: Int? = nil, in timeline: ZoneTimeline? = nil) throws -> TypedTime {
        try TypedTime(text, now: now ?? self.now, timeline: timeline ?? trip)
    }

    @Test func instantsAsTheLogWritesThem() throws {
        #expect(try read("2026-12-04T08:00:00-06:00").instant == E.instant("2026-12-04T14:00:00Z"))
        #expect(
            try read("2026-12-04T14:00:00Z")
                == TypedTime(instant: E.instant("2026-12-04T14:00:00Z"), date: E.day("2026-12-04"), isDay: false))
        #expect(try read("1796392800").instant == E.instant("2026-12-04T14:00:00Z"))
        // An instant's date is the person's: 23:00Z on 12-05 is 08:00 on 12-06 in Tokyo.
        #expect(try read("2026-12-05T23:00:00Z").date == E.day("2026-12-06"))
    }

    @Test func localDateTimesInTheZoneOfTheirDate() throws {
        #expect(try read("2026-12-04T08:00").instant == E.instant("2026-12-04T14:00:00Z"))
        #expect(try read("2026-12-04 08:00").instant == E.instant("2026-12-04T14:00:00Z"))
        #expect(try read("2026-12-04T08:00:30").instant == E.instant("2026-12-04T14:00:30Z"))
        // In Tokyo on 12-06: 08:00 JST.
        #expect(
            try read("2026-12-06T08:00")
                == TypedTime(instant: E.instant("2026-12-05T23:00:00Z"), date: E.day("2026-12-06"), isDay: false))
        // Home again on 12-12.
        #expect(try read("2026-12-12 08:00").instant == E.instant("2026-12-12T14:00:00Z"))
    }

    @Test func datesAreTheStartOfTheDay() throws {
        #expect(
            try read("2026-12-04")
                == TypedTime(instant: E.instant("2026-12-04T06:00:00Z"), date: E.day("2026-12-04"), isDay: true))
        #expect(try read("2026-12-06").instant == E.instant("2026-12-05T15:00:00Z"))
        // Santiago skips 00:00-00:59 on 2026-09-06: the day starts at 01:00 -03.
        let santiago = ZoneTimeline(home: Zone("America/Santiago")!)
        #expect(try read("2026-09-06", in: santiago).instant == E.instant("2026-09-06T04:00:00Z"))
        #expect(try read("2026-09-07", in: santiago).instant == E.instant("2026-09-07T03:00:00Z"))
    }

    @Test func nowTodayAndTimesOfToday() throws {
        #expect(try read("now") == TypedTime(instant: now, date: E.day("2026-12-04"), isDay: false))
        #expect(
            try read("today") == TypedTime(instant: E.instant("2026-12-04T06:00:00Z"), date: E.day("2026-12-04"), isDay: true))
        #expect(try read("08:00").instant == E.instant("2026-12-04T14:00:00Z"))
        #expect(try read(" 21:30 ").instant == E.instant("2026-12-05T03:30:00Z"))
        // In Tokyo, at 09:00 on 12-07 there: today is 12-07 and 08:00 is Tokyo's.
        let inTokyo = E.instant("2026-12-07T00:00:00Z")
        #expect(try read("08:00", now: inTokyo).instant == E.instant("2026-12-06T23:00:00Z"))
        #expect(try read("today", now: inTokyo).instant == E.instant("2026-12-06T15:00:00Z"))
    }

    @Test func aTimeInADaylightSavingGapIsRefused() throws {
        let newYork = ZoneTimeline(home: Zone("America/New_York")!)
        #expect(throws: TypedTimeError.inGap("2026-03-08T02:30", zone: "America/New_York", from: "02:00", to: "03:00")) {
            try read("2026-03-08T02:30", in: newYork)
        }
        #expect(
            TypedTimeError.inGap("2026-03-08T02:30", zone: "America/New_York", from: "02:00", to: "03:00").description
                == "2026-03-08T02:30 does not exist in America/New_York: the clocks go from 02:00 to 03:00 that night; "
                + "give a time before 02:00 or from 03:00 on, or an RFC 3339 time with its offset")
        // Either side of the gap is read.
        #expect(try read("2026-03-08T01:59", in: newYork).instant == E.instant("2026-03-08T06:59:00Z"))
        #expect(try read("2026-03-08T03:00", in: newYork).instant == E.instant("2026-03-08T07:00:00Z"))
    }

    @Test func aTimeThatHappensTwiceIsRefused() throws {
        let newYork = ZoneTimeline(home: Zone("America/New_York")!)
        let error = TypedTimeError.happensTwice(
            "2026-11-01 01:30", zone: "America/New_York", first: "2026-11-01T01:30:00-04:00", second: "2026-11-01T01:30:00-05:00")
        #expect(throws: error) { try read("2026-11-01 01:30", in: newYork) }
        #expect(
            error.description
                == "2026-11-01 01:30 happens twice in America/New_York (the clocks go back that night); "
                + "give 2026-11-01T01:30:00-04:00 for the first or 2026-11-01T01:30:00-05:00 for the second")
        // Given with its offset, each is read.
        #expect(try read("2026-11-01T01:30:00-05:00", in: newYork).instant == E.instant("2026-11-01T06:30:00Z"))
        #expect(try read("2026-11-01T02:00", in: newYork).instant == E.instant("2026-11-01T07:00:00Z"))
    }

    @Test func otherTextIsNotATime() {
        for text in ["yesterday", "25:00", "8:00", "2026-13-01", "2026-12-04T08", "2026-12-04T08:00Z+", "", "12:60"] {
            #expect(throws: TypedTimeError.notATime(text)) { try read(text) }
        }
        #expect(
            TypedTimeError.notATime("soon").description.hasPrefix("soon is not a time; use 2026-12-04T08:00, 2026-12-04 08:00,"))
    }

    @Test func zonedTimesPrintLocalWithTheirZone() {
        let tokyo = ZonedTime(E.instant("2026-12-05T23:00:00Z"), in: Zone("Asia/Tokyo")!)
        #expect(tokyo.description == "2026-12-06 08:00 Asia/Tokyo")
        #expect(tokyo.text(besides: Zone("Asia/Tokyo")) == "2026-12-06 08:00")
        #expect(tokyo.text(besides: Zone("America/Chicago")) == "2026-12-06 08:00 Asia/Tokyo")
        #expect(tokyo.clock(besides: nil) == "08:00 Asia/Tokyo")
        #expect(tokyo.rfc3339 == "2026-12-06T08:00:00+09:00")
        #expect(ZonedTime(E.instant("2026-12-04T14:00:00Z"), in: Zone("America/Chicago")!).rfc3339 == "2026-12-04T08:00:00-06:00")
        #expect(ZonedTime(0, in: Zone.utc).rfc3339 == "1970-01-01T00:00:00Z")
        #expect(trip.time(at: E.instant("2026-12-05T23:00:00Z")) == tokyo)
    }
}
