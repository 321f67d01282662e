import DoseCal
import Testing

/// The gradual time policy (decision 0231): after a stop, each slot's doses move toward the new
/// zone's wall clock by at most the day's allowance, the way the clocks moved, then follow it.
/// Instants are literal UTC (RFC 3339).
@Suite struct GradualPolicyTests {
    static func schedule(
        home: String, stops: [(String, String)], times: [String], maxShiftHours: Int = 2,
        recurrence: Recurrence = .daily, start: String, end: String? = nil
    ) -> Schedule {
        let slots = times.enumerated().map { DoseSlot(id: "s\($0.offset)", time: LocalTime(parsing: $0.element)!) }
        let m = Medication(
            id: "m", name: "M", times: slots, recurrence: recurrence, start: LocalDate(parsing: start)!,
            end: end.map { LocalDate(parsing: $0)! }, timePolicy: .gradual(maxShiftMinutes: maxShiftHours * 60))
        let itinerary = stops.map { ItineraryStop(from: LocalDate(parsing: $0.0)!, zone: Zone($0.1)!) }
        return Schedule(version: 2, home: Zone(home)!, medications: [m], itinerary: itinerary)
    }

    static func instants(_ s: Schedule, _ from: String, _ to: String) -> [String] {
        WallClockEngine(schedule: s).occurrences(from: LocalDate(parsing: from)!, to: LocalDate(parsing: to)!)
            .map { LocalDateTime(secondsSinceEpoch: $0.instant).description + "Z" }
    }

