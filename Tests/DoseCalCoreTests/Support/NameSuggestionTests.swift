import Testing

@testable import DoseCalCore

/// The one "did you mean" rule, for keys, values, zones, commands and options.
@Suite struct NameSuggestionTests {
    @Test(arguments: [
        ("strenght", ["name", "strength", "dose"], "strength"),
        ("exprot", ["export", "check", "expand"], "export"),
        ("--privcy", ["--force", "--privacy", "--previous"], "--privacy"),
        ("Daily", ["daily", "weekly"], "daily"),
        ("tken", ["taken", "skipped", "missed"], "taken"),
        ("nxt", ["shift", "next", "skip"], "next"),
    ])
    func suggestsTheClosestName(typed: String, candidates: [String], expected: String) {
        #expect(NameSuggestion.closest(to: typed, in: candidates) == expected)
    }

    @Test(arguments: [("frobnicate", ["export", "check"]), ("ab", ["id", "xyz"]), ("zone", ["zone"])])
    func suggestsNothingFarOrEqual(typed: String, candidates: [String]) {
        #expect(NameSuggestion.closest(to: typed, in: candidates) == nil)
    }

    @Test(arguments: [
        ("America/Chicgo", "America/Chicago"), ("america/new_york", "America/New_York"), ("Chicago", "America/Chicago"),
        ("new york", "America/New_York"), ("Europe/Berln", "Europe/Berlin"), ("Asia/Kolkatta", "Asia/Kolkata"),
        ("Europe/Bratislav", "Europe/Bratislava"),
    ])
    func suggestsZones(typed: String, expected: String) {
        #expect(NameSuggestion.zone(near: typed) == expected)
    }

    @Test func swapsCountOnce() {
        #expect(NameSuggestion.distance(Array("exprot"), Array("export")) == 1)
        #expect(NameSuggestion.distance(Array("kitten"), Array("sitting")) == 3)
    }
}
