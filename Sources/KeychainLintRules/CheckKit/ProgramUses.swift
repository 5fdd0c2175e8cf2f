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
    /// A front end that cannot tell takes the result as used: no finding rests on a guess.
    public func resultUse(of call: ProgramCall) -> ResultUse { .used }
    /// A front end that cannot tell takes the value as read: no finding rests on a guess.
    public func outParameterUse(_ index: Int, of call: ProgramCall) -> OutParameterUse { .read }
    public func callee(of call: ProgramCall) -> ProgramExpression { call.expression }
}

