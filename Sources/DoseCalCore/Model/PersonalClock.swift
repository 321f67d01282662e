/// A person's clock for what prescriptions leave to "institution convention" (format version 2,
/// the schedule's `clock`): the time of a morning dose, of meals, of "twice a day" or "at bedtime".
///
/// Holds only what the file (or `--clock FILE`) says; every question is answered from it, else
/// from the documented defaults (`PersonalClock.defaultWhen` ...), so a file written back says
/// exactly what was given (docs/schedule-format.md "clock").
public struct PersonalClock: Sendable, Equatable {
    /// Times of day by FHIR EventTiming code (`MORN`, `NOON`, `EVE`, `NIGHT`, `HS`, `WAKE` ...).
    public var when: [String: LocalTime]
    /// Meal times by meal: `breakfast`, `lunch`, `dinner`.
    public var meals: [String: LocalTime]
    /// Minutes before a meal that a dose "before meals" (AC, ACM ...) is taken.
    public var beforeMealMinutes: Int?
    /// Minutes after a meal that a dose "after meals" (PC, PCM ...) is taken.
    public var afterMealMinutes: Int?
    /// The times of "N times a day", by N (1 to 6).
    public var timesPerDay: [Int: [LocalTime]]
    /// The times of timing abbreviations (`BID`, `TID`, `QID`, `QD`, `QAM`, `QPM`, `QHS`, `AM`, `PM`).
    public var codes: [String: [LocalTime]]

    public init(
        when: [String: LocalTime] = [:], meals: [String: LocalTime] = [:], beforeMealMinutes: Int? = nil,
        afterMealMinutes: Int? = nil, timesPerDay: [Int: [LocalTime]] = [:], codes: [String: [LocalTime]] = [:]
    ) {
        self.when = when
        self.meals = meals
        self.beforeMealMinutes = beforeMealMinutes
        self.afterMealMinutes = afterMealMinutes
        self.timesPerDay = timesPerDay
        self.codes = codes
    }

    /// Whether the clock says nothing of its own (every answer is a default).
    public var isEmpty: Bool { self == PersonalClock() }
}

extension PersonalClock {
    /// The EventTiming codes of a time of day a clock may set, in the order files write them.
    public static let whenCodes = [
        "WAKE", "MORN", "MORN.early", "MORN.late", "NOON", "AFT", "AFT.early", "AFT.late", "EVE", "EVE.early",
        "EVE.late", "NIGHT", "PHS", "HS",
    ]
    /// The meals, in the order files write them.
    public static let mealNames = ["breakfast", "lunch", "dinner"]
    /// The timing abbreviations a clock may set, in the order files write them.
    public static let codeNames = ["QD", "QAM", "QPM", "QHS", "AM", "PM", "BID", "TID", "QID"]

    /// Defaults of `when` (PHS, "after sleep", has none: a clock must say it).
    public static let defaultWhen: [String: String] = [
        "WAKE": "07:00", "MORN": "08:00", "MORN.early": "07:00", "MORN.late": "10:00", "NOON": "12:00",
        "AFT": "15:00", "AFT.early": "13:00", "AFT.late": "17:00", "EVE": "19:00", "EVE.early": "18:00",
        "EVE.late": "20:00", "NIGHT": "22:00", "HS": "22:00",
    ]
    /// Defaults of `meals`.
    public static let defaultMeals: [String: String] = ["breakfast": "08:00", "lunch": "12:30", "dinner": "18:30"]
    public static let defaultBeforeMealMinutes = 30
    public static let defaultAfterMealMinutes = 30
    /// Defaults of `timesPerDay`.
    public static let defaultTimesPerDay: [Int: [String]] = [
        1: ["08:00"], 2: ["08:00", "20:00"], 3: ["08:00", "14:00", "20:00"], 4: ["08:00", "12:00", "16:00", "20:00"],
        5: ["08:00", "11:00", "14:00", "17:00", "20:00"], 6: ["06:00", "09:00", "12:00", "15:00", "18:00", "21:00"],
    ]
    /// Defaults of `codes` (BID, TID and QID: `timesPerDay` 2, 3 and 4).
    public static let defaultCodes: [String: [String]] = [
        "QD": ["08:00"], "QAM": ["08:00"], "QPM": ["20:00"], "QHS": ["22:00"], "AM": ["08:00"], "PM": ["15:00"],
    ]

    /// The time of an EventTiming code of a time of day; nil for a code the clock and the defaults
    /// do not know.
    public func time(when code: String) -> LocalTime? {
        when[code] ?? Self.defaultWhen[code].flatMap(LocalTime.init(parsing:))
    }

    /// The time of a meal (`breakfast`, `lunch`, `dinner`).
    public func time(meal: String) -> LocalTime? {
        meals[meal] ?? Self.defaultMeals[meal].flatMap(LocalTime.init(parsing:))
    }

    public var minutesBeforeMeal: Int { beforeMealMinutes ?? Self.defaultBeforeMealMinutes }
    public var minutesAfterMeal: Int { afterMealMinutes ?? Self.defaultAfterMealMinutes }

    /// The times of "`count` times a day"; nil beyond 6 unless the clock says them.
    public func times(perDay count: Int) -> [LocalTime]? {
        timesPerDay[count] ?? Self.defaultTimesPerDay[count].map { $0.compactMap(LocalTime.init(parsing:)) }
    }

    /// The times of a timing abbreviation (BID, TID, QID are "2, 3, 4 times a day" unless set).
    public func times(code: String) -> [LocalTime]? {
        if let own = codes[code] { return own }
        switch code {
        case "BID": return times(perDay: 2)
        case "TID": return times(perDay: 3)
        case "QID": return times(perDay: 4)
        default: return Self.defaultCodes[code].map { $0.compactMap(LocalTime.init(parsing:)) }
        }
    }
}
