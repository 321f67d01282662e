/// Checks BEGIN/END nesting of the content lines as they arrive and hands them to libical one
/// component at a time (`LibicalLineParser`): each child of a VCALENDAR (a VEVENT with its
/// VALARMs, a VTIMEZONE with its observances) is copied into Swift values as soon as its END
/// arrives and libical's objects are freed, so memory follows the largest component, not the
/// file. A VCALENDAR's own properties go to a parser of their own; any other top-level component
/// is one unit. Lines outside any component are skipped. The caller holds `Libical.lock`.
struct ComponentAssembler {
    let limits: ICalLimits
    /// Finished top-level components.
    private(set) var roots: [ICalComponent] = []
    private(set) var problems: [ICalError] = []
    private(set) var warnings: [ICalWarning] = []
    /// Open components, outermost first.
    private var stack: [Skeleton] = []
    /// libical's parser of the unit being read.
    private var unit = LibicalLineParser()
    /// The open VCALENDAR: the parser of its own properties, its finished children, and the
    /// TZIDs its VTIMEZONEs defined (with their lines).
    private var container: (parser: LibicalLineParser, components: [ICalComponent], zones: [String: Int])? = nil

    init(limits: ICalLimits) { self.limits = limits }

    /// Reads one content line.
    mutating func add(_ l: ContentLine) throws(ICalError) {
        let name = l.name
        if name == "BEGIN" {
            try begin(l)
        } else if name == "END" {
            try end(l)
        } else if !stack.isEmpty {
            guard l.hasColon else { throw .malformedLine(line: l.line, text: l.text) }
            stack[stack.count - 1].properties.append((name, l.line))
            feed(l)
        }
    }

    /// Throws when a component is still open at the end of the input.
    func finish() throws(ICalError) {
        if let open = stack.last {
            throw .structure(line: open.line, message: "BEGIN:\(open.name) is never closed; expected END:\(open.name)")
        }
    }

    private mutating func begin(_ l: ContentLine) throws(ICalError) {
        let component = l.componentName
        guard !component.isEmpty else {
            throw .structure(line: l.line, message: "BEGIN without a component name; expected e.g. BEGIN:VEVENT")
        }
        guard stack.count < limits.maxNesting else {
            throw .tooDeep(line: l.line, component: component, limit: limits.maxNesting)
        }
        if stack.isEmpty && component == "VCALENDAR" { container = (LibicalLineParser(), [], [:]) }
        stack.append(Skeleton(name: component, line: l.line))
        feed(l)
    }

    private mutating func end(_ l: ContentLine) throws(ICalError) {
        let component = l.componentName
        guard let open = stack.popLast() else {
            throw .structure(line: l.line, message: "END:\(component) without a matching BEGIN:\(component)")
        }
        guard open.name == component else {
            if stack.contains(where: { $0.name == component }) {
                throw .structure(
                    line: open.line,
                    message:
                        "BEGIN:\(open.name) is never closed; expected END:\(open.name) before END:\(component) on line \(l.line)")
            }
            throw .structure(
                line: l.line,
                message: "END:\(component) closes BEGIN:\(open.name) of line \(open.line); expected END:\(open.name)")
        }
        if stack.isEmpty, let calendar = container {
            container = nil
            var root = copy(calendar.parser.add(l.bytes), skeleton: open) ?? ICalComponent(open.name, line: open.line)
            root.components = calendar.components
            roots.append(root)
            return
        }
        let done = unit.add(l.bytes)
        guard container == nil ? stack.isEmpty : stack.count == 1 else {
            stack[stack.count - 1].children.append(open)
            keep(copy(done, skeleton: nil))
            return
        }
        keep(copy(done, skeleton: open))
    }

    /// Hands the line to the parser of the unit, or of the container's own properties.
    private mutating func feed(_ l: ContentLine) {
        let parser = container != nil && stack.count == 1 ? container!.parser : unit
        keep(copy(parser.add(l.bytes), skeleton: nil))
    }

    /// Adds a finished unit to the container, or to the roots.
    private mutating func keep(_ component: ICalComponent?) {
        guard let component else { return }
        guard container != nil else {
            roots.append(component)
            return
        }
        noteZone(component)
        container!.components.append(component)
    }

    /// Warns when a VTIMEZONE repeats a TZID an earlier one of the calendar defined; the first
    /// definition is the one every reader uses.
    private mutating func noteZone(_ c: ICalComponent) {
        guard c.name == "VTIMEZONE", let tzid = c.property("TZID")?.value, let line = c.line else { return }
        if let first = container!.zones[tzid] {
            warnings.append(.duplicateTimezone(tzid: tzid, line: line, first: first))
        } else {
            container!.zones[tzid] = line
        }
    }

    /// Copies a component libical finished into Swift values (freeing libical's copy).
    private mutating func copy(_ done: consuming OwnedComponent?, skeleton: Skeleton?) -> ICalComponent? {
        switch consume done {
        case .some(let owned): return ICalParser.copy(owned.raw, skeleton: skeleton, problems: &problems)
        case .none: return nil
        }
    }
}
