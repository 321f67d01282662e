import DoseCal

/// ` (did you mean 'export'?)` after a mistyped command, option, value or zone name, from the
/// library's one edit-distance rule (`NameSuggestion`); empty when nothing is close.
enum DidYouMean {
    static func text(_ typed: String, in candidates: [String]) -> String {
        NameSuggestion.closest(to: typed, in: candidates).map { " (did you mean '\($0)'?)" } ?? ""
    }

    static func zone(_ typed: String) -> String {
        NameSuggestion.zone(near: typed).map { " (did you mean '\($0)'?)" } ?? ""
    }
}
