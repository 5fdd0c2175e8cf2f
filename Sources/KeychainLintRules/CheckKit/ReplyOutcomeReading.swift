import KeychainLintCore
import KeychainLintModel

// What an `evaluatePolicy` reply does on each path, read once for every language from the model
// of its code (`ProgramBody.swift`): the tests of its success flag and its error, the actions the
// success leads to, and the actions of the failure paths beside them (`OutcomeTest`). The front
// ends only read their syntax into the model; this is the one reading of it.

/// Actions in source order, each once (by key).
public struct OutcomeActions {
    public private(set) var list: [OutcomeAction] = []
    private var keys: Set<String> = []

    public init() {}

    public var isEmpty: Bool { list.isEmpty }
    public var first: OutcomeAction? { list.first }

    public mutating func insert(_ action: OutcomeAction) {
        guard keys.insert(action.key).inserted else { return }
        list.append(action)
    }

    public mutating func formUnion(_ other: OutcomeActions) {
        for action in other.list { insert(action) }
    }
}

public enum ReplyOutcomeReading {
    /// The tests of a reply's outcome. `success` and `error` name the reply's parameters (nil when
    /// it has none).
    public static func tests(in reply: ProgramStatements, success: String?, error: String?) -> [OutcomeTest] {
        guard let success, use(of: reply, success: success, error: error).readsSuccess else {
            // The reply never reads its success flag: a test of the error against nil is what
            // decides, and it lets a failure without an error object through.
            guard let error else { return [] }
            return errorAloneGates(in: reply, error: error, success: success ?? "success")
        }
        var tests: [OutcomeTest] = []
        forEachStatement(in: reply) { statement, following in
            switch statement {
            case .branch(let test, let then, let otherwise):
                if let error, let alone = errorNilAlone(test.condition, success: success, error: error) {
                    tests.append(.errorNilAlone(test: alone.place.snippet, success: success, at: alone.place))
                    return
                }
                switch successTest(test.condition, success: success) {
                case true?:
                    // `if success { guarded } else { failure }`
                    guard let otherwise else { return }
                    tests.append(branches(guarded: successActions(then), failure: otherwise, side: .successIsFalse(success: success)))
                case false?:
                    if let otherwise {
                        // `if !success { failure } else { guarded }`
                        tests.append(branches(guarded: successActions(otherwise), failure: then, side: .successIsFalse(success: success)))
                    } else if ProgramStatement.alwaysExits(then) {
                        // `if !success { failure; return }` and then the guarded code: a guard.
                        tests.append(branches(guarded: successActions(following), failure: then, side: .successIsFalse(success: success)))
                    }
                case nil:
                    return
                }
            case .guardBranch(let test, let otherwise):
                if let error, let alone = errorNilAlone(test.condition, success: success, error: error) {
                    tests.append(.errorNilAlone(test: alone.place.snippet, success: success, at: alone.place))
                    return
                }
                // `guard success else { failure }`: the statements after the guard are the guarded action.
                guard successTest(test.condition, success: success) == true else { return }
                tests.append(branches(guarded: successActions(following), failure: otherwise, side: .successIsFalse(success: success)))
            default:
                return
            }
        }
        return tests
    }

    /// `if error == nil { … }`, `guard error == nil else { … }`, and a test that there is an error
    /// (`error != nil`, `if let error`, Objective-C's `if (error)`) whose branch leaves before the
    /// action or whose `else` is the action, in a reply that never reads its success flag: each
    /// such test is the gate.
    private static func errorAloneGates(in reply: ProgramStatements, error: String, success: String) -> [OutcomeTest] {
        var tests: [OutcomeTest] = []
        forEachStatement(in: reply) { statement, following in
            switch statement {
            case .branch(let test, let then, let otherwise):
                if let nilTest = admitsNoError(test.condition, of: error), !then.isEmpty {
                    tests.append(.errorNilAlone(test: nilTest.place.snippet, success: success, at: nilTest.place))
                } else if requiresError(test.condition, of: error) {
                    // What runs when there is no error object: the `else`, or the code after a
                    // branch that leaves. Only an action there is let through; a branch that only
                    // shows the error, with nothing after it, guards nothing.
                    let withoutError: ProgramStatements? =
                        if let otherwise { otherwise } else if ProgramStatement.alwaysExits(then) { following } else { nil }
                    guard let withoutError, !successActions(withoutError).isEmpty else { return }
                    tests.append(.errorPresenceAlone(test: test.condition.place.snippet, success: success, at: test.condition.place))
                }
            case .guardBranch(let test, _):
                if let nilTest = admitsNoError(test.condition, of: error) {
                    tests.append(.errorNilAlone(test: nilTest.place.snippet, success: success, at: nilTest.place))
                }
            default:
                return
            }
        }
        return tests
    }

