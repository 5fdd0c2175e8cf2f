import KeychainLintCore
import KeychainLintModel
import KeychainLintRuleKit
import KeychainLintObjC

/// `objc.deprecated_keychain_api` — `swift.deprecated_keychain_api`'s judgement on Objective-C
/// code: the deprecated C constants wherever they are used, and `evaluatedPolicyDomainState`
/// read as a property or sent as a message.
public struct ObjCDeprecatedKeychainAPIRule: ObjCRule {
    public static let identifiers = DeprecatedKeychainAPIJudgement.constantNames
    public static let members = [DeprecatedKeychainAPIJudgement.domainState]
    /// `[context evaluatedPolicyDomainState]`.
    public static let calls = [DeprecatedKeychainAPIJudgement.domainState]

    public init(options: [String: ConfigValue]) {}

    public func check(identifier expression: ObjCExpr, in context: ObjCRuleContext) {
        guard let name = expression.identifierName,
              let message = DeprecatedKeychainAPIJudgement.constantMessage(name, in: .c),
              !Self.fileDeclares(variable: name, at: expression.range.start.offset, in: context)
        else { return }
        report(name, at: expression.range, message: message, in: context)
    }

    public func check(member expression: ObjCExpr, assigned: ObjCExpr?, in context: ObjCRuleContext) {
        // LAContext's property is read-only: an assignment, or `obj->name`, is another class's.
        guard case .member(let base, let name, let isArrow) = expression.kind, name == DeprecatedKeychainAPIJudgement.domainState,
              !isArrow, assigned == nil
        else { return }
        checkDomainState(receiver: base, at: expression.range, in: context)
    }

    public func check(_ call: ObjCCallSite, in context: ObjCRuleContext) {
        guard call.kind == .message, call.name == DeprecatedKeychainAPIJudgement.domainState, let receiver = call.receiver else { return }
        checkDomainState(receiver: receiver, at: call.range, in: context)
    }

    private func checkDomainState(receiver: ObjCExpr, at range: ObjCSourceRange, in context: ObjCRuleContext) {
        // `self.evaluatedPolicyDomainState` is the class's own property (declared in its header).
        if let name = receiver.strippingCastsAndParentheses.identifierName, ["self", "super"].contains(name) { return }
        // A property or method of that name declared in the file is the app's own (a wrapper's
        // snapshot), unless the receiver is visibly an LAContext.
        if context.memo(FileQuestion.declaresDomainState, { Self.fileDeclaresDomainState(context.tree) }),
           !Self.isLAContext(receiver, in: context) { return }
        report(DeprecatedKeychainAPIJudgement.domainState, at: range, message: DeprecatedKeychainAPIJudgement.domainStateMessage(in: .c), in: context)
    }

    /// Reports, unless the use is on the older-systems side of an `@available` check where the
    /// replacement does not exist (then a `--verbose` note says why it is silent).
    private func report(_ name: String, at range: ObjCSourceRange, message: String, in context: ObjCRuleContext) {
        let branches = ObjCAvailabilityBranches.olderSystemsBranches(at: range.start.offset, in: context)
        if let branch = DeprecatedKeychainAPIJudgement.replacementMissing(for: name, in: branches) {
            let location = context.resolver.location(range)
            context.noteGaps(
                Resolution(gaps: [ResolutionGap(
                    file: location.file, line: location.line, column: location.characterColumn,
                    reason: "`\(name)` is used where `\(branch.condition)` is false, and its replacement does not exist there")]),
                asking: "deprecated API")
            return
        }
        context.report(at: range, message: message)
    }

    private enum FileQuestion: Hashable {
        case globals, declaresDomainState
    }

    /// A local, parameter or (non-`extern`) global of the file named like the SDK constant: the
    /// name is the file's own.
    static func fileDeclares(variable name: String, at offset: Int, in context: ObjCRuleContext) -> Bool {
        let globals = context.memo(FileQuestion.globals) {
            Set(context.tree.globalVariables.filter { !$0.isExtern }.map(\.name))
        }
        if globals.contains(name) { return true }
        guard let body = context.resolver.body(containing: offset) else { return false }
        if body.parameterNames.contains(name) { return true }
        return ObjCBodyFacts.of(body, in: context).localScope(of: name, at: offset) != nil
    }

