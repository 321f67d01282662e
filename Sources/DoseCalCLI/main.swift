import ICal
for z in CommandLine.arguments.dropFirst() {
    print(try ICalSerializer.serialize(VTimezoneBuilder.build(Zone(z)!, years: 2026...2027)))
}
