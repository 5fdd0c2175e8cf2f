import KeychainLintCore
import KeychainLintModel

// The code that receives a handed-on `evaluatePolicy` outcome (a caller's closure or block, a
// method the outcome is passed to, a closure assigned to a stored closure property), read into
// the model for the question of where that code tests what it is given: each read of a name that
// stands in a condition, with what the condition tests and what runs on each side of it. Each
// front end reads its syntax into it (`SwiftBodies.receivingBody`, `ObjCBodies.receivingBody`);
// one reading finds the test (`HandedOutcomeReading`), for both languages.

/// A body that receives a handed-on outcome, as the reading of its tests sees it.
public struct ReceivingBody {
    /// What the body does on each path (`ProgramBody.swift`): whether it reads the success flag
    /// where that can decide something.
    public let statements: ProgramStatements
    /// The reads of names in conditions, in source order.
    public let conditionReads: [ConditionRead]

    public init(statements: ProgramStatements, conditionReads: [ConditionRead]) {
        self.statements = statements
        self.conditionReads = conditionReads
    }
}

/// A name read in the condition of an `if`, `guard`, `while`, `switch` or `?:`. A name given to
/// a call or message inside the condition is passed on, not tested there, and is no such read;
/// nor is one inside a closure or block written in the condition.
public struct ConditionRead {
    public let name: String
    /// The condition as a finding quotes it (one part of a Swift condition list, a `switch`'s
    /// subject, the condition of `?:`), and where it is.
    public let condition: SourcePlace
    /// Swift's `if let error` without `= error`: the name is bound, not read. Such a binding is a
    /// test only where no read of the names tested is one.
    public let isBinding: Bool
    /// How the whole condition tests the read value against nil: true when the condition holds
    /// where the value is nil (`error == nil`, `!error`), false when it holds where the value is
    /// there (`error != nil`, `if let error`, Objective-C's `if (error)`); nil when the
    /// condition is no such test of it, or only part of one.
    public let holdsWhenNil: Bool?
    /// The statement the condition decides, with what runs on each side of it.
    public let holder: ConditionHolder

    public init(name: String, condition: SourcePlace, isBinding: Bool = false, holdsWhenNil: Bool?, holder: ConditionHolder) {
        self.name = name
        self.condition = condition
        self.isBinding = isBinding
        self.holdsWhenNil = holdsWhenNil
        self.holder = holder
    }
}

/// What a condition decides, in the terms the reading of a test compares.
public enum ConditionHolder: Equatable {
    /// An `if`: whether its body runs any code, whether its `else` does (an `else if` does; nil:
    /// no `else`), whether its body always leaves (its last statement returns or throws), and
    /// whether statements follow the `if` in its block.
    case branch(thenRuns: Bool, otherwiseRuns: Bool?, thenLeaves: Bool, followed: Bool)
    /// Swift's `guard`: whether its `else` runs any code, and whether statements follow it.
    case guardBranch(otherwiseRuns: Bool, followed: Bool)
    /// A loop's condition, a `switch`'s subject, the condition of `?:`.
    case other
}

/// A test the reading found: the condition, and whether it tests the error alone.
public struct ReceivedTest {
    public let condition: SourcePlace
    /// The body never reads a success flag where that decides something: its test is of the
    /// error alone.
    public let ofErrorAlone: Bool
}

public enum HandedOutcomeReading {
    /// The first test in `body` of the names the outcome arrives in: of the success flag when the
    /// body reads it where that decides something, else of the error, where a test decides only
    /// when code runs on the side where there is no error (`if let error { show(error) }` only
    /// shows one).
    public static func firstTest(in body: ReceivingBody, successNames: Set<String>, errorNames: Set<String>) -> ReceivedTest? {
        let readsSuccess = ReplyOutcomeReading.reads(anyOf: successNames, in: body.statements)
        let tested = readsSuccess ? successNames : errorNames
        guard !tested.isEmpty else { return nil }
        // Reads first, in source order; then the bindings that name the value without reading it.
        for bindings in [false, true] {
            for read in body.conditionReads where read.isBinding == bindings && tested.contains(read.name) {
                if !readsSuccess, !runsWithoutError(read) { continue }
                return ReceivedTest(condition: read.condition, ofErrorAlone: !readsSuccess)
            }
        }
        return nil
    }

    /// Whether code runs on the side of a test where the value read is nil: the body of `if error
    /// == nil`, the `else` of `if let error` / `if (error)`, or the statements after the `if` when
    /// its body leaves; the statements after `guard error == nil`, the `else` of `guard let
    /// error`.
    public static func runsWithoutError(_ read: ConditionRead) -> Bool {
        guard let holdsWhenNil = read.holdsWhenNil else { return false }
        switch read.holder {
        case .branch(let thenRuns, let otherwiseRuns, let thenLeaves, let followed):
            if holdsWhenNil { return thenRuns }
            if let otherwiseRuns { return otherwiseRuns }
            return thenLeaves && followed
        case .guardBranch(let otherwiseRuns, let followed):
            return holdsWhenNil ? followed : otherwiseRuns
        case .other:
            return false
        }
    }
}

extension OutcomeGate {
    /// A test found at `condition`: where the outcome decides, with `role` saying where that is
    /// (`in a caller of \`authenticate(completion:)\``).
    public init(deciding condition: SourcePlace, role: String, errorAlone: Bool, isFarther: Bool = false) {
        let location = condition.location
        self.init(
            test: condition.snippet,
            step: TraceStep(
                kind: .branch, text: "decides: `\(condition.snippet)` \(role)", file: location.file, line: location.line,
                column: location.column),
            errorAlone: errorAlone, isFarther: isFarther)
    }
}