    static func fileDeclaresDomainState(_ tree: ObjCSyntaxTree) -> Bool {
        let name = DeprecatedKeychainAPIJudgement.domainState
        return tree.containers.contains { container in
            container.properties.contains { $0.names.contains(name) } || container.methods.contains { $0.selector == name }
        }
    }

    /// `[LAContext new]`, `[[LAContext alloc] init]`, or a local, parameter or `self.property`
    /// declared `LAContext *`.
    static func isLAContext(_ expression: ObjCExpr, in context: ObjCRuleContext) -> Bool {
        let expression = expression.strippingCastsAndParentheses
        switch expression.kind {
        case .message(let message):
            if message.receiverClassName == "LAContext" { return ["new", "alloc"].contains(message.selector) }
            if case .message(let inner) = message.receiver.strippingCastsAndParentheses.kind, message.selector.hasPrefix("init") {
                return inner.receiverClassName == "LAContext" && inner.selector == "alloc"
            }
            return false
        case .identifier(let name):
            let offset = expression.range.start.offset
            guard let body = context.resolver.body(containing: offset) else { return false }
            var declared: ObjCLocalBinding?
            for binding in body.bindings(of: name, before: offset) {
                if case .declaration = binding.kind { declared = binding }
            }
            if let declared, case .declaration(let declarator, _) = declared.kind {
                return declarator.type.baseName == "LAContext" || declarator.initializer.map { isLAContext($0, in: context) } == true
            }
            return parameterType(named: name, of: body, in: context.tree)?.baseName == "LAContext"
        case .member(let base, let name, false):
            guard base.identifierName == "self", let body = context.resolver.body(containing: expression.range.start.offset),
                  case .method(let container, _, _) = body.owner
            else { return false }
            return context.tree.properties(ofClass: container).contains { property in
                property.names.contains(name) && property.declaration.declarators.contains { $0.type.baseName == "LAContext" }
            }
        default:
            return false
        }
    }

    private static func parameterType(named name: String, of body: ObjCBody, in tree: ObjCSyntaxTree) -> ObjCTypeName? {
        switch body.owner {
        case .function(let function):
            return tree.functions.first { $0.name == function }?.parameters.first { $0.name == name }?.type
        case .method(let container, let selector, let isClassMethod):
            let method = tree.methods.first {
                $0.containerName == container && $0.method.selector == selector && $0.method.isClassMethod == isClassMethod && $0.method.body != nil
            }
            return method?.method.parameters.first { $0.name == name }?.type
        }
    }

