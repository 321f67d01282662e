// An app's view of DoseCalCore: read a schedule, compute the notification plan and the status at
// one fixed instant. Built by scripts/core-without-libical.sh on a system without libical to show
// that the core links on its own.
import DoseCalCore
import Foundation

let text = """
    {"version": 1, "homeZone": "Europe/Berlin", "medications": [
      {"id": "m1", "name": "Metformin", "times": [{"id": "am", "time": "08:00"}], "start": "2026-03-01"}
    ]}
    """
do {
    let schedule = try ScheduleCodec.decode(Data(text.utf8), file: "embedded.json")
    let at = 1_774_000_000  // 2026-03-20T09:46:40Z
    let plan = NotificationPlanner(schedule: schedule).plan(at: at)
    let status = ReminderStatus(schedule: schedule, at: at)
    print("requests \(plan.requests.count), first \(plan.requests.first?.identifier ?? "-")")
    print(status.json(status.statuses(), privacy: true), terminator: "")
} catch {
    print("error: \(error)")
    exit(1)
}
