/// `people` (format version 2): who takes the medications, each with an id, a name and, when they
/// differ from the schedule's, their own home zone and itinerary (docs/schedule-format.md "people").
extension ScheduleDecoder {
    static let personKeys: JSONKeys = ["id", "name", "homeZone", "itinerary", "dateOfBirth", "allergies"]

    /// What the medications' `person` keys are checked against: the people read, and the ids of
    /// entries that could not be read (when collecting every error), so that a medication naming
    /// one is not also reported.
    struct PeopleNames {
        var people: [Person] = []
        var unread: Set<String> = []
        /// False when `people` itself could not be read: no `person` is checked then.
        var known = true
    }

    /// The `people` list: version 2 only, ids unique.
    func decodePeople(_ node: JSONNode, at path: FieldPath, version: Int) throws(ScheduleError) -> PeopleNames {
        try reader.requireVersion2(node, path, what: "people", version: version)
        var names = PeopleNames()
        var firstLineOfID: [String: Int] = [:]
        for (i, element) in try reader.array(node, at: path).enumerated() {
            let elementPath = path.element(i)
            guard
                let person = try reader.attempt({ () throws(ScheduleError) in try decodePerson(element, at: elementPath) })
            else {
                if let id = element["id"]?.stringValue { names.unread.insert(id) }
                continue
            }
            if let first = firstLineOfID[person.id] {
                try reader.report(
                    reader.fail(
                        element["id"] ?? element, elementPath.member("id"),
                        "duplicate person id \(JSONWriter.quoted(person.id)) (first used at line \(first)); each person needs their own id"
                    ))
                continue
            }
            firstLineOfID[person.id] = (element["id"] ?? element).line
            names.people.append(person)
        }
        return names
    }

    private func decodePerson(_ node: JSONNode, at path: FieldPath) throws(ScheduleError) -> Person {
        let f = try reader.fields(node, at: path, known: Self.personKeys)
        let id = try f.attempt("id", "a stable id of 1 to 64 letters, digits, '.', '_' or '-', like \"mia\"", reader.identifier)
        let name = try f.attempt("name", "the person's name as the reminders say it, like \"Mia\"") {
            (n, p) throws(ScheduleError) in try reader.text(n, at: p, nonEmpty: "Mia")
        }
        let home = try f.optional("homeZone", reader.zone)
        let itinerary = try f.optional("itinerary", decodeItinerary)
        let dateOfBirth = try f.optional("dateOfBirth", reader.date)
        let allergies = try f.optional("allergies", decodeAllergies) ?? []
        guard let id, let name else { throw reader.incomplete(node, path) }
        return Person(id: id, name: name, home: home, itinerary: itinerary, dateOfBirth: dateOfBirth, allergies: allergies)
    }

    /// `allergies`: single-line texts, none empty.
    private func decodeAllergies(_ node: JSONNode, at path: FieldPath) throws(ScheduleError) -> [String] {
        try entries(node, at: path) { (element, p) throws(ScheduleError) in
            try reader.text(element, at: p, nonEmpty: "penicillin")
        }
    }
}

extension MedicationDecoder {
    /// A medication's `person` (version 2): the id of one of the schedule's people; required when
    /// the schedule has more than one, optional with one (the medication is theirs), refused
    /// without people. Nil when absent (or wrong, reported).
    func decodePerson(_ f: ScheduleFields) throws(ScheduleError) -> String? {
        let node = f["person"]
        if let node,
            try reader.attempt({ () throws(ScheduleError) in try requireVersion2(node, f.path("person"), what: "person") })
                == nil
        {
            return nil
        }
        guard let names = people, names.known else {
            return try f.optional("person", reader.identifier)
        }
        let ids = names.people.map(\.id)
        guard let node else {
            guard ids.count + names.unread.count > 1 else { return nil }
            try reader.report(
                reader.fail(
                    f.node, f.path,
                    "missing required key \"person\": a schedule with several people names the person who takes each medication; known ids: \(ScheduleDecoder.list(ids))"
                ))
            return nil
        }
        guard let id = try reader.attempt({ () throws(ScheduleError) in try reader.identifier(node, at: f.path("person")) })
        else { return nil }
        guard !ids.contains(id), !names.unread.contains(id) else { return id }
        let known =
            ids.isEmpty
            ? "the schedule lists no people; add them under \"people\" ({\"id\": \(JSONWriter.quoted(id)), \"name\": ...}) or leave person out"
            : "known ids: \(ScheduleDecoder.list(ids))"
        let guess = ScheduleReader.didYouMean(NameSuggestion.closest(to: id, in: ids))
        try reader.report(
            reader.fail(node, f.path("person"), "no person has the id \(JSONWriter.quoted(id))\(guess); \(known)"))
        return nil
    }

    /// The home zone of the person `personID` names (nil: the schedule's).
    func home(ofPerson personID: String?) -> Zone? {
        let people = self.people?.people ?? []
        let person = personID.flatMap { id in people.first { $0.id == id } } ?? (people.count == 1 ? people.first : nil)
        return person?.home ?? home
    }
}
