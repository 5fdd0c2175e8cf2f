import KeychainLintCore
import KeychainLintModel

// Code read into the model for the analyses that follow what it does on each path: the
// statements of a closure, a block or a function body in order, the control flow around them,
// the conditions they test and the actions they take. Each front end reads its own syntax into it
// (`SwiftBodies`, `ObjCBodies`) and does nothing else with it; one implementation of each analysis
// reads the model (`ReplyOutcomeReading`: the tests of an `evaluatePolicy` outcome).

/// Statements of one piece of code, in source order.
public typealias ProgramStatements = [ProgramStatement]

public indirect enum ProgramStatement {
    /// `if condition { then } else { otherwise }`. An `else if` is an `otherwise` holding one
    /// branch. `test` holds what the condition does besides being tested (calls in it).
    case branch(test: ProgramTest, then: ProgramStatements, otherwise: ProgramStatements?)
    /// Swift's `guard condition else { otherwise }`: the statements after it run when the
    /// condition holds.
    case guardBranch(test: ProgramTest, otherwise: ProgramStatements)
    /// A `switch`: what its subject does, then each case's statements (from its label to the next).
    case cases(subject: ProgramStatements, cases: [ProgramStatements])
    /// `do { … } catch { … }`, `@try { … } @catch (…) { … } @finally { … }`.
    case attempt(body: ProgramStatements, handlers: [ProgramStatements], finally: ProgramStatements)
    /// Statements run as a whole, maybe more than once or not at all (a loop, a nested `{ … }`,
    /// `defer`, `@synchronized`, `@autoreleasepool`).
    case group(ProgramStatements)
    /// A call, a message or an assignment. The closures and blocks written inside it are read for
    /// their own tests, but their actions are not this code's: the call is the action.
    case call(ProgramCallSite)
    /// A closure or block that is written but not run here (`let handler = { … }`): read for its
    /// tests, not for its actions.
    case closure(ProgramStatements)
    /// `return` or `throw`: leaves the code. `returnedBool` is a Bool literal returned, an action
    /// of its own (`return true` from a Bool gate is the guarded outcome itself).
    case exit(returnedBool: OutcomeAction?)
    /// A name read (a local, a parameter, `self`), with what the code around it does with it.
    /// Where it stands among the calls is where it is in the model: a read in a call's operands is
    /// given to that call. A name inside a string is text, not a read.
    case read(ProgramRead)
}

/// A name read, and how.
public struct ProgramRead {
    public enum Role {
        /// Read as a value.
        case value
        /// Compared with nil (`error == nil`, `nil != error`; `NULL` and `0` in Objective-C).
        case comparedWithNil
        /// Tested by its truth: a condition of its own (`if (error)`, `if success`), a side of `&&`
        /// or `||`, negated, or the condition of `?:`. For an object, whether it is there.
        case truthTest
        /// Unwrapped into a name of its own (Swift's `if let error`, `guard let error = error`).
        case unwrapped
    }

    public let name: String
    public let role: Role

    public init(name: String, role: Role) {
        self.name = name
        self.role = role
    }
}

/// A call, message or assignment as the analyses of what code does see it.
public struct ProgramCallSite {
    /// The callee's name (a Swift base name, the first piece of an Objective-C selector); nil for
    /// an assignment, or a callee with no name (`handlers[0]()`).
    public let callee: String?
    /// The action it is, when it is one.
    public let action: OutcomeAction
    /// The closures and blocks among its arguments (trailing closures too), each as its statements.
    public let closureArguments: [ProgramStatements]
    /// What its receiver and its other arguments (or an assignment's two sides) hold: nested calls
    /// and closures, in source order.
    public let operands: ProgramStatements
    /// An assignment (`x = y`, `self.flag = success`) rather than a call.
    public let isAssignment: Bool

    public init(
        callee: String?, action: OutcomeAction, closureArguments: [ProgramStatements], operands: ProgramStatements, isAssignment: Bool = false
    ) {
        self.callee = callee
        self.action = action
        self.closureArguments = closureArguments
        self.operands = operands
        self.isAssignment = isAssignment
    }

    /// Whether the call carries no decision of its own (logging, dispatching, assertions): what it
    /// does is what the closures it runs do, and what it is given is only logged or passed on.
    public var isNeutral: Bool {
        callee.map(OutcomeAction.neutralCallees.contains) ?? false
    }
}

/// A condition as written, with what it does besides being tested.
public struct ProgramTest {
    public let condition: ProgramCondition
    /// Calls made while testing (`if try store.read() != nil`), in source order.
    public let effects: ProgramStatements

    public init(condition: ProgramCondition, effects: ProgramStatements = []) {
        self.condition = condition
        self.effects = effects
    }
}

/// What a condition tests, in the terms the analyses compare: names, their truth, comparisons
/// with literals, negation and `||`. Anything else is `other`.
public struct ProgramCondition {
    public indirect enum Kind {
        /// A name tested by its truth: a Bool (`success`), or in Objective-C an object (`error`: not nil).
        case truth(String)
        case not(ProgramCondition)
        /// `name == literal` or `name != literal`, either side written first.
        case comparison(name: String, equal: Bool, literal: ProgramLiteral)
        /// A name unwrapped into a name of its own (Swift's `if let error`, `if let failure = error`):
        /// holds when the name is not nil.
        case unwrapped(String)
        case or(ProgramCondition, ProgramCondition)
        /// Several conditions that must all hold (`a && b`, Swift's `if a, b`).
        case all([ProgramCondition])
        case other
    }

    public let kind: Kind
    /// Where the condition is, and how it is written.
    public let place: SourcePlace

    public init(_ kind: Kind, place: SourcePlace) {
        self.kind = kind
        self.place = place
    }
}

/// A literal a condition compares a name with.
public enum ProgramLiteral: Equatable {
    case bool(Bool)
    /// `nil` (`NULL`, `Nil` and `0` for an Objective-C object too).
    case null
}

extension ProgramStatement {
    /// Whether the statements always leave the code: the last one returns or throws (or is a
    /// group that does).
    static func alwaysExits(_ statements: ProgramStatements) -> Bool {
        switch statements.last {
        case .exit?: true
        case .group(let inner)?: alwaysExits(inner)
        default: false
        }
    }
}
