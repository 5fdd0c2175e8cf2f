import KeychainLintModel
import Foundation
import SwiftSyntax

// Members: `.name`, `Type.name`, `self.name`, enum cases and the types an expression has.
extension ValueResolver {
    func evaluateMemberAccess(_ member: MemberAccessExprSyntax, _ env: Environment) -> Resolution {
        guard member.base != nil else { return .value(.member(member.declName.baseName.text, type: nil)) }
        // `self.mode` read inside a clause over `self.mode` (SubjectNarrowing.swift).
        return narrowed(evaluateMemberOfBase(member, env), by: caseNarrowing(of: ExprSyntax(member), at: Syntax(member), in: env.file), env)
    }

    private func evaluateMemberOfBase(_ member: MemberAccessExprSyntax, _ env: Environment) -> Resolution {
        let name = member.declName.baseName.text
        guard let base = member.base else {
            return .value(.member(name, type: nil))
        }
        let unwrappedBase = SyntaxQueries.unwrapTransparent(base)
        if let reference = unwrappedBase.as(DeclReferenceExprSyntax.self), reference.baseName.text == "self" {
            return evaluateSelfMember(name, at: member, narrowingSelf(at: Syntax(member), env))
        }
        if let typeName = typeName(of: unwrappedBase, env) {
            let resolvedType = typeName == "Self" ? (SyntaxQueries.enclosingTypeName(of: member) ?? typeName) : typeName
            if !index(env).isDeclaredType(resolvedType) {
                return .value(.member(name, type: resolvedType))
            }
            let properties = index(env).properties(named: name, inType: resolvedType)
            if !properties.isEmpty { return resolveVariables(properties, env) }
            // A member of an SDK type the scan only extends
            // (`extension SecAccessControlCreateFlags { … }` then `SecAccessControlCreateFlags.biometryAny`).
            guard index(env).declaresPrimaryType(resolvedType) else { return .value(.member(name, type: resolvedType)) }
            if index(env).types(named: resolvedType, mentioning: name).contains(where: { $0.enumCases.contains(name) }) {
                return .value(.member(name, type: resolvedType))
            }
            return gap(member, env, "`\(resolvedType)` has no member `\(name)` in the scan")
        }
        // `pair.0`: an element of a tuple by position (TupleValues.swift).
        if let position = Int(name), member.declName.argumentNames == nil {
            return tupleElement(.position(position), of: evaluate(unwrappedBase, env), at: member, env)
        }
        // A stored property of an instance whose construction is visible (ConstructedInstance.swift).
        if let constructed = evaluateConstructedMember(name, of: unwrappedBase, at: member, env) { return constructed }
        // An instance member: on a known enum case, evaluate the member with `self` bound.
        // Inside a clause over the receiver, only the cases the clause matches: the member's own
        // `switch self` runs for those (SubjectNarrowing.swift).
        let receiverNarrowing = caseNarrowing(of: unwrappedBase, at: Syntax(member), in: env.file)
        let receiver = narrowed(evaluate(unwrappedBase, env), by: receiverNarrowing, env)
        // `Policy(rawValue: 2).rawValue`, `Policy.biometryAny.rawValue`: the integer it was built from.
        if name == "rawValue", let raw = rawValues(of: receiver, at: member, env) { return raw }
        // `f().attributes`: an element of the tuples the receiver may be, by label.
        if !receiver.values.isEmpty, receiver.values.allSatisfy({ if case .tuple = $0.value { return true } else { return false } }) {
            return tupleElement(.label(name), of: receiver, at: member, env)
        }
        // `"1234".utf8`: a view of a known string keeps the string, as a call of the view
        // without arguments (so `Data("1234".utf8)` is still known to hold a literal).
        if Self.stringViews.contains(name), !receiver.values.isEmpty,
            receiver.values.allSatisfy({ if case .string = $0.value { return true } else { return false } })
        {
            return receiver.map(
                { .call(CallValue(name: name, receiver: $0, arguments: [])) },
                failure: { gapValue(member, env, "`\(name)` of a value that is not a string") })
        }
        // Enum cases, with or without associated values (`.legacy`, `.valet(.always)`).
        let caseValues = receiver.values.filter { enumCase(of: $0.value, env) != nil }
        if !caseValues.isEmpty && caseValues.count == receiver.values.count {
            var result = Resolution(gaps: receiver.gaps)
            for traced in caseValues {
                guard let (caseName, caseType) = enumCase(of: traced.value, env) else { continue }
                // An implicit member (`.legacy`) has no type; asking the index for type "" would
                // match every file's text and parse the whole scan, so look the case up instead.
                let owners: [String]
                if let caseType, index(env).isDeclaredType(caseType) {
                    owners = [caseType]
                } else {
                    owners = enumTypes(declaring: caseName, env)
                }
                let properties = owners.flatMap { index(env).properties(named: name, inType: $0) }
                if properties.isEmpty {
                    result = result.merging(gap(member, env, "no property `\(name)` for case `.\(caseName)`"))
                    continue
                }
                var inner = env
                inner.selfValue = Resolution(values: [traced])
                inner.selfInstances = nil
                // The case's own path (a caller's argument) stays in the trace, beyond the property's.
                result = result.merging(resolveVariables(properties, inner).reached(from: traced.trace))
            }
            return result
        }
        if let baseType = inferredType(of: unwrappedBase, env), index(env).isDeclaredType(baseType) {
            let properties = index(env).properties(named: name, inType: baseType)
            if !properties.isEmpty {
                // The receiver is not `self`: what is known of `self` here (its case, or the cases
                // a clause says) is not known of it; its own cases are what a clause around says.
                var inner = env
                inner.selfValue = nil
                if let receiverNarrowing {
                    inner.selfInstances = nil
                    inner.selfCases = receiverNarrowing
                }
                return resolveVariables(properties, inner)
            }
        }
        guard let declared = index(env).variables(named: name, limit: Self.maximumDeclaringFiles) else {
            return gap(member, env, "`\(name)` may be declared in more than \(Self.maximumDeclaringFiles) files: not followed", kind: .searchLimit)
        }
        let candidates = declared.filter { $0.enclosingType != nil && !$0.isStatic }
        if candidates.count == 1 { return resolveVariable(candidates[0], env) }
        if candidates.count > 1 {
            return gap(member, env, "`\(name)` is a member of \(candidates.count) types; the receiver's type is unknown")
        }
        return gap(member, env, "no declaration of `\(name)` in the scan")
    }