    /// The test of `error` against nil that lets a condition hold when there is no error object:
    /// `error == nil` itself, or one side of an `||` (`error == nil || code == .userFallback`
    /// holds on every failure without an error object, whatever the other side says).
    static func admitsNoError(_ condition: ProgramCondition, of error: String) -> ProgramCondition? {
        if isNilTest(condition, of: error) { return condition }
        guard case .or(let left, let right) = condition.kind else { return nil }
        return admitsNoError(left, of: error) ?? admitsNoError(right, of: error)
    }

    /// Whether a condition holds only when there is an error object: a test that there is one,
    /// alone or with more conditions that must hold too (`if let error = error as? LAError,
    /// error.code == .userCancel`): what runs when it fails runs on every failure without one.
    static func requiresError(_ condition: ProgramCondition, of error: String) -> Bool {
        if isNonNilTest(condition, of: error) { return true }
        guard case .all(let parts) = condition.kind else { return false }
        return parts.contains { requiresError($0, of: error) }
    }

    // MARK: Paths and their actions

    /// The failure branch and the paths inside it (each `case` and each branch of an `if`), each
    /// with its actions.
    public static func branches(guarded: OutcomeActions, failure: ProgramStatements, side: FailureSide) -> OutcomeTest {
        .branches(guarded: guarded.list, failurePaths: failurePaths(of: failure).map { actions($0).list }, failure: side)
    }

    /// A failure branch and the paths inside it: each `case` of a `switch` and each branch of an
    /// `if`, since a failure branch often treats one error code (`.userFallback`) differently.
    static func failurePaths(of failure: ProgramStatements) -> [ProgramStatements] {
        var paths = [failure]
        forEachStatement(in: failure) { statement, _ in
            switch statement {
            case .cases(_, let cases):
                paths += cases
            case .branch(_, let then, let otherwise):
                paths.append(then)
                if let otherwise { paths.append(otherwise) }
            default:
                return
            }
        }
        return paths
    }

    /// The actions of statements: calls (what a neutral call runs, rather than the call), messages,
    /// assignments and `return` of a Bool literal, in source order.
    public static func actions(_ statements: ProgramStatements) -> OutcomeActions {
        var found = OutcomeActions()
        collect(statements, skipsErrorHandling: false, into: &found)
        return found
    }

    /// The actions of a success path, without its own error handling (`catch` clauses, `guard`
    /// bodies, an `if` without `else` that leaves the code): showing a PIN pad when reading the
    /// token fails is not what the success leads to.
    public static func successActions(_ statements: ProgramStatements) -> OutcomeActions {
        var found = OutcomeActions()
        collect(statements, skipsErrorHandling: true, into: &found)
        return found
    }

    /// The first action of `statements` whose key does not start with `prefix` (the evaluated
    /// context's own members).
    public static func firstAction(of statements: ProgramStatements, besides prefix: String? = nil) -> OutcomeAction? {
        actions(statements).list.first { action in prefix.map { !action.key.hasPrefix($0) } ?? true }
    }

