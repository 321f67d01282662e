/// The checked members of one JSON object in a schedule file, with the object's path for errors
/// (shared by its members' paths, which are written out only for an error).
///
/// A member whose value is `null` counts as absent (so `"end": null` means no end date).
struct ScheduleFields {
    let reader: ScheduleReader
    /// The object node (its position is used for "missing key" errors).
    let node: JSONNode
    /// The object's path, shared by its members' paths (one allocation per object).
    let parent: FieldPath.Parent
    var path: FieldPath { parent.path }

    /// The keys the object may hold (its other keys, reported, are never asked for).
    let known: JSONKeys
    /// For each of `known`'s names, the entry of its value in the object, or -1.
    let values: [Int]

    /// The value of `key`, or nil when it is absent or `null`. The object's members were matched
    /// with the known names once, their keys compared as bytes (`ScheduleReader.fields`).
    subscript(key: String) -> JSONNode? {
        let value: JSONNode
        if let i = known.index(of: key) {
            guard values[i] >= 0 else { return nil }
            value = JSONNode(tape: node.tape, index: values[i])
        } else {
            guard let member = node[key] else { return nil }
            value = member
        }
        return value.isNull ? nil : value
    }

    /// The path of the member `key`.
    func path(_ key: String) -> FieldPath { parent.member(key) }

    /// The value of `key`, or an error naming the key and what it should hold (`hint`).
    func required(_ key: String, _ hint: String) throws(ScheduleError) -> JSONNode {
        guard let value = self[key] else {
            throw reader.fail(node, path, "missing required key \"\(key)\" (\(hint))")
        }
        return value
    }

    /// Reads `key` with `read` when present. When collecting every error, a value that cannot be
    /// read is recorded and counts as absent.
    func optional<T>(_ key: String, _ read: (JSONNode, FieldPath) throws(ScheduleError) -> T) throws(ScheduleError) -> T? {
        guard let value = self[key] else { return nil }
        return try reader.attempt { () throws(ScheduleError) in try read(value, path(key)) }
    }

    /// Reads the required `key` with `read`; when collecting every error, a missing or unreadable
    /// value is recorded and the result is nil (without a log it is thrown).
    func attempt<T>(_ key: String, _ hint: String, _ read: (JSONNode, FieldPath) throws(ScheduleError) -> T)
        throws(ScheduleError) -> T?
    {
        try reader.attempt { () throws(ScheduleError) in try required(key, hint, read) }
    }

    /// Reads the required `key` with `read`.
    func required<T>(_ key: String, _ hint: String, _ read: (JSONNode, FieldPath) throws(ScheduleError) -> T)
        throws(ScheduleError)
        -> T
    {
        try read(try required(key, hint), path(key))
    }
}