    public static let description = RuleDescription.objectiveC(
        of: DeprecatedKeychainAPIRule.description,
        summary:
            "Uses of deprecated Keychain and LocalAuthentication API (kSecAccessControlTouchIDAny, kSecAccessControlTouchIDCurrentSet, kSecAccessControlWatch, kSecUseOperationPrompt, kSecUseAuthenticationUIAllow/Fail, kSecUseNoAuthenticationUI, evaluatedPolicyDomainState), each with its replacement.",
        whatItDoes: """
            Reports each use in Objective-C of one of these deprecated items and names its replacement: \
            `kSecAccessControlTouchIDAny` → `kSecAccessControlBiometryAny`, \
            `kSecAccessControlTouchIDCurrentSet` → `kSecAccessControlBiometryCurrentSet`, \
            `kSecAccessControlWatch` → `kSecAccessControlCompanion`, `kSecUseOperationPrompt` → the \
            `localizedReason` of an `LAContext` passed with `kSecUseAuthenticationContext`, \
            `kSecUseAuthenticationUIAllow`/`kSecUseAuthenticationUIFail` and `kSecUseNoAuthenticationUI` → \
            an `LAContext` with `interactionNotAllowed`, and `-[LAContext evaluatedPolicyDomainState]` \
            (`context.evaluatedPolicyDomainState` or `[context evaluatedPolicyDomainState]`) → \
            `context.domainState.biometry.stateHash`. The constants are reported wherever they are \
            written: flags expressions (`kSecAccessControlTouchIDAny | kSecAccessControlPrivateKeyUsage`), \
            dictionary keys and values (`(__bridge id)kSecUseOperationPrompt: prompt`), `setObject:forKey:`, \
            returns, `static` constants.
            """,
        whyItMatters: """
            Deprecated names keep compiling with warnings but may be removed from a future SDK, and some of \
            them describe behaviour Apple no longer supports in the same way: `kSecUseOperationPrompt` and \
            the `kSecUseAuthenticationUI…` values bypass the `LAContext` that modern code uses to control \
            prompts and reuse an authentication; `kSecAccessControlWatch` has been renamed \
            `kSecAccessControlCompanion` (the same constraint). The `TouchID` names also suggest to readers \
            that only Touch ID is meant, although the same flags cover Face ID and Optic ID.
            """,
        whatToDoInstead: """
            Use the replacement the message names. The flag renames are the same bit and behave \
            identically. For `kSecAccessControlCompanion` and `domainState.biometry.stateHash` (iOS 18, \
            macOS 15), write `if (@available(iOS 18, macOS 15, *)) { … } else { … }` and keep the old API \
            in the `else` branch while older systems are supported. For the prompt and UI constants, \
            create an `LAContext`, set `localizedReason` or `interactionNotAllowed = YES` on it and pass it \
            with `(__bridge id)kSecUseAuthenticationContext: context`.
            """,
        fixSafety: """
            Automatic for `kSecAccessControlTouchIDAny` → `kSecAccessControlBiometryAny` and \
            `kSecAccessControlTouchIDCurrentSet` → `kSecAccessControlBiometryCurrentSet`: the replacement is \
            the same bit, so behaviour does not change (both need iOS 11.3 / macOS 10.13.4, which every \
            supported SDK has). Not automatic for `kSecAccessControlWatch` → `kSecAccessControlCompanion` \
            and `evaluatedPolicyDomainState`: the replacements need iOS 18 / macOS 15, so an `@available` \
            check is required. Not automatic for `kSecUseOperationPrompt`, \
            `kSecUseAuthenticationUIAllow`/`Fail` and `kSecUseNoAuthenticationUI`: the replacement is an \
            `LAContext` passed in the query, which changes the code around the query.
            """,
        remediation:
            "Use the replacement named in the message (kSecAccessControlBiometryAny, kSecAccessControlBiometryCurrentSet, kSecAccessControlCompanion, an LAContext passed with kSecUseAuthenticationContext, domainState.biometry.stateHash).",
        notes: [
            "A use in the `else` of `if (@available(iOS 11.3, *))` (or of `__builtin_available`) is not reported when the checked version is at or below the one that introduced the replacement on that platform: there the deprecated API is the only one (`--verbose` says so). Below a later version, the replacement exists on part of those systems and the use is reported. The app's deployment target is not read.",
            "In Objective-C the constants are plain identifiers, so there is no ambiguity like Swift's implicit `.watch`: every use is reported with high confidence, unless the file declares a variable of that name itself (a local, parameter or non-`extern` global). A name written only in a `#define` body is not reported there; a use of the macro is not traced back to it.",
            "`kSecAttrAccessibleAlways` and `kSecAttrAccessibleAlwaysThisDeviceOnly` are deprecated too, but `objc.weak_keychain_accessibility` reports them (not twice). `kSecUseAuthenticationUISkip` is not deprecated and is not reported.",
            "`evaluatedPolicyDomainState` is reported on any receiver except `self`/`super` (a class's own property), `obj->…` and an assignment (LAContext's property is read-only). When the file declares its own property or method of that name, only a receiver that is visibly an `LAContext` is reported (`[LAContext new]`, `[[LAContext alloc] init]`, a local, parameter or `self` property declared `LAContext *`).",
        ],
        examples: examples)

    static func message(_ name: String) -> String {
        DeprecatedKeychainAPIJudgement.constantMessage(name, in: .c)!
    }

