import KeychainLintAnalysis
import KeychainLintRuleKit
import KeychainLintModel
import KeychainLintCore
// Swift-only by nature, so it reads the syntax tree: whether a name is the SDK's (not a shadowing local or member) and whether it sits behind `if #available` (Swift scopes and availability checks).
import SwiftSyntax

/// `swift.deprecated_keychain_api` — Keychain and LocalAuthentication API that Apple's documentation marks
/// deprecated.
public struct DeprecatedKeychainAPIRule: SwiftRule {
    /// A deprecated name and what replaces it.
    struct Deprecation: Sendable {
        /// The whole message (one sentence: what is deprecated and what to use instead).
        let message: String
        /// Only meaningful as a `SecAccessControlCreateFlags` member.
        let isFlag: Bool
        /// The name is specific to Security: report an implicit member outside a recognised flags
        /// context too, unless the scan declares a member of that name itself.
        let isDistinctive: Bool
    }

    static let flagMembers: [String: Deprecation] = [
        "touchIDAny": Deprecation(
            message: "`.touchIDAny` is deprecated: use `.biometryAny`, the same flag under its current name",
            isFlag: true, isDistinctive: true),
        "touchIDCurrentSet": Deprecation(
            message: "`.touchIDCurrentSet` is deprecated: use `.biometryCurrentSet`, the same flag under its current name",
            isFlag: true, isDistinctive: true),
        "watch": Deprecation(
            message:
                "`.watch` is deprecated: use `.companion` (iOS 18, macOS 15), behind an `if #available` check while the app supports older systems",
            isFlag: true, isDistinctive: false),
    ]

    /// The deprecated C constants, each with its message (Swift wording).
    static let constants: [String: String] = Dictionary(
        uniqueKeysWithValues: DeprecatedKeychainAPIJudgement.constantNames.map { ($0, DeprecatedKeychainAPIJudgement.constantMessage($0)!) })

    /// `evaluatedPolicyDomainState`'s message (Swift wording).
    static let domainStateMessage = DeprecatedKeychainAPIJudgement.domainStateMessage(in: .swift)

    /// The availability check on whose older-systems side `node` lies and where the replacement
    /// for `name` does not exist yet (`.touchIDAny` in the else of `if #available(iOS 11.3, *)`):
    /// there the deprecated API is the right one.
    static func replacementMissing(for name: String, at node: some SyntaxProtocol) -> Availability.OlderSystemsBranch? {
        DeprecatedKeychainAPIJudgement.replacementMissing(for: name, in: Availability.olderSystemsBranches(of: node))
    }

    /// Reports, unless the use is on the older-systems side of an availability check where the
    /// replacement does not exist (then a `--verbose` note says why it is silent).
    private func report(_ name: String, at node: some SyntaxProtocol, message: String, confidence: Confidence? = nil, in context: RuleContext) {
        if let branch = Self.replacementMissing(for: name, at: node) {
            let location = context.file.location(of: node)
            context.note(
                ScanDiagnostic(
                    kind: .unresolved, file: context.file.path, position: SourcePosition(line: location.line, column: location.column),
                    message: "\(context.rule.id): `\(name)` is used where `\(branch.condition)` is false, and its replacement does not exist there"))
            return
        }
        context.report(at: node, message: message, confidence: confidence)
    }

    /// `.watch` is reported only where flags are expected, and every such place spells
    /// access-control flags: the flags type somewhere in the scan (a typed variable, property,
    /// parameter or return, in any file; a flags value cannot be written without it outside a
    /// call), the creating call, or, in the same file, an array that also holds a flag name no
    /// other type shares. Without any of them no `watch` can be reported, and in an app with a
    /// watch companion the word is in hundreds of files.
    public static let prefilterCompanions: [String: PrefilterCompanions] = [
        "watch": PrefilterCompanions(
            inScan: ["SecAccessControlCreateFlags", "SecAccessControlCreateWithFlags"],
            inFile: FlagsContext.distinctiveFlags.sorted())
    ]

    public static let interests: [RuleInterest] =
        flagMembers.keys.sorted().map { .memberAccess($0) } + [.memberAccess(DeprecatedKeychainAPIJudgement.domainState)]
        + constants.keys.sorted().map { .identifier($0) }

    public init(options: [String: ConfigValue]) {}

