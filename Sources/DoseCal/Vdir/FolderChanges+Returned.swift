import ICal

/// Handing folder edits to the reconcile engine.
extension FolderChanges {
    /// The edited items as reconcile reads returned calendars: per UID, its series from the
    /// file's bytes (overrides included). A file that no longer parses, or no longer holds its
    /// UID, is absent (and stays reported as an edit by sync).
    public func returnedSeries() -> [String: ReturnedSeries] {
        var result: [String: ReturnedSeries] = [:]
        for (uid, change) in owned {
            guard case .edited(let data) = change, let parsed = try? ICalParser.parse(Array(data)) else { continue }
            if let series = ReturnedCalendar(parsed).series(uid: uid) { result[uid] = series }
        }
        return result
    }
}
