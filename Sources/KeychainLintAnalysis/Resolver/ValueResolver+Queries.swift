import KeychainLintModel
import SwiftSyntax

extension ValueResolver {
    /// Types whose no-argument initializer makes an empty dictionary.
    static let dictionaryTypes: Set<String> = ["Dictionary", "NSDictionary", "NSMutableDictionary", "CFDictionary"]

    /// `[String: Any]()`, `Dictionary<String, Any>()`, `NSMutableDictionary()` (also with
    /// `capacity:`) are empty dictionaries; `NSDictionary(dictionary: d)` and
    /// `NSMutableDictionary(dictionary: d)` are `d`. Nil when the call is none of these (or the
    /// type is declared in the scan).
    func evaluateDictionaryConstruction(_ call: FunctionCallExprSyntax, callee: ExprSyntax, _ env: Environment) -> Resolution? {
        let isDictionaryType: Bool
        if let literal = callee.as(DictionaryExprSyntax.self) {
            // `[String: Any]` in call position is a dictionary type, not a dictionary value.
            guard case .elements(let elements) = literal.content, elements.count == 1 else { return nil }
            isDictionaryType = true
        } else if let name = SyntaxQueries.calleeName(of: callee), Self.dictionaryTypes.contains(name),
            !callee.is(MemberAccessExprSyntax.self), !index(env).isDeclaredType(name)
        {
            isDictionaryType = true
        } else {
            isDictionaryType = false
        }
        guard isDictionaryType, call.trailingClosure == nil else { return nil }
        let arguments = Array(call.arguments)
        if arguments.isEmpty || (arguments.count == 1 && arguments[0].label?.text == "capacity") {
            return .value(.dictionary([]))
        }
        if arguments.count == 1, arguments[0].label?.text == "dictionary" {
            return evaluate(arguments[0].expression, env)
        }
        return nil
    }
}

extension ValueResolver {
    /// Every dictionary `expression` can be, as queries; gaps say where resolution stopped. A
    /// dictionary built in a method from the state of `self` is resolved per instance when the
    /// instances are known (`resolvePerInstance`): each query holds one instance's entries.
    public func queries(_ expression: ExprSyntax, in file: SourceFile) -> (queries: [KeychainQuery], gaps: [ResolutionGap]) {
        var resolution = resolve(expression, in: file)
        if let cases = resolvePerInstance(dictionary: expression, plain: resolution, in: file) {
            resolution = cases.reduce(Resolution()) { $0.merging($1) }
        }
        return (resolution.values.compactMap(KeychainQuery.init), resolution.gaps)
    }
}
