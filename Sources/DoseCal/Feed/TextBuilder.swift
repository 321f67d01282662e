/// A `String` put together from pieces as UTF-8 bytes and made a `String` once: the feed's
/// texts, built per event, without the growth check and copy that each piece of a string
/// interpolation or `String.append` costs. Dates, times and numbers are spelled as their
/// `description` spells them.
struct TextBuilder {
    /// The bytes so far.
    var bytes: [UInt8] = []

    init(capacity: Int = 96) { bytes.reserveCapacity(capacity) }

    /// The text built.
    var string: String { String(decoding: bytes, as: UTF8.self) }

    mutating func add(_ text: String) {
        if text.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil {
            bytes.append(contentsOf: text.utf8)
        }
    }

    mutating func add(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// `String(number)`.
    mutating func add(_ number: Int) {
        if number < 0 { bytes.append(UInt8(ascii: "-")) }
        DecimalDigits.with(UInt64(number.magnitude)) { bytes.append(contentsOf: $0) }
    }

    /// `YYYY-MM-DD`, as `LocalDate.description`.
    mutating func add(_ date: LocalDate) {
        guard (0...9999).contains(date.year), (0...99).contains(date.month), (0...99).contains(date.day) else {
            return add(date.description)
        }
        digits(date.year, 4)
        bytes.append(UInt8(ascii: "-"))
        digits(date.month, 2)
        bytes.append(UInt8(ascii: "-"))
        digits(date.day, 2)
    }

    /// `HH:MM`, with `:SS` when the seconds are not zero, as `LocalTime.description`.
    mutating func add(_ time: LocalTime) {
        guard (0...99).contains(time.hour), (0...99).contains(time.minute), (0...99).contains(time.second) else {
            return add(time.description)
        }
        digits(time.hour, 2)
        bytes.append(UInt8(ascii: ":"))
        digits(time.minute, 2)
        if time.second != 0 {
            bytes.append(UInt8(ascii: ":"))
            digits(time.second, 2)
        }
    }

    /// `value` (0 up to 10^width - 1) zero-padded to `width` digits.
    mutating func digits(_ value: Int, _ width: Int) {
        var divisor = 1
        for _ in 1..<width { divisor *= 10 }
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
            divisor /= 10
        }
    }
}
