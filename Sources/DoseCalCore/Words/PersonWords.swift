/// Whose dose it is, in the words of a schedule with people (docs/schedule-format.md "The
/// words"): every title, alarm, notification and output line of a person's medication says the
/// person first, in a sentence that reads right, never as part of the medicine's name ("Mia:
/// Amoxicillin" read "Take 5 ml of Mia: Amoxicillin"):
///
/// - title (SUMMARY, notification title, command output): "Mia — Amoxicillin 250 mg/5 ml: 5 ml
///   (250 mg)";
/// - instruction (DESCRIPTION, notification body): "Mia takes 5 ml (250 mg) of Amoxicillin
///   250 mg/5 ml at 07:00.";
/// - alarm: "Time for Mia to take Amoxicillin 250 mg/5 ml: 5 ml (250 mg)".
///
/// In privacy mode the person is "Person 2" (their place in `people`), as medications are
/// "Medication 2": no name is written. A schedule without people says no one (its words are as
/// before).
public struct PersonWords: Sendable, Equatable {
    /// The person as the words name them: their name, or "Person N" in privacy mode.
    public let name: String

    /// Between the person and a title.
    public static let separator = " — "

    public init(name: String) { self.name = name }

    /// The words of `medication`'s person in `schedule` (nil: a schedule without people, or a
    /// medication of no person).
    public init?(of medication: Medication, in schedule: Schedule, privacy: Bool) {
        guard let person = schedule.person(of: medication) else { return nil }
        self.init(person, in: schedule, privacy: privacy)
    }

    /// The words of `person` (`Person N` in privacy mode).
    public init(_ person: Person, in schedule: Schedule, privacy: Bool) {
        name = privacy ? schedule.positionalName(ofPerson: person.id) ?? "Person" : person.name
    }

    /// "Mia — Amoxicillin 250 mg/5 ml: 5 ml (250 mg)".
    public func title(_ title: String) -> String { name + Self.separator + title }

    /// "Mia takes 5 ml (250 mg) of Amoxicillin 250 mg/5 ml": the person, the verb in the third
    /// person, and what follows it in an instruction ("5 ml (250 mg) of Amoxicillin 250 mg/5 ml").
    public func instruction(verb: String, _ rest: String) -> String { "\(name) \(Self.thirdPerson(verb)) \(rest)" }

    /// "Time for Mia to take Amoxicillin 250 mg/5 ml: 5 ml (250 mg)".
    public func alarm(verb: String, title: String) -> String { "Time for \(name) to \(verb) \(title)" }

    /// takes, uses, applies, injects.
    public static func thirdPerson(_ verb: String) -> String {
        if verb.hasSuffix("y") { return String(verb.dropLast()) + "ies" }
        if verb.hasSuffix("s") || verb.hasSuffix("sh") || verb.hasSuffix("ch") { return verb + "es" }
        return verb + "s"
    }

    /// The person and the rest of a title `title(_:)` wrote ("Mia", "Amoxicillin ..."); nil for a
    /// title of no person.
    public static func reading(title: String) -> (name: String, rest: String)? {
        guard let range = title.range(of: separator) else { return nil }
        let (name, rest) = (String(title[..<range.lowerBound]), String(title[range.upperBound...]))
        return name.isEmpty || rest.isEmpty ? nil : (name, rest)
    }

    /// The person and the rest of an instruction `instruction(verb:_:)` wrote with one of `verbs`
    /// ("Mia", "take", "5 ml ..."), given the person's name; nil when `text` is no such sentence.
    public static func reading(instruction text: String, name: String, verbs: [String]) -> (verb: String, rest: String)? {
        guard text.hasPrefix(name + " ") else { return nil }
        let after = text.dropFirst(name.count + 1)
        for verb in verbs where after.hasPrefix(thirdPerson(verb) + " ") {
            return (verb, String(after.dropFirst(thirdPerson(verb).count + 1)))
        }
        return nil
    }
}