    private func evaluateSelfMember(_ name: String, at node: some SyntaxProtocol, _ env: Environment) -> Resolution {
        guard let typeName = SyntaxQueries.enclosingTypeName(of: node) else {
            return gap(node, env, "`self.\(name)` outside a type")
        }
        let properties = index(env).properties(named: name, inType: typeName)
        if properties.isEmpty { return gap(node, env, "no property `\(name)` in `\(typeName)`") }
        return evaluateSelfInstanceMember(name, at: Syntax(node), env) { resolveVariables(properties, env) }
    }

    /// Enum types that declare `case caseName`, in files visible from `env.file`'s scope (the
    /// scan's are found once per name and kept: a common case name is mentioned in many files,
    /// and the index may have let their trees go).
    func enumTypes(declaring caseName: String, _ env: Environment) -> [String] {
        let scope = index(env)
        let owners = enumOwners.value(for: caseName) { computeEnumTypes(declaring: caseName) }
        return Array(Set(owners.filter { scope.isVisible($0.file) }.map(\.type))).sorted()
    }

    private func computeEnumTypes(declaring caseName: String) -> [(type: String, file: Int)] {
        var result: [(type: String, file: Int)] = []
        // Only files whose text declares a value of that name (a case follows `case`): many more
        // files mention a common name than declare it.
        for fileIndex in index.files(declaring: caseName, as: .value) {
            let file = index.file(at: fileIndex)
            var types: Set<String> = []
            for statement in file.tree.statements {
                collectEnums(in: Syntax(statement), caseName: caseName, into: &types)
            }
            result += types.sorted().map { ($0, fileIndex) }
        }
        return result
    }

    private func collectEnums(in node: Syntax, caseName: String, into result: inout Set<String>) {
        if let enumDecl = node.as(EnumDeclSyntax.self) {
            for member in enumDecl.memberBlock.members {
                if let caseDecl = member.decl.as(EnumCaseDeclSyntax.self),
                    caseDecl.elements.contains(where: { $0.name.text == caseName })
                {
                    result.insert(enumDecl.name.text)
                }
                collectEnums(in: Syntax(member.decl), caseName: caseName, into: &result)
            }
            return
        }
        let members: MemberBlockItemListSyntax?
        if let decl = node.as(CodeBlockItemSyntax.self) {
            collectEnums(in: Syntax(decl.item), caseName: caseName, into: &result)
            return
        } else if let decl = node.as(StructDeclSyntax.self) {
            members = decl.memberBlock.members
        } else if let decl = node.as(ClassDeclSyntax.self) {
            members = decl.memberBlock.members
        } else if let decl = node.as(ExtensionDeclSyntax.self) {
            members = decl.memberBlock.members
        } else {
            members = nil
        }
        for member in members ?? [] {
            collectEnums(in: Syntax(member.decl), caseName: caseName, into: &result)
        }
    }

