import KeychainLintCore
import KeychainLintModel

// Code that hands an `evaluatePolicy` outcome on (the reply, and then each piece of code that
// receives it: a caller's closure or block, a method the outcome is passed to, a closure assigned
// to a stored closure property), read into the model for two questions: where it passes the
// values on, and to what (`ProgramHandoff`: a handler, a call, a stored property, the enclosing
// function's result, with the names each argument reads and the tests around it); and where it
// tests what it is given (`ReceivingBody`: each read of a name in a condition, with what the
// condition tests and what runs on each side of it). Each front end reads its syntax into these
// (`SwiftReceivingBodies.swift`, `ObjCReceivingBodies.swift`) and finds the code each hand-off
// reaches (the callers, the declarations, the readers of a property: its scope, not its syntax);
// one reading answers both questions (`HandedOutcomeReading`), for both languages.

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

/// A place where code passes values on to other code: a call or an assignment that one of the
/// values it holds may reach.
public struct ProgramHandoff {
    public enum Target: Equatable {
        /// A call of a handler: a function-typed (block) parameter of the enclosing function or
        /// method (`completion(error)`), or a closure or block kept in a stored property of the
        /// enclosing type (`self.onFinish?(error)`). The code that receives it gets the arguments
        /// in order.
        case handler
        /// A call or message the scan may declare (a delegate method, a method of the type,
        /// `performSelector:` with the selector it sends), whose callee is `callee` (a Swift base
        /// name, the first piece of an Objective-C selector).
        case call(callee: String)
        /// An assignment to a stored property of the enclosing type: its value is the argument.
        case property
        /// The enclosing function's result (Swift's `continuation.resume(returning: flag)` in the
        /// continuation the function returns).
        case result
    }

    public let target: Target
    /// The names each argument reads, by position; a closure or block argument reads none here
    /// (it runs later, and is read as part of the code).
    public let arguments: [Set<String>]
    /// The names the conditions of the `if` and `guard` statements around it read, innermost
    /// first, within the code read.
    public let enclosingTests: [Set<String>]
    /// The names the conditions of the `guard` statements before it in its block read.
    public let earlierGuards: [Set<String>]

    public init(target: Target, arguments: [Set<String>], enclosingTests: [Set<String>] = [], earlierGuards: [Set<String>] = []) {
        self.target = target
        self.arguments = arguments
        self.enclosingTests = enclosingTests
        self.earlierGuards = earlierGuards
    }
}

/// What a hand-off passes on: the argument positions that carry the success flag and those that
/// carry the error, and what the values tell.
public struct HandedArguments: Equatable {
    public let successArguments: [Int]
    public let errorArguments: [Int]
    public let carries: HandedValue

    public init(successArguments: [Int], errorArguments: [Int], carries: HandedValue) {
        self.successArguments = successArguments
        self.errorArguments = errorArguments
        self.carries = carries
    }
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

    // MARK: Where the outcome is handed on

    /// Callees that hand nothing on: logging, dispatching and assertions
    /// (`OutcomeAction.neutralCallees`), text formatting (`ReplyOutcomeReading.formattingCallees`),
    /// and resuming a continuation with anything but the flag.
    static func handsNothingOn(_ callee: String) -> Bool {
        OutcomeAction.neutralCallees.contains(callee) || ReplyOutcomeReading.formattingCallees.contains(callee) || callee == "resume"
    }

