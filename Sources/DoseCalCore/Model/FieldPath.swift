/// Where a value sits in a schedule file, like `medications[2].times[0]`: the path a
/// `ScheduleError` names. Kept as the enclosing object's or list's path and one last step, and
/// written out as text only when an error is made, so that reading a valid file builds no path
/// text. A member or element of a container shares the container's `Parent` (one allocation per
/// container, none per value read).
struct FieldPath: Sendable {
    /// A path that children refer to.
    final class Parent: Sendable {
        let path: FieldPath
        init(_ path: FieldPath) { self.path = path }

        /// The path of the member `key` of the object at this path.
        func member(_ key: String) -> FieldPath { FieldPath(parent: self, step: .key(key)) }

        /// The path of the element at `index` (0-based) of the list at this path.
        func element(_ index: Int) -> FieldPath { FieldPath(parent: self, step: .index(index)) }
    }

    private enum Step {
        case root
        case key(String)
        case index(Int)
    }

    private let parent: Parent?
    private let step: Step

    /// The top level of the file (written as the empty text).
    static let root = FieldPath(parent: nil, step: .root)

    /// The path of the member `key` (`feed.name`; just `key` at the top level).
    func member(_ key: String) -> FieldPath { Parent(self).member(key) }

    /// The path of the element at `index` (`times[0]`).
    func element(_ index: Int) -> FieldPath { Parent(self).element(index) }

    /// The path as error messages write it: members joined by `.`, indices in brackets, empty
    /// for the top level.
    var text: String {
        var steps: [Step] = []
        var current: FieldPath? = self
        while let path = current {
            steps.append(path.step)
            current = path.parent?.path
        }
        var text = ""
        for step in steps.reversed() {
            switch step {
            case .root: break
            case .key(let key): text += text.isEmpty ? key : "." + key
            case .index(let index): text += "[\(index)]"
            }
        }
        return text
    }
}
