import Foundation

/// Standard output and error. Medicine names only ever go to the user's own output.
struct Console: Sendable {
    func out(_ text: String) { write(text + "\n", to: FileHandle.standardOutput) }
    func error(_ text: String) { write(text + "\n", to: FileHandle.standardError) }
    func raw(_ data: Data) { FileHandle.standardOutput.write(data) }
    private func write(_ text: String, to handle: FileHandle) { handle.write(Data(text.utf8)) }
}