    /// What a hand-off passes on of the values named `success` and `error` (nil: none of them, or
    /// only the reason for a failure the code has tested already). `readsSuccess`: the code reads
    /// the success flag, so what it hands on tells success from failure.
    public static func handedArguments(
        of handoff: ProgramHandoff, success: String?, error: String?, readsSuccess: Bool
    ) -> HandedArguments? {
        let carries: HandedValue = readsSuccess ? .success : .errorAlone
        // Which outcome a test around the hand-off reads: the success flag, or else the error.
        func tested(_ conditions: [Set<String>]) -> HandedValue? {
            if let success, conditions.contains(where: { $0.contains(success) }) { return .success }
            if let error, conditions.contains(where: { $0.contains(error) }) { return .errorAlone }
            return nil
        }
        let test = tested(handoff.enclosingTests) ?? tested(handoff.earlierGuards)
        var successArguments: [Int] = []
        var errorArguments: [Int] = []
        for (position, names) in handoff.arguments.enumerated() {
            if let success, names.contains(success) {
                successArguments.append(position)
            } else if let error, names.contains(error) {
                errorArguments.append(position)
            }
        }
        switch handoff.target {
        case .result:
            guard successArguments == [0] else { return nil }
            return HandedArguments(successArguments: [], errorArguments: [], carries: .success)
        case .handler:
            // The error alone passed on where the code has tested the outcome already
            // (`else { completion(error) }`, `if let error { completion(error) }`): the reason
            // for a failure, not the outcome.
            if successArguments.isEmpty && !errorArguments.isEmpty && test != nil { return nil }
            if successArguments.isEmpty && errorArguments.isEmpty {
                // `completion(.success(()))`, `completion(YES)` inside a test of the outcome: the
                // first argument carries the branch it is sent in.
                guard !handoff.arguments.isEmpty, let test else { return nil }
                return HandedArguments(successArguments: [0], errorArguments: [], carries: test == .success || readsSuccess ? .success : .errorAlone)
            }
            return HandedArguments(successArguments: successArguments, errorArguments: errorArguments, carries: carries)
        case .call(let callee):
            guard !handsNothingOn(callee), !successArguments.isEmpty || !errorArguments.isEmpty else { return nil }
            // The error alone passed on inside a test of the outcome (`if let error { show(error) }`).
            if successArguments.isEmpty && test != nil { return nil }
            return HandedArguments(successArguments: successArguments, errorArguments: errorArguments, carries: carries)
        case .property:
            guard !successArguments.isEmpty || !errorArguments.isEmpty else { return nil }
            if successArguments.isEmpty && test != nil { return nil }
            return HandedArguments(
                successArguments: successArguments.isEmpty ? [] : [0], errorArguments: successArguments.isEmpty ? [0] : [], carries: carries)
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

// MARK: - The search, hand-off to hand-off

extension ReceiverSearch {
    /// Of several hand-offs in one reply, the one a finding shows, with its receivers (found by
    /// the front end's `receivers`): the first whose receivers test the outcome where it arrives;
    /// else the first whose test is farther (`OutcomeGate.isFarther`); else the first to the
    /// enclosing function's callers; else the first.
    func chosen<Handoff>(
        among handoffs: [Handoff], toCallers: (Handoff) -> Bool, receivers: (Handoff) -> OutcomeReceivers
    ) -> (Handoff, OutcomeReceivers)? {
        var chosen: (Handoff, OutcomeReceivers)?
        var farther: (Handoff, OutcomeReceivers)?
        for handoff in handoffs {
            let found = receivers(handoff).nearestFirst
            if let gate = found.firstGate {
                if !gate.isFarther { return (handoff, found) }
                if farther == nil { farther = (handoff, found) }
            }
            if chosen == nil || (!(chosen.map { toCallers($0.0) } ?? true) && toCallers(handoff)) { chosen = (handoff, found) }
        }
        return farther ?? chosen
    }

    /// The first test of the code that receives a value handed on again (`written`, at
    /// `location`), one hand-off further than `depth`, as the front end's `receivers` finds it,
    /// with the hand-off as a step of its path. Beyond `HandedOutcome.maximumHops` the search
    /// stops, and says so.
    func hop(written: String, at location: ValueLocation, depth: Int, receivers: (_ depth: Int) -> OutcomeReceivers) -> OutcomeGate? {
        guard depth < HandedOutcome.maximumHops else {
            gap("the value handed on again more than \(HandedOutcome.maximumHops) times (`\(written)`)")
            return nil
        }
        guard let gate = receivers(depth + 1).nearestFirst.firstGate else { return nil }
        return gate.handedOnAgain(
            written,
            at: TraceStep(kind: .argument, text: "handed on again: `\(written)`", file: location.file, line: location.line, column: location.column))
    }
}
