extension NotificationPlanner {
    /// `doses` less those the log's deciding entry says were taken or skipped (unless
    /// `plansSettledDoses`): a dose already taken needs no reminder.
    func unsettled(_ doses: [Occurrence], of m: Medication) -> [Occurrence] {
        guard !plansSettledDoses, engine.lookup.hasLog(of: m.id) else { return doses }
        let ledger = DoseLedger(engine: engine, medicationID: m.id)
        return doses.filter { dose in
            switch ledger.status(of: dose) {
            case .taken?, .skipped?: return false
            case .missed?, nil: return true
            }
        }
    }

    /// The content of the reminder of `dose`: its amount and the time it is due where its person
    /// is at that instant ("21:00 Asia/Tokyo" away from home): a dose of the gradual policy on its
    /// way to a new zone's clock is said at the time it fires, not its slot's.
    func doseContent(_ m: Medication, _ dose: Occurrence) -> NotificationContent {
        let date = engine.localDate(of: dose)
        let timeline = engine.timeline(of: m)
        let due = ZonedTime(dose.instant, in: timeline.zone(at: dose.instant))
        return .dose(
            m, pills: dose.amount, dose: engine.step(of: m, on: date)?.dose ?? m.dose,
            clock: due.clock(besides: timeline.home), thread: thread(of: m),
            privacy: engine.schedule.feed.privacy, person: person(of: m))
    }

    /// `doseContent`, or nothing when the plan does not describe its requests.
    func content(_ m: Medication, _ dose: Occurrence) -> NotificationContent {
        describesRequests ? doseContent(m, dose) : .undescribed
    }

    /// Whose `m` is, as the notifications say it ("Person 2" in privacy mode).
    func person(of m: Medication) -> PersonWords? {
        PersonWords(of: m, in: engine.schedule, privacy: engine.schedule.feed.privacy)
    }

    /// The thread of `m`'s notifications: its id, or its position in privacy mode ("Medication 2").
    func thread(of m: Medication) -> String {
        engine.schedule.feed.privacy ? engine.lookup.positionalName(of: m.id) ?? "Medication" : m.id
    }
}

extension NotificationPlanner {
    /// The "next dose allowed" reminder of an as-needed medicine, as a one-off at the instant
    /// the feed's event has (its reminder's lead before), when that falls in `[at, to)`. Only
    /// doses logged by `at` count: the plan is what is known at its instant.
    func asNeededRequests(_ m: Medication, at: Int, to: Int) -> [NotificationRequest] {
        guard let next = AsNeededDoses(m, log: engine.schedule.log, until: at)?.nextAllowed else { return [] }
        let fires = next - m.reminder.minutesBefore * 60
        guard fires >= at && fires < to else { return [] }
        let uid = DoseIdentity.nextDoseAllowed(medicationID: m.id).uid
        return [
            NotificationRequest(
                identifier: "\(uid)/\(LocalDateTime(secondsSinceEpoch: next).basicFormat)Z", uid: uid,
                purpose: .nextDoseAllowed(medicationID: m.id),
                trigger: .once(LocalDateTime(secondsSinceEpoch: fires), zone: "UTC"), fires: fires, firings: [fires],
                content: .allowed(m, thread: thread(of: m), privacy: engine.schedule.feed.privacy, person: person(of: m)))
        ]
    }
}
