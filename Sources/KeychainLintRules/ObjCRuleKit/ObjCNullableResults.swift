import KeychainLintCore
import KeychainLintModel
import KeychainLintObjC
import KeychainLintRuleKit

// What the Objective-C front end hands the one reading of a result that may be `NULL`
// (`NullableResultReading`): the file's calls of a function or method that returns it, each with
// the locals of its body (`ObjCBodyFacts.locals`), and what a dictionary key can be. An instance
// variable or property holding the result is not followed (other methods use it), so no stored
// property's reads are handed over.

extension ObjCRuleContext {
    /// The file's calls of the body that returns the value at `use` (calls from other files are
    /// not looked at).
    public func nullableSites(callingFunctionReturning use: ProgramSpan, in site: NullableSite) -> [NullableSite]? {
        guard let body = resolver.body(containing: use.start) else { return nil }
        return resolver.callRanges(of: body).compactMap { range in
            guard let callerBody = resolver.body(containing: range.start.offset) else { return nil }
            return NullableSite(
                locals: ObjCBodyFacts.of(callerBody, in: self).locals, value: ProgramSpan(range),
                text: ObjCValueResolver.shortText(resolver.text(range)), place: "line \(range.start.line)")
        }
    }

    public func keyNames(_ key: ProgramExpression, in site: NullableSite) -> Set<String> {
        Set(resolve(key).values.compactMap { SecItemKeys.keyName($0.value) })
    }

    public func isNullLiteral(_ expression: ProgramExpression) -> Bool {
        guard case .objectiveC(let expression) = expression else { return false }
        return ObjCBodyFacts.isNull(expression)
    }
}