    private static func collect(_ statements: ProgramStatements, skipsErrorHandling skips: Bool, into found: inout OutcomeActions) {
        for statement in statements {
            switch statement {
            case .branch(let test, let then, let otherwise):
                collect(test.effects, skipsErrorHandling: skips, into: &found)
                if skips, otherwise == nil, ProgramStatement.alwaysExits(then) { continue }
                collect(then, skipsErrorHandling: skips, into: &found)
                if let otherwise { collect(otherwise, skipsErrorHandling: skips, into: &found) }
            case .guardBranch(let test, let otherwise):
                collect(test.effects, skipsErrorHandling: skips, into: &found)
                if !skips { collect(otherwise, skipsErrorHandling: skips, into: &found) }
            case .cases(let subject, let cases):
                collect(subject, skipsErrorHandling: skips, into: &found)
                for path in cases { collect(path, skipsErrorHandling: skips, into: &found) }
            case .attempt(let body, let handlers, let finally):
                collect(body, skipsErrorHandling: skips, into: &found)
                if !skips { for handler in handlers { collect(handler, skipsErrorHandling: skips, into: &found) } }
                collect(finally, skipsErrorHandling: skips, into: &found)
            case .group(let inner):
                collect(inner, skipsErrorHandling: skips, into: &found)
            case .call(let site):
                if site.isNeutral {
                    // What a dispatching call runs is the code's own action.
                    for closure in site.closureArguments { collect(closure, skipsErrorHandling: skips, into: &found) }
                } else {
                    // The call is the action; what it is given is part of it.
                    found.insert(site.action)
                }
            case .closure, .read:
                continue
            case .exit(let returned):
                if let returned { found.insert(returned) }
            }
        }
    }

    /// Calls `visit` with every statement under `statements` (those of closures and blocks written
    /// inside them too), in source order, each with the statements after it in its own list.
    public static func forEachStatement(in statements: ProgramStatements, _ visit: (ProgramStatement, ProgramStatements) -> Void) {
        for (position, statement) in statements.enumerated() {
            visit(statement, Array(statements[(position + 1)...]))
            switch statement {
            case .branch(let test, let then, let otherwise):
                forEachStatement(in: test.effects, visit)
                forEachStatement(in: then, visit)
                if let otherwise { forEachStatement(in: otherwise, visit) }
            case .guardBranch(let test, let otherwise):
                forEachStatement(in: test.effects, visit)
                forEachStatement(in: otherwise, visit)
            case .cases(let subject, let cases):
                forEachStatement(in: subject, visit)
                for path in cases { forEachStatement(in: path, visit) }
            case .attempt(let body, let handlers, let finally):
                forEachStatement(in: body, visit)
                for handler in handlers { forEachStatement(in: handler, visit) }
                forEachStatement(in: finally, visit)
            case .group(let inner), .closure(let inner):
                forEachStatement(in: inner, visit)
            case .call(let site):
                forEachStatement(in: site.operands, visit)
                for closure in site.closureArguments { forEachStatement(in: closure, visit) }
            case .exit, .read:
                continue
            }
        }
    }

    // MARK: What the reply does with its parameters

    /// Callees whose arguments are only formatted into text (`+[NSString stringWithFormat:]`): a
    /// flag given to one is shown, not tested.
    static let formattingCallees: Set<String> = ["stringWithFormat", "initWithFormat", "appendFormat", "localizedStringWithFormat"]

    /// What a reply's code (or a method given as the reply) does with its two parameters: whether
    /// it reads the success flag where that can decide something (not only as what a logging,
    /// dispatching or formatting call is given), whether it tests the error against nil or by its
    /// truth, and whether it unwraps it.
    public static func use(of reply: ProgramStatements, success: String?, error: String?) -> ReplyUse {
        var readsSuccess = false
        var testsError = false
        var unwrapsError = false
        forEachRead(in: reply, givenTo: nil) { read, call in
            if read.name == success, decides(givenTo: call) { readsSuccess = true }
            guard read.name == error else { return }
            switch read.role {
            case .comparedWithNil, .truthTest: testsError = true
            case .unwrapped: unwrapsError = true
            case .value: break
            }
        }
        return ReplyUse(readsSuccess: readsSuccess, testsErrorAgainstNil: testsError, unwrapsError: unwrapsError)
    }

