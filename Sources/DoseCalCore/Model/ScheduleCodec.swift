import Foundation

/// Reads and writes schedule files (JSON, format version 1; see docs/schedule-format.md).
///
///     let schedule = try ScheduleCodec.decode(data, file: "meds.json")
///     let data = ScheduleCodec.encode(schedule)
///
/// `decode(encode(s)) == s` for every schedule `decode` can return.
public enum ScheduleCodec {
    /// Parses and validates a schedule file.
    ///
    /// - Parameters:
    ///   - data: the file's bytes (UTF-8 JSON).
    ///   - file: the name used in error messages, like `"meds.json"`.
    /// - Throws: `ScheduleError` for the first problem found: invalid JSON (`.syntax`), a file from a
    ///   newer dosecal (`.newerVersion`), or a value that breaks a rule of the format (`.invalid`).
    ///   Keys starting with `x-` are ignored; any other unknown key is an error. In privacy mode
    ///   (`"feed": {"privacy": true}`) the message names medications by position, never by id or name.
    public static func decode(_ data: Data, file: String) throws(ScheduleError) -> Schedule {
        let root = try parse(data, file: file)
        do {
            return try ScheduleDecoder(reader: ScheduleReader(file: file)).decode(root)
        } catch {
            throw error.masked(by: root)
        }
    }

    /// Parses and validates a schedule file like `decode(_:file:)`, but lists every problem (in
    /// file order) instead of stopping at the first; see `ScheduleValidation`.
    public static func validate(_ data: Data, file: String) -> ScheduleValidation {
        let log = ScheduleErrorLog()
        var root: JSONNode? = nil
        do {
            root = try parse(data, file: file)
            let schedule = try ScheduleDecoder(reader: ScheduleReader(file: file, log: log)).decode(root!)
            if log.errors.isEmpty { return ScheduleValidation(schedule: schedule, errors: []) }
        } catch {
            log.record(error)
        }
        let ordered = log.errors.enumerated().sorted { a, b in
            (a.element.line, a.element.column, a.offset) < (b.element.line, b.element.column, b.offset)
        }
        // In privacy mode no message names a medication by id or name.
        return ScheduleValidation(schedule: nil, errors: ordered.map { root.map($0.element.masked(by:)) ?? $0.element })
    }

    /// The parsed file (its tape's root value), or its syntax error.
    private static func parse(_ data: Data, file: String) throws(ScheduleError) -> JSONNode {
        do {
            var parser = JSONParser(bytes: [UInt8](data), maxDepth: 200)
            return try parser.parseDocument().root
        } catch {
            throw ScheduleError(
                kind: .syntax, file: file, path: "", line: error.line, column: error.column, message: error.message)
        }
    }

    /// Writes a schedule as deterministic, human-friendly JSON: two-space indentation, keys in the
    /// documented order, default values left out, times in object form, log instants in UTC, and
    /// a trailing newline.
    public static func encode(_ schedule: Schedule) -> Data {
        Data(JSONWriter.bytes(ScheduleEncoder.tree(schedule)))
    }

    /// Parses an itinerary file: a JSON array of `{"from": "YYYY-MM-DD", "zone": "Asia/Tokyo"}`
    /// stops in date order, or an object whose `itinerary` key holds that array (a schedule file).
    public static func decodeItinerary(_ data: Data, file: String) throws(ScheduleError) -> [ItineraryStop] {
        let root = try parse(data, file: file)
        let decoder = ScheduleDecoder(reader: ScheduleReader(file: file))
        if root.isObject {
            guard let list = root["itinerary"] else {
                throw decoder.reader.fail(
                    root, .root,
                    "missing key \"itinerary\"; expected an array of {\"from\": \"YYYY-MM-DD\", \"zone\": \"Asia/Tokyo\"}")
            }
            return try decoder.decodeItinerary(list, at: FieldPath.root.member("itinerary"))
        }
        return try decoder.decodeItinerary(root, at: .root)
    }

    /// Parses a clock file (`--clock FILE`): a JSON object of the shape of a schedule's `clock`, or
    /// a schedule file whose `clock` key holds one (docs/schedule-format.md "clock").
    public static func decodeClock(_ data: Data, file: String) throws(ScheduleError) -> PersonalClock {
        let root = try parse(data, file: file)
        let decoder = ScheduleDecoder(reader: ScheduleReader(file: file))
        if root.isObject, root["homeZone"] != nil || root["medications"] != nil {
            return try decode(data, file: file).clock
        }
        return try decoder.decodeClock(root, at: .root)
    }
}
