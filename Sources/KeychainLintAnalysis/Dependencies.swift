import Foundation

/// Records which names a piece of analysis looked up across files. Every cross-file fact flows
/// through `ProjectIndex.files(mentioning:)`, so the set of names a file's analysis asked for
/// (and, through cached answers, the names those answers asked for) tells the result cache what
/// other files it depends on. Frames are per thread: each file is analysed on one thread.
public enum Dependencies {
    private static let key = "keychain-lint.dependencies"

    private final class Frame {
        var names: Set<String> = []
    }

    private final class Stack {
        var frames: [Frame] = []
    }

    private static var stack: Stack {
        let dictionary = Thread.current.threadDictionary
        if let existing = dictionary[key] as? Stack { return existing }
        let created = Stack()
        dictionary[key] = created
        return created
    }

    /// Notes that the current analysis depends on the files mentioning `name`.
    public static func record(_ name: String) {
        stack.frames.last?.names.insert(name)
    }

    /// Notes every name a cached answer depended on, as if it had been looked up again.
    public static func replay(_ names: Set<String>) {
        guard let frame = stack.frames.last, !names.isEmpty else { return }
        frame.names.formUnion(names)
    }

    /// Runs `body`, returning its result and the names it looked up (also credited to any
    /// enclosing frame, since the outer analysis depends on them too).
    public static func collect<T>(_ body: () -> T) -> (T, Set<String>) {
        let stack = stack
        stack.frames.append(Frame())
        let result = body()
        let names = stack.frames.removeLast().names
        stack.frames.last?.names.formUnion(names)
        return (result, names)
    }
}