    public func check(_ input: RuleInput, in context: RuleContext) {
        switch input {
        case .memberAccess(let access):
            let member = access.syntax
            let name = member.declName.baseName.text
            if name == DeprecatedKeychainAPIJudgement.domainState {
                checkDomainState(member, in: context)
            } else if let deprecation = Self.flagMembers[name] {
                checkFlag(member, deprecation, in: context)
            }
        case .identifier(let identifier):
            let reference = identifier.syntax
            let name = reference.baseName.text
            guard let message = Self.constants[name], reference.argumentNames == nil,
                case .notLocal = SyntaxQueries.binding(of: name, at: reference),
                context.scan.index.variables(named: name).isEmpty
            else { return }
            report(name, at: reference, message: message, in: context)
        default:
            return
        }
    }

    private func checkFlag(_ member: MemberAccessExprSyntax, _ deprecation: Deprecation, in context: RuleContext) {
        guard member.declName.argumentNames == nil else { return }
        let name = member.declName.baseName.text
        if let base = member.base {
            // Only `SecAccessControlCreateFlags.touchIDAny`; `AuthMode.watch` is another type's member.
            guard base.trimmedDescription == "SecAccessControlCreateFlags" else { return }
            report(name, at: member, message: deprecation.message, in: context)
            return
        }
        if FlagsContext.contains(member, context: context) {
            report(name, at: member, message: deprecation.message, in: context)
            return
        }
        guard deprecation.isDistinctive, !Self.scanDeclaresMember(name, context: context) else {
            return
        }
        report(name, at: member, message: deprecation.message, confidence: .medium, in: context)
    }

    private func checkDomainState(_ member: MemberAccessExprSyntax, in context: RuleContext) {
        guard let base = member.base, member.declName.argumentNames == nil else { return }
        // A property of that name declared in the scan (a wrapper's snapshot) is not LAContext's,
        // unless the receiver is visibly an LAContext.
        if !context.scan.index.variables(named: DeprecatedKeychainAPIJudgement.domainState).isEmpty, !Self.isLAContext(base, context: context) {
            return
        }
        report(DeprecatedKeychainAPIJudgement.domainState, at: member, message: Self.domainStateMessage, in: context)
    }

    /// Whether the scan declares an enum case or a property named `name` (an app's own `.touchIDAny`).
    static func scanDeclaresMember(_ name: String, context: RuleContext) -> Bool {
        context.scan.fact(ScanFact<Bool>("swift.deprecated_keychain_api.declares.\(name)")) {
            let index = context.scan.index
            if !index.variables(named: name).isEmpty { return true }
            // An enum case is declared after `case`, which the text index records: only files
            // where the name follows `case` are parsed (not every file that mentions `.touchIDAny`).
            for fileIndex in index.files(declaring: name, as: .value) {
                let finder = EnumCaseFinder(name: name)
                finder.walk(index.file(at: fileIndex).tree)
                if finder.found { return true }
            }
            return false
        }
    }

