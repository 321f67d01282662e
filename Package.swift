// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "dosecal",
    products: [
        .library(name: "DoseCal", targets: ["DoseCal"]),
        .library(name: "ICal", targets: ["ICal"]),
        .library(name: "CalendarTime", targets: ["CalendarTime"]),
        .executable(name: "dosecal", targets: ["DoseCalCLI"]),
    ],
    targets: [
        .systemLibrary(
            name: "CLibical",
            pkgConfig: "libical",
            providers: [.apt(["libical-dev"])]
        ),
        // The pure time layer: civil dates, zones, resolution of local times (no libical, no
        // iCalendar text).
        .target(name: "CalendarTime"),
        .target(name: "ICal", dependencies: ["CLibical", "CalendarTime"]),
        .target(name: "DoseCal", dependencies: ["ICal"]),
        .executableTarget(name: "DoseCalCLI", dependencies: ["DoseCal"]),
        .testTarget(name: "ICalTests", dependencies: ["ICal"]),
        .testTarget(name: "DoseCalTests", dependencies: ["DoseCal", "ICal"]),
    ]
)
