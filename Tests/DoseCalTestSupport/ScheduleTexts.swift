import DoseCalCore
import Foundation

/// A schedule file whose only medication (on line 5) has `fields` after the required ones.
public func scheduleText(medication fields: String = "", top: String = "") -> String {
    """
    {
      "version": 1,
      "homeZone": "America/New_York",\(top)
      "medications": [
        {"id": "m", "name": "M", "times": ["08:00"], "start": "2026-01-05"\(fields.isEmpty ? "" : ", " + fields)}
      ]
    }
    """
}

/// The error description for decoding `text` as "t.json", or nil when it decodes.
public func decodeError(_ text: String) -> String? {
    do {
        _ = try ScheduleCodec.decode(Data(text.utf8), file: "t.json")
        return nil
    } catch {
        return error.description
    }
}
