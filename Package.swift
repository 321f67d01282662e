// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "dosecal",
    // The core (CalendarTime, DoseCalCore) is written for Apple platforms as well as Linux; the
    // codec and everything above it also need libical (apt or Homebrew).
    platforms: [.macOS(.v13), .iOS(.v16), .watchOS(.v9), .tvOS(.v16), .visionOS(.v1)],
    products: [
        // The embeddable core: schedule model, wall clock, supply, reminders, plan, status, on
        // Foundation and CalendarTime only (no libical). Static, so that `swift build --product
        // DoseCalCore` builds and archives it alone (SwiftPM builds every target for --product of
        // an automatic library).
        .library(name: "DoseCalCore", type: .static, targets: ["DoseCalCore"]),
        .library(name: "DoseCal", targets: ["DoseCal"]),
        .library(name: "DoseCalEntry", targets: ["DoseCalEntry"]),
        .library(name: "DoseCalChart", targets: ["DoseCalChart"]),
        .library(name: "ICal", targets: ["ICal"]),
        .library(name: "CalendarTime", targets: ["CalendarTime"]),
        .executable(name: "dosecal", targets: ["DoseCalCLI"]),
    ],
    targets: [
        .systemLibrary(
            name: "CLibical",
            pkgConfig: "libical",
            providers: [.apt(["libical-dev"]), .brew(["libical"])]
        ),
        // SQLite, for the sync's record store (one file per pairing, docs/sync.md).
        .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]),
        // The pure time layer: civil dates, zones, resolution of local times (no libical, no
        // iCalendar text).
        .target(name: "CalendarTime"),
        // ICU's zone transitions, as libical's recurrence iterator sees them (C: ICU's types stay
        // out of every Swift module, where Foundation's own ICU copy lives).
        .target(
            name: "CLibicalICU", dependencies: ["CLibical"],
            linkerSettings: [.linkedLibrary("icui18n"), .linkedLibrary("icuuc")]),
        .target(name: "ICal", dependencies: ["CLibical", "CLibicalICU", "CalendarTime"]),
        // SHA-256 blocks by the CPU's SHA instructions, where it has them: inline C in a header
        // (the instructions are reached through compiler intrinsics), compiled into DoseCalCore.
        .systemLibrary(name: "CSHA256"),
        .target(name: "DoseCalCore", dependencies: ["CalendarTime", "CSHA256"]),
        .target(name: "DoseCal", dependencies: ["DoseCalCore", "ICal", "CSQLite"]),
        // Where schedules come from and go to besides calendars: FHIR R4 dosages, plain
        // instructions, edits by command (no libical: over the core only).
        .target(name: "DoseCalEntry", dependencies: ["DoseCalCore"]),
        // Charts for people to look at (administration record, week, supply) as HTML and SVG,
        // over the core alone (no libical).
        .target(name: "DoseCalChart", dependencies: ["DoseCalCore", "CalendarTime"]),
        .executableTarget(name: "DoseCalCLI", dependencies: ["DoseCal", "DoseCalEntry", "DoseCalChart"]),
        // Seeded generators shared by the test targets.
        .target(name: "DoseCalTestSupport", dependencies: ["DoseCalCore"], path: "Tests/DoseCalTestSupport"),
        // The time layer's own tests: nothing but CalendarTime (they run in `make core`, with
        // libical hidden).
        .testTarget(name: "CalendarTimeTests", dependencies: ["CalendarTime"]),
        .testTarget(name: "ICalTests", dependencies: ["ICal"]),
        .testTarget(name: "DoseCalCoreTests", dependencies: ["DoseCalCore", "DoseCalTestSupport"]),
        .testTarget(name: "DoseCalEntryTests", dependencies: ["DoseCalEntry", "DoseCalCore"]),
        .testTarget(name: "DoseCalTests", dependencies: ["DoseCal", "ICal", "DoseCalTestSupport"]),
        .testTarget(name: "DoseCalChartTests", dependencies: ["DoseCalChart", "DoseCalTestSupport"]),
    ]
)
