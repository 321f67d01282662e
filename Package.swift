// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "dosecal",
    products: [
        .library(name: "DoseCal", targets: ["DoseCal"]),
        .library(name: "ICal", targets: ["ICal"]),
        .executable(name: "dosecal", targets: ["DoseCalCLI"]),
        // Development tool for scripts/interop/check_corpus.py (not installed).
        .executable(name: "ical-expand", targets: ["ICalExpand"]),
    ],
    targets: [
        .systemLibrary(
            name: "CLibical",
            pkgConfig: "libical",
            providers: [.apt(["libical-dev"])]
        ),
        .target(name: "ICal", dependencies: ["CLibical"]),
        .target(name: "DoseCal", dependencies: ["ICal"]),
        .executableTarget(name: "DoseCalCLI", dependencies: ["DoseCal"]),
        // Development tool for scripts/interop/check_corpus.py; not a product, not installed.
        .executableTarget(name: "ICalExpand", dependencies: ["ICal"]),
        .testTarget(name: "ICalTests", dependencies: ["ICal"]),
        .testTarget(name: "DoseCalTests", dependencies: ["DoseCal", "ICal"]),
    ]
)
