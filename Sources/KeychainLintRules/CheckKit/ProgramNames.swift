import KeychainLintCore
import KeychainLintModel

// What every front end hands a check besides calls: a property of an object read or set, and a
// bare name (a constant of an SDK). A check declares the names it wants (`CheckedName`); each
// front end finds them in its own spellings (Swift `context.name = value`; Objective-C
// `context.name = value` and `[context setName:value]`) and hands them over the same way.

/// How a check names the properties and identifiers it is handed.
public enum CheckedName: Hashable, Sendable {
    /// A property of an object, read or set: `base.name` in either language, and the accessor
    /// messages `[base name]`, `[base setName:value]` in Objective-C.
    case property(String)
    /// A bare name wherever it appears as an expression (`LATouchIDAuthenticationMaximumAllowableReuseDuration`).
    case identifier(String)
}

/// A property of an object, read or set, as every front end hands it over.
public struct ProgramMemberAccess: Hashable {
    /// Where the property is set, and to what.
    public struct Setting: Hashable {
        /// The value it is set to.
        public let value: ProgramExpression
        /// The whole setting as written (`base.name = value`, `[base setName:value]`): where a
        /// finding about it goes.
        public let whole: ProgramExpression
    }

    public let name: String
    /// What the property belongs to; nil for Swift's implicit `.name`.
    public let base: ProgramExpression?
    /// The access as written (`base.name`, `[base name]`, `[base setName:value]`).
    public let expression: ProgramExpression
    /// Set when the access is the target of a plain assignment or a setter message; nil for a read.
    public let setting: Setting?
    public let language: SourceLanguage
}

/// A bare name used as an expression, as every front end hands it over.
public struct ProgramIdentifier: Hashable {
    public let name: String
    public let expression: ProgramExpression
    public let language: SourceLanguage
}

/// Where an expression stands in what encloses it (`CheckContext.role(of:)`), once parentheses
/// and casts around it are looked through.
public enum ExpressionRole: Hashable, Sendable {
    /// An operand of a comparison (`<`, `<=`, `>`, `>=`, `==`, `!=`).
    case comparisonOperand
    /// An argument of a function giving the smallest of its arguments (Swift `min`, C `MIN`,
    /// `fmin`): the value is an upper bound there.
    case minimumArgument
    /// Anything else.
    case other
}

extension CheckContext {
    /// A front end that cannot tell takes the name as the code's own: no finding rests on a guess.
    public func declaresOwn(_ identifier: ProgramIdentifier) -> Bool { true }
    /// A front end that cannot place the expression answers nil: no finding rests on a guess.
    public func role(of expression: ProgramExpression) -> ExpressionRole? { nil }
    /// A front end without a text preprocessor never expands a macro.
    public func passesThroughMacro(_ trace: [TraceStep]) -> Bool { false }
    /// A front end that cannot tell takes the property as the code's own: no finding rests on a guess.
    public func declaresOwnProperty(_ access: ProgramMemberAccess) -> Bool { true }
    public func isVisibly(_ expression: ProgramExpression, anInstanceOf className: String) -> Bool { false }
    public func olderSystemsBranches(around expression: ProgramExpression) -> [Availability.OlderSystemsBranch] { [] }
}