    static let examples: [RuleExample] = [
        .triggeringObjC(
            "The TouchID flag names returned alone and in a flags expression, and kSecAccessControlWatch in a static constant",
            """
            SecAccessControlCreateFlags legacyFlags(BOOL currentSet) {
                if (currentSet) {
                    return ↓kSecAccessControlTouchIDCurrentSet;
                }
                return ↓kSecAccessControlTouchIDAny | kSecAccessControlPrivateKeyUsage;
            }
            static const SecAccessControlCreateFlags kPaired = kSecAccessControlBiometryCurrentSet | kSecAccessControlOr | ↓kSecAccessControlWatch;
            """,
            messages: [
                message("kSecAccessControlTouchIDCurrentSet"), message("kSecAccessControlTouchIDAny"), message("kSecAccessControlWatch"),
            ]),
        .triggeringObjC(
            "Deprecated query keys and values in a literal and in a dictionary built in steps",
            """
            @implementation Keychain
            - (NSData *)readWithPrompt:(NSString *)prompt {
                NSMutableDictionary *query = [@{
                    (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                    (__bridge id)kSecReturnData: @YES,
                    (__bridge id)↓kSecUseOperationPrompt: prompt,
                } mutableCopy];
                query[(__bridge id)kSecUseAuthenticationUI] = (__bridge id)↓kSecUseAuthenticationUIFail;
                [query setObject:@YES forKey:(__bridge id)↓kSecUseNoAuthenticationUI];
                CFDictionarySetValue((__bridge CFMutableDictionaryRef)query, kSecUseAuthenticationUI, ↓kSecUseAuthenticationUIAllow);
                CFTypeRef result = NULL;
                OSStatus status = SecItemCopyMatching((__bridge CFDictionaryRef)query, &result);
                return status == errSecSuccess ? (__bridge_transfer NSData *)result : nil;
            }
            @end
            """,
            messages: [
                message("kSecUseOperationPrompt"), message("kSecUseAuthenticationUIFail"), message("kSecUseNoAuthenticationUI"),
                message("kSecUseAuthenticationUIAllow"),
            ]),
        .triggeringObjC(
            "evaluatedPolicyDomainState as a property and as a message, and in the `if` side of @available",
            """
            @implementation Keychain
            - (BOOL)biometryChangedSince:(NSData *)saved {
                LAContext *context = [[LAContext alloc] init];
                if (![context canEvaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics error:NULL]) { return NO; }
                if (@available(iOS 9, *)) {
                    return ![↓context.evaluatedPolicyDomainState isEqualToData:saved];
                }
                return ![↓[context evaluatedPolicyDomainState] isEqualToData:saved];
            }
            @end
            """,
            messages: [
                DeprecatedKeychainAPIJudgement.domainStateMessage(in: .c), DeprecatedKeychainAPIJudgement.domainStateMessage(in: .c),
            ]),
        .triggeringObjC(
            "A receiver visibly an LAContext, although the file declares its own evaluatedPolicyDomainState",
            """
            @interface BiometrySnapshot : NSObject
            @property (nonatomic, copy) NSData *evaluatedPolicyDomainState;
            @end
            @implementation BiometrySnapshot
            + (instancetype)current {
                BiometrySnapshot *snapshot = [BiometrySnapshot new];
                LAContext *context = [LAContext new];
                [context canEvaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics error:NULL];
                snapshot.evaluatedPolicyDomainState = ↓context.evaluatedPolicyDomainState;
                return snapshot;
            }
            @end
            """,
            messages: [DeprecatedKeychainAPIJudgement.domainStateMessage(in: .c)]),
        .nonTriggeringObjC(
            "Older systems, where the replacement does not exist: the else of @available and __builtin_available",
            """
            SecAccessControlCreateFlags flags(void) {
                if (@available(iOS 11.3, macOS 10.13.4, *)) {
                    return kSecAccessControlBiometryCurrentSet;
                } else {
                    return kSecAccessControlTouchIDCurrentSet;
                }
            }
            NSData *domainState(LAContext *context) {
                if (__builtin_available(iOS 18, macOS 15, *)) {
                    return context.domainState.biometry.stateHash;
                } else {
                    return context.evaluatedPolicyDomainState;
                }
            }
            NSDictionary *legacyQuery(NSString *prompt) {
                if (@available(iOS 11, *)) {
                    return @{ (__bridge id)kSecUseAuthenticationContext: [LAContext new] };
                } else if (prompt) {
                    return @{ (__bridge id)kSecUseOperationPrompt: prompt };
                }
                return @{};
            }
            """),
        .nonTriggeringObjC(
            "The current names, kSecUseAuthenticationUISkip, and a wrapper's own evaluatedPolicyDomainState",
            """
            @interface Snapshot : NSObject
            @property (nonatomic, readonly) NSData *evaluatedPolicyDomainState;
            @end
            @implementation Snapshot
            - (void)storeWithContext:(LAContext *)context previous:(Snapshot *)previous {
                SecAccessControlRef access = SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
                    kSecAccessControlBiometryCurrentSet | kSecAccessControlOr | kSecAccessControlCompanion, NULL);
                NSDictionary *query = @{
                    (__bridge id)kSecUseAuthenticationUI: (__bridge id)kSecUseAuthenticationUISkip,
                    (__bridge id)kSecUseAuthenticationContext: context,
                };
                NSData *saved = previous.evaluatedPolicyDomainState;
                NSData *own = [self evaluatedPolicyDomainState];
                // kSecUseOperationPrompt and kSecAccessControlTouchIDAny were removed in 2.0.
                NSString *note = @"kSecUseNoAuthenticationUI";
            }
            @end
            """),
        .nonTriggeringObjC(
            "kSecAttrAccessibleAlways is objc.weak_keychain_accessibility's finding, not this rule's",
            """
            void save(NSData *secret) {
                NSDictionary *query = @{
                    (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                    (__bridge id)kSecAttrAccessible: (__bridge id)kSecAttrAccessibleAlways,
                    (__bridge id)kSecValueData: secret,
                };
                OSStatus status = SecItemAdd((__bridge CFDictionaryRef)query, NULL);
                NSLog(@"%d", (int)status);
            }
            """,
            alsoTriggers: ["objc.weak_keychain_accessibility"]),
    ]
}

