/// What a notification shows and how an app routes it, in the terms of Apple's
/// `UNMutableNotificationContent` (docs/reminders.md §5). In privacy mode the title and body are
/// generic and the thread is the medication's position, so a lock screen names no medicine.
public struct NotificationContent: Sendable, Equatable {
    public var title: String
    public var body: String
    /// One of `NotificationCategory.all`: which actions the notification offers.
    public var categoryIdentifier: String
    /// Groups the notifications of one medication.
    public var threadIdentifier: String
    /// `UNNotificationInterruptionLevel` by name: `timeSensitive` for doses, `active` for refills.
    public var interruptionLevel: String

    public init(title: String, body: String, categoryIdentifier: String, threadIdentifier: String, interruptionLevel: String) {
        self.title = title
        self.body = body
        self.categoryIdentifier = categoryIdentifier
        self.threadIdentifier = threadIdentifier
        self.interruptionLevel = interruptionLevel
    }

    /// No content: what a plan that does not describe its requests gives (`check`'s).
    static let undescribed = Self(title: "", body: "", categoryIdentifier: "", threadIdentifier: "", interruptionLevel: "")

    /// The generic title of every notification in privacy mode.
    public static let privateTitle = "Medication reminder"

    /// The content of a dose reminder of `m`, taking `pills` (its amount; or the dose text) at
    /// `clock` ("18:00", or "21:00 Asia/Tokyo"). A medication with a unit is said as `MedicationWords` says it ("Warfarin 5 mg
    /// tablets", "Take half a tablet (2.5 mg) of Warfarin 5 mg at 18:00."); with a `person`,
    /// whose it is ("Grandma — Warfarin 5 mg tablets", "Grandma takes half a tablet (2.5 mg) of
    /// Warfarin 5 mg at 18:00."). The amount is `MedicationWords.dose(of:amount:text:)`'s.
    static func dose(
        _ m: Medication, pills: Double, dose: String?, clock: String, thread: String, privacy: Bool,
        person: PersonWords? = nil
    ) -> Self {
        let title = privacy ? privateTitle : m.label
        var body = "It is time for a dose."
        if !privacy {
            let words = MedicationWords(m)
            let said = MedicationWords.dose(of: m, amount: pills, text: dose)
            if let person {
                body =
                    "\(person.instruction(verb: words?.verb ?? "take", words.map { "\(said) of \($0.name)" } ?? said)) at \(clock)."
            } else {
                body = "\(words?.instruction(said: said) ?? "Take \(said)") at \(clock)."
            }
        }
        return Self(
            title: person?.title(title) ?? title, body: body, categoryIdentifier: NotificationCategory.dose.identifier,
            threadIdentifier: thread, interruptionLevel: "timeSensitive")
    }

    /// The content of an as-needed medicine's "next dose allowed" reminder (the title with its
    /// `person` first).
    static func allowed(_ m: Medication, thread: String, privacy: Bool, person: PersonWords? = nil) -> Self {
        let title = privacy ? privateTitle : m.name
        return Self(
            title: person?.title(title) ?? title,
            body: privacy ? "The next dose is allowed now, if needed." : "The next dose of \(m.name) is allowed now, if needed.",
            categoryIdentifier: NotificationCategory.allowed.identifier, threadIdentifier: thread, interruptionLevel: "active")
    }

    /// The content of the refill warning of `m` (the title with its `person` first).
    static func refill(_ m: Medication, thread: String, privacy: Bool, person: PersonWords? = nil) -> Self {
        let title = privacy ? "Refill reminder" : "Refill \(m.name)"
        return Self(
            title: person?.title(title) ?? title,
            body: privacy ? "A supply runs low. Refill it soon." : "The supply of \(m.name) runs low. Refill it soon.",
            categoryIdentifier: NotificationCategory.refill.identifier, threadIdentifier: thread, interruptionLevel: "active")
    }
}

/// A notification category an app registers once (`UNNotificationCategory`): its identifier and
/// its actions (`UNNotificationAction`), listed in the plan's `categories`.
public struct NotificationCategory: Sendable, Equatable {
    /// One action button.
    public struct Action: Sendable, Equatable {
        public var identifier: String
        public var title: String
        /// `UNNotificationActionOptions` by name (`destructive`, `foreground`, `authenticationRequired`).
        public var options: [String]
    }

    public var identifier: String
    public var actions: [Action]
    /// The preview text shown when previews are hidden (`hiddenPreviewsBodyPlaceholder`).
    public var hiddenPreviewsBodyPlaceholder: String

    /// A dose reminder: taken, snooze, skip. The app logs `taken` and `skipped` as `dosecal log`
    /// does, and schedules a snooze itself (the plan's margin keeps room for it).
    public static let dose = NotificationCategory(
        identifier: "dosecal.dose",
        actions: [
            Action(identifier: "dosecal.taken", title: "Taken", options: ["authenticationRequired"]),
            Action(identifier: "dosecal.snooze", title: "Snooze", options: []),
            Action(identifier: "dosecal.skip", title: "Skip", options: ["destructive", "authenticationRequired"]),
        ], hiddenPreviewsBodyPlaceholder: NotificationContent.privateTitle)

    /// A refill warning: no actions; tapping it opens the app.
    public static let refill = NotificationCategory(
        identifier: "dosecal.refill", actions: [], hiddenPreviewsBodyPlaceholder: NotificationContent.privateTitle)

    /// The next dose of an as-needed medicine is allowed: taken.
    public static let allowed = NotificationCategory(
        identifier: "dosecal.allowed",
        actions: [Action(identifier: "dosecal.taken", title: "Taken", options: ["authenticationRequired"])],
        hiddenPreviewsBodyPlaceholder: NotificationContent.privateTitle)

    /// Every category a plan uses, in the order the plan lists them.
    public static let all = [dose, refill, allowed]
}
