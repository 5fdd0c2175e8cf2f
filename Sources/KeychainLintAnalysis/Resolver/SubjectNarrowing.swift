import KeychainLintModel
import SwiftSyntax

// A `switch` subject read again inside a clause. Inside `switch configuration { case .iCloud: … }`
// the subject can only be `.iCloud`, so what is derived from it there (`configuration.accessibility`,
// a computed property that itself switches over `self`; a nested `switch configuration`; a table
// looked up with it) is its value for that case, not the union over every case. The same holds in
// the body of `if case .iCloud = configuration`, and in a `default:` clause, where the subject is
// none of the cases the other clauses catch. What the clause says is a `CaseNarrowing`: a fact of
// the place, found by walking out from a use, and, for a member read on the narrowed subject, a
// fact of the question (`Environment.selfCases`, consulted by the member's own `switch self`).
extension ValueResolver {
    /// What the `switch` clauses and `if case` conditions around `node` say of `subject` there:
    /// nil when none does, when the subject is not a plain name or a member path of names
    /// (`mode`, `self.mode`, `store.mode`), or when the clause may change it before `node`.
    func caseNarrowing(of subject: ExprSyntax, at node: Syntax, in file: SourceFile) -> CaseNarrowing? {
        Self.subjectKey(subject).flatMap { caseNarrowing(ofKey: $0, reading: subject, at: node, in: file) }
    }

    /// `caseNarrowing(of:at:)` for the subject spelled `key`, read as `use` (nil: `self`, read
    /// implicitly by a member).
    func caseNarrowing(ofKey key: String, reading use: ExprSyntax? = nil, at node: Syntax, in file: SourceFile) -> CaseNarrowing? {
        // A clause that declares the first name again (`case let .wrapped(mode):`) reads another value.
        var useBinding: String?
        func sameBinding(_ other: ExprSyntax) -> Bool {
            guard let use else { return true }
            if useBinding == nil { useBinding = firstNameBinding(use, in: file) }
            return useBinding == firstNameBinding(other, in: file)
        }
        var result: CaseNarrowing?
        var child = node
        var current = node.parent
        while let parent = current {
            if parent.is(ClosureExprSyntax.self) || parent.is(FunctionDeclSyntax.self) || parent.is(AccessorDeclSyntax.self)
                || parent.is(InitializerDeclSyntax.self) || parent.is(MemberBlockSyntax.self)
            {
                // A closure may run after the subject changed; a declaration is another scope.
                break
            }
            if let switchCase = parent.as(SwitchCaseSyntax.self), child.id == switchCase.statements.id,
                let switchExpr = switchCase.parent?.parent?.as(SwitchExprSyntax.self),
                Self.subjectKey(switchExpr.subject) == key, sameBinding(switchExpr.subject),
                !stores(into: key, in: Syntax(switchCase.statements), of: file),
                let clause = narrowing(by: switchCase, of: switchExpr, in: file)
            {
                result = clause.intersecting(result)
            }
            if let ifExpr = parent.as(IfExprSyntax.self) {
                if child.id == ifExpr.body.id {
                    for condition in ifExpr.conditions {
                        guard case .matchingPattern(let matching) = condition.condition,
                            Self.subjectKey(matching.initializer.value) == key, sameBinding(matching.initializer.value),
                            !stores(into: key, in: Syntax(ifExpr.body), of: file),
                            let name = Self.enumCaseName(of: matching.pattern)
                        else { continue }
                        result = CaseNarrowing.only([name]).intersecting(result)
                    }
                } else if ifExpr.elseBody?.id == child.id, ifExpr.conditions.count == 1, let only = ifExpr.conditions.first,
                    case .matchingPattern(let matching) = only.condition, Self.subjectKey(matching.initializer.value) == key,
                    sameBinding(matching.initializer.value), let name = Self.certainlyCaughtCase(matching.pattern), !stores(into: key, in: child, of: file)
                {
                    // `else` of `if case .a = mode`: `mode` is not `.a`.
                    result = CaseNarrowing.excluding([name]).intersecting(result)
                }
            }
            child = parent
            current = parent.parent
        }
        return result
    }

