/// The words that say an event is a dose, in the languages import knows, and the form of the
/// medicine each names (a tablet, drops, an injection ...). The one table both the dose matcher
/// and the feed's amounts read ("4 tablets (40 mg)"). German words also match as the end of a
/// compound ("Augentropfen", "Schmerztabletten").
public enum DoseWords {
    /// What one unit of a dose is. `nil` in the table: a dose word without a form ("medicine").
    public enum Form: String, Sendable, CaseIterable {
        case tablet, capsule, drop, injection, puff, patch, sachet, spoon

        /// The English unit for an amount: "1 tablet", "4 tablets".
        public func unit(_ count: Double) -> String {
            let plural = count != 1
            switch self {
            case .tablet: return plural ? "tablets" : "tablet"
            case .capsule: return plural ? "capsules" : "capsule"
            case .drop: return plural ? "drops" : "drop"
            case .injection: return plural ? "injections" : "injection"
            case .puff: return plural ? "puffs" : "puff"
            case .patch: return plural ? "patches" : "patch"
            case .sachet: return plural ? "sachets" : "sachet"
            case .spoon: return plural ? "spoonfuls" : "spoonful"
            }
        }
    }

    /// (language, form, words). Lower case; accents as written in the language.
    static let table: [(language: String, form: Form?, words: [String])] = [
        ("en", .tablet, ["pill", "pills", "tablet", "tablets", "tab", "tabs"]),
        ("en", .capsule, ["capsule", "capsules", "caps"]),
        ("en", .drop, ["drop", "drops", "eyedrops"]),
        ("en", .injection, ["injection", "injections", "pen", "shot", "jab", "insulin"]),
        ("en", .puff, ["inhaler", "puff", "puffs"]),
        ("en", .sachet, ["sachet", "sachets"]),
        ("en", nil, ["dose", "doses", "medication", "medications", "medicine", "meds", "vitamin", "supplement", "antibiotic"]),
        ("de", .tablet, ["tablette", "tabletten", "pille", "pillen", "dragee", "dragees"]),
        ("de", .capsule, ["kapsel", "kapseln"]),
        ("de", .drop, ["tropfen"]),
        ("de", .injection, ["spritze", "spritzen", "injektion", "injektionen"]),
        ("de", .puff, ["inhalator", "hub", "hübe"]),
        ("de", .patch, ["pflaster"]),
        ("de", nil, ["medikament", "medikamente", "arznei", "dosis", "einnahme", "antibiotikum"]),
        ("fr", .tablet, ["comprimé", "comprimés", "cachet", "cachets", "pilule", "pilules"]),
        ("fr", .capsule, ["gélule", "gélules", "capsule", "capsules"]),
        ("fr", .drop, ["goutte", "gouttes", "collyre"]),
        ("fr", .injection, ["injection", "injections", "piqûre", "piqûres"]),
        ("fr", .puff, ["inhalateur", "bouffée", "bouffées"]),
        ("fr", .sachet, ["sachet", "sachets"]),
        ("fr", nil, ["médicament", "médicaments", "dose", "doses", "traitement"]),
        ("es", .tablet, ["pastilla", "pastillas", "comprimido", "comprimidos", "píldora", "píldoras"]),
        ("es", .capsule, ["cápsula", "cápsulas"]),
        ("es", .drop, ["gota", "gotas", "colirio"]),
        ("es", .injection, ["inyección", "inyecciones"]),
        ("es", .puff, ["inhalador", "inhalación"]),
        ("es", .sachet, ["sobre", "sobres"]),
        ("es", nil, ["medicamento", "medicamentos", "medicina", "dosis", "toma"]),
        ("it", .tablet, ["compressa", "compresse", "pillola", "pillole", "pastiglia", "pastiglie"]),
        ("it", .capsule, ["capsula", "capsule"]),
        ("it", .drop, ["goccia", "gocce", "collirio"]),
        ("it", .injection, ["iniezione", "iniezioni", "puntura"]),
        ("it", .puff, ["inalatore", "spruzzo", "spruzzi"]),
        ("it", .patch, ["cerotto"]),
        ("it", nil, ["farmaco", "farmaci", "medicina", "medicinale", "dose", "dosi"]),
        ("nl", .tablet, ["tablet", "tabletten", "pil", "pillen"]),
        ("nl", .capsule, ["capsule", "capsules"]),
        ("nl", .drop, ["druppel", "druppels", "oogdruppels"]),
        ("nl", .injection, ["injectie", "injecties", "prik", "spuit"]),
        ("nl", .puff, ["inhalator", "puf", "pufjes"]),
        ("nl", .patch, ["pleister"]),
        ("nl", nil, ["medicijn", "medicijnen", "medicatie", "dosis"]),
        ("pt", .tablet, ["comprimido", "comprimidos", "pílula", "pílulas"]),
        ("pt", .capsule, ["cápsula", "cápsulas"]),
        ("pt", .drop, ["gota", "gotas", "colírio"]),
        ("pt", .injection, ["injeção", "injeções", "injecção"]),
        ("pt", .puff, ["inalador", "bombinha"]),
        ("pt", .patch, ["adesivo"]),
        ("pt", nil, ["medicamento", "medicamentos", "remédio", "remédios", "dose", "doses"]),
    ]

    /// Units after a number that make an amount ("500 mg", "20 IE", "10 UI").
    static let units = [
        "mg", "mcg", "µg", "ug", "g", "ml", "iu", "ie", "ui", "units", "unit", "einheiten", "unités", "unidades", "unità",
        "eenheden",
    ]

    static let byWord: [String: Form?] = {
        var map: [String: Form?] = [:]
        for row in table { for word in row.words where map[word] == nil { map[word] = row.form } }
        return map
    }()

    static let germanWords = table.filter { $0.language == "de" }.flatMap { row in row.words.map { ($0, row.form) } }
    /// The German words that also end a compound (five characters or more), with their lengths.
    static let compoundEnds = germanWords.filter { $0.0.count >= 5 }.map { (word: $0.0, count: $0.0.count, form: $0.1) }

    /// The dose word `token` (lower case) is, and its form: nil when it is none.
    static func lookup(_ token: String) -> Form?? {
        if let hit = byWord[token] { return .some(hit) }
        // German compounds: "augentropfen", "schmerztabletten".
        let count = token.count
        for end in compoundEnds where count > end.count && token.hasSuffix(end.word) { return .some(end.form) }
        return nil
    }

    /// Whether `text` has a dose word.
    static func hasDoseWord(_ text: String) -> Bool {
        tokens(text).contains { lookup($0) != nil }
    }

    /// The first form named in `texts` ("Adalimumab injection" -> injection).
    public static func form(in texts: [String?]) -> Form? {
        for text in texts.compactMap({ $0 }) {
            for token in tokens(text) { if let hit = lookup(token), let form = hit { return form } }
        }
        return nil
    }

    static func tokens(_ text: String) -> [String] {
        if let ascii = asciiTokens(text) { return ascii }
        return text.lowercased().split { !$0.isLetter }.map(String.init)
    }

    /// `tokens` of ASCII text, from its bytes (the letters of ASCII are A-Z and a-z); nil for
    /// other text.
    private static func asciiTokens(_ text: String) -> [String]? {
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        var result: [String] = []
        var token: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"): token.append(byte)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): token.append(byte + 0x20)
            default:
                if !token.isEmpty { result.append(String(decoding: token, as: UTF8.self)) }
                token.removeAll(keepingCapacity: true)
            }
        }
        if !token.isEmpty { result.append(String(decoding: token, as: UTF8.self)) }
        return result
    }
}
