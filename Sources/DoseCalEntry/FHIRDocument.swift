public import DoseCalCore
public import Foundation

/// The FHIR R4 resources of one file: a resource, a Bundle (searchset, collection, transaction
/// ...: its entries' resources) or NDJSON (one resource a line, as a bulk export writes them).
public struct FHIRDocument: Sendable {
    /// Every resource, in file order (a Bundle's entries in place of the Bundle).
    public var resources: [JSONValue]
    /// Resources by `Type/id` and by a Bundle entry's `fullUrl`, for references.
    var byReference: [String: JSONValue] = [:]

    /// Whether `data` looks like JSON (FHIR) rather than iCalendar: its first byte that is no
    /// space or byte order mark is `{`.
    public static func looksLikeJSON(_ data: some Collection<UInt8>) -> Bool {
        data.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) } == UInt8(ascii: "{")
    }

    /// Reads `data` (named `file` in errors).
    public init(_ data: Data, file: String) throws(FHIRError) {
        resources = []
        do {
            try add(try JSONValue.parse(data), file: file, lineOffset: 0)
        } catch let whole as JSONSyntaxError {
            // Not one JSON value: NDJSON, one resource a line (an empty line is skipped).
            var line = 0
            for text in String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false) {
                line += 1
                guard !text.allSatisfy({ $0 == " " || $0 == "\r" || $0 == "\t" }) else { continue }
                do {
                    try add(try JSONValue.parse(String(text)), file: file, lineOffset: line - 1)
                } catch let e as JSONSyntaxError {
                    let isFirst = line == 1 || resources.isEmpty
                    let error = isFirst ? whole : e
                    throw FHIRError(file: file, line: isFirst ? whole.line : line, message: "not JSON: \(error.message)")
                } catch let e as FHIRError {
                    throw e
                } catch {
                    throw FHIRError(file: file, line: line, message: "\(error)")
                }
            }
        } catch let e as FHIRError {
            throw e
        } catch {
            throw FHIRError(file: file, line: 1, message: "\(error)")
        }
    }

    private mutating func add(_ value: JSONValue, file: String, lineOffset: Int) throws(FHIRError) {
        guard let type = value["resourceType"]?.stringValue else {
            throw FHIRError(
                file: file, line: lineOffset + max(1, value.line),
                message:
                    "expected a FHIR R4 resource (a JSON object with \"resourceType\"), a Bundle or NDJSON, found \(value.summary)"
            )
        }
        guard type == "Bundle" else {
            resources.append(value)
            index(value, fullUrl: nil)
            return
        }
        for entry in value["entry"]?.arrayValue ?? [] {
            guard let resource = entry["resource"], resource["resourceType"]?.stringValue != nil else { continue }
            if resource["resourceType"]?.stringValue == "Bundle" {
                try add(resource, file: file, lineOffset: lineOffset)
                continue
            }
            resources.append(resource)
            index(resource, fullUrl: entry["fullUrl"]?.stringValue)
        }
    }

    private mutating func index(_ resource: JSONValue, fullUrl: String?) {
        if let fullUrl { byReference[fullUrl] = resource }
        if let type = resource["resourceType"]?.stringValue, let id = resource["id"]?.stringValue {
            byReference["\(type)/\(id)"] = resource
        }
    }

    /// The resource a reference names: `#id` among `container`'s contained resources, else a
    /// resource of the file by `Type/id` (also at the end of an absolute URL) or `fullUrl`.
    func resolve(_ reference: String, in container: JSONValue) -> JSONValue? {
        if reference.hasPrefix("#") {
            let id = String(reference.dropFirst())
            return container["contained"]?.arrayValue?.first { $0["id"]?.stringValue == id }
        }
        if let found = byReference[reference] { return found }
        let parts = reference.split(separator: "/")
        guard parts.count >= 2 else { return nil }
        return byReference["\(parts[parts.count - 2])/\(parts[parts.count - 1])"]
    }
}