    /// What one clause of a `switch` says of its subject: one of the cases its items name (a
    /// `where` clause or a payload pattern only narrows further), or, for `default:`, none of the
    /// cases another clause catches whatever its payload. Nil when an item is not an enum case
    /// (`case let x`, a literal) or when a clause falls through into the next.
    func narrowing(by switchCase: SwitchCaseSyntax, of switchExpr: SwitchExprSyntax, in file: SourceFile) -> CaseNarrowing? {
        // Asked at every read inside the switch: its tokens are looked through once.
        let fallsThrough = switchesFallingThrough.value(for: NodeKey(file: file, node: switchExpr)) {
            switchExpr.cases.tokens(viewMode: .sourceAccurate).contains { $0.tokenKind == .keyword(.fallthrough) }
        }
        guard !fallsThrough else { return nil }
        switch switchCase.label {
        case .case(let label):
            var names: Set<String> = []
            for item in label.caseItems {
                guard let name = Self.enumCaseName(of: item.pattern) else { return nil }
                names.insert(name)
            }
            return names.isEmpty ? nil : .only(names)
        case .default:
            var caught: Set<String> = []
            for case .switchCase(let other) in switchExpr.cases {
                guard case .case(let label) = other.label else { continue }
                for item in label.caseItems where item.whereClause == nil {
                    if let name = Self.certainlyCaughtCase(item.pattern) { caught.insert(name) }
                }
            }
            return caught.isEmpty ? nil : .excluding(caught)
        }
    }

