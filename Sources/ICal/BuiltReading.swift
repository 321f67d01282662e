extension ParsedCalendar {
    /// What `ICalParser.parse` gives for the text `ICalSerializer` writes of `calendar`, made from
    /// the tree without writing or reading any text, for a tree whose values are in the form they
    /// are written in (those `ICalProperty.text` and `RecurrenceRule.property` make; verbatim
    /// values): the children in the order they are written (`ContentLineWriter.writtenOrder`),
    /// each value without the spaces and tabs it starts or ends with (`ReadValue.unpadded`). It
    /// carries no line numbers, problems or warnings. Tests hold it to the parse of the written
    /// text over every fixture schedule's feed and generated ones.
    public init(readingBuilt calendar: ICalComponent) {
        self.init(components: [ReadValue.asRead(calendar)], problems: [])
    }
}

/// Values as libical's reader gives them back.
public enum ReadValue {
    /// `component` as read from its written text (`ParsedCalendar(readingBuilt:)`); a component
    /// with nothing to change is not copied.
    static func asRead(_ component: ICalComponent) -> ICalComponent {
        var c = component
        for i in c.properties.indices {
            let value = c.properties[i].value
            if padded(value) { c.properties[i].value = trimmed(value) }
        }
        if !c.components.isEmpty { c.components = ContentLineWriter.writtenOrder(c.components).map(asRead) }
        return c
    }

    /// `value` without the spaces and tabs it starts or ends with: libical's reader drops them (a
    /// value written as ` a ` reads back as `a`; nothing inside a value is lost).
    public static func trimmed(_ value: String) -> String {
        guard padded(value) else { return value }
        // By bytes: the last byte kept may be inside a character (its last byte).
        return String(decoding: unpadded(value.utf8), as: UTF8.self)
    }

    /// Whether `value` starts or ends with a space or tab.
    @inline(__always)
    static func padded(_ value: String) -> Bool {
        guard let first = value.utf8.first, let last = value.utf8.last else { return false }
        return isBlank(first) || isBlank(last)
    }

    /// `bytes` without the spaces and tabs they start or end with (the bytes `trimmed` keeps).
    /// Inlinable: specialised in the caller's module, for every line of a canonical text.
    @inlinable
    public static func unpadded<Bytes: BidirectionalCollection<UInt8>>(_ bytes: Bytes) -> Bytes.SubSequence {
        guard let start = bytes.firstIndex(where: { !isBlank($0) }), let end = bytes.lastIndex(where: { !isBlank($0) })
        else { return bytes[bytes.endIndex...] }
        return bytes[start...end]
    }

    @usableFromInline
    static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
}