    /// `LAContext()` or a local, parameter or property declared as an `LAContext`.
    static func isLAContext(_ expression: ExprSyntax, context: RuleContext) -> Bool {
        let expression = SyntaxQueries.unwrapTransparent(expression)
        if let call = expression.as(FunctionCallExprSyntax.self) {
            return SyntaxQueries.calleeName(of: call) == "LAContext"
        }
        var name: String?
        var node = Syntax(expression)
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            name = reference.baseName.text
        } else if let member = expression.as(MemberAccessExprSyntax.self),
            member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self"
        {
            name = member.declName.baseName.text
            node = Syntax(member)
        }
        guard let name else { return false }
        if expression.is(DeclReferenceExprSyntax.self) {
            switch SyntaxQueries.binding(of: name, at: expression) {
            case .variable(let binding):
                if let type = binding.typeAnnotation?.type { return TypeNames.baseName(of: type) == "LAContext" }
                return binding.initializer.map { isLAContext($0.value, context: context) } ?? false
            case .parameter(let parameter):
                return TypeNames.baseName(of: parameter.type) == "LAContext"
            case .optionalBinding, .opaque:
                return false
            case .notLocal:
                break
            }
        }
        guard let owner = SyntaxQueries.enclosingTypeName(of: node) else { return false }
        return context.scan.index.properties(named: name, inType: owner).contains { property in
            property.typeName == "LAContext"
                || property.binding.initializer.map { isLAContext($0.value, context: context) } == true
        }
    }

    public static let description = RuleDescription(
        id: "swift.deprecated_keychain_api",
        name: "Deprecated Keychain / LocalAuthentication API",
        severity: .low,
        confidence: .high,
        resource: "Authentication",
        tags: ["CWE:477"],
        summary:
            "Uses of deprecated Keychain and LocalAuthentication API (.touchIDAny, .touchIDCurrentSet, .watch, kSecUseOperationPrompt, kSecUseAuthenticationUIAllow/Fail, kSecUseNoAuthenticationUI, evaluatedPolicyDomainState), each with its replacement.",
        documentation: RuleDocumentation(
            whatItDoes: """
                Reports each use of one of these deprecated items and names its replacement: \
                `.touchIDAny` → `.biometryAny` and `.touchIDCurrentSet` → `.biometryCurrentSet` (also the C \
                constants `kSecAccessControlTouchIDAny`/`kSecAccessControlTouchIDCurrentSet`), `.watch` → \
                `.companion` (`kSecAccessControlWatch` → `kSecAccessControlCompanion`), `kSecUseOperationPrompt` \
                → `LAContext.localizedReason` with `kSecUseAuthenticationContext`, \
                `kSecUseAuthenticationUIAllow`/`kSecUseAuthenticationUIFail` and `kSecUseNoAuthenticationUI` → \
                an `LAContext` with `interactionNotAllowed`, and `LAContext.evaluatedPolicyDomainState` → \
                `domainState.biometry.stateHash`. A flag member is reported when it is written as \
                `SecAccessControlCreateFlags.name` or as an implicit `.name` where flags are expected: the \
                `flags` argument of `SecAccessControlCreateWithFlags`, an array literal next to other access \
                control flags, a variable, property, parameter or return value declared as \
                `SecAccessControlCreateFlags`, an argument of a function of the scan whose parameter has that \
                type, or set algebra on a known flags value.
                """,
            whyItMatters: """
                Deprecated names keep compiling with warnings but may be removed from a future SDK, and some \
                of them describe behaviour Apple no longer supports in the same way: `kSecUseOperationPrompt` \
                and the `kSecUseAuthenticationUI…` values bypass the `LAContext` that modern code uses to \
                control prompts and reuse an authentication; `.watch` has been renamed `.companion` (the same \
                constraint). The `touchID` names also suggest to readers that only Touch ID is meant, although \
                the same flags cover Face ID and Optic ID.
                """,
            whatToDoInstead: """
                Use the replacement the message names. For the flag renames the replacement is the same bit \
                and behaves identically. For `.watch` → `.companion` and `evaluatedPolicyDomainState` → \
                `domainState.biometry.stateHash`, wrap the new API in `if #available(iOS 18, macOS 15, *)` \
                and keep the old one in the `else` branch while older systems are supported. For the prompt \
                and UI constants, create an `LAContext`, set `localizedReason` or `interactionNotAllowed` on it \
                and pass it with `kSecUseAuthenticationContext`.
                """,
            fixSafety: """
                Automatic for `.touchIDAny` → `.biometryAny`, `.touchIDCurrentSet` → `.biometryCurrentSet` and \
                their C constants: the replacement is the same bit, so behaviour does not change (both need \
                iOS 11.3 / macOS 10.13.4, which every supported SDK has). Not automatic for `.watch` → \
                `.companion` and `evaluatedPolicyDomainState`: the replacements need iOS 18 / macOS 15, so an \
                availability check is required. Not automatic for `kSecUseOperationPrompt`, \
                `kSecUseAuthenticationUIAllow`/`Fail` and `kSecUseNoAuthenticationUI`: the replacement is an \
                `LAContext` passed in the query, which changes the code around the query.
                """,
            notes: [
                "A use on the older-systems side of an availability check (the `else` of `if #available(iOS 11.3, *)`, the body of `guard #available(…) else`, an `#unavailable` branch) is not reported when the checked version is at or below the one that introduced the replacement on that platform: there the deprecated API is the only one (`--verbose` says so). Below a later version (`else` of `#available(iOS 15, *)`) the replacement exists on part of those systems and the use is reported.",
                "`kSecAttrAccessibleAlways` and `kSecAttrAccessibleAlwaysThisDeviceOnly` are deprecated too, but `swift.weak_keychain_accessibility` reports them (not twice). `kSecUseAuthenticationUISkip` is not deprecated and is not reported.",
                "A qualified member of another type (`Device.watch`, `AuthMode.touchIDAny`) is never reported. An implicit `.watch` is reported only where flags are expected, since many types have a `watch` member. An implicit `.touchIDAny`/`.touchIDCurrentSet` outside a recognised flags context is still reported (these names exist only in Security), with medium confidence, unless the scan declares its own member of that name.",
                "The constants are reported wherever they are used (query keys, values, comparisons), unless the scan declares a variable of the same name.",
                "`evaluatedPolicyDomainState` is reported on any receiver, unless the scan declares its own property of that name; then only on a receiver that is visibly an `LAContext`.",
                "Other deprecated LocalAuthentication names outside this list (`LAError.touchIDLockout`, `LAPolicy.deviceOwnerAuthenticationWithWatch`, …) are not reported.",
                "Tagged CWE-477 (use of obsolete function), chosen for this rule.",
            ],
            references: [
                "Apple: SecAccessControlCreateFlags — https://developer.apple.com/documentation/security/secaccesscontrolcreateflags",
                "Apple: kSecUseOperationPrompt — https://developer.apple.com/documentation/security/ksecuseoperationprompt",
                "Apple: kSecUseAuthenticationUI — https://developer.apple.com/documentation/security/ksecuseauthenticationui",
                "Apple: LAContext.interactionNotAllowed — https://developer.apple.com/documentation/localauthentication/lacontext/interactionnotallowed",
                "Apple: LAContext.evaluatedPolicyDomainState — https://developer.apple.com/documentation/localauthentication/lacontext/evaluatedpolicydomainstate",
                "Apple: LADomainStateBiometry.stateHash — https://developer.apple.com/documentation/localauthentication/ladomainstatebiometry/statehash",
                "CWE-477: Use of Obsolete Function — https://cwe.mitre.org/data/definitions/477.html",
            ]),
        remediation:
            "Use the replacement named in the message (.biometryAny, .biometryCurrentSet, .companion, an LAContext passed with kSecUseAuthenticationContext, domainState.biometry.stateHash).",
        examples: examples)
}

