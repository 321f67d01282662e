import Foundation

extension Data {
    /// `Data(bytes)` as one copy of the array's buffer (the generic sequence initialiser copies
    /// a large array byte by byte).
    init(copying bytes: [UInt8]) {
        self = bytes.withUnsafeBytes { Data($0) }
    }
}
