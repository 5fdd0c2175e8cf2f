// Questions a check asks about what the code does with a value, answered by the front end that
// read the file from its own syntax. Whether a status is thrown away is written differently in
// every language (`_ = SecItemAdd(…)`, `(void)SecItemAdd(…);`, a bare statement, a local nobody
// reads), but the check judges the same answer, once.

/// What the code does with the value a call returns (`CheckContext.resultUse(of:)`).
public enum ResultUse: Hashable, Sendable {
    /// Looked at: compared, tested, returned, passed on, or stored where other code can read it
    /// (a property, a global, an out-parameter, a local that is read).
    case used
    /// Thrown away: a statement of its own, `_ = …`, `let _ = …`, `(void)…`.
    case discarded
    /// Stored in a local variable (this name) that nothing reads.
    case storedUnread(String)
}

/// What the code does with a value a call writes through an out-parameter, such as the error of
/// `SecKeyCreateRandomKey(attributes, &error)` (`CheckContext.outParameterUse(_:of:)`).
public enum OutParameterUse: Hashable, Sendable {
    /// The argument is not the address of a variable (`nil`, `NULL`, any other expression).
    case notAVariable
    /// The variable is read apart from the call, or is not a local (other code can read it).
    case read
    /// A local variable that nothing reads apart from the call.
    case unread
}

extension CheckContext {
    /// A front end that cannot read the body around a call hands over nothing: the result is
    /// then taken as used, and an out-parameter as read, so no finding rests on a guess.
    public func locals(around call: ProgramCall) -> (locals: ProgramLocals, value: ProgramSpan)? { nil }
    public func addressedName(_ index: Int, of call: ProgramCall) -> String? { nil }
    public func callee(of call: ProgramCall) -> ProgramExpression { call.expression }

    /// What the code does with the value `call` returns, read from the locals of the body around
    /// it (`ProgramLocals.resultUse(of:)`), the same way for every language.
    public func resultUse(of call: ProgramCall) -> ResultUse {
        guard let (locals, value) = locals(around: call) else { return .used }
        return locals.resultUse(of: value)
    }

    /// What the code does with what `call` writes through its argument at `index` (`&error`).
    public func outParameterUse(_ index: Int, of call: ProgramCall) -> OutParameterUse {
        guard let name = addressedName(index, of: call) else { return .notAVariable }
        guard let (locals, value) = locals(around: call) else { return .read }
        return locals.outParameterUse(named: name, call: value)
    }
}

/// What the code does with a result that may be nil (Swift's Optional) or `NULL` (a C pointer),
/// such as the `SecAccessControl` of `SecAccessControlCreateWithFlags`
/// (`CheckContext.nullableResultHandling(of:errorArgument:entryKey:fallbackKey:)`, read from the
/// model by `NullableResultReading`).
public struct NullableResultHandling {
    /// Tested for nil somewhere that counts: a binding (`if let`, `guard let`), a comparison with
    /// nil or `NULL`, a truth test, `??`, optional chaining, or the error out-parameter tested
    /// (and the code leaving) before the result's first use.
    public var checked: Bool
    /// The first use that crashes on nil, as written, and where ("line 12"; nil at the call
    /// itself): a force unwrap or `as!` in Swift, an insertion where `NULL` raises in
    /// Objective-C (an `@{…}` literal, `setObject:forKey:`).
    public var crashingUse: (text: String, place: String?)?
    /// The first place the result is stored under the entry key where nil leaves the entry out
    /// (a Swift Optional in a dictionary, an Objective-C subscript assignment), as written.
    public var uncheckedEntry: (text: String, place: String?)?
    /// Where code that runs when the result is nil writes the fallback key, as "line 12".
    public var fallbackWrittenAt: String?

    public init(
        checked: Bool = false, crashingUse: (text: String, place: String?)? = nil,
        uncheckedEntry: (text: String, place: String?)? = nil, fallbackWrittenAt: String? = nil
    ) {
        self.checked = checked
        self.crashingUse = crashingUse
        self.uncheckedEntry = uncheckedEntry
        self.fallbackWrittenAt = fallbackWrittenAt
    }
}

extension CheckContext {
    /// A front end that follows no helper's callers and no stored property answers nil: nothing
    /// is recorded for such a value.
    public func nullableSites(callingFunctionReturning use: ProgramSpan, in site: NullableSite) -> [NullableSite]? { nil }
    public func nullableSites(readingPropertyInitializedBy site: NullableSite) -> [NullableSite]? { nil }
    public func keyNames(_ key: ProgramExpression, in site: NullableSite) -> Set<String> { [] }

    public func isNullLiteral(_ expression: ProgramExpression) -> Bool { false }
}
