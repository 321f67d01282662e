internal import CLibical
import Foundation

/// The one place that owns libical objects. Every `icalcomponent*` created here is owned by exactly
/// one `OwnedComponent`, freed in its `deinit` (`icalcomponent_free`), or handed to libical by a
/// consuming method. libical keeps global state (zone cache, error state, ring buffer), so all
/// calls go through `Libical.lock`.
enum Libical {
    static let lock = NSLock()

    /// Runs `body` while holding the libical lock.
    static func withLock<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// Copies a `_r` string (caller-owned) into Swift and frees it with `icalmemory_free_buffer`.
    static func take(_ pointer: UnsafeMutablePointer<CChar>?) -> String {
        guard let pointer else { return "" }
        defer { icalmemory_free_buffer(pointer) }
        return String(cString: pointer)
    }

    /// Copies a string that libical still owns (static table or ring buffer); never freed here.
    static func borrow(_ pointer: UnsafePointer<CChar>?) -> String {
        guard let pointer else { return "" }
        return String(cString: pointer)
    }

    /// libical's version string (`ICAL_VERSION` at build time of the headers).
    static var version: String { ICAL_VERSION }
}

/// Sole owner of a root `icalcomponent*`.
struct OwnedComponent: ~Copyable {
    let raw: OpaquePointer

    init(taking raw: OpaquePointer) { self.raw = raw }

    deinit { icalcomponent_free(raw) }

    /// Adds `child` under this component: libical now owns it (`icalcomponent_add_component`).
    func adopt(_ child: consuming OwnedComponent) {
        icalcomponent_add_component(raw, child.raw)
        child.release()
    }

    /// Gives up ownership without freeing (the pointer now belongs to a libical parent).
    consuming func release() { discard self }

    /// `icalcomponent_as_ical_string_r`, copied and freed.
    func serialized() -> String { Libical.take(icalcomponent_as_ical_string_r(raw)) }
}

extension Libical {
    /// libical's own serialisation of `component` (a temporary tree: `icalcomponent_new`,
    /// `icalproperty_new`, `icalproperty_set_value_from_string`,
    /// `icalparameter_new_from_value_string`; `icalcomponent_as_ical_string_r`; freed), folded
    /// again. The oracle `ICalSerializer` is tested against (decision 0075).
    static func serialized(_ component: ICalComponent) throws(ICalError) -> String {
        let text: String = try withLock { () throws(ICalError) -> String in try tree(component).serialized() }
        return Folding.refold(text)
    }

    /// An owned libical component for `component`. Caller holds the lock.
    private static func tree(_ component: ICalComponent) throws(ICalError) -> OwnedComponent {
        let kind = icalcomponent_string_to_kind(component.name)
        let isX = kind == ICAL_NO_COMPONENT || kind == ICAL_X_COMPONENT
        guard let raw = isX ? icalcomponent_new_x(component.name) : icalcomponent_new(kind) else {
            throw .unserializable(property: component.name, value: "")
        }
        let owned = OwnedComponent(taking: raw)
        for property in component.properties {
            guard let p = newProperty(property) else { throw .unserializable(property: property.name, value: property.value) }
            icalcomponent_add_property(owned.raw, p)  // libical owns p now
        }
        for child in component.components { owned.adopt(try tree(child)) }
        return owned
    }

    /// A new property owned by the caller, or nil when libical rejects it.
    private static func newProperty(_ property: ICalProperty) -> OpaquePointer? {
        let kind = icalproperty_string_to_kind(property.name)
        let isX = kind == ICAL_X_PROPERTY || kind == ICAL_NO_PROPERTY
        guard let p = icalproperty_new(isX ? ICAL_X_PROPERTY : kind) else { return nil }
        if isX { icalproperty_set_x_name(p, property.name) }
        var valueType = "NO"
        for parameter in property.parameters {
            if parameter.name == "VALUE", let v = parameter.values.first { valueType = v }
            guard let pa = newParameter(parameter) else {
                icalproperty_free(p)
                return nil
            }
            icalproperty_add_parameter(p, pa)
        }
        icalerror_clear_errno()
        icalproperty_set_value_from_string(p, property.value, valueType)
        guard icalproperty_get_value(p) != nil else {
            icalproperty_free(p)
            return nil
        }
        return p
    }

    private static func newParameter(_ parameter: ICalParameter) -> OpaquePointer? {
        let kind = icalparameter_string_to_kind(parameter.name)
        let joined = parameter.values.joined(separator: ",")
        guard kind == ICAL_X_PARAMETER || kind == ICAL_NO_PARAMETER || kind == ICAL_IANA_PARAMETER else {
            return icalparameter_new_from_value_string(kind, joined)
        }
        guard let pa = icalparameter_new(ICAL_X_PARAMETER) else { return nil }
        icalparameter_set_xname(pa, parameter.name)
        icalparameter_set_xvalue(pa, joined)
        return pa
    }
}