    /// The case a pattern matches whatever the case's associated values are: `.a`, `.a(let x)`,
    /// `let .a(x, _)`; nil for `.a(.always)`, which matches only some.
    static func certainlyCaughtCase(_ pattern: PatternSyntax) -> String? {
        let pattern = pattern.as(ValueBindingPatternSyntax.self)?.pattern ?? pattern
        guard let expression = pattern.as(ExpressionPatternSyntax.self)?.expression else { return nil }
        if let member = expression.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
        guard let call = expression.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self)
        else { return nil }
        for argument in call.arguments {
            let value = argument.expression
            guard value.is(PatternExprSyntax.self) || value.is(DiscardAssignmentExprSyntax.self) else { return nil }
        }
        return member.declName.baseName.text
    }

    /// The spelling that identifies a subject: a name or a path of names (`self.mode`); nil for
    /// anything else (a call's result may differ each time).
    static func subjectKey(_ expression: ExprSyntax) -> String? {
        let expression = SyntaxQueries.unwrapTransparent(expression)
        if let reference = expression.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil {
            return reference.baseName.text
        }
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base, member.declName.argumentNames == nil,
            let baseKey = subjectKey(base)
        {
            return baseKey + "." + member.declName.baseName.text
        }
        return nil
    }

    /// What the first name of a subject (`mode` of `mode.level`) is bound to where `expression`
    /// reads it, as the file keeps it per read (a lookup walks the statements before the read,
    /// and every read inside a long clause asks).
    private func firstNameBinding(_ expression: ExprSyntax, in file: SourceFile) -> String {
        var current = SyntaxQueries.unwrapTransparent(expression)
        while let member = current.as(MemberAccessExprSyntax.self), let base = member.base {
            current = SyntaxQueries.unwrapTransparent(base)
        }
        guard let reference = current.as(DeclReferenceExprSyntax.self) else { return "" }
        let name = reference.baseName.text
        guard name != "self" else { return "self" }
        return Self.identity(file.localBindings.value(for: reference.id.indexInTree) { LocalScope.lookup(name, from: Syntax(reference)) })
    }

    private static func identity(_ binding: LocalBinding?) -> String {
        switch binding {
        case nil: "member"
        case .variable(_, let binding, _, _)?: "\(binding.id)"
        case .tupleElement(let element)?: "\(element.identifier.id)"
        case .parameter(let parameter, _)?: "\(parameter.id)"
        case .optionalBinding(let condition)?: "\(condition.id)"
        case .casePayload(let payload)?: "\(payload.matcher.id).\(payload.caseName).\(payload.position)"
        case .conditional(let declaration)?: "\(ObjectIdentifier(declaration))"
        case .opaque(let reason)?: reason
        }
    }

    /// Whether a clause's code may store into the subject spelled `key`: asked at every read
    /// inside the clause, answered once per clause and subject.
    private func stores(into key: String, in node: Syntax, of file: SourceFile) -> Bool {
        clauseStores.value(for: ClauseSubject(clause: NodeKey(file: file, node: node), subject: key)) { Self.changes(key, in: node) }
    }

    struct ClauseSubject: Hashable {
        let clause: NodeKey
        let subject: String
    }

    /// Whether `node` may store into the subject: an assignment to it or to a part of it, or
    /// passing it `inout`. A method it calls on itself is not looked into.
    private static func changes(_ key: String, in node: Syntax) -> Bool {
        let last = String(key.split(separator: ".").last ?? "")
        for token in node.tokens(viewMode: .sourceAccurate) where token.text == last {
            guard let reference = token.parent?.as(DeclReferenceExprSyntax.self) else { continue }
            var expression = ExprSyntax(reference)
            if let member = reference.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id {
                expression = ExprSyntax(member)
            }
            guard subjectKey(expression) == key || (key.hasPrefix("self.") && subjectKey(expression) == String(key.dropFirst(5)))
            else { continue }
            if expression.parent?.is(InOutExprSyntax.self) == true { return true }
            if let infix = expression.parent?.as(InfixOperatorExprSyntax.self), infix.leftOperand.id == expression.id,
                infix.operator.is(AssignmentExprSyntax.self)
                    || infix.operator.as(BinaryOperatorExprSyntax.self).map({ $0.operator.text.hasSuffix("=") && !["==", "!=", "<=", ">="].contains($0.operator.text) }) == true
            {
                return true
            }
        }
        return false
    }

    /// `resolution` without the enum cases of the scan that `narrowing` excludes; other values
    /// (a string, a call the scan does not define) and gaps stay.
    func narrowed(_ resolution: Resolution, by narrowing: CaseNarrowing?, _ env: Environment) -> Resolution {
        guard let narrowing else { return resolution }
        var result = Resolution(gaps: resolution.gaps)
        for traced in resolution.values {
            if let (name, _) = enumCase(of: traced.value, env), !narrowing.admits(name), isCaseOfScanEnum(traced.value, name, env) {
                continue
            }
            result.add(traced)
        }
        return result
    }

    /// A `.member` value is a case of an enum the scan declares (not a static member of an SDK
    /// type, which may equal another of another name); a `.call` value already is one.
    private func isCaseOfScanEnum(_ value: Value, _ name: String, _ env: Environment) -> Bool {
        guard case .member(_, let type) = value else { return true }
        let owners = enumTypes(declaring: name, env)
        return type.map { type in owners.contains { $0 == type || type.hasSuffix("." + $0) } } ?? !owners.isEmpty
    }

    /// What is known here of the subject of `switchExpr`: what the clauses around it say, and,
    /// for `switch self`, what the question says of `self` (`Environment.selfCases`).
    func narrowing(ofSubjectOf switchExpr: SwitchExprSyntax, _ env: Environment) -> CaseNarrowing? {
        let local = caseNarrowing(of: switchExpr.subject, at: Syntax(switchExpr), in: env.file)
        let isSelf = SyntaxQueries.unwrapTransparent(switchExpr.subject).as(DeclReferenceExprSyntax.self)?.baseName.text == "self"
        return isSelf ? local.intersecting(env.selfCases) : local
    }

    /// Whether a clause of a `switch` whose subject is only narrowed (its values are not known)
    /// can run: a `case` some of whose items name an admitted case or are not enum cases; a
    /// `default:` unless every admitted case is caught by another clause.
    static func clauseMayRun(_ switchCase: SwitchCaseSyntax, of switchExpr: SwitchExprSyntax, narrowing: CaseNarrowing) -> Bool {
        guard case .case(let label) = switchCase.label else {
            guard let included = narrowing.included else { return true }
            return included.contains { !catches(switchExpr, $0) }
        }
        for item in label.caseItems {
            guard let name = enumCaseName(of: item.pattern) else { return true }
            if narrowing.admits(name) { return true }
        }
        return false
    }

    /// `switchExpr(_:certainlyCatches:)`, counting payload patterns that bind every value.
    private static func catches(_ switchExpr: SwitchExprSyntax, _ name: String) -> Bool {
        for case .switchCase(let switchCase) in switchExpr.cases {
            guard case .case(let label) = switchCase.label else { continue }
            if label.caseItems.contains(where: { $0.whereClause == nil && certainlyCaughtCase($0.pattern) == name }) { return true }
        }
        return false
    }
}

extension ValueResolver {
    /// `env` with what the clauses over `self` around `node` say: its known values narrowed, or,
    /// when they are not known, the cases it can be (`selfCases`).
    func narrowingSelf(at node: Syntax, _ env: Environment) -> Environment {
        guard let narrowing = caseNarrowing(ofKey: "self", at: node, in: env.file) else { return env }
        var inner = env
        if let known = env.selfValue {
            inner.selfValue = narrowed(known, by: narrowing, env)
        } else {
            inner.selfCases = narrowing.intersecting(env.selfCases)
        }
        return inner
    }
}