    /// Whether code reads any of `names` where that can decide something: not only as what a
    /// logging, dispatching, assertion or formatting call is given. Code that receives a handed-on
    /// outcome tests its success flag only if it reads it so.
    public static func reads(anyOf names: Set<String>, in statements: ProgramStatements) -> Bool {
        var found = false
        forEachRead(in: statements, givenTo: nil) { read, call in
            if !found, names.contains(read.name), decides(givenTo: call) { found = true }
        }
        return found
    }

    /// A read given to `call` (nil: to no call) can decide something.
    private static func decides(givenTo call: ProgramCallSite?) -> Bool {
        guard let call else { return true }
        return !call.isNeutral && !formattingCallees.contains(call.callee ?? "")
    }

    /// Calls `visit` with every read under `statements` and the nearest call it is given to (an
    /// operand of that call, not inside a closure or block): a closure starts afresh, and an
    /// assignment is no call.
    static func forEachRead(in statements: ProgramStatements, givenTo call: ProgramCallSite?, _ visit: (ProgramRead, ProgramCallSite?) -> Void) {
        for statement in statements {
            switch statement {
            case .read(let read):
                visit(read, call)
            case .branch(let test, let then, let otherwise):
                forEachRead(in: test.effects, givenTo: call, visit)
                forEachRead(in: then, givenTo: nil, visit)
                if let otherwise { forEachRead(in: otherwise, givenTo: nil, visit) }
            case .guardBranch(let test, let otherwise):
                forEachRead(in: test.effects, givenTo: call, visit)
                forEachRead(in: otherwise, givenTo: nil, visit)
            case .cases(let subject, let cases):
                forEachRead(in: subject, givenTo: call, visit)
                for path in cases { forEachRead(in: path, givenTo: nil, visit) }
            case .attempt(let body, let handlers, let finally):
                forEachRead(in: body, givenTo: nil, visit)
                for handler in handlers { forEachRead(in: handler, givenTo: nil, visit) }
                forEachRead(in: finally, givenTo: nil, visit)
            case .group(let inner), .closure(let inner):
                forEachRead(in: inner, givenTo: nil, visit)
            case .call(let site):
                forEachRead(in: site.operands, givenTo: site.isAssignment ? call : site, visit)
                for closure in site.closureArguments { forEachRead(in: closure, givenTo: nil, visit) }
            case .exit:
                continue
            }
        }
    }

    // MARK: Tests of the reply's parameters

    /// `success`, `success == true` → true; `!success`, `success == false`, `success != true` →
    /// false; else nil.
    static func successTest(_ condition: ProgramCondition, success: String) -> Bool? {
        switch condition.kind {
        case .truth(success):
            return true
        case .not(let inner):
            if case .truth(success) = inner.kind { return false }
            return nil
        case .comparison(success, let equal, .bool(let value)):
            return equal ? value : !value
        default:
            return nil
        }
    }

    /// `success || error == nil` (either order): the side that lets a missing error alone through.
    static func errorNilAlone(_ condition: ProgramCondition, success: String, error: String) -> ProgramCondition? {
        guard case .or(let left, let right) = condition.kind else { return nil }
        for (one, other) in [(left, right), (right, left)] where successTest(one, success: success) == true && isNilTest(other, of: error) {
            return other
        }
        return nil
    }

    /// `error == nil`, `nil == error`; Objective-C's `!error`.
    static func isNilTest(_ condition: ProgramCondition, of name: String) -> Bool {
        switch condition.kind {
        case .comparison(name, true, .null):
            return true
        case .not(let inner):
            if case .truth(name) = inner.kind { return true }
            return false
        default:
            return false
        }
    }

    /// `error != nil`, `nil != error`, `if let error`, `if let failure = error`; Objective-C's `error`.
    static func isNonNilTest(_ condition: ProgramCondition, of name: String) -> Bool {
        switch condition.kind {
        case .comparison(name, false, .null), .truth(name), .unwrapped(name): true
        default: false
        }
    }
}