/// The older-systems sides of `@available` checks around a position: the `else` of
/// `if (@available(iOS 11.3, *))` (and of `__builtin_available`), where an API introduced at or
/// after the checked version does not exist.
enum ObjCAvailabilityBranches {
    static func olderSystemsBranches(at offset: Int, in context: ObjCRuleContext) -> [Availability.OlderSystemsBranch] {
        guard let body = context.resolver.body(containing: offset) else { return [] }
        var result: [Availability.OlderSystemsBranch] = []
        for statement in ObjCBodyFacts.of(body, in: context).availabilityChecks {
            guard let otherwise = statement.otherwise,
                  otherwise.range.start.offset <= offset, offset < otherwise.range.end.offset,
                  let branch = branch(statement.condition, in: context)
            else { continue }
            result.append(branch)
        }
        // Innermost first, as the Swift front end lists them.
        return result.reversed()
    }

    /// `@available(iOS 11.3, macOS 10.13.4, *)` or `__builtin_available(…)` as the whole condition.
    private static func branch(_ condition: ObjCExpr, in context: ObjCRuleContext) -> Availability.OlderSystemsBranch? {
        let condition = condition.strippingCastsAndParentheses
        let arguments: String
        switch condition.kind {
        case .atExpression("available", let text):
            arguments = text
        case .call(let call) where call.calleeName == "__builtin_available":
            let text = context.resolver.text(condition.range)
            guard let open = text.firstIndex(of: "("), let close = text.lastIndex(of: ")"), open < close else { return nil }
            arguments = String(text[text.index(after: open)..<close])
        default:
            return nil
        }
        var below: [String: Availability.Version] = [:]
        for piece in arguments.split(separator: ",") {
            let words = piece.split(whereSeparator: \.isWhitespace)
            guard words.count >= 2, let platform = platforms[words[0].lowercased()],
                  let version = Availability.Version(words.dropFirst().joined())
            else { continue }
            below[platform] = version
        }
        guard !below.isEmpty else { return nil }
        return Availability.OlderSystemsBranch(
            below: below, condition: ObjCValueResolver.shortText(context.resolver.text(condition.range)))
    }

    /// Clang's platform names, in either case, as the Swift front end names them.
    private static let platforms: [String: String] = [
        "ios": "iOS", "iosapplicationextension": "iOS", "macos": "macOS", "osx": "macOS",
        "macosapplicationextension": "macOS", "watchos": "watchOS", "tvos": "tvOS", "visionos": "visionOS",
        "xros": "visionOS", "maccatalyst": "macCatalyst",
    ]
}
