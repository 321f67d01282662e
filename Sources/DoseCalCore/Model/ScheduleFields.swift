/// The checked members of one JSON object in a schedule file, with the object's path for errors
/// (shared by its members' paths, which are written out only for an error).
///
/// A member whose value is `null` counts as absent (so `"end": null` means no end date).
struct ScheduleFields {
    let reader: ScheduleReader
    /// The object node (its position is used for "missing key" errors).
    let node: JSONValue
    /// The object's path, shared by its members' paths (one allocation per object).
    let parent: FieldPath.Parent
    var path: FieldPath { parent.path }
    /// The object's members (keys are unique; only known keys are asked for, so an unknown or
    /// `x-` key is never read). A few members each: searched in order, no table built.
    let members: [JSONValue.Member]

    /// The value of `key`, or nil when it is absent or `null`.
    subscript(key: String) -> JSONValue? {
        guard let value = members.first(where: { $0.key == key })?.value, !value.isNull else { return nil }
        return value
    }

    /// The path of the member `key`.
    func path(_ key: String) -> FieldPath { parent.member(key) }

    /// The value of `key`, or an error naming the key and what it should hold (`hint`).
    func required(_ key: String, _ hint: String) throws(ScheduleError) -> JSONValue {
        guard let value = self[key] else {
            throw reader.fail(node, path, "missing required key \"\(key)\" (\(hint))")
        }
        return value
    }

    /// Reads `key` with `read` when present. When collecting every error, a value that cannot be
    /// read is recorded and counts as absent.
    func optional<T>(_ key: String, _ read: (JSONValue, FieldPath) throws(ScheduleError) -> T) throws(ScheduleError) -> T? {
        guard let value = self[key] else { return nil }
        return try reader.attempt { () throws(ScheduleError) in try read(value, path(key)) }
    }

    /// Reads the required `key` with `read`; when collecting every error, a missing or unreadable
    /// value is recorded and the result is nil (without a log it is thrown).
    func attempt<T>(_ key: String, _ hint: String, _ read: (JSONValue, FieldPath) throws(ScheduleError) -> T)
        throws(ScheduleError) -> T?
    {
        try reader.attempt { () throws(ScheduleError) in try required(key, hint, read) }
    }

    /// Reads the required `key` with `read`.
    func required<T>(_ key: String, _ hint: String, _ read: (JSONValue, FieldPath) throws(ScheduleError) -> T)
        throws(ScheduleError)
        -> T
    {
        try read(try required(key, hint), path(key))
    }
}
