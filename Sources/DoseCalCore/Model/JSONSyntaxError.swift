/// Why a text is not valid JSON, and where (1-based line and column; columns count Unicode scalars).
///
/// `description` reads like `line 12, column 5: expected ',' or '}' after an object member`.
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    /// A plain sentence, without the position.
    public var message: String

    public init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String { "line \(line), column \(column): \(message)" }
}