/// Whether an implicit member stands where a `SecAccessControlCreateFlags` value is expected.
private enum FlagsContext {
    static let flagsType = "SecAccessControlCreateFlags"
    /// Flag names no common type shares (not `.or`, `.and`, `.watch`, `.userPresence`).
    static let distinctiveFlags: Set<String> = [
        "biometryAny", "biometryCurrentSet", "touchIDAny", "touchIDCurrentSet", "devicePasscode",
        "privateKeyUsage", "applicationPassword", "companion",
    ]
    static let setAlgebra: Set<String> = [
        "union", "intersection", "subtracting", "symmetricDifference", "insert", "remove", "update", "contains",
        "formUnion", "formIntersection", "subtract", "formSymmetricDifference", "isSuperset", "isSubset",
        "isStrictSuperset", "isStrictSubset", "isDisjoint",
    ]

    static func contains(_ member: MemberAccessExprSyntax, context: RuleContext) -> Bool {
        var slot = ExprSyntax(member)
        // Inside an array literal: the literal is the value; a distinctive sibling settles it.
        if let element = slot.parent?.as(ArrayElementSyntax.self),
            let array = element.parent?.parent?.as(ArrayExprSyntax.self)
        {
            let siblings = array.elements.compactMap { $0.expression.as(MemberAccessExprSyntax.self) }
            if siblings.contains(where: { sibling in
                let name = sibling.declName.baseName.text
                if sibling.base?.trimmedDescription == flagsType { return true }
                return sibling.base == nil && distinctiveFlags.contains(name)
                    && !DeprecatedKeychainAPIRule.scanDeclaresMember(name, context: context)
            }) {
                return true
            }
            slot = ExprSyntax(array)
        }
        return isFlagsSlot(slot, context: context, depth: 0)
    }