    /// Chicago (UTC-6) to Tokyo (UTC+9) on 2026-12-05 and back on 2026-12-12, 07:00, 14:00 and
    /// 21:00, at most 2 hours a day: 2 hours earlier each day in Tokyo (the night's gap 8 hours
    /// instead of 10), not there after a week; back home from 2 hours short of Tokyo time, 2
    /// hours later each day (the night's gap 12 hours) until 07:00 CST on 2026-12-18.
    @Test func eastToTokyoAndBackWest() {
        let s = Self.schedule(
            home: "America/Chicago", stops: [("2026-12-05", "Asia/Tokyo"), ("2026-12-12", "America/Chicago")],
            times: ["07:00", "14:00", "21:00"], start: "2026-11-20")
        #expect(
            Self.instants(s, "2026-12-04", "2026-12-06") == [
                // 2026-12-04 in Chicago: 07:00, 14:00, 21:00 CST.
                "2026-12-04T13:00:00Z", "2026-12-04T20:00:00Z", "2026-12-05T03:00:00Z",
                // 2026-12-05 in Tokyo, at UTC-4: 20:00, 03:00 and 10:00 JST.
                "2026-12-05T11:00:00Z", "2026-12-05T18:00:00Z", "2026-12-06T01:00:00Z",
                // 2026-12-06 at UTC-2.
                "2026-12-06T09:00:00Z", "2026-12-06T16:00:00Z", "2026-12-06T23:00:00Z",
            ])
        #expect(
            Self.instants(s, "2026-12-11", "2026-12-12") == [
                // 2026-12-11 at UTC+8: 06:00, 13:00 and 20:00 JST.
                "2026-12-10T23:00:00Z", "2026-12-11T06:00:00Z", "2026-12-11T13:00:00Z",
                // 2026-12-12 back in Chicago, at UTC+6: the 07:00 dose at 19:00 CST the day before.
                "2026-12-12T01:00:00Z", "2026-12-12T08:00:00Z", "2026-12-12T15:00:00Z",
            ])
        #expect(
            Self.instants(s, "2026-12-17", "2026-12-18") == [
                // 2026-12-17 at UTC-4 (05:00, 12:00 and 19:00 CST).
                "2026-12-17T11:00:00Z", "2026-12-17T18:00:00Z", "2026-12-18T01:00:00Z",
                // 2026-12-18 on Chicago time again.
                "2026-12-18T13:00:00Z", "2026-12-18T20:00:00Z", "2026-12-19T03:00:00Z",
            ])
    }

    /// New York to Berlin on 2027-03-06 and back on 2027-03-13, 08:00 at most 1 hour a day: the
    /// way back crosses New York's change to summer time (2027-03-14), which is a move of its
    /// own: 08:00 EDT is reached on 2027-03-17, a day sooner than 08:00 EST would have been.
    @Test func acrossADaylightSavingChangeBothWays() {
        let s = Self.schedule(
            home: "America/New_York", stops: [("2027-03-06", "Europe/Berlin"), ("2027-03-13", "America/New_York")],
            times: ["08:00"], maxShiftHours: 1, start: "2027-03-01")
        #expect(
            Self.instants(s, "2027-03-05", "2027-03-18") == [
                "2027-03-05T13:00:00Z",  // 08:00 EST
                "2027-03-06T12:00:00Z", "2027-03-07T11:00:00Z", "2027-03-08T10:00:00Z", "2027-03-09T09:00:00Z",
                "2027-03-10T08:00:00Z",
                "2027-03-11T07:00:00Z", "2027-03-12T07:00:00Z",  // 08:00 CET
                "2027-03-13T08:00:00Z",  // back in New York: an hour later than in Berlin
                "2027-03-14T09:00:00Z",  // 05:00 EDT on the day the clocks go forward
                "2027-03-15T10:00:00Z", "2027-03-16T11:00:00Z",
                "2027-03-17T12:00:00Z", "2027-03-18T12:00:00Z",  // 08:00 EDT
            ])
    }

    /// Without a move under way a daylight-saving change is followed at once, as on the wall clock.
    @Test func aSettledDoseFollowsDaylightSavingAtOnce() {
        let s = Self.schedule(
            home: "America/New_York", stops: [("2027-01-10", "Europe/Berlin"), ("2027-01-20", "America/New_York")],
            times: ["08:00"], start: "2027-01-01")
        #expect(
            Self.instants(s, "2027-03-13", "2027-03-15") == [
                "2027-03-13T13:00:00Z", "2027-03-14T12:00:00Z", "2027-03-15T12:00:00Z",
            ])
        var wallClock = s
        wallClock.medications[0].timePolicy = .wallClock
        #expect(Self.instants(s, "2027-02-01", "2027-12-31") == Self.instants(wallClock, "2027-02-01", "2027-12-31"))
    }

    /// A weekly dose moves by the allowance of every day since the last one: 14 hours a week.
    @Test func weeklyDoseMovesByTheDaysSinceItsLastDose() {
        let s = Self.schedule(
            home: "America/Chicago", stops: [("2026-12-05", "Asia/Tokyo"), ("2026-12-12", "America/Chicago")],
            times: ["20:00"], recurrence: .weekly(weekdays: [.friday], interval: 1), start: "2026-11-06")
        #expect(
            Self.instants(s, "2026-12-04", "2026-12-18") == [
                "2026-12-05T02:00:00Z",  // 20:00 CST on Friday 2026-12-04
                "2026-12-11T12:00:00Z",  // 21:00 JST: 14 hours of the 15
                "2026-12-19T02:00:00Z",  // 20:00 CST again
            ])
    }

    /// A medication that starts on or after the stop, a stop into a zone of the same offset, and a
    /// dose that ends before the stop have nothing to move.
    @Test func nothingToMove() {
        let later = Self.schedule(
            home: "America/Chicago", stops: [("2026-12-05", "Asia/Tokyo")], times: ["08:00"], start: "2026-12-05")
        #expect(Self.instants(later, "2026-12-05", "2026-12-06") == ["2026-12-04T23:00:00Z", "2026-12-05T23:00:00Z"])
        #expect(WallClockEngine(schedule: later).gradualShift(of: later.medications[0])?.shifts.isEmpty == true)
        let same = Self.schedule(
            home: "America/Chicago", stops: [("2026-12-05", "America/Mexico_City")], times: ["08:00"], start: "2026-12-01")
        #expect(WallClockEngine(schedule: same).gradualShift(of: same.medications[0])?.shifts.isEmpty == true)
        let ended = Self.schedule(
            home: "America/Chicago", stops: [("2026-12-05", "Asia/Tokyo")], times: ["08:00"], start: "2026-12-01",
            end: "2026-12-04")
        #expect(WallClockEngine(schedule: ended).gradualShift(of: ended.medications[0])?.shifts.isEmpty == true)
    }

    /// Each moved dose keeps its day, slot and wall-clock time; `shift` says how far it is from it.
    @Test func aMovedDoseKeepsItsDayAndTime() {
        let s = Self.schedule(
            home: "America/Chicago", stops: [("2026-12-05", "Asia/Tokyo")], times: ["07:00"], start: "2026-12-01")
        let dose = WallClockEngine(schedule: s).occurrences(
            from: LocalDate(parsing: "2026-12-05")!, to: LocalDate(parsing: "2026-12-05")!)[0]
        #expect(
            dose.local == LocalDateTime(date: LocalDate(year: 2026, month: 12, day: 5)!, time: LocalTime(hour: 7, minute: 0)!))
        #expect(dose.zone?.identifier == "Asia/Tokyo")
        #expect(dose.shift == 13 * 3600)
        #expect(dose.instant == 1_796_468_400)  // 2026-12-05T11:00:00Z
    }
}
