import KeychainLintAnalysis
import KeychainLintCore
import KeychainLintObjC

// What every front end hands a check: a call with its arguments by label and position, and
// expressions the check never looks inside. A check asks its context to resolve an expression
// into the model's values, to quote it or to report at it; the front end that read the file
// answers from its own syntax. So one implementation of a check serves every language, and a
// language is added by teaching its front end to hand calls over, not by copying checks.

/// An expression of a scanned file, in the language its front end read. Checks pass it back to
/// their `CheckContext`; only the contexts look inside.
public enum ProgramExpression: Hashable {
    case swift(SwiftExpression)
    case objectiveC(ObjCExpr)
}

/// One argument of a call: its label (a Swift argument label, an Objective-C selector piece; nil
/// when unlabelled, and for C function arguments) and its value.
public struct ProgramArgument: Hashable {
    public let label: String?
    public let value: ProgramExpression
}

/// A call of a scanned file, as every front end hands it over.
public struct ProgramCall: Hashable {
    public enum Kind: Hashable {
        /// A free function: `SecItemAdd(query, nil)` in either language.
        case function
        /// A method or message: `context.evaluatePolicy(…)`, `[context evaluatePolicy:…]`.
        case method
    }

    public let kind: Kind
    /// The function's name (`SecItemAdd`), a Swift method's base name (`evaluatePolicy`) or an
    /// Objective-C selector (`evaluatePolicy:localizedReason:reply:`).
    public let name: String
    /// What a method is called on; nil for a free function.
    public let receiver: ProgramExpression?
    /// The arguments in order (a Swift call's parenthesised ones: trailing closures are not among them).
    public let arguments: [ProgramArgument]
    /// The call as an expression: to resolve what it returns, or to report at it whole.
    public let expression: ProgramExpression
    /// What a function call calls, as written (`SecItemCopyMatching` in `SecItemCopyMatching(query, &result)`);
    /// nil for an Objective-C message.
    public let callee: ProgramExpression?
    public let language: SourceLanguage

    /// The argument at `index`, when the call has that many.
    public func argument(_ index: Int) -> ProgramExpression? {
        arguments.indices.contains(index) ? arguments[index].value : nil
    }

    /// The argument the method's name introduces: a Swift call's unlabelled first argument
    /// (`credential` in `context.setCredential(credential, type: …)`), an Objective-C message's
    /// first selector piece's argument (`[context setCredential:credential type:…]`), the way
    /// Swift imports an Objective-C selector; a function's first argument.
    public var leadingArgument: ProgramExpression? {
        guard let first = arguments.first else { return nil }
        switch (kind, language) {
        case (.method, .objectiveC): return name.hasPrefix((first.label ?? "") + ":") ? first.value : nil
        case (.method, _), (.function, _): return first.label == nil ? first.value : nil
        }
    }

    /// The first argument labelled `label`.
    public func argument(labeled label: String) -> ProgramExpression? {
        arguments.first { $0.label == label }?.value
    }
}

extension ProgramCall {
    /// A Swift call: a free function when nothing is written before its name (`SecItemAdd(…)`),
    /// a method otherwise. Nil for a call through an expression with no name (`handlers[0](x)`).
    public init?(_ call: SwiftCall) {
        guard let name = call.name else { return nil }
        let receiver = call.receiver
        self.init(
            kind: receiver == nil ? .function : .method, name: name, receiver: receiver.map(ProgramExpression.swift),
            arguments: call.arguments.map { ProgramArgument(label: $0.label, value: .swift($0.value)) },
            expression: .swift(call.expression), callee: .swift(call.callee), language: .swift)
    }

    /// An Objective-C C function call or message send.
    public init(_ call: ObjCCallSite) {
        var callee: ProgramExpression?
        if case .call(let function) = call.expression.kind { callee = .objectiveC(function.callee) }
        self.init(
            kind: call.kind == .function ? .function : .method, name: call.name,
            receiver: call.receiver.map(ProgramExpression.objectiveC),
            arguments: call.arguments.map { ProgramArgument(label: $0.label, value: .objectiveC($0.value)) },
            expression: .objectiveC(call.expression), callee: callee, language: .objectiveC)
    }
}

/// How a check names the calls it is handed.
public enum CheckedCall: Hashable, Sendable {
    /// A free function of the same name in every language (`SecAccessControlCreateWithFlags`).
    case function(String)
    /// A method: its Swift base name and its Objective-C selector.
    case method(swift: String, objectiveC: String)

    /// The name the language's front end dispatches on.
    public func name(in language: SourceLanguage) -> String {
        switch (self, language) {
        case (.function(let name), _): name
        case (.method(let swift, _), .swift): swift
        case (.method(_, let objectiveC), .objectiveC): objectiveC
        }
    }

    /// Whether `call` is this one.
    public func matches(_ call: ProgramCall) -> Bool {
        switch self {
        case .function(let name): call.kind == .function && call.name == name
        case .method: call.kind == .method && call.name == name(in: call.language)
        }
    }
}
