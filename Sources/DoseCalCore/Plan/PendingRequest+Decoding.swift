import Foundation

/// A pending-requests file that cannot be read: where and why, and what is valid.
public struct PendingFileError: Error, Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int
    public var message: String

    public var description: String { "\(file):\(line):\(column): \(message)" }

    /// What a pending file may hold, for every message.
    static let valid =
        "expected a JSON array of identifiers ([\"dose-…@dosecal.app/daily\"]), of objects with \"identifier\" and an "
        + "optional \"trigger\" object, or a plan printed by dosecal plan --json"
}

extension PendingRequest {
    /// Reads the requests an app has pending: a JSON array whose elements are identifier
    /// strings or `{"identifier": "…", "trigger": {…}}` objects, or an object with such an
    /// array under `requests` (a plan printed by `plan --json`, as an app that applied it has).
    public static func decode(_ data: Data, file: String) throws(PendingFileError) -> [PendingRequest] {
        let root: JSONValue
        do {
            root = try JSONValue.parse(data)
        } catch {
            throw PendingFileError(
                file: file, line: error.line, column: error.column, message: "\(error.message); \(PendingFileError.valid)")
        }
        var list = root
        if root.objectMembers != nil {
            guard let requests = root["requests"] else { throw fail(root, file, "an object without \"requests\"") }
            list = requests
        }
        guard let elements = list.arrayValue else { throw fail(list, file, list.summary) }
        var result: [PendingRequest] = []
        for element in elements { result.append(try request(element, file: file)) }
        return result
    }

    private static func request(_ element: JSONValue, file: String) throws(PendingFileError) -> PendingRequest {
        if let id = element.stringValue {
            guard !id.isEmpty else { throw fail(element, file, "an empty identifier") }
            return PendingRequest(identifier: id)
        }
        guard element.objectMembers != nil else { throw fail(element, file, element.summary) }
        guard let idNode = element["identifier"], let id = idNode.stringValue, !id.isEmpty else {
            throw fail(element, file, "an object without a non-empty \"identifier\" string")
        }
        let trigger = element["trigger"].flatMap { $0.isNull ? nil : $0 }
        if let trigger, trigger.objectMembers == nil {
            throw fail(trigger, file, "a \"trigger\" that is \(trigger.summary), not an object")
        }
        return PendingRequest(identifier: id, trigger: trigger)
    }

    private static func fail(_ node: JSONValue, _ file: String, _ found: String) -> PendingFileError {
        PendingFileError(file: file, line: node.line, column: node.column, message: "found \(found); \(PendingFileError.valid)")
    }
}
