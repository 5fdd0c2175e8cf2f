import Foundation

/// Records which names a piece of analysis looked up across files. Every cross-file fact flows
/// through `ProjectIndex.files(mentioning:)`, so the set of names a file's analysis asked for
/// (and, through cached answers, the names those answers asked for) tells the result cache what
/// other files it depends on. Frames are per thread: each file is analysed on one thread.
///
/// Recording is on only inside a `record(_:)` frame opened by the engine, which it does only when
/// a result cache is in use: without one, nobody reads the names, and collecting them (sets of
/// strings unioned into every enclosing frame) costs a tenth of a scan.
public enum Dependencies {
    private final class Frame {
        var names: Set<String> = []
        var facts: Set<String> = []
        var limits: Set<ResolutionGap> = []
    }

    /// What one analysis depended on: names it looked up, and scan-wide facts it used (whose own
    /// names are recorded once, with the fact, instead of in every file that uses it); and the
    /// bounds its questions met (`ValueResolver.searchLimits`, `analysisLimits`), which the
    /// result cache keeps with the file's outcome, so a re-scan that replays it says them too.
    public struct Recorded: Sendable {
        public var names: Set<String> = []
        public var facts: Set<String> = []
        public var limits: Set<ResolutionGap> = []
    }

    private final class Stack {
        var frames: [Frame] = []
    }

    /// One stack per thread (`PerThread`).
    private static let stacks = PerThread { Stack() }

    private static var stack: Stack { stacks.value }

    /// Whether the current thread is recording (inside an engine frame).
    public static var isRecording: Bool {
        !stack.frames.isEmpty
    }

    /// Notes that the current analysis depends on the files mentioning `name`.
    public static func record(_ name: String) {
        stack.frames.last?.names.insert(name)
    }

    /// Notes every name a cached answer depended on, as if it had been looked up again.
    public static func replay(_ names: Set<String>) {
        guard !names.isEmpty, let frame = stack.frames.last else { return }
        frame.names.formUnion(names)
    }

    /// Notes that the current analysis met these bounds (credited to every enclosing frame, a
    /// scan-wide fact's too: they are no dependency, but the file that asked is where they show).
    public static func recordLimits(_ gaps: some Sequence<ResolutionGap>) {
        guard let frame = stack.frames.last else { return }
        frame.limits.formUnion(gaps)
    }

    /// Notes the bounds a cached answer met, as if it had been computed again.
    public static func replayLimits(_ gaps: Set<ResolutionGap>) {
        guard !gaps.isEmpty, let frame = stack.frames.last else { return }
        frame.limits.formUnion(gaps)
    }

    /// Notes that the current analysis used the scan-wide fact `key`.
    public static func recordFact(_ key: String) {
        stack.frames.last?.facts.insert(key)
    }

    /// Opens a recording frame around `body` (the engine, once per analysed file, when a result
    /// cache is in use) and returns what was looked up inside it, also credited to any enclosing
    /// frame.
    public static func record<T>(_ body: () -> T) -> (T, Recorded) {
        inFrame(creditingParent: true, body)
    }

    /// Runs `body` in a frame of its own whose names are not credited to the enclosing frame: a
    /// scan-wide fact's names are kept with the fact, and the file that asked records the fact.
    public static func isolated<T>(_ body: () -> T) -> (T, Recorded) {
        guard isRecording else { return (body(), Recorded()) }
        return inFrame(creditingParent: false, body)
    }

    private static func inFrame<T>(creditingParent: Bool, _ body: () -> T) -> (T, Recorded) {
        let stack = stack
        stack.frames.append(Frame())
        let result = body()
        let frame = stack.frames.removeLast()
        if let parent = stack.frames.last {
            if creditingParent {
                parent.names.formUnion(frame.names)
                parent.facts.formUnion(frame.facts)
            }
            parent.limits.formUnion(frame.limits)
        }
        return (result, Recorded(names: frame.names, facts: frame.facts, limits: frame.limits))
    }

    /// Runs `body`, returning its result and the names it looked up (also credited to any
    /// enclosing frame, since the outer analysis depends on them too). Outside a recording frame
    /// this only runs `body`: the names are empty.
    public static func collect<T>(_ body: () -> T) -> (T, Set<String>) {
        guard isRecording else { return (body(), []) }
        let (result, recorded) = record(body)
        return (result, recorded.names)
    }

    /// `collect`, with the bounds met as well (for a memo whose answers replay both).
    public static func collectWithLimits<T>(_ body: () -> T) -> (T, names: Set<String>, limits: Set<ResolutionGap>) {
        guard isRecording else { return (body(), [], []) }
        let (result, recorded) = record(body)
        return (result, recorded.names, recorded.limits)
    }
}
