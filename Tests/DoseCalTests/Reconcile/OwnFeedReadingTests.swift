import DoseCalTestSupport
import Foundation
import ICal
import Testing

@testable import DoseCal

/// The schedule's feed is read from its tree, never from text dosecal wrote; when it is the base
/// but for its time stamps, the base's reading stands for it, and every result is the same.
@Suite struct OwnFeedReadingTests {
    @Test func theFeedADayLaterIsTheBaseButAScheduleEditIsNot() throws {
        let base = try ReturnedCalendar(parsing: Array(try ReconcileSupport.baseText().utf8))
        var schedule = try ReconcileSupport.demo()
        let later = ReconcileSupport.now + 86_400
        let reading = { (s: Schedule) in ParsedCalendar(readingBuilt: FeedBuilder(schedule: s, now: later).build().calendar) }
        #expect(Reconciler.isBase(base, reading(schedule)))
        let i = try #require(schedule.medications.firstIndex { $0.id == "metformin" })
        schedule.medications[i].times[0].time = LocalTime(hour: 8, minute: 15)!
        #expect(!Reconciler.isBase(base, reading(schedule)))
        // One event fewer in the base, or one more.
        var fewer = reading(try ReconcileSupport.demo())
        fewer.components[0].components.removeLast()
        #expect(!Reconciler.isBase(base, fewer))
        var more = reading(try ReconcileSupport.demo())
        more.components[0].components.append(more.components[0].components.last!)
        #expect(!Reconciler.isBase(base, more))
    }

    @Test func onlyTheTimeStampsMayDiffer() {
        let event = { (stamp: String, sequence: String) in
            ICalComponent(
                "VEVENT",
                properties: [
                    ICalProperty("UID", "u"), ICalProperty("DTSTAMP", stamp), ICalProperty("LAST-MODIFIED", stamp),
                    ICalProperty("SEQUENCE", sequence),
                ])
        }
        #expect(Reconciler.sameApartFromStamps(event("20261120T000000Z", "0"), event("20261215T120000Z", "0")))
        #expect(!Reconciler.sameApartFromStamps(event("20261120T000000Z", "0"), event("20261120T000000Z", "1")))
        var alarm = event("20261120T000000Z", "0")
        alarm.components = [ICalComponent("VALARM", properties: [ICalProperty("TRIGGER", "-PT5M")])]
        #expect(!Reconciler.sameApartFromStamps(event("20261120T000000Z", "0"), alarm))
    }

    @Test(arguments: try ClientFixtures.names())
    func withTheBaseStandingForTheFeedEveryResultIsTheSame(_ fixture: String) throws {
        let text = Array(try ReconcileSupport.baseText().utf8)
        let base = try ReturnedCalendar(parsing: text)
        let theirs = try ReturnedCalendar(parsing: Array(try ReconcileSupport.theirs(fixture).utf8))
        // A day after the fixtures: the feed is the base with other time stamps.
        let later = ReconcileSupport.now + 86_400
        let schedule = try ReconcileSupport.demo()
        let reconciler = Reconciler(base: base, ours: schedule, theirs: theirs, now: later)
        let feed = FeedBuilder(schedule: schedule, now: later).build()
        let reading = ParsedCalendar(readingBuilt: feed.calendar)
        #expect(Reconciler.isBase(base, reading))
        // The same comparison with the feed read as its own calendar.
        let index = DoseSlotIndex(schedule: schedule, items: feed.items.map(WrittenFeed.Item.init))
        var learned = index
        learned.learn(base)
        let shortcut = try reconciler.sides(ours: base, isBase: true, index: learned)
        let read = try reconciler.sides(ours: ReturnedCalendar(reading), isBase: false, index: learned)
        #expect(shortcut.ours.slots == read.ours.slots)
        #expect(shortcut.ours.alarms == read.ours.alarms)
        #expect(shortcut.touched == read.touched)
    }

    /// In privacy mode the reconcile engine reads the schedule with neutral names; the feed a
    /// sync built from the schedule as it is (and hands to the engine) has the same series and
    /// alarms: only words the comparison does not read may differ (a unit taken from a name).
    @Test(arguments: Fixtures.scheduleNames) func aPrivateFeedComparesAsWithNeutralNames(_ name: String) throws {
        var schedule = try Fixtures.schedule(name)
        schedule.feed.privacy = true
        let read = { (s: Schedule) in
            ReturnedCalendar(ParsedCalendar(readingBuilt: FeedBuilder(schedule: s, now: Fixtures.now).build().calendar))
                .series.map { [$0.uid, $0.contentHash, $0.alarmHash ?? ""] }
        }
        #expect(read(schedule) == read(Reconciler.neutralNames(schedule)))
    }
}
