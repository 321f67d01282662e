/// A FHIR file that cannot be read at all (not JSON, not a FHIR resource). A resource that is
/// read but cannot become a medication is not an error: the import report lists it.
public struct FHIRError: Error, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var message: String

    public init(file: String, line: Int, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    public var description: String { "\(file):\(line): \(message)" }
}