    private static func isFlagsSlot(_ expression: ExprSyntax, context: RuleContext, depth: Int) -> Bool {
        guard depth < 8, let parent = expression.parent else { return false }
        // `cond ? .watch : .biometryCurrentSet`, `(…)`.
        if let ternary = parent.as(TernaryExprSyntax.self), ternary.condition.id != expression.id {
            return isFlagsSlot(ExprSyntax(ternary), context: context, depth: depth + 1)
        }
        if let element = parent.as(LabeledExprSyntax.self), let list = element.parent?.as(LabeledExprListSyntax.self) {
            if let tuple = list.parent?.as(TupleExprSyntax.self), list.count == 1 {
                return isFlagsSlot(ExprSyntax(tuple), context: context, depth: depth + 1)
            }
            if let call = list.parent?.as(FunctionCallExprSyntax.self) {
                let index = list.firstIndex { $0.id == element.id } ?? list.startIndex
                let position = list.distance(from: list.startIndex, to: index)
                return isFlagsArgument(call, position: position, label: element.label?.text, context: context)
            }
            return false
        }
        // `let flags: SecAccessControlCreateFlags = .watch`, a parameter default.
        if let initializer = parent.as(InitializerClauseSyntax.self) {
            if let binding = initializer.parent?.as(PatternBindingSyntax.self) {
                return binding.typeAnnotation.map { TypeNames.baseName(of: $0.type) == flagsType } ?? false
            }
            if let parameter = initializer.parent?.as(FunctionParameterSyntax.self) {
                return TypeNames.baseName(of: parameter.type) == flagsType
            }
            return false
        }
        // `flags = .watch`.
        if let assignment = parent.as(InfixOperatorExprSyntax.self), assignment.operator.is(AssignmentExprSyntax.self),
            assignment.rightOperand.id == expression.id
        {
            return isFlagsValue(assignment.leftOperand, context: context)
        }
        // `return .touchIDAny` or the single expression of a body, in a function or property of flags type.
        if parent.is(ReturnStmtSyntax.self) || parent.is(CodeBlockItemSyntax.self) {
            return returnsFlags(from: parent)
        }
        return false
    }

    /// The flags argument of `SecAccessControlCreateWithFlags`, `SecAccessControlCreateFlags(…)`,
    /// set algebra on a known flags value, or a parameter of flags type of a function of the scan.
    private static func isFlagsArgument(_ call: FunctionCallExprSyntax, position: Int, label: String?, context: RuleContext) -> Bool {
        guard let name = SyntaxQueries.calleeName(of: call) else { return false }
        let receiver = SyntaxQueries.receiver(of: call)
        if name == "SecAccessControlCreateWithFlags", receiver == nil { return position == 2 }
        if name == flagsType { return true }
        if setAlgebra.contains(name), let receiver { return isFlagsValue(receiver, context: context) }
        // A parameter of flags type spells the type: only files mentioning it can declare one.
        for function in context.scan.index.functions(named: name, mentioning: flagsType) {
            let parameters = Array(function.parameters)
            let parameter: FunctionParameterSyntax?
            if let label {
                parameter = parameters.first { $0.firstName.text == label }
            } else {
                let unlabeled = parameters.filter { $0.firstName.tokenKind == .wildcard }
                parameter = position < parameters.count && parameters[position].firstName.tokenKind == .wildcard
                    ? parameters[position] : unlabeled.count == 1 ? unlabeled[0] : nil
            }
            if let parameter, TypeNames.baseName(of: parameter.type) == flagsType { return true }
        }
        return false
    }

    /// An expression known to be a flags value: declared with the type, or resolving to flags that
    /// include a distinctive one.
    static func isFlagsValue(_ expression: ExprSyntax, context: RuleContext) -> Bool {
        let expression = SyntaxQueries.unwrapTransparent(expression)
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            switch SyntaxQueries.binding(of: reference.baseName.text, at: reference) {
            case .variable(let binding):
                if let type = binding.typeAnnotation?.type { return TypeNames.baseName(of: type) == flagsType }
            case .parameter(let parameter):
                return TypeNames.baseName(of: parameter.type) == flagsType
            case .notLocal:
                if let owner = SyntaxQueries.enclosingTypeName(of: reference),
                    context.scan.index.properties(named: reference.baseName.text, inType: owner)
                        .contains(where: { $0.typeName == flagsType })
                {
                    return true
                }
            case .optionalBinding, .opaque:
                break
            }
        }
        if let member = expression.as(MemberAccessExprSyntax.self), member.base?.trimmedDescription == flagsType {
            return true
        }
        let resolution = context.resolve(expression)
        guard !resolution.values.isEmpty else { return false }
        return resolution.values.allSatisfy { traced in
            guard let flags = AccessControlFlagSet.interpret(traced.value) else { return false }
            return flags.spelled.contains { distinctiveFlags.contains($0.name) }
        }
    }

    /// Whether the body a `return` (or a single-expression body) belongs to returns flags.
    private static func returnsFlags(from node: Syntax) -> Bool {
        var current = node.parent
        while let candidate = current {
            if let function = candidate.as(FunctionDeclSyntax.self) {
                return function.signature.returnClause.map { TypeNames.baseName(of: $0.type) == flagsType } ?? false
            }
            if let binding = candidate.as(PatternBindingSyntax.self) {
                return binding.typeAnnotation.map { TypeNames.baseName(of: $0.type) == flagsType } ?? false
            }
            if candidate.is(ClosureExprSyntax.self) || candidate.is(MemberBlockSyntax.self)
                || candidate.is(InitializerDeclSyntax.self) || candidate.is(SourceFileSyntax.self)
            {
                return false
            }
            current = candidate.parent
        }
        return false
    }
}

