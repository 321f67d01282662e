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
    /// Abbreviations (TZNAME) by UTC offset from libical's copy of the zone
    /// (`icaltimezone_get_builtin_timezone`, `icaltimezone_get_component`; both owned by libical's
    /// zone cache and not freed). Later observances win. Empty when libical does not know the zone.
    static func zoneNames(_ identifier: String) -> [Int: String] {
        withLock {
            guard let zone = icaltimezone_get_builtin_timezone(identifier),
                let vtz = icaltimezone_get_component(zone)
            else { return [:] }
            var names: [Int: String] = [:]
            var child = icalcomponent_get_first_component(vtz, ICAL_ANY_COMPONENT)
            while let c = child {
                child = icalcomponent_get_next_component(vtz, ICAL_ANY_COMPONENT)
                guard let to = icalcomponent_get_first_property(c, ICAL_TZOFFSETTO_PROPERTY),
                    let name = icalcomponent_get_first_property(c, ICAL_TZNAME_PROPERTY)
                else { continue }
                names[Int(icalproperty_get_tzoffsetto(to))] = borrow(icalproperty_get_tzname(name))
            }
            return names
        }
    }
}