    /// `Foo` or `Foo.Bar` when the expression names a type, as seen from `env.file`'s scope.
    func typeName(of expression: ExprSyntax, _ env: Environment) -> String? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            guard SyntaxQueries.looksLikeTypeName(name) else { return nil }
            // An uppercase local or parameter (rare) is a value, not a type.
            if LocalScope.lookup(name, from: Syntax(reference)) != nil { return nil }
            return name
        }
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base,
            SyntaxQueries.looksLikeTypeName(member.declName.baseName.text), let outer = typeName(of: base, env)
        {
            let inner = member.declName.baseName.text
            let full = outer + "." + inner
            let index = index(env)
            if index.isDeclaredType(full) { return full }
            // A nested type (`KeychainConfiguration.Account`) is indexed under its own name.
            if index.isDeclaredType(inner) { return inner }
            return index.isDeclaredType(outer) ? nil : full
        }
        if let specialized = expression.as(GenericSpecializationExprSyntax.self) {
            return typeName(of: specialized.expression, env)
        }
        return nil
    }

    /// The type a receiver is declared or constructed with, where that is written (`let store:
    /// KeychainStore`, a parameter's type, `let store = KeychainStore(…)`, `KeychainStore.shared`'s
    /// declaration), as spelled there; nil when it is not written. For rules that must know a
    /// library type whose value they cannot resolve (a parameter no caller in the scan passes).
    public func declaredTypeName(of expression: ExprSyntax, in file: SourceFile) -> String? {
        let env = Environment(file: file, budget: StepBudget(limit: stepsPerQuestion))
        return inferredType(of: SyntaxQueries.unwrapTransparent(expression), env)
    }

    /// The declared type of a receiver, when it is written somewhere: `let store: KeychainStore`,
    /// `let store = KeychainStore(…)`, `KeychainStore.shared`.
    func inferredType(of expression: ExprSyntax, _ env: Environment) -> String? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            return inferredType(ofName: name, boundTo: LocalScope.lookup(name, from: Syntax(reference)), at: Syntax(reference), env)
        }
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base,
            let owner = typeName(of: SyntaxQueries.unwrapTransparent(base), env)
        {
            let properties = index(env).properties(named: member.declName.baseName.text, inType: owner)
            guard properties.count == 1 else { return nil }
            return properties[0].typeName
                ?? properties[0].binding.initializer.flatMap { constructedType($0.value, env.withFile(properties[0].file)) }
        }
        return constructedType(expression, env)
    }

    /// The declared type of `name` used at `node`, bound as `binding` says.
    private func inferredType(ofName name: String, boundTo binding: LocalBinding?, at node: Syntax, _ env: Environment) -> String? {
        switch binding {
        case .variable(_, let binding, _, _)?:
            if let type = binding.typeAnnotation?.type { return TypeNames.baseName(of: type) }
            if let value = binding.initializer?.value { return constructedType(value, env) }
            return nil
        case .parameter(let parameter, _)?:
            return TypeNames.baseName(of: parameter.type)
        case .optionalBinding(let condition)?:
            // `if let policy = authenticationPolicy` (a stored `AuthenticationPolicy?`): the type of
            // the bound value without its Optional, as `baseName` gives it; `if let policy` re-binds
            // the outer `policy`.
            if let type = condition.typeAnnotation?.type { return TypeNames.baseName(of: type) }
            if let value = condition.initializer?.value { return inferredType(of: SyntaxQueries.unwrapTransparent(value), env) }
            return inferredType(ofName: name, boundTo: LocalScope.lookup(name, from: Syntax(condition)), at: Syntax(condition), env)
        case .casePayload(let payload)?:
            // CasePayload.swift: the type the enum case declares for that associated value.
            return payloadType(payload, env)
        case .opaque, .conditional, .tupleElement:
            return nil
        case nil:
            let typeName = SyntaxQueries.enclosingTypeName(of: node)
            let candidates = typeName.map { index(env).properties(named: name, inType: $0) } ?? []
            let declarations = candidates.isEmpty
                ? (index(env).variables(named: name, limit: Self.maximumDeclaringFiles) ?? []).filter { $0.enclosingType == nil } : candidates
            guard declarations.count == 1 else { return nil }
            return declarations[0].typeName
                ?? declarations[0].binding.initializer.flatMap { constructedType($0.value, env.withFile(declarations[0].file)) }
        }
    }

    private func constructedType(_ expression: ExprSyntax, _ env: Environment) -> String? {
        let expression = SyntaxQueries.unwrapTransparent(expression)
        if let call = expression.as(FunctionCallExprSyntax.self) {
            return typeName(of: SyntaxQueries.unwrapTransparent(call.calledExpression), env)
        }
        return nil
    }
}