/// Finds `case name` in an enum.
private final class EnumCaseFinder: SyntaxVisitor {
    let name: String
    var found = false

    init(name: String) {
        self.name = name
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: EnumCaseElementSyntax) -> SyntaxVisitorContinueKind {
        if node.name.text == name { found = true }
        return .skipChildren
    }
}

// MARK: - Examples (they run as tests and appear in `explain`)

extension DeprecatedKeychainAPIRule {
    private static let touchIDAny = flagMembers["touchIDAny"]!.message
    private static let touchIDCurrentSet = flagMembers["touchIDCurrentSet"]!.message
    private static let watch = flagMembers["watch"]!.message

    static let examples: [RuleExample] = [
        .triggering(
            "The touchID flag names, implicit, qualified and as C constants",
            """
            let a = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, ↓.touchIDCurrentSet, nil)
            let b = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenUnlockedThisDeviceOnly,
                                                    [↓SecAccessControlCreateFlags.touchIDAny, .privateKeyUsage], nil)
            let c = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenUnlockedThisDeviceOnly, ↓kSecAccessControlTouchIDAny, nil)
            """,
            messages: [
                touchIDCurrentSet, touchIDAny,
                constants["kSecAccessControlTouchIDAny"]!,
            ],
            alsoTriggers: ["swift.biometric_item_not_device_bound", "swift.weak_biometric_acl"]),
        .triggering(
            "Flags returned by a function and by an enum's `switch self` mapping",
            """
            func defaultFlags() -> SecAccessControlCreateFlags { return ↓.touchIDAny }
            enum ProtectionLevel {
                case high, legacy
                var accessFlags: SecAccessControlCreateFlags {
                    switch self {
                    case .high: return [.biometryCurrentSet, .privateKeyUsage]
                    case .legacy: return ↓.touchIDAny
                    }
                }
            }
            """,
            messages: [touchIDAny, touchIDAny]),
        .triggering(
            ".watch where flags are expected: argument, array, typed variable, helper parameter",
            """
            func makeAccess(flags: SecAccessControlCreateFlags) -> SecAccessControl? {
                SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, flags, nil)
            }
            let a = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, ↓.watch, nil)
            let b = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, [.biometryCurrentSet, .or, ↓.watch], nil)
            var flags: SecAccessControlCreateFlags = ↓.watch
            flags.insert(↓.watch)
            let c = makeAccess(flags: ↓.watch)
            """,
            messages: [watch, watch, watch, watch, watch]),
        .triggering(
            "Deprecated query keys and values",
            """
            let query: [String: Any] = [
                kSecClass as String: kSecClassGenericPassword,
                kSecAttrService as String: "com.example.app",
                kSecReturnData as String: true,
                ↓kSecUseOperationPrompt as String: "Unlock your saved login",
                kSecUseAuthenticationUI as String: ↓kSecUseAuthenticationUIFail,
            ]
            var legacy = query
            legacy[↓kSecUseNoAuthenticationUI as String] = true
            legacy[kSecUseAuthenticationUI as String] = ↓kSecUseAuthenticationUIAllow
            """,
            messages: [
                constants["kSecUseOperationPrompt"]!,
                constants["kSecUseAuthenticationUIFail"]!,
                constants["kSecUseNoAuthenticationUI"]!,
                constants["kSecUseAuthenticationUIAllow"]!,
            ]),
        .triggering(
            "LAContext.evaluatedPolicyDomainState",
            """
            func biometryChanged(since saved: Data?) -> Bool {
                let context = LAContext()
                var error: NSError?
                guard context.canEvaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, error: &error) else { return false }
                return ↓context.evaluatedPolicyDomainState != saved
            }
            """,
            messages: [domainStateMessage]),
        .triggering(
            "An implicit .touchIDAny in an unrecognised place is still reported, with medium confidence",
            """
            let legacyFlags = useLegacy ? ↓.touchIDAny : SecAccessControlCreateFlags.biometryAny
            """,
            messages: [touchIDAny]),
        .triggering(
            "Availability checks that leave the replacement available: the `if` side, and an else below a later version",
            """
            func flags() -> SecAccessControlCreateFlags {
                if #available(iOS 15, *) {
                    return .biometryCurrentSet
                } else if #available(iOS 11.3, *) {
                    return ↓.touchIDCurrentSet
                }
                return .devicePasscode
            }
            func prompt(_ query: inout [String: Any]) {
                if #available(iOS 11, *) { query[↓kSecUseOperationPrompt as String] = "Unlock" }
            }
            """,
            messages: [touchIDCurrentSet, constants["kSecUseOperationPrompt"]!]),
        .nonTriggering(
            "Older systems, where the replacement does not exist: else of #available, guard #available, #unavailable",
            """
            func flags() -> SecAccessControlCreateFlags {
                if #available(iOS 11.3, *) {
                    return .biometryCurrentSet
                } else {
                    return .touchIDCurrentSet
                }
            }
            func keyFlags() -> SecAccessControlCreateFlags {
                guard #available(watchOS 4.3, macOS 10.13.4, *) else { return [.touchIDAny, .privateKeyUsage] }
                return [.biometryAny, .privateKeyUsage]
            }
            func legacyQuery() -> [String: Any] {
                if #unavailable(iOS 11) { return [kSecUseOperationPrompt as String: "Unlock"] }
                return [:]
            }
            func legacyState(_ context: LAContext) -> Data? {
                guard #unavailable(iOS 18, macOS 15) else { return context.domainState.biometry.stateHash }
                return context.evaluatedPolicyDomainState
            }
            """),
        .nonTriggering(
            "The current names, and kSecUseAuthenticationUISkip (not deprecated)",
            """
            let a = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, [.biometryCurrentSet, .or, .companion], nil)
            let query: [String: Any] = [
                kSecClass as String: kSecClassGenericPassword,
                kSecUseAuthenticationUI as String: kSecUseAuthenticationUISkip,
                kSecUseAuthenticationContext as String: context,
            ]
            if #available(iOS 18, macOS 15, *) {
                let hash = context.domainState.biometry.stateHash
            }
            """),
        .nonTriggering(
            "Another type's .watch and .touchIDAny members",
            """
            enum PairedDevice { case phone, watch }
            enum LegacyBiometry { case touchIDAny, touchIDCurrentSet }
            let device: PairedDevice = .watch
            if device == .watch { showWatchFace() }
            let mode = LegacyBiometry.touchIDAny
            let kinds: [LegacyBiometry] = [.touchIDAny, .touchIDCurrentSet]
            notifications.insert(.watch)
            """),
        .nonTriggering(
            "kSecAttrAccessibleAlways is reported by swift.weak_keychain_accessibility, not here",
            """
            let query: [String: Any] = [
                kSecClass as String: kSecClassGenericPassword,
                kSecAttrAccessible as String: kSecAttrAccessibleAlways,
            ]
            let other: [String: Any] = [kSecAttrAccessible as String: kSecAttrAccessibleAlwaysThisDeviceOnly]
            """,
            alsoTriggers: ["swift.weak_keychain_accessibility"]),
        .nonTriggering(
            "Words in comments and strings; an app's own evaluatedPolicyDomainState property",
            """
            // Replaces .touchIDAny and kSecUseOperationPrompt from 1.x.
            let note = "kSecUseNoAuthenticationUI was removed; .watch is now .companion"
            struct BiometrySnapshot { let evaluatedPolicyDomainState: Data? }
            let changed = snapshot.evaluatedPolicyDomainState != saved
            """),
    ]
}
