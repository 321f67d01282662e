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
