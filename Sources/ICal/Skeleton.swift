/// The nesting of one component as written, with lines: gives libical's properties their line
/// numbers and unknown (X-) components their names.
struct Skeleton {
    var name: String
    var line: Int
    var properties: [(name: String, line: Int)] = []
    var children: [Skeleton] = []
}
