import KeychainLintCore
import KeychainLintModel
import KeychainLintRuleKit

/// `boolean_only_local_authentication` — OWASP MASTG-TEST-0266: an `evaluatePolicy` whose outcome
/// decides what runs next, on an `LAContext` that never reaches a Keychain query or key operation,
/// in Swift and Objective-C. Each front end reads the call into a `PolicyEvaluation` (what the reply
/// or the awaited result is used for) and an `EvaluatedContext` (which context, and whether it is
/// handed on); the judgement below is made once over those.
public struct BooleanOnlyLocalAuthenticationRule: Check {
    public static let calls: [CheckedCall] = [.method(swift: "evaluatePolicy", objectiveC: "evaluatePolicy:localizedReason:reply:")]

    public init(options: [String: ConfigValue]) {}

    public func check(_ call: ProgramCall, in context: some CheckContext) {
        guard let evaluation = context.policyEvaluation(call), evaluation.reason != nil else { return }
        let handed = Self.mayHandOn(evaluation.outcome) ? context.handedOutcome(evaluation) : nil
        var confidenceCap = Confidence.high
        if case .unread = evaluation.outcome { noteUnreadReply(evaluation, call, in: context) }
        if !Self.outcomeDecides(evaluation.outcome) {
            // The reply reads neither flag itself but hands its error on: the callers' tests of it decide.
            guard let handed, handed.carries == .errorAlone else { return }
            switch handed.receivers {
            case .followed(let gates) where gates.isEmpty:
                noteUntested(evaluation, handed, in: context)
                return
            case .followed:
                break
            case .unseen:
                // A library's API: its users get only the error, and nil is all they can take for success.
                confidenceCap = .medium
            }
        }
        let origin: ContextOrigin
        let described: String
        switch context.evaluatedContext(evaluation) {
        case .receiver(let story):
            guard !story.isHandedOn else {
                if let unjudged = story.unjudged { noteUnjudged(unjudged, evaluation, in: context) }
                return
            }
            origin = story.origin
            described = story.origin.description
            noteUntold(story, evaluation, in: context)
        case .senders(let method, let senders):
            // The first caller whose context is named and never handed on.
            guard let sender = senders.first(where: { !$0.story.isHandedOn }) else {
                noteUnfollowed(evaluation, in: context)
                return
            }
            origin = sender.story.origin
            noteUntold(sender.story, evaluation, in: context)
            described = "\(origin.description) (the LAContext `\(method)` is called on, \(sender.place))"
        case .unfollowed:
            noteUnfollowed(evaluation, in: context)
            return
        case .undecided(let chosen, let unfollowed):
            let location = context.location(of: evaluation.call.expression)
            context.note(
                ScanDiagnostic(
                    kind: .unresolved, file: context.path, position: SourcePosition(line: location.line, column: location.column),
                    message: "\(context.rule.id): the LAContext of \(evaluation.call.name) (`\(evaluation.receiverText)`) is `\(chosen)`, and the rule does not follow `\(unfollowed)`, which may be a context handed to a Keychain query elsewhere"))
            return
        case .unnamed:
            return
        }
        var passcodePolicy: String?
        if let policy = evaluation.policy,
            context.resolve(policy).values.contains(where: {
                BooleanOnlyLocalAuthenticationJudgement.isPasscodePolicy(context.localAuthenticationPolicy($0.value))
            })
        {
            passcodePolicy = evaluation.passcodePolicySpelling
        }
        context.report(
            at: call.expression,
            message: BooleanOnlyLocalAuthenticationJudgement.message(call: call.name, context: described, passcodePolicy: passcodePolicy),
            confidence: min(origin.confidence, confidenceCap), trace: handed?.path ?? [])
    }

    /// Whether the outcome can leave for other code: a reply closure (or the reply given as the
    /// enclosing function's own handler), or an awaited result that is used (it may be returned).
    static func mayHandOn(_ outcome: PolicyOutcome) -> Bool {
        switch outcome {
        case .reply, .forwardedToCaller, .awaited(used: true): true
        case .unread, .awaited(used: false): false
        }
    }

    /// A reply given by a reference the front end does not follow (a parameter whose type is an
    /// alias declared outside the scan, a property, a value unwrapped from an Optional): whether the
    /// outcome decides anything is not known, so the rule says nothing of the call but this.
    private func noteUnreadReply(_ evaluation: PolicyEvaluation, _ call: ProgramCall, in context: some CheckContext) {
        guard let reply = call.argument(labeled: "reply") else { return }
        let location = context.location(of: evaluation.call.expression)
        context.note(
            ScanDiagnostic(
                kind: .unresolved, file: context.path, position: SourcePosition(line: location.line, column: location.column),
                message: "\(context.rule.id): the reply of \(evaluation.call.name) is `\(context.snippet(of: reply))`, which the rule does not follow (a handler whose type or code it cannot see), so it cannot tell whether the outcome decides what runs next"))
    }

    private func noteUntested(_ evaluation: PolicyEvaluation, _ handed: HandedOutcome, in context: some CheckContext) {
        let location = context.location(of: evaluation.call.expression)
        context.note(
            ScanDiagnostic(
                kind: .unresolved, file: context.path, position: SourcePosition(line: location.line, column: location.column),
                message: "\(context.rule.id): the reply of \(evaluation.call.name) hands its error on (`\(handed.handoff.snippet)`) to \(handed.receiverWords), where the rule finds no test of it"
                    + (handed.unfollowed.isEmpty ? "" : "; not followed: \(handed.unfollowed.joined(separator: "; "))")))
    }

    /// Swift calls a method of the type being extended with no receiver at all: inside
    /// `extension LAContext`, `evaluatePolicy(…)` is a method call on `self` that the Swift front
    /// end hands over as a free function's. It is judged as the method.
    public func checkSwift(_ input: RuleInput, in context: RuleContext) {
        guard case .call(let swiftCall) = input, let call = ProgramCall(swiftCall), call.kind == .function,
            call.name == Self.calls[0].name(in: .swift)
        else { return }
        check(call, in: context)
    }

    /// Whether the outcome decides what runs next: a reply that reads the success flag or tests
    /// the error against nil (or unwraps it), a reply that hands the Bool to the caller, or an awaited result that
    /// is used (it is true, or it throws).
    static func outcomeDecides(_ outcome: PolicyOutcome) -> Bool {
        switch outcome {
        case .reply(let use): use.readsSuccess || use.testsErrorAgainstNil || use.unwrapsError
        case .forwardedToCaller: true
        case .unread: false
        case .awaited(let used): used
        }
    }

    /// A context reported as never handed on, where the search of other code's reads of its
    /// property met what it cannot judge (a receiver whose type is not known, the file bound).
    private func noteUntold(_ story: ContextStory, _ evaluation: PolicyEvaluation, in context: some CheckContext) {
        guard !story.untold.isEmpty else { return }
        let location = context.location(of: evaluation.call.expression)
        context.note(
            ScanDiagnostic(
                kind: .unresolved, file: context.path, position: SourcePosition(line: location.line, column: location.column),
                message: "\(context.rule.id): the LAContext of \(evaluation.call.name) (`\(evaluation.receiverText)`) is reported as never handed on, though the rule could not tell: \(story.untold.joined(separator: "; "))"))
    }

    /// A context the rule takes as someone else's because it cannot see where it comes from.
    private func noteUnjudged(_ why: String, _ evaluation: PolicyEvaluation, in context: some CheckContext) {
        let location = context.location(of: evaluation.call.expression)
        context.note(
            ScanDiagnostic(
                kind: .unresolved, file: context.path, position: SourcePosition(line: location.line, column: location.column),
                message: "\(context.rule.id): the LAContext of \(evaluation.call.name) (`\(evaluation.receiverText)`) is \(why); not judged"))
    }

    private func noteUnfollowed(_ evaluation: PolicyEvaluation, in context: some CheckContext) {
        let location = context.location(of: evaluation.call.expression)
        context.note(
            ScanDiagnostic(
                kind: .unresolved, file: context.path, position: SourcePosition(line: location.line, column: location.column),
                message: "\(context.rule.id): the LAContext of \(evaluation.call.name) comes from code the rule does not follow (`\(evaluation.receiverText)`)"))
    }

    public static let swiftRule = RuleDescription(
        id: "swift.boolean_only_local_authentication",
        name: "Authentication result is only a Bool",
        severity: .medium,
        confidence: .high,
        resource: "Authentication",
        tags: ["CWE:287", "CWE:603", "MASWE:0044"],
        aliases: [
            RuleAlias(tool: "mobsfscan", id: "ios_biometric_bool"), RuleAlias(tool: "MASTG", id: "MASTG-TEST-0266"),
        ],
        summary:
            "LAContext.evaluatePolicy's result decides what the app does, but the same LAContext never reaches a Keychain query or key operation, so the authentication is event-bound and can be bypassed by flipping a Bool.",
        documentation: RuleDocumentation(
            whatItDoes: """
                Flags `evaluatePolicy(_:localizedReason:reply:)` and `try await evaluatePolicy(_:localizedReason:)` \
                when the result gates an action and the `LAContext` it ran on is never handed on. The result \
                gates an action when the reply closure reads its `success` parameter (in a condition, an \
                assignment, or passed to a completion handler) or compares its `error` with `nil`, or hands its \
                `error` to a completion handler whose callers test it; in the \
                async form the awaited result, or the error it throws, always decides what runs next. The \
                context is handed on when it is used anywhere other than as the receiver of its own members: \
                as the value of `kSecUseAuthenticationContext` in a query, as an argument (a key operation, a \
                helper that builds a query), returned, or stored elsewhere. A stored property is handed on too \
                when code that holds an instance of its type does any of these with it \
                (`kSecUseAuthenticationContext: auth.context`). When the policy is \
                `.deviceOwnerAuthentication`, the message also says that it accepts the device passcode.
                """,
            whyItMatters: """
                `evaluatePolicy` only hands the app a Bool. On a jailbroken device, or with a repackaged app, \
                Frida or objection flip that Bool (or make the async call return true) and the app unlocks \
                without a face, finger or passcode: the authentication is "event-bound". OWASP MASTG-TEST-0266 \
                and MASWE-0044 require it to be "result-bound": the secret the user is meant to unlock is kept \
                in the Keychain (or in the Secure Enclave) behind an access control, so that only a real \
                authentication makes the system release it.
                """,
            whatToDoInstead: """
                Store the secret (session token, key) with `SecAccessControlCreateWithFlags(…, .biometryCurrentSet, …)` \
                and read it with a query that carries the context: `kSecUseAuthenticationContext: context` \
                (after `evaluatePolicy` to pre-authenticate, or let `SecItemCopyMatching` prompt by itself). \
                For keys, use a Secure Enclave key whose access control requires biometry, and sign a server \
                challenge with it. Use `canEvaluatePolicy` only to learn whether biometry is available.
                """,
            fixSafety: """
                No automatic fix: binding the authentication to a Keychain item changes how the secret is \
                stored and read, and existing items have to be migrated.
                """,
            notes: [
                "A new context kept in a stored property while the prompt is up (`self.context = context`) is judged by the property's uses: it is handed on only when the property is. Setting the context to `nil` releases it and hands it to nobody.",
                "A stored property set in an initializer from its parameter holds a new context when the scan constructs the type and every construction in the app's code passes `LAContext()` for it or leaves it out where it defaults to `LAContext()` (constructions in test code, which pass stubs, are left aside; at most 24); when a construction passes another context, or the scan never constructs the type (a library's, whose users may give it a context), it is someone else's and the rule stays silent; `--verbose` says so (\"set from the parameter `context` of an initializer of `Vault` …; not judged\").",
                "\"Same context\": for a local `let`/`var` initialised with `LAContext()`, every use of that variable in its enclosing block (the function body, including closures inside it) is checked; for a stored property initialised with `LAContext()` (or declared as `LAContext` without an initial value), every `self.name`/`name` use in the type's declaration and all its extensions across the scan's files, and every read of it on an instance of the type that other code holds (`auth.context`, `self.auth.context`, `auth?.context`, `Authenticator.shared.context`), known by how the receiver is declared or built (`let auth = Authenticator()`, `let auth: Authenticator`, a parameter, a property of the reading type), in the first 24 files that mention the property and the type: a type that evaluates the policy on its own context and code holding it that reads the Keychain with `kSecUseAuthenticationContext: auth.context` (or hands `auth.context` to a helper) use the same context. A read on an instance of another type (`session.context`) is another context, and the finding stays; so it does where the receiver's type is not written (`authenticators.first?.context`, a call's result) or is a protocol the type conforms to or a class it inherits from (the instance may be of another type), and `--verbose` says what could not be told. For `LAContext().evaluatePolicy(…)` the context cannot be used again, so it is never handed on.",
                "Any use of the context other than reading or setting its own members (`context.localizedReason = …`, `context.biometryType`) counts as handing it on, and the rule stays silent: passing it to a helper such as `store.readToken(context: context)` is assumed to reach a Keychain query, without following the helper (precision first).",
                "A context that is a parameter of the enclosing function, is re-bound with `if let`/`guard let`, or comes from another object (`manager.context`) is not judged: its owner may pass it to a Keychain query elsewhere. A context given as an argument to a helper is handed on, unless the helper is a method of the same type (called on `self`) or a global function of the scan, one declaration fits the call, and it reads the context and only asks it (reads or sets its members, calls `canEvaluatePolicy`, compares it with nil) or gives it to another such helper, up to three calls deep (a helper that never reads its parameter is a stub, and one that a subclass overrides may be replaced: both still count as a hand-off): an availability check such as `guard biometryAvailable(context) else { return }` gives the context to nobody. In Objective-C the helper is a method of the same class implemented in the same file (`[self biometryAvailable:context]`). `--verbose` says so. A parameter is judged as a new context when the scan calls the function (calls from test code, which pass stubs, left aside; at most 24 calls whose labels fit) and every call passes `LAContext()` for it or leaves it out where it defaults to `LAContext()`: each evaluation then runs on a context only this function sees. A global `let` initialised with `LAContext()` (an app's one shared context) is judged by its uses in the files that mention it (at most 24; more, and it is taken as handed on); a global `var` is not judged, since any code may replace it. A context from a helper of the same type (or a global function) without arguments is judged when the helper returns a new `LAContext` on some path (`LAContext()`, or a local it only configures): on that path the context is the caller's alone.",
                "A context chosen with `??` or `?:` (`injected ?? LAContext()`, `self.cached ?? makeContext()`) is judged when every side is a new context or one the rule names: `LAContext()`, a helper as above, `nil`, an optional parameter that defaults to `nil` or `LAContext()` of a function or initializer the scan calls and no call passes it, or a stored property of the type, whose own uses are judged with the local's (reading it in the choice is not handing it on). A side the rule does not follow (a parameter a caller passes, another object's context) leaves the context undecided: the rule stays silent and `--verbose` names that side. A stored property holds a new context too when its initial value or an assignment to it is such a choice (`self.context = context ?? LAContext()`), a helper's new context (`lazy var context = makeContext()`, `self.context = makeContext()`), or a closure called once that returns one (`lazy var context: LAContext = { … }()`); when the only other value it is given is a choice with a side the rule does not follow, `--verbose` names that side too.",
                "When several types of the scan share a name (copies of a class in several targets), a property is looked up in the type declaration that holds the call, so other targets' code neither hides nor changes the finding.",
                "A reply given by reference counts when it is a function-typed parameter of the enclosing function (`reply: completion` hands the Bool to the caller; a parameter written with a type alias of a function type that the scan declares, `typealias Completion = (Bool, Error?) -> Void`, is function-typed too), a local closure, or a method of the same type whose body reads its first parameter or compares its second with nil; other references are not followed. A reply closure that ignores both parameters gates nothing and is not reported; a `success` that only appears inside a string, or only as what a logging, dispatching or assertion call is given (`print(success)`, `os_log`, `assert(success)`), decides nothing and does not count; neither does a member named like it (`state.success`).",
                "An outcome handed on is followed to where it decides. The reply hands it on when it calls a completion handler the enclosing function received (`completion(success)`, `completion(success, error)`, `completion(.success(()))` inside `if success`, `completion(error)`) or is that handler (`reply: completion`), when it resumes a continuation with the flag (`continuation.resume(returning: success)`) or the async function returns the awaited result (`return try await context.evaluatePolicy(…)`, `return (try? await context.evaluatePolicy(…)) ?? false`, a `let` that holds it and is returned) or lets its failure out (`try await context.evaluatePolicy(…)` in an `async throws` function, outside a `do` that catches it), when it calls a function the scan declares with the flag or the error as an argument (a delegate method, a method of the type), when it calls a closure its type keeps in a stored property (`self.onResult?(success)`, where `var onResult: ((Bool) -> Void)?`), and when it assigns either to a stored property (`self.isUnlocked = success`, `self.authError = error`). The receiving code is read: what the function's callers in the scan pass for the handler (the first 24 calls of its name whose labels fit): a closure written at the call or kept in a local `let`, or a method of the caller's type, a function of the scan, or another object's method whose receiver's type is written (`completion: viewModel.handle` where `viewModel` is declared `LockViewModel`, `completion: self.model.didAuthenticate`) passed by reference (`authenticate(completion: handleResult)`), whose parameters receive the values in the handler's order; the closures (or methods by reference) the scan assigns to a stored closure property, inside its type or on an instance of it known by the receiver's written type, in the first 24 files that mention the property (a property the scan never assigns is set by the users of a library's API, like a handler no caller in the scan passes); the test around each call of an async function or of the local it is kept in (for a failure let out and no test of a result, the caller's `try`, after which code runs only when the authentication succeeded); the bodies of the called function's declarations (those of the receiver's type when it is written: `self`, a typed local, parameter or property, a cast `(sender as? Vault)`; every implementation when the type is a protocol of the scan; none when the receiver's type is not known and several types declare the method, since which one runs cannot be decided, which `--verbose` says); the reads of the property in its type's declaration and extensions, and, when none of them tests it, its reads on an instance of the type that other code holds, known by the written type of the receiver (`if model.isUnlocked` where `model` is declared `LockModel`, `@ObservedObject var model: LockModel`, or initialised with `LockModel()`), in the first 24 files that mention the property; and, where no read in the type (then elsewhere) tests it, the closure that observes it there: the one that receives the values the property's publisher sends (`$isUnlocked.sink { unlocked in … }`, `model.$authError.receive(on: DispatchQueue.main).sink { … }`, `.onReceive(model.$isUnlocked) { … }`), through operators that pass the value on unchanged (`receive(on:)`, `removeDuplicates()`, `dropFirst()`, `debounce`), or SwiftUI's `.onChange(of: model.isUnlocked) { unlocked in … }` (the new value's parameter, also of the two-parameter form). The first `if`, `guard`, `while`, `switch` or `?:` condition there that tests what it is given (`if ok`, `guard error == nil`, `if let error … else`) is where the outcome decides. The finding stays at the `evaluatePolicy` call, since the context evaluated there is what the Keychain never sees; its related locations are the hand-off and the first test found.",
                "Code that receives the value and tests nothing, but hands it on again, is followed the same way, up to three hand-offs: a caller's closure that calls its own function's handler (`authenticate { ok in completion(ok) }`), a caller that passes its own handler parameter (`authenticate(completion: completion)`), a method the value is passed to, a property it is stored in. Each hand-off on the way is a related location of the finding. A test found where the value first arrives is shown before one found farther (after a hand-off, in a handler passed by reference, on another type's instance). When no test is found, `--verbose` names what the search left out: a fourth hand-off, a read whose receiver's type is not written, more than 24 files that mention the property, a handler the scan does not declare.",
                "A test of a handed-on error decides only when code runs where there is no error (the body of `if error == nil`, the `else` of `if let error`, the statements after a branch that returns): `if let error { show(error) }` only reports a failure. The error alone passed on inside a branch of the reply that has tested the outcome (`else { self.show(error) }`) is the reason for a failure, not the outcome, and is not followed.",
                "A reply that neither reads its success flag nor tests its error, but hands the error on (`completion(error)`: the caller can only take nil for success), gates the callers' code: it is reported when a caller's closure tests the error; when the callers in the scan never test it, nothing is reported and `--verbose` says so; when no caller is in the scan (a library's API), it is reported with medium confidence, since the library offers its users nothing but a missing error to decide on.",
                "A success flag handed on is reported at the evaluation whether or not its receiver is in the scan: a `Result`, `continuation.resume(returning:)`, an assignment to a property (`self.isUnlocked = success`, a `@Published` property), a delegate call, a completion handler of a library's public API. A library that wraps biometrics and gives its callers only the Bool offers them a Bool-only gate, whatever they then do with it.",
                "Not followed: a handler that is another object's method whose receiver's type is not written (`completion: models[0].handle`), a closure kept in a stored property that is set through an initializer's argument or on a receiver whose type is not written, a method sent by selector (`perform(#selector(didAuthenticate(_:)), with: success)`), a value handed on more than three times, a property read on a receiver whose type is not written (`models.first?.isUnlocked`) or through a key path or binding (`$model.isUnlocked`, `.sheet(isPresented: $model.isUnlocked)`), a publisher whose operators change the value (`map`, `filter`) or that is assigned elsewhere (`assign(to:)`), and what the gated code does (code that then reads the Keychain without the evaluated context does not bind the evaluation either).",
                "`evaluatePolicy` on `self` inside `extension LAContext` runs on whatever context the method is called on: it is judged at the method's callers in the scan (the first whose context is named and never handed on is reported, at the `evaluatePolicy` call); with no caller in the scan (a library), the context is its user's and nothing is reported.",
                "The async form is always treated as gating (it throws when authentication fails), unless the outcome is discarded with `_ = try? await …`.",
                "`canEvaluatePolicy` is an availability check (MASTG-DEMO-0024) and is never reported.",
                "Confidence is high for a local or new context, medium for a property (other types may still reach it) and for a local chosen between a new context and a property or a helper's.",
                "A reply given by a reference the rule does not follow (a parameter whose type is an alias declared outside the scan, a handler kept in another object's property, a value unwrapped from an Optional) leaves the outcome's use unknown: nothing is reported, and `--verbose` names the reply.",
            ],
            references: [
                "OWASP MASTG-TEST-0266: References to APIs for Event-Bound Biometric Authentication",
                "OWASP MASWE-0044: Biometric Authentication Can Be Bypassed",
                "CWE-287: Improper Authentication — https://cwe.mitre.org/data/definitions/287.html",
                "CWE-603: Use of Client-Side Authentication — https://cwe.mitre.org/data/definitions/603.html",
                "Apple: Accessing Keychain Items with Face ID or Touch ID — https://developer.apple.com/documentation/localauthentication/accessing-keychain-items-with-face-id-or-touch-id",
                "Apple: kSecUseAuthenticationContext — https://developer.apple.com/documentation/security/ksecuseauthenticationcontext",
            ]),
        remediation:
            "Bind the authentication to a Keychain item or Secure Enclave key protected with .biometryCurrentSet and pass the LAContext with kSecUseAuthenticationContext, instead of trusting evaluatePolicy's Bool.",
        examples: examples)

    public static let objectiveCRule = RuleDescription.objectiveC(
        of: swiftRule,
        summary:
            "-[LAContext evaluatePolicy:localizedReason:reply:]'s result decides what the app does, but the same LAContext never reaches a Keychain query or key operation, so the authentication is event-bound and can be bypassed by flipping a BOOL.",
        whatItDoes: """
            Flags `[context evaluatePolicy:… localizedReason:… reply:…]` in Objective-C when the reply \
            gates an action and the `LAContext` it ran on is never handed on. The reply gates an action \
            when its block reads its `success` parameter (in a condition, an assignment, or passed to a \
            completion block) or tests its `error` against nil (`error == nil`, `!error`, `if (error)`), \
            or hands its `error` to a completion block whose senders test it; \
            a reply given as a local block variable is read the same way, and a block parameter of the \
            enclosing method (`reply:completion`) hands the BOOL to the caller, who acts on it. The \
            context is handed on when it is used anywhere other than as the receiver of its own \
            messages and properties (`[context setLocalizedFallbackTitle:…]`, `context.biometryType`): \
            as the value of `kSecUseAuthenticationContext` in a dictionary (`@{…}`, `setObject:forKey:`, \
            a subscript, `CFDictionarySetValue`), as an argument, returned, or stored elsewhere. A property \
            is handed on too when code that holds an instance of its class does any of these with it \
            (`ReadToken(self.authenticator.context)`). When the \
            policy is `LAPolicyDeviceOwnerAuthentication`, the message also says that it accepts the \
            device passcode.
            """,
        whatToDoInstead: """
            Store the secret with `SecAccessControlCreateWithFlags(…, kSecAccessControlBiometryCurrentSet, …)` \
            and read it with a query that carries the context: \
            `(__bridge id)kSecUseAuthenticationContext: context` (after `evaluatePolicy:…` to \
            pre-authenticate, or let `SecItemCopyMatching` prompt by itself). For keys, use a Secure \
            Enclave key whose access control requires biometry, and sign a server challenge with it. Use \
            `canEvaluatePolicy:error:` only to learn whether biometry is available.
            """,
        remediation:
            "Bind the authentication to a Keychain item or Secure Enclave key protected with kSecAccessControlBiometryCurrentSet and pass the LAContext with kSecUseAuthenticationContext, instead of trusting evaluatePolicy's BOOL.",
        notes: [
            "A new context kept in a property of `self` while the prompt is up (`self.authContext = context`, `[self setAuthContext:context]`) is judged by the property's uses: it is handed on only when the property is. Setting the context to `nil` releases it and hands it to nobody.",
            "\"Same context\": for a local initialised with `[[LAContext alloc] init]` or `[LAContext new]`, every use of it after its declaration in the method or function (blocks inside it included) is checked; for a property or instance variable of the class (`self.context`, `[self context]`, `_context`, `self->_context`), every use in the class's `@implementation`s and categories in all the scan's Objective-C files, whatever the receiver (`weakSelf.context` counts, so no alias hides a use), and every read of the property on an instance of the class in other code (`self.authenticator.context`, `[authenticator context]`), known by how the receiver is declared (`Authenticator *authenticator` as a local or parameter, a property or instance variable of the reading class, also read through `weakSelf` from `__weak typeof(self) weakSelf = self`), in the first 24 Objective-C files that mention the property and the class: a class that evaluates the policy on its own context and code holding it that reads the Keychain with `kSecUseAuthenticationContext: self.authenticator.context` (or passes it to a helper, `ReadToken(self.authenticator.context)`) use the same context. A read on an instance of another class (`self.session.context`) is another context, and the finding stays; so it does where the receiver's class is not written (`id`, a message's result) or is the class's superclass (the instance may be of another class), and `--verbose` says what could not be told. For `[[LAContext alloc] init]` as the receiver itself the context cannot be used again, so it is never handed on.",
            "Objective-C properties have no initial value: a property is judged whatever its declared type, unless the class writes a getter that returns something other than its instance variable or a new context (a lazy getter `if (!_context) _context = [[LAContext alloc] init]; return _context;` keeps it the class's own). Assigning it anything but a new context (`self.context = context` from a parameter, `[self setContext:shared]`) counts as handing it on: someone else has it too.",
            "A context that is a parameter (of the method or of a block around the call), a global, or comes from another object (`manager.context`) is not judged: its owner may pass it to a Keychain query elsewhere. `--verbose` says so. A method's parameter is judged as a new context when the scan's Objective-C code sends the method (messages from test code, which pass stubs, left aside; at most 24), every message passes `[[LAContext alloc] init]` or `[LAContext new]` for it, and the method never assigns the parameter: each evaluation then runs on a context only this method sees. A context from a method of the same class (or a function of the file) without arguments is judged when that helper returns a new context on some path.",
            "A context chosen with `?:` (`self.context ?: [[LAContext alloc] init]`, `_cached ? _cached : [self makeContext]`) is judged when every side is a new context, a helper's new context, `nil`, or a property or instance variable of the class, whose own uses are judged with the local's (reading it in the choice is not a use of it); a parameter or another object's context on a side leaves the context undecided: the rule stays silent and `--verbose` names that side. A context on a side of `?:` goes wherever the choice goes. A property assigned a helper's new context (`self.context = [self makeContext]`) holds a new context, as one assigned `[[LAContext alloc] init]` does; when the only other value it is given is a choice with a side the rule does not follow (`_context = injected ?: [[LAContext alloc] init]`), `--verbose` names that side.",
            "`[self evaluatePolicy:…]` in a category of LAContext runs on whatever context the method is sent to: it is judged at the senders in the scan's Objective-C files (the first whose context is named and never handed on is reported, at the `evaluatePolicy:` message); with no sender in the scan, nothing is reported. Subclasses of LAContext are not followed.",
            "Reading `success` only as an argument of a logging, dispatching or assertion call (`NSLog`, `os_log…`, `printf`, `NSAssert`) or of a format method (`stringWithFormat:`) decides nothing and does not count, as `success` inside a Swift string does not. Objective-C tests an object against nil by its truth value, so `!error` and `if (error)` count as nil tests, like `error == nil`.",
            "An outcome handed on is followed to where it decides. The reply block hands it on when it calls a block parameter of the enclosing method or function (`completion(success)`, `completion(success, error)`, `completion(error)`, `completion(YES)` inside `if (success)`) or is that parameter (`reply:completion`), and when it sends a message the scan's Objective-C code implements with `success` or `error` as an argument (`[self.delegate gate:self didAuthenticate:success]`, `[self finishWithError:error]`, or the selector a `performSelector:` message names, whose parameters receive its `withObject:` arguments: `[self.delegate performSelector:@selector(gateDidFinishWithError:) withObject:error]`, or a selector the class keeps in a property, a stored target/action pair: `[self.target performSelector:self.action withObject:error]`, where the selectors are those the class's implementations assign to the property, `_action = @selector(…)`, or that the senders of the method assigning a parameter to it pass, `initWithTarget:self action:@selector(gateDidFinishWithError:)`; the target's class is not followed, so a selector several classes implement is not read), and when it assigns either to a property of the class. The receiving code is read: the blocks the method's senders (or the function's callers) in the scan's Objective-C files pass (the first 24), the implementations of the message (those of the receiver's class when it is `self` or declared with a class, `Unlocker *unlocker`; every one when the receiver is declared with a protocol, `id<GateDelegate> delegate`; none when several classes implement it and the receiver's class is not known, since which one runs cannot be decided, which `--verbose` says), or the property's reads in the class's implementations. A sender's block that tests nothing but hands the value on again (`done(error)` of its own method's block parameter, a message, a property), and a sender that passes its own block parameter (`[self unlockThen:done]`), are followed the same way, up to three hand-offs, each a related location of the finding. The first `if`, `while`, `switch` or `?:` condition there that tests what it is given (`if (ok)`, `if (!error)`, `error == nil`) is where the outcome decides; a test of the error counts only when code runs where there is none (`if (error) { [self showError:error]; }` only reports a failure). The finding stays at the `evaluatePolicy:` message; its related locations are the hand-off and the first test found. The error alone passed on inside a branch of the reply that has tested the outcome is the failure's reason, not a hand-off.",
            "A reply that neither reads its `success` nor tests its `error`, but hands the error on (`completion(error)`), is reported when a sender's block tests the error; when the senders in the scan never test it, nothing is reported and `--verbose` says so; with no sender in the scan (a library's API), it is reported with medium confidence. A `success` handed on (`completion(success, error)`, `self.unlocked = success`, `[self.delegate …didAuthenticate:success]`) is reported at the evaluation whether or not its receiver is in the scan. A property of the class the reply assigns either to (`self.unlocked = success`, `self.authError = error`, `_authError = error`) is followed to its reads in the class's implementations and categories across the scan's Objective-C files (`self.authError`, `_authError`, `[self unlocked]`, and through a custom getter the property declares in the class's interface, extensions or categories: `@property (getter=isUnlocked) BOOL unlocked;` read as `self.isUnlocked` or `[self isUnlocked]`), where the first test is the gate; when none of them tests it, to its reads on an instance of the class in other code (`self.model.unlocked`, `[model unlocked]`), known by how the receiver is declared (`LockModel *model` as a local or parameter, a property or instance variable of the reading class declared in its file or in one of the first four other Objective-C files that name both), in the evaluating file and the first 24 other files that mention the property. A block the class keeps in a property (`@property (copy) void (^onFinish)(NSError *error);`, called `self.onFinish(error)` or `_onFinish(error)`) is followed to the blocks the scan's Objective-C code assigns to it (`gate.onFinish = ^(NSError *error) { … }`, `[gate setOnFinish:…]`, `self.onFinish = completion` of a block parameter, whose senders' blocks are then read), in the class or on a receiver declared with the class, in the evaluating file and the first 24 other files that name the property; one the scan never assigns is set by a library's users. A read on a receiver declared otherwise (`id`, a message's result), a selector held in a local or made at run time (`NSSelectorFromString`), and a value handed on more than three times are not followed; when no test is found, `--verbose` says what was left out.",
            "Only Objective-C code is followed: a context handed to Swift code, a category sent from Swift, or a completion block called from Swift, is not seen.",
            "Confidence is high for a local or new context, medium for a property or a helper's context (other code may still reach it).",
            "A reply given by a reference the rule does not follow (a block kept in a property, `reply:self.replyHandler`, or one whose type the scan does not declare) leaves the outcome's use unknown: nothing is reported, and `--verbose` names the reply.",
        ],
        examples: objectiveCExamples)
}

// MARK: - Objective-C examples (they run as tests and appear in `explain`)

extension BooleanOnlyLocalAuthenticationRule {
    private static func objectiveCMessage(_ context: String, passcode: Bool = false) -> String {
        BooleanOnlyLocalAuthenticationJudgement.message(
            call: ObjCLocalAuthentication.evaluateSelector, context: context,
            passcodePolicy: passcode ? "LAPolicyDeviceOwnerAuthentication" : nil)
    }

    static let objectiveCExamples: [RuleExample] = [
        .triggeringObjC(
            "A context parameter that every sender fills with a new LAContext",
            """
            @implementation Unlocker
            - (void)unlockWithContext:(LAContext *)context completion:(void (^)(BOOL))completion {
                ↓[context evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Unlock"
                                  reply:^(BOOL success, NSError *error) {
                    completion(success);
                }];
            }
            - (void)appear {
                [self unlockWithContext:[[LAContext alloc] init] completion:^(BOOL ok) {
                    if (ok) { [self dismiss]; }
                }];
            }
            - (void)dismiss {}
            @end
            """,
            messages: [objectiveCMessage("`context` (a new `LAContext` from every call of `unlockWithContext:completion:`)")]),
        .nonTriggeringObjC(
            "A context parameter that a sender fills with its own context, or that no message of the scan fills",
            """
            @interface Vault ()
            @property (nonatomic, strong) LAContext *session;
            @end
            @implementation Vault
            - (void)unlockWithContext:(LAContext *)context completion:(void (^)(BOOL))completion {
                [context evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Unlock"
                                  reply:^(BOOL success, NSError *error) {
                    completion(success);
                }];
            }
            - (void)confirmWithContext:(LAContext *)context completion:(void (^)(BOOL))completion {
                [context evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Confirm"
                                  reply:^(BOOL success, NSError *error) {
                    completion(success);
                }];
            }
            - (void)open {
                [self unlockWithContext:[LAContext new] completion:^(BOOL ok) {}];
                [self unlockWithContext:self.session completion:^(BOOL ok) {
                    if (!ok) { return; }
                    CFTypeRef item = NULL;
                    NSDictionary *query = @{ (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                                             (__bridge id)kSecReturnData: @YES,
                                             (__bridge id)kSecUseAuthenticationContext: self.session };
                    if (SecItemCopyMatching((__bridge CFDictionaryRef)query, &item) != errSecSuccess) { return; }
                }];
            }
            @end
            """),
        .triggeringObjC(
            "A new context kept in a property while the prompt is up: the property goes nowhere else",
            """
            @interface Locker ()
            @property (nonatomic, strong) LAContext *authContext;
            @end
            @implementation Locker
            - (void)unlock:(void (^)(BOOL))done {
                LAContext *context = [[LAContext alloc] init];
                self.authContext = context;
                ↓[context evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Unlock"
                                  reply:^(BOOL success, NSError *error) {
                    self.authContext = nil;
                    if (success) { done(YES); }
                }];
            }
            - (void)cancel {
                [self.authContext invalidate];
            }
            @end
            """,
            messages: [objectiveCMessage("`context`")]),
        .nonTriggeringObjC(
            "A new context kept in a property that another method hands to a Keychain query",
            """
            @interface Vault ()
            @property (nonatomic, strong) LAContext *authContext;
            @end
            @implementation Vault
            - (void)unlock:(void (^)(void))read {
                LAContext *context = [[LAContext alloc] init];
                [self setAuthContext:context];
                [context evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Unlock"
                                  reply:^(BOOL success, NSError *error) {
                    if (success) { read(); }
                }];
            }
            - (NSData *)readSecret {
                CFTypeRef item = NULL;
                NSDictionary *query = @{ (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                                         (__bridge id)kSecReturnData: @YES,
                                         (__bridge id)kSecUseAuthenticationContext: self.authContext };
                if (SecItemCopyMatching((__bridge CFDictionaryRef)query, &item) != errSecSuccess) { return nil; }
                return (__bridge_transfer NSData *)item;
            }
            @end
            """),
        .nonTriggering(
            "A class that owns the context and evaluates on it; the code holding an instance reads the Keychain with that instance's context",
            files: [
                "FaceGate.h": """
                    @interface FaceGate : NSObject
                    @property (nonatomic, strong, readonly) LAContext *context;
                    - (void)verifyWithReason:(NSString *)reason then:(void (^)(BOOL granted))then;
                    @end
                    """,
                "FaceGate.m": """
                    #import "FaceGate.h"
                    @implementation FaceGate
                    - (instancetype)init {
                        if ((self = [super init])) { _context = [[LAContext alloc] init]; }
                        return self;
                    }
                    - (void)verifyWithReason:(NSString *)reason then:(void (^)(BOOL granted))then {
                        [self.context evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:reason
                                               reply:^(BOOL success, NSError *error) { then(success); }];
                    }
                    @end
                    """,
                "NoteController.m": """
                    #import "FaceGate.h"
                    @interface NoteController ()
                    @property (nonatomic, strong) FaceGate *gate;
                    @property (nonatomic, copy) NSData *note;
                    @end
                    @implementation NoteController
                    - (void)reveal {
                        [self.gate verifyWithReason:@"Show the note" then:^(BOOL granted) {
                            if (!granted) { return; }
                            NSDictionary *query = @{ (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                                                     (__bridge id)kSecReturnData: @YES,
                                                     (__bridge id)kSecUseAuthenticationContext: self.gate.context };
                            CFTypeRef item = NULL;
                            if (SecItemCopyMatching((__bridge CFDictionaryRef)query, &item) == errSecSuccess) {
                                self.note = (__bridge_transfer NSData *)item;
                            }
                        }];
                    }
                    - (NSData *)noteWithGate:(FaceGate *)gate {
                        return ReadNote([gate context]);
                    }
                    @end
                    """,
            ]),
        .triggering(
            "The code holding the gate reads the Keychain with another context: a new one, or another class's property of the same name",
            files: [
                "FaceGate.h": """
                    @interface FaceGate : NSObject
                    @property (nonatomic, strong, readonly) LAContext *context;
                    - (void)verifyWithReason:(NSString *)reason then:(void (^)(BOOL granted))then;
                    @end
                    """,
                "FaceGate.m": """
                    #import "FaceGate.h"
                    @implementation FaceGate
                    - (instancetype)init {
                        if ((self = [super init])) { _context = [[LAContext alloc] init]; }
                        return self;
                    }
                    - (void)verifyWithReason:(NSString *)reason then:(void (^)(BOOL granted))then {
                        ↓[self.context evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:reason
                                               reply:^(BOOL success, NSError *error) { then(success); }];
                    }
                    @end
                    """,
                "NoteController.m": """
                    #import "FaceGate.h"
                    @interface UserSession : NSObject
                    @property (nonatomic, strong) LAContext *context;
                    @end
                    @interface NoteController ()
                    @property (nonatomic, strong) FaceGate *gate;
                    @property (nonatomic, strong) UserSession *session;
                    @property (nonatomic, copy) NSData *note;
                    @end
                    @implementation NoteController
                    - (void)reveal {
                        [self.gate verifyWithReason:@"Show the note" then:^(BOOL granted) {
                            if (!granted) { return; }
                            NSDictionary *query = @{ (__bridge id)kSecReturnData: @YES,
                                                     (__bridge id)kSecUseAuthenticationContext: self.session.context };
                            CFTypeRef item = NULL;
                            if (SecItemCopyMatching((__bridge CFDictionaryRef)query, &item) == errSecSuccess) {
                                self.note = (__bridge_transfer NSData *)item;
                            }
                        }];
                    }
                    - (void)revealAgain {
                        [self.gate verifyWithReason:@"Show the note" then:^(BOOL granted) {
                            if (granted) { self.note = ReadNote([[LAContext alloc] init]); }
                        }];
                    }
                    - (NSInteger)biometry {
                        return self.gate.context.biometryType;
                    }
                    @end
                    """,
            ],
            messages: [objectiveCMessage("the property `context`")]),
        .triggeringObjC(
            "A property context released with nil after the reply: releasing it gives it to nobody",
            """
            @interface Locker ()
            @property (nonatomic, strong) LAContext *biometricsContext;
            @end
            @implementation Locker
            - (void)unlock:(void (^)(BOOL))done {
                self.biometricsContext = [[LAContext alloc] init];
                ↓[self.biometricsContext evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Unlock"
                                                 reply:^(BOOL success, NSError *error) {
                    self.biometricsContext = nil;
                    if (success) { done(YES); }
                }];
            }
            - (void)reset {
                [self setBiometricsContext:nil];
            }
            @end
            """,
            messages: [objectiveCMessage("the property `biometricsContext`")]),
        .triggeringObjC(
            "A login gated by the reply's success flag",
            """
            @implementation LoginViewController
            - (void)authenticateWithBiometrics {
                LAContext *context = [[LAContext alloc] init];
                context.localizedFallbackTitle = @"Use PIN";
                ↓[context evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics
                        localizedReason:@"Log in to InsecureBank"
                                  reply:^(BOOL success, NSError *error) {
                    dispatch_async(dispatch_get_main_queue(), ^{
                        if (success) {
                            [self showAccount];
                        } else {
                            [self showPINPad];
                        }
                    });
                }];
            }
            @end
            """,
            messages: [objectiveCMessage("`context`")]),
        .triggeringObjC(
            "A new context with the passcode policy through a local, the BOOL forwarded to a completion block",
            """
            void authenticate(void (^completion)(BOOL)) {
                LAPolicy policy = LAPolicyDeviceOwnerAuthentication;
                ↓[[LAContext new] evaluatePolicy:policy localizedReason:@"Confirm the transfer" reply:^(BOOL ok, NSError *error) {
                    completion(ok);
                }];
            }
            """,
            messages: [objectiveCMessage("the new `[LAContext new]`", passcode: true)]),
        .triggeringObjC(
            "A property with a lazy getter; the reply tests the error and reads the Keychain without the context",
            """
            @interface LockScreen ()
            @property (nonatomic, strong) LAContext *authContext;
            @end
            @implementation LockScreen
            - (LAContext *)authContext {
                if (!_authContext) {
                    _authContext = [[LAContext alloc] init];
                }
                return _authContext;
            }
            - (void)unlock {
                ↓[self.authContext evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Unlock"
                                           reply:^(BOOL success, NSError *error) {
                    if (error != nil) {
                        return;
                    }
                    NSDictionary *query = @{ (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                                             (__bridge id)kSecReturnData: @YES };
                    SecItemCopyMatching((__bridge CFDictionaryRef)query, NULL);
                }];
            }
            - (void)configure {
                self.authContext.localizedCancelTitle = @"Not now";
                if (self.authContext.biometryType == LABiometryTypeFaceID) {
                    [self showFaceIDIcon];
                }
            }
            @end
            """,
            messages: [objectiveCMessage("the property `authContext`")],
            alsoTriggers: ["objc.unchecked_keychain_status", "objc.fail_open_local_authentication"]),
        .triggeringObjC(
            "Replies by reference (a typedef'd completion parameter, a local block) and a context made by a helper",
            """
            typedef void (^UnlockCompletion)(BOOL success, NSError *error);
            @implementation Gate
            - (void)authenticate:(UnlockCompletion)completion {
                LAContext *context = [self unlockContext];
                ↓[context evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Confirm" reply:completion];
            }
            - (void)confirm {
                LAContext *context = [LAContext new];
                void (^handler)(BOOL, NSError *) = ^(BOOL granted, NSError *error) {
                    if (granted) {
                        [self openVault];
                    }
                };
                ↓[context evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Confirm" reply:handler];
            }
            - (LAContext *)unlockContext {
                LAContext *context = [[LAContext alloc] init];
                context.localizedFallbackTitle = @"Enter PIN";
                return context;
            }
            @end
            """,
            messages: [objectiveCMessage("`context` (a new `LAContext` from `[self unlockContext]`)"), objectiveCMessage("`context`")]),
        .triggeringObjC(
            "A context chosen between a cached property and a new one, and a property set from a helper that makes one",
            """
            @interface VaultLock ()
            @property (nonatomic, strong) LAContext *context;
            @property (nonatomic, strong) LAContext *confirmContext;
            @end
            @implementation VaultLock
            - (void)unlock:(void (^)(void))done {
                LAContext *context = self.context ?: [[LAContext alloc] init];
                self.context = context;
                ↓[context evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Unlock"
                                  reply:^(BOOL success, NSError *error) {
                    if (success) { done(); }
                }];
            }
            - (void)confirm:(void (^)(void))done {
                self.confirmContext = [self makeContext];
                ↓[self.confirmContext evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Confirm"
                                              reply:^(BOOL success, NSError *error) {
                    if (success) { done(); }
                }];
            }
            - (LAContext *)makeContext {
                LAContext *context = [[LAContext alloc] init];
                context.localizedFallbackTitle = @"Enter PIN";
                return context;
            }
            @end
            """,
            messages: [
                objectiveCMessage("`context` (`self.context ?: [[LAContext alloc] init]`)"), objectiveCMessage("the property `confirmContext`"),
            ]),
        .nonTriggeringObjC(
            "A choice whose other side is a parameter, or a property the class hands to a Keychain query (--verbose says which side)",
            """
            @interface VaultLock ()
            @property (nonatomic, strong) LAContext *context;
            @end
            @implementation VaultLock
            - (void)unlock:(void (^)(void))done {
                LAContext *context = self.context ?: [[LAContext alloc] init];
                [context evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Unlock"
                                  reply:^(BOOL success, NSError *error) {
                    if (success) { done(); }
                }];
            }
            - (void)unlockWith:(LAContext *)injected then:(void (^)(void))done {
                LAContext *context = injected ?: [[LAContext alloc] init];
                [context evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Unlock"
                                  reply:^(BOOL success, NSError *error) {
                    if (success) { done(); }
                }];
            }
            - (NSData *)readSecret {
                NSDictionary *query = @{ (__bridge id)kSecReturnData: @YES, (__bridge id)kSecUseAuthenticationContext: self.context };
                CFTypeRef item = NULL;
                if (SecItemCopyMatching((__bridge CFDictionaryRef)query, &item) != errSecSuccess) { return nil; }
                return (__bridge_transfer NSData *)item;
            }
            @end
            """),
        .triggering(
            "Only the error handed on to a completion block; a sender in another file unlocks when it is nil",
            files: [
                "BiometricGate.m": """
                    @implementation BiometricGate
                    - (void)authenticateWithCompletion:(void (^)(NSError *error))completion {
                        LAContext *context = [[LAContext alloc] init];
                        ↓[context evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Unlock"
                                          reply:^(BOOL success, NSError *error) {
                            completion(error);
                        }];
                    }
                    @end
                    """,
                "LockScreen.m": """
                    @implementation LockScreen
                    - (void)unlock {
                        [self.gate authenticateWithCompletion:^(NSError *error) {
                            if (!error) {
                                [self showVault];
                            }
                        }];
                    }
                    @end
                    """,
            ],
            messages: [objectiveCMessage("`context`")],
            alsoTriggers: ["objc.fail_open_local_authentication"]),
        .triggeringObjC(
            "The BOOL handed on: a property of self and a delegate message",
            """
            @implementation LockViewModel
            - (void)unlock {
                LAContext *context = [[LAContext alloc] init];
                ↓[context evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Unlock"
                                  reply:^(BOOL success, NSError *error) {
                    self.unlocked = success;
                }];
            }
            - (void)confirm {
                LAContext *context = [[LAContext alloc] init];
                ↓[context evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Confirm"
                                  reply:^(BOOL success, NSError *error) {
                    [self.delegate lockViewModel:self didAuthenticate:success];
                }];
            }
            @end
            """,
            messages: [objectiveCMessage("`context`"), objectiveCMessage("`context`")]),
        .triggering(
            "The error sent to a delegate the scan implements, which unlocks when there is none",
            files: [
                "BiometricGate.m": """
                    @implementation BiometricGate
                    - (void)start {
                        LAContext *context = [[LAContext alloc] init];
                        ↓[context evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Unlock"
                                          reply:^(BOOL success, NSError *error) {
                            [self.delegate biometricGate:self didFinishWithError:error];
                        }];
                    }
                    @end
                    """,
                "LockController.m": """
                    @implementation LockController
                    - (void)biometricGate:(BiometricGate *)gate didFinishWithError:(NSError *)error {
                        if (error) {
                            [self presentError:error];
                            return;
                        }
                        [self showVault];
                    }
                    @end
                    """,
            ],
            messages: [objectiveCMessage("`context`")],
            alsoTriggers: ["objc.fail_open_local_authentication"]),
        .triggering(
            "The error sent through performSelector:withObject: to a selector the scan implements, which unlocks when there is none",
            files: [
                "BiometricGate.m": """
                    @implementation BiometricGate
                    - (void)start {
                        LAContext *context = [[LAContext alloc] init];
                        ↓[context evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Unlock"
                                          reply:^(BOOL success, NSError *error) {
                            [self.delegate performSelector:@selector(gateDidFinishWithError:) withObject:error];
                        }];
                    }
                    @end
                    """,
                "LockController.m": """
                    @implementation LockController
                    - (void)gateDidFinishWithError:(NSError *)error {
                        if (!error) { [self showVault]; }
                    }
                    @end
                    """,
            ],
            messages: [objectiveCMessage("`context`")],
            alsoTriggers: ["objc.fail_open_local_authentication"]),
        .nonTriggeringObjC(
            "The error sent through performSelector: to a selector whose implementation only shows it, or to a selector held in a local the rule does not follow",
            """
            @implementation BiometricGate
            - (void)start {
                LAContext *context = [[LAContext alloc] init];
                [context evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Unlock"
                                  reply:^(BOOL success, NSError *error) {
                    [self.delegate performSelectorOnMainThread:@selector(gateDidFinishWithError:) withObject:error waitUntilDone:NO];
                    SEL action = NSSelectorFromString(self.actionName);
                    [self.target performSelector:action withObject:error];
                }];
            }
            - (void)gateDidFinishWithError:(NSError *)error {
                if (error) { [self presentError:error]; }
            }
            - (void)unlockWithError:(NSError *)error {
                if (!error) { [self showVault]; }
            }
            @end
            """),
        .triggering(
            "The error handed to a block kept in a property, which a screen assigns and unlocks when there is none",
            files: [
                "BiometricGate.m": """
                    @interface BiometricGate ()
                    @property (nonatomic, copy) void (^onFinish)(NSError *error);
                    @end
                    @implementation BiometricGate
                    - (void)start {
                        LAContext *context = [[LAContext alloc] init];
                        ↓[context evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Unlock"
                                          reply:^(BOOL success, NSError *error) {
                            if (self.onFinish) { self.onFinish(error); }
                        }];
                    }
                    @end
                    """,
                "LockScreen.m": """
                    @implementation LockScreen
                    - (void)bindGate:(BiometricGate *)gate {
                        gate.onFinish = ^(NSError *error) {
                            if (error) { return; }
                            [self showVault];
                        };
                    }
                    @end
                    """,
            ],
            messages: [objectiveCMessage("`context`")],
            alsoTriggers: ["objc.fail_open_local_authentication"]),
        .nonTriggeringObjC(
            "The error handed to a block kept in a property, whose assigned block only shows it; a block of another class's same-named property unlocks",
            """
            @interface BiometricGate : NSObject
            @property (nonatomic, copy) void (^onFinish)(NSError *error);
            @end
            @interface Uploader : NSObject
            @property (nonatomic, copy) void (^onFinish)(NSError *error);
            @end
            @implementation BiometricGate
            - (void)start {
                LAContext *context = [[LAContext alloc] init];
                [context evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Unlock"
                                  reply:^(BOOL success, NSError *error) {
                    self.onFinish(error);
                }];
            }
            @end
            @implementation Settings
            - (void)bindGate:(BiometricGate *)gate uploader:(Uploader *)uploader {
                gate.onFinish = ^(NSError *error) {
                    if (error) { [self presentError:error]; }
                };
                uploader.onFinish = ^(NSError *error) {
                    if (!error) { [self showVault]; }
                };
            }
            @end
            """),
        .nonTriggeringObjC(
            "The error sent to self, whose method only shows it, while another class's method of the same selector unlocks",
            """
            @implementation BiometricGate
            - (void)start {
                LAContext *context = [[LAContext alloc] init];
                [context evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Unlock"
                                  reply:^(BOOL success, NSError *error) {
                    [self finishWithError:error];
                }];
            }
            - (void)finishWithError:(NSError *)error {
                if (error) { [self presentError:error]; }
            }
            @end
            @implementation Downloader
            - (void)finishWithError:(NSError *)error {
                if (!error) { [self openVault]; }
            }
            @end
            """),
        .triggering(
            "The error stored in a property that a category of the class reads as its gate",
            files: [
                "LockViewModel.m": """
                    @interface LockViewModel ()
                    @property (nonatomic, strong) NSError *authError;
                    @end
                    @implementation LockViewModel
                    - (void)check {
                        LAContext *context = [[LAContext alloc] init];
                        ↓[context evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Unlock"
                                          reply:^(BOOL success, NSError *error) {
                            self.authError = error;
                        }];
                    }
                    - (void)render {
                        if (self.authError) { [self showBanner]; }
                    }
                    @end
                    """,
                "LockViewModel+Vault.m": """
                    @implementation LockViewModel (Vault)
                    - (void)openVault {
                        if (!_authError) {
                            [self showSecrets];
                        }
                    }
                    @end
                    """,
            ],
            messages: [objectiveCMessage("`context`")],
            alsoTriggers: ["objc.fail_open_local_authentication"]),
        .triggering(
            "The error stored in a property that a view controller holding the model tests",
            files: [
                "LockModel.m": """
                    @interface LockModel ()
                    @property (nonatomic, strong) NSError *authError;
                    @end
                    @implementation LockModel
                    - (void)check {
                        LAContext *context = [[LAContext alloc] init];
                        ↓[context evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Unlock"
                                          reply:^(BOOL success, NSError *error) {
                            self.authError = error;
                        }];
                    }
                    @end
                    """,
                "VaultViewController.h": """
                    @interface VaultViewController : UIViewController
                    @property (nonatomic, strong) LockModel *model;
                    @end
                    """,
                "VaultViewController.m": """
                    @implementation VaultViewController
                    - (void)refresh {
                        if (self.model.authError == nil) {
                            [self showSecrets];
                        }
                    }
                    @end
                    """,
            ],
            messages: [objectiveCMessage("`context`")],
            alsoTriggers: ["objc.fail_open_local_authentication"]),
        .triggeringObjC(
            "The error handed on again by a sender's block, then by a sender that passes its own block, before the test",
            """
            @implementation BiometricGate
            - (void)authenticateWithCompletion:(void (^)(NSError *error))completion {
                LAContext *context = [[LAContext alloc] init];
                ↓[context evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Unlock"
                                  reply:^(BOOL success, NSError *error) {
                    completion(error);
                }];
            }
            - (void)unlockThen:(void (^)(NSError *error))done {
                [self authenticateWithCompletion:^(NSError *error) {
                    done(error);
                }];
            }
            - (void)openWith:(void (^)(NSError *error))done {
                [self unlockThen:done];
            }
            @end
            @implementation LockScreen
            - (void)open {
                [self.gate openWith:^(NSError *error) {
                    if (!error) {
                        [self showVault];
                    }
                }];
            }
            @end
            """,
            messages: [objectiveCMessage("`context`")],
            alsoTriggers: ["objc.fail_open_local_authentication"]),
        .nonTriggeringObjC(
            "The error stored in a property that another class only displays, and handed on again to a sender that only shows it",
            """
            @interface LockModel ()
            @property (nonatomic, strong) NSError *authError;
            @end
            @implementation LockModel
            - (void)check {
                LAContext *context = [[LAContext alloc] init];
                [context evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Check"
                                  reply:^(BOOL success, NSError *error) {
                    self.authError = error;
                }];
            }
            - (void)authenticateWithCompletion:(void (^)(NSError *error))completion {
                LAContext *context = [[LAContext alloc] init];
                [context evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Unlock"
                                  reply:^(BOOL success, NSError *error) {
                    completion(error);
                }];
            }
            @end
            @implementation StatusViewController
            - (void)render:(LockModel *)model {
                self.statusLabel.text = model.authError.localizedDescription;
                if (model.authError) {
                    [self showBanner];
                }
            }
            - (void)enrollWith:(LockModel *)model then:(void (^)(NSError *error))done {
                [model authenticateWithCompletion:^(NSError *error) {
                    done(error);
                }];
            }
            - (void)enroll:(LockModel *)model {
                [self enrollWith:model then:^(NSError *error) {
                    self.statusLabel.text = error.localizedDescription;
                }];
            }
            @end
            """),
        .nonTriggeringObjC(
            "The error handed on to a sender, or sent to a method, that only shows it",
            """
            @implementation BiometricGate
            - (void)authenticateWithCompletion:(void (^)(NSError *error))completion {
                LAContext *context = [[LAContext alloc] init];
                [context evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Unlock"
                                  reply:^(BOOL success, NSError *error) {
                    completion(error);
                }];
            }
            - (void)enroll {
                [self authenticateWithCompletion:^(NSError *error) {
                    self.statusLabel.text = error.localizedDescription;
                }];
            }
            - (void)check {
                LAContext *context = [[LAContext alloc] init];
                [context evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Check"
                                  reply:^(BOOL success, NSError *error) {
                    [self reportError:error];
                }];
            }
            - (void)reportError:(NSError *)error {
                if (error) {
                    [self presentError:error];
                }
            }
            @end
            """),
        .triggering(
            "[self evaluatePolicy:…] in a category of LAContext: judged at the sender's context",
            files: [
                "LAContext+Unlock.m": """
                    @implementation LAContext (Unlock)
                    - (void)unlockWithReason:(NSString *)reason completion:(void (^)(BOOL))completion {
                        ↓[self evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:reason
                                       reply:^(BOOL success, NSError *error) {
                            completion(success);
                        }];
                    }
                    @end
                    """,
                "LockScreen.m": """
                    @implementation LockScreen
                    - (void)show {
                        LAContext *context = [[LAContext alloc] init];
                        [context unlockWithReason:@"Unlock" completion:^(BOOL ok) {
                            if (ok) {
                                [self openVault];
                            }
                        }];
                    }
                    @end
                    """,
            ],
            messages: [objectiveCMessage("`context` (the LAContext `unlockWithReason:completion:` is called on, LockScreen.m:4)")]),
        .nonTriggeringObjC(
            "Pre-authentication: the evaluated context goes into the query (a literal, a mutable dictionary, a helper)",
            """
            @implementation TokenReader
            - (void)readToken {
                LAContext *context = [[LAContext alloc] init];
                [context evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Read your token"
                                  reply:^(BOOL success, NSError *error) {
                    if (!success) {
                        return;
                    }
                    NSDictionary *query = @{
                        (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                        (__bridge id)kSecAttrAccount: @"token",
                        (__bridge id)kSecReturnData: @YES,
                        (__bridge id)kSecUseAuthenticationContext: context,
                    };
                    CFTypeRef item = NULL;
                    OSStatus status = SecItemCopyMatching((__bridge CFDictionaryRef)query, &item);
                }];
            }
            - (void)readSession {
                LAContext *context = [LAContext new];
                [context evaluatePolicy:LAPolicyDeviceOwnerAuthentication localizedReason:@"Read" reply:^(BOOL success, NSError *error) {
                    if (success) {
                        NSMutableDictionary *query = [self baseQuery];
                        query[(__bridge id)kSecUseAuthenticationContext] = context;
                        SecItemCopyMatching((__bridge CFDictionaryRef)query, NULL);
                    }
                }];
            }
            - (void)readKey {
                LAContext *context = [LAContext new];
                [context evaluatePolicy:LAPolicyDeviceOwnerAuthentication localizedReason:@"Sign" reply:^(BOOL success, NSError *error) {
                    if (success) {
                        [self signChallengeWithContext:context];
                    }
                }];
            }
            @end
            """,
            alsoTriggers: ["objc.unchecked_keychain_status"]),
        .nonTriggeringObjC(
            "A property context that another method of the class puts into a query",
            """
            @implementation Vault {
                LAContext *_context;
            }
            - (instancetype)init {
                if ((self = [super init])) {
                    _context = [[LAContext alloc] init];
                }
                return self;
            }
            - (void)unlock {
                [_context evaluatePolicy:LAPolicyDeviceOwnerAuthentication localizedReason:@"Unlock" reply:^(BOOL success, NSError *error) {
                    if (success) {
                        [self loadSecrets];
                    }
                }];
            }
            - (void)loadSecrets {
                NSMutableDictionary *query = [self.baseQuery mutableCopy];
                [query setObject:_context forKey:(__bridge id)kSecUseAuthenticationContext];
                SecItemCopyMatching((__bridge CFDictionaryRef)query, NULL);
            }
            @end
            """,
            alsoTriggers: ["objc.unchecked_keychain_status"]),
        .nonTriggeringObjC(
            "A context from the caller or a block parameter, a reply that only logs, and canEvaluatePolicy",
            """
            void authenticate(LAContext *context) {
                [context evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Sign in"
                                  reply:^(BOOL success, NSError *error) {
                    if (success) {
                        proceed();
                    }
                }];
            }
            void withContext(void (^body)(LAContext *)) {}
            void warmUp(void) {
                withContext(^(LAContext *given) {
                    [given evaluatePolicy:LAPolicyDeviceOwnerAuthentication localizedReason:@"Sign in" reply:^(BOOL success, NSError *error) {
                        if (success) {
                            proceed();
                        }
                    }];
                });
                LAContext *other = [[LAContext alloc] init];
                [other evaluatePolicy:LAPolicyDeviceOwnerAuthentication localizedReason:@"Sign in" reply:^(BOOL success, NSError *error) {
                    NSLog(@"authentication finished: %d %@", success, error);
                }];
                NSError *availabilityError = nil;
                if ([[LAContext new] canEvaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics error:&availabilityError]) {
                    showBiometricButton();
                }
            }
            """),
        .nonTriggering(
            "A category of LAContext whose senders read the Keychain with the context, or that no code sends",
            files: [
                "LAContext+Unlock.m": """
                    @implementation LAContext (Unlock)
                    - (void)unlockWithReason:(NSString *)reason completion:(void (^)(BOOL))completion {
                        [self evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:reason
                                       reply:^(BOOL success, NSError *error) {
                            completion(success);
                        }];
                    }
                    - (void)confirmWithReason:(NSString *)reason completion:(void (^)(BOOL))completion {
                        [self evaluatePolicy:LAPolicyDeviceOwnerAuthentication localizedReason:reason reply:^(BOOL success, NSError *error) {
                            completion(success);
                        }];
                    }
                    @end
                    """,
                "TokenReader.m": """
                    @implementation TokenReader
                    - (void)read {
                        LAContext *context = [[LAContext alloc] init];
                        [context unlockWithReason:@"Read your token" completion:^(BOOL ok) {
                            if (!ok) {
                                return;
                            }
                            NSDictionary *query = @{ (__bridge id)kSecReturnData: @YES,
                                                     (__bridge id)kSecUseAuthenticationContext: context };
                            SecItemCopyMatching((__bridge CFDictionaryRef)query, NULL);
                        }];
                    }
                    @end
                    """,
            ],
            alsoTriggers: ["objc.unchecked_keychain_status"]),
        .triggeringObjC(
            "A context given to a method of the class that only asks it (an availability check)",
            """
            @implementation LockViewController
            - (BOOL)biometryAvailable:(LAContext *)context {
                NSError *error = nil;
                return [context canEvaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics error:&error];
            }
            - (void)appear {
                LAContext *context = [[LAContext alloc] init];
                if (![self biometryAvailable:context]) { return; }
                ↓[context evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Unlock"
                                  reply:^(BOOL success, NSError *error) {
                    if (success) { [self showVault]; }
                }];
            }
            - (void)showVault {}
            @end
            """,
            messages: [objectiveCMessage("`context`")]),
        .nonTriggeringObjC(
            "A context given to a method of the class that puts it into a query, or to another object",
            """
            @implementation Vault
            - (NSData *)secretWithContext:(LAContext *)context {
                NSDictionary *query = @{ (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                                         (__bridge id)kSecReturnData: @YES,
                                         (__bridge id)kSecUseAuthenticationContext: context };
                CFTypeRef item = NULL;
                OSStatus status = SecItemCopyMatching((__bridge CFDictionaryRef)query, &item);
                return status == errSecSuccess ? (__bridge_transfer NSData *)item : nil;
            }
            - (void)open {
                LAContext *context = [[LAContext alloc] init];
                [context evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Open"
                                  reply:^(BOOL success, NSError *error) {
                    if (success) { [self secretWithContext:context]; }
                }];
                LAContext *other = [[LAContext alloc] init];
                if (![self.checker biometryAvailable:other]) { return; }
                [other evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Open"
                                reply:^(BOOL success, NSError *error) {
                    if (success) { [self show]; }
                }];
            }
            - (void)show {}
            @end
            """),
    ]
}

// MARK: - Examples (they run as tests and appear in `explain`)

extension BooleanOnlyLocalAuthenticationRule {
    private static func message(_ context: String, passcode: Bool = false) -> String {
        BooleanOnlyLocalAuthenticationJudgement.message(context: context, passcodePolicy: passcode ? ".deviceOwnerAuthentication" : nil)
    }

    static let examples: [RuleExample] = [
        .triggering(
            "The app's one shared context, a global let that no code hands on",
            files: [
                "Shared.swift": """
                    import LocalAuthentication
                    let sharedContext = LAContext()
                    """,
                "ResetScreen.swift": """
                    final class ResetScreen {
                        func reset() {
                            ↓sharedContext.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Reset") { ok, _ in
                                if ok { self.erase() }
                            }
                        }
                        func erase() {}
                    }
                    """,
            ],
            messages: [message("the global `sharedContext`")]),
        .nonTriggering(
            "A shared global context that other code hands to a Keychain query, and a global var other code may replace",
            files: [
                "Shared.swift": """
                    import LocalAuthentication
                    let sharedContext = LAContext()
                    var currentContext = LAContext()
                    """,
                "Vault.swift": """
                    final class Vault {
                        func open(_ done: @escaping (Data?) -> Void) {
                            sharedContext.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Open") { ok, _ in
                                guard ok else { return done(nil) }
                                let query: [String: Any] = [
                                    kSecClass as String: kSecClassGenericPassword,
                                    kSecReturnData as String: true,
                                    kSecUseAuthenticationContext as String: sharedContext,
                                ]
                                var item: CFTypeRef?
                                done(SecItemCopyMatching(query as CFDictionary, &item) == errSecSuccess ? item as? Data : nil)
                            }
                        }
                        func confirm(_ done: @escaping () -> Void) {
                            currentContext.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Confirm") { ok, _ in
                                if ok { done() }
                            }
                        }
                    }
                    """,
            ]),
        .triggering(
            "A context parameter that every call fills with a new LAContext, passed or by its default",
            """
            final class Unlocker {
                func unlock(reason: String, completion: @escaping (Bool) -> Void) {
                    unlock(reason: reason, context: LAContext(), completion: completion)
                }
                func unlock(reason: String, context: LAContext = LAContext(), completion: @escaping (Bool) -> Void) {
                    ↓context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: reason) { ok, _ in
                        completion(ok)
                    }
                }
            }
            final class LockScreen {
                let unlocker = Unlocker()
                func appear() {
                    unlocker.unlock(reason: "Unlock") { ok in
                        if ok { self.dismiss() }
                    }
                }
                func dismiss() {}
            }
            """,
            messages: [message("`context` (a new `LAContext` from every call of `unlock`)")]),
        .nonTriggering(
            "A context parameter that a call fills with the caller's own context, or that no call of the scan fills",
            """
            final class Unlocker {
                func unlock(reason: String, context: LAContext = LAContext(), completion: @escaping (Bool) -> Void) {
                    context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: reason) { ok, _ in
                        completion(ok)
                    }
                }
                func confirm(reason: String, context: LAContext = LAContext(), completion: @escaping (Bool) -> Void) {
                    context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: reason) { ok, _ in
                        completion(ok)
                    }
                }
            }
            final class Vault {
                let session = LAContext()
                let unlocker = Unlocker()
                func open(_ done: @escaping (Data?) -> Void) {
                    unlocker.unlock(reason: "Open", context: LAContext()) { _ in }
                    unlocker.unlock(reason: "Open", context: session) { ok in
                        guard ok else { return done(nil) }
                        let query: [String: Any] = [
                            kSecClass as String: kSecClassGenericPassword,
                            kSecReturnData as String: true,
                            kSecUseAuthenticationContext as String: self.session,
                        ]
                        var item: CFTypeRef?
                        done(SecItemCopyMatching(query as CFDictionary, &item) == errSecSuccess ? item as? Data : nil)
                    }
                }
            }
            """),
        .triggering(
            "A property set from an initializer parameter that defaults to LAContext(), which no construction passes",
            """
            final class BiometricGate {
                private let context: LAContext
                init(context: LAContext = LAContext()) { self.context = context }
                func open(_ done: @escaping () -> Void) {
                    ↓context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Open") { ok, _ in
                        if ok { done() }
                    }
                }
            }
            let gate = BiometricGate()
            """,
            messages: [message("the property `context`")]),
        .triggering(
            "The property read through `self?` in a closure that captures self weakly: the same context",
            """
            final class BiometricGate {
                private let context = LAContext()
                func open(_ done: @escaping () -> Void) {
                    DispatchQueue.main.async { [weak self] in
                        ↓self?.context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Open") { ok, _ in
                            if ok { done() }
                        }
                    }
                }
            }
            """,
            messages: [message("the property `context`")]),
        .nonTriggering(
            "A context read through `self?` and handed to the Keychain query the success branch runs",
            """
            final class VaultGate {
                private let context = LAContext()
                func open(_ done: @escaping (Data?) -> Void) {
                    DispatchQueue.main.async { [weak self] in
                        self?.context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Open") { ok, _ in
                            guard ok, let context = self?.context else { return done(nil) }
                            let query: [String: Any] = [
                                kSecClass as String: kSecClassGenericPassword,
                                kSecReturnData as String: true,
                                kSecUseAuthenticationContext as String: context,
                            ]
                            var item: CFTypeRef?
                            let status = SecItemCopyMatching(query as CFDictionary, &item)
                            done(status == errSecSuccess ? item as? Data : nil)
                        }
                    }
                }
            }
            """),
        .nonTriggering(
            "The same type when a construction passes its own context, or when the scan never constructs it",
            files: [
                "Gate.swift": """
                    final class BiometricGate {
                        private let context: LAContext
                        init(context: LAContext = LAContext()) { self.context = context }
                        func open(_ done: @escaping () -> Void) {
                            context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Open") { ok, _ in
                                if ok { done() }
                            }
                        }
                    }
                    """,
                "App.swift": """
                    let shared = LAContext()
                    let gate = BiometricGate(context: shared)
                    """,
                "Library.swift": """
                    public final class PublicGate {
                        private let context: LAContext
                        public init(context: LAContext = LAContext()) { self.context = context }
                        public func open(_ done: @escaping () -> Void) {
                            context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Open") { ok, _ in
                                if ok { done() }
                            }
                        }
                    }
                    """,
            ]),
        .triggering(
            "A new context kept in a property while the prompt is up: the property goes nowhere else",
            """
            final class UnlockController {
                private var context: LAContext?
                private(set) var isUnlocked = false

                func unlock() {
                    let context = LAContext()
                    self.context = context
                    ↓context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock") { success, _ in
                        self.context = nil
                        if success { self.isUnlocked = true }
                    }
                }

                func cancel() {
                    context?.invalidate()
                }
            }
            """,
            messages: [message("`context`")]),
        .nonTriggering(
            "A new context kept in a property that another method hands to a Keychain query",
            """
            final class VaultController {
                private var context: LAContext?

                func unlock(then read: @escaping () -> Void) {
                    let context = LAContext()
                    self.context = context
                    context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock") { success, _ in
                        if success { read() }
                    }
                }

                func readSecret() -> Data? {
                    var item: CFTypeRef?
                    let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecReturnData as String: true,
                                                kSecUseAuthenticationContext as String: context as Any]
                    guard SecItemCopyMatching(query as CFDictionary, &item) == errSecSuccess else { return nil }
                    return item as? Data
                }
            }
            """),
        .nonTriggering(
            "A type that owns the context and evaluates on it; the code holding an instance reads the Keychain with that instance's context",
            files: [
                "BiometricAuthenticator.swift": """
                    final class BiometricAuthenticator {
                        let context = LAContext()
                        func verify(reason: String, then completion: @escaping (Bool) -> Void) {
                            context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: reason) { granted, _ in
                                completion(granted)
                            }
                        }
                    }
                    """,
                "NoteViewModel.swift": """
                    final class NoteViewModel {
                        private let authenticator = BiometricAuthenticator()
                        private(set) var note: Data?
                        func reveal() {
                            authenticator.verify(reason: "Show the note") { granted in
                                guard granted else { return }
                                let query: [String: Any] = [
                                    kSecClass as String: kSecClassGenericPassword,
                                    kSecAttrAccount as String: "note",
                                    kSecReturnData as String: true,
                                    kSecUseAuthenticationContext as String: self.authenticator.context,
                                ]
                                var item: CFTypeRef?
                                if SecItemCopyMatching(query as CFDictionary, &item) == errSecSuccess { self.note = item as? Data }
                            }
                        }
                    }
                    """,
                "PinScreen.swift": """
                    actor FaceUnlocker {
                        let context = LAContext()
                        func unlock() async throws -> Bool {
                            try await context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Show the PIN")
                        }
                    }
                    @MainActor
                    final class PinScreen {
                        private let unlocker: FaceUnlocker
                        weak var backup: FaceUnlocker?
                        init(unlocker: FaceUnlocker) { self.unlocker = unlocker }
                        func showPin() async throws -> String? {
                            guard try await unlocker.unlock() else { return nil }
                            return PinStore.read(authenticatedBy: unlocker.context)
                        }
                    }
                    """,
            ]),
        .triggering(
            "The code holding the authenticator reads the Keychain with another context: a new one, or another type's property of the same name",
            files: [
                "BiometricAuthenticator.swift": """
                    final class BiometricAuthenticator {
                        let context = LAContext()
                        func verify(reason: String, then completion: @escaping (Bool) -> Void) {
                            ↓context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: reason) { granted, _ in
                                completion(granted)
                            }
                        }
                    }
                    """,
                "NoteViewModel.swift": """
                    final class UserSession {
                        let context = LAContext()
                    }
                    final class NoteViewModel {
                        private let authenticator = BiometricAuthenticator()
                        private let session = UserSession()
                        private(set) var note: Data?
                        func reveal() {
                            authenticator.verify(reason: "Show the note") { granted in
                                guard granted else { return }
                                let query: [String: Any] = [
                                    kSecClass as String: kSecClassGenericPassword,
                                    kSecReturnData as String: true,
                                    kSecUseAuthenticationContext as String: self.session.context,
                                ]
                                var item: CFTypeRef?
                                if SecItemCopyMatching(query as CFDictionary, &item) == errSecSuccess { self.note = item as? Data }
                            }
                        }
                        func revealAgain() {
                            authenticator.verify(reason: "Show the note") { granted in
                                if granted { self.note = NoteStore.read(authenticatedBy: LAContext()) }
                            }
                        }
                        func describe() -> String { "\\(authenticator.context.biometryType)" }
                    }
                    """,
            ],
            messages: [message("the property `context`")]),
        .triggering(
            "A property context released with nil in the reply: releasing it gives it to nobody",
            """
            final class LockController {
                private var context: LAContext? = LAContext()
                private(set) var isUnlocked = false

                func unlock() {
                    ↓context?.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock the vault") { success, _ in
                        self.context = nil
                        if success { self.isUnlocked = true }
                    }
                }
            }
            """,
            messages: [message("the property `context`")]),
        .triggering(
            "A login gated by the reply's success flag",
            """
            private func authenticateWithBiometrics() {
                let context = LAContext()
                context.localizedFallbackTitle = "Use PIN"
                ↓context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics,
                                       localizedReason: "Log in to InsecureBank") { success, _ in
                    DispatchQueue.main.async {
                        if success {
                            self.showAccount()
                        } else {
                            self.showPINPad()
                        }
                    }
                }
            }
            """,
            messages: [message("`context`")]),
        .triggering(
            "The async form with the passcode fallback policy",
            """
            func unlock() async throws {
                let context = LAContext()
                let ok = try await ↓context.evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "Unlock your vault")
                guard ok else { return }
                isUnlocked = true
            }
            """,
            messages: [message("`context`", passcode: true)]),
        .triggering(
            "A new context, the Bool forwarded to a completion handler",
            """
            func authenticate(completion: @escaping (Bool) -> Void) {
                ↓LAContext().evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Confirm the transfer") { success, _ in
                    completion(success)
                }
            }
            """,
            messages: [message("the new `LAContext()`")]),
        .triggering(
            "A property context, in a type spread over two files; the query that follows does not carry it",
            files: [
                "LockScreen.swift": """
                    final class LockScreen {
                        private let authContext = LAContext()
                        func unlock() {
                            ↓authContext.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock",
                                                       reply: { (success: Bool, error: Error?) in
                                guard error == nil else { return }
                                var item: CFTypeRef?
                                let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword,
                                                            kSecAttrAccount as String: "session", kSecReturnData as String: true]
                                SecItemCopyMatching(query as CFDictionary, &item)
                            })
                        }
                    }
                    """,
                "LockScreen+Appearance.swift": """
                    extension LockScreen {
                        func configure() {
                            authContext.localizedCancelTitle = "Not now"
                            if self.authContext.biometryType == .faceID { showFaceIDIcon() }
                        }
                    }
                    """,
            ],
            messages: [message("the property `authContext`")],
            alsoTriggers: ["swift.unchecked_keychain_status", "swift.fail_open_local_authentication"]),
        .triggering(
            "Inside an if-expression condition, with a type-qualified policy",
            """
            func confirm() async -> Bool {
                let context = LAContext()
                context.touchIDAuthenticationAllowableReuseDuration = 0
                if (try? await ↓context.evaluatePolicy(LAPolicy.deviceOwnerAuthentication, localizedReason: "Confirm")) == true {
                    return true
                }
                return false
            }
            """,
            messages: [message("`context`", passcode: true)]),
        .triggering(
            "Copies of one class in two app targets: each is judged by its own property",
            files: [
                "App/AppLockHandler.swift": """
                    public class AppLockHandler {
                        private let context = LAContext()
                        public func showAppLockPrompt() async throws {
                            let ok = try await ↓context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock")
                            if !ok { throw CancelledError() }
                        }
                    }
                    """,
                "Widget/AppLockHandler.swift": """
                    public class AppLockHandler {
                        private let context = LAContext()
                        public func readSecret() async throws -> Data? {
                            guard try await context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock") else { return nil }
                            var item: CFTypeRef?
                            let query: [String: Any] = [kSecReturnData as String: true, kSecUseAuthenticationContext as String: context]
                            guard SecItemCopyMatching(query as CFDictionary, &item) == errSecSuccess else { return nil }
                            return item as? Data
                        }
                    }
                    """,
            ],
            messages: [message("the property `context`")]),
        .triggering(
            "A context made by a helper that returns a new LAContext (or, in tests, an injected one)",
            """
            final class AppLockService {
                private let context: LAContext
                init(context: LAContext = .init()) { self.context = context }
                func unlockWithBiometrics() async -> Bool {
                    do {
                        let context = unlockContext()
                        guard try await ↓context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock") else {
                            return false
                        }
                        completeUnlock()
                        return true
                    } catch {
                        return false
                    }
                }
                private func unlockContext() -> LAContext {
                    guard type(of: context) == LAContext.self else { return context }
                    let context = LAContext()
                    context.localizedFallbackTitle = "Enter PIN"
                    return context
                }
            }
            """,
            messages: [message("`context` (a new `LAContext` from `unlockContext()`)")]),
        .triggering(
            "An async function's outcome returned or thrown to its callers, who gate on it (their tests are related locations)",
            files: [
                "VaultAuthenticator.swift": """
                    final class VaultAuthenticator {
                        func unlock() async -> Bool {
                            let context = LAContext()
                            return (try? await ↓context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock")) ?? false
                        }
                        func check() async throws -> Bool {
                            let context = LAContext()
                            let granted = try await ↓context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Check")
                            return granted
                        }
                        func confirm() async throws {
                            let context = LAContext()
                            guard try await ↓context.evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "Confirm") else {
                                throw VaultError.denied
                            }
                        }
                    }
                    """,
                "VaultScreen.swift": """
                    final class VaultScreen {
                        let auth = VaultAuthenticator()
                        func open() async throws {
                            if await auth.unlock() { showSecrets() }
                            guard try await auth.check() else { return }
                            try await auth.confirm()
                            showSecrets()
                        }
                    }
                    """,
            ],
            messages: [message("`context`"), message("`context`"), message("`context`", passcode: true)]),
        .nonTriggering(
            "An async function that evaluates the caller's context, which the caller then hands to a Keychain query",
            files: [
                "TokenGate.swift": """
                    final class TokenGate {
                        func unlock(with context: LAContext) async -> Bool {
                            do {
                                return try await context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Read your token")
                            } catch {
                                return false
                            }
                        }
                    }
                    """,
                "TokenScreen.swift": """
                    final class TokenScreen {
                        func load() async {
                            let context = LAContext()
                            guard await TokenGate().unlock(with: context) else { return }
                            let query: [String: Any] = [kSecReturnData as String: true, kSecUseAuthenticationContext as String: context]
                            var item: CFTypeRef?
                            if SecItemCopyMatching(query as CFDictionary, &item) == errSecSuccess { show(item) }
                        }
                    }
                    """,
            ]),
        .triggering(
            "A context chosen between an optional one nobody passes and a new one, a lazy property made by a closure, and a cached property or a helper's",
            """
            final class LockService {
                private let context: LAContext
                private var cached: LAContext?
                private lazy var revealContext: LAContext = {
                    let context = LAContext()
                    context.localizedFallbackTitle = "Use passcode"
                    return context
                }()
                init(context: LAContext? = nil) { self.context = context ?? LAContext() }
                func unlock(_ done: @escaping () -> Void) {
                    ↓context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock") { ok, _ in
                        if ok { done() }
                    }
                }
                func confirm(using injected: LAContext? = nil) async -> Bool {
                    let context = injected ?? LAContext()
                    return (try? await ↓context.evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "Confirm")) ?? false
                }
                func reveal(_ show: @escaping () -> Void) {
                    ↓revealContext.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Reveal") { ok, _ in
                        if ok { show() }
                    }
                }
                func approve(_ done: @escaping () -> Void) {
                    let context = cached ?? makeContext()
                    cached = context
                    ↓context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Approve") { ok, _ in
                        if ok { done() }
                    }
                }
                private func makeContext() -> LAContext { LAContext() }
            }
            let service = LockService()
            func confirmPayment() async -> Bool { await service.confirm() }
            """,
            messages: [
                message("the property `context`"), message("`context`", passcode: true), message("the property `revealContext`"),
                message("`context` (`cached ?? makeContext()`)"),
            ]),
        .nonTriggering(
            "A choice whose other side is passed by a caller, or is a property handed to a Keychain query (--verbose says which side)",
            """
            final class LockService {
                private let context: LAContext
                private var shared: LAContext?
                private lazy var readContext: LAContext = {
                    let context = LAContext()
                    context.localizedFallbackTitle = "Use passcode"
                    return context
                }()
                init(context: LAContext? = nil) { self.context = context ?? LAContext() }
                func unlock(_ done: @escaping () -> Void) {
                    context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock") { ok, _ in
                        if ok { done() }
                    }
                }
                func confirm(using injected: LAContext? = nil) async -> Bool {
                    let context = injected ?? LAContext()
                    return (try? await context.evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "Confirm")) ?? false
                }
                func read() {
                    let context = shared ?? LAContext()
                    context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Read") { ok, _ in
                        if ok { self.load() }
                    }
                    readContext.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Read") { ok, _ in
                        if ok { self.load() }
                    }
                }
                private func load() {
                    let query: [String: Any] = [kSecReturnData as String: true, kSecUseAuthenticationContext as String: shared as Any]
                    let other: [String: Any] = [kSecReturnData as String: true, kSecUseAuthenticationContext as String: readContext]
                    if SecItemCopyMatching(query as CFDictionary, nil) == errSecSuccess, SecItemCopyMatching(other as CFDictionary, nil) == errSecSuccess {
                        unlockVault()
                    }
                }
            }
            let service = LockService(context: LAContext())
            func confirmPayment(with context: LAContext) async -> Bool { await service.confirm(using: context) }
            """),
        .nonTriggering(
            "A helper that returns a context it also hands to someone else, or an existing context only",
            """
            final class AppLockService {
                private let shared: LAContext
                init(shared: LAContext) { self.shared = shared }
                func unlock() async throws -> Bool {
                    let context = registeredContext()
                    return try await context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock")
                }
                func verify() async throws -> Bool {
                    let context = sharedContext()
                    return try await context.evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "Verify")
                }
                private func registeredContext() -> LAContext {
                    let context = LAContext()
                    registry.keep(context)
                    return context
                }
                private func sharedContext() -> LAContext { shared }
            }
            """),
        .triggering(
            "A reply passed by reference: the enclosing function's completion handler, or a method that reads the Bool",
            """
            final class Gate {
                func authenticate(completion: @escaping (Bool, Error?) -> Void) {
                    let context = LAContext()
                    ↓context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Confirm", reply: completion)
                }
                func confirm() {
                    let context = LAContext()
                    ↓context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Confirm", reply: handleResult)
                }
                private func handleResult(_ success: Bool, _ error: Error?) {
                    if success { openVault() }
                }
            }
            """,
            messages: [message("`context`"), message("`context`")]),
        .triggering(
            "The outcome handed on: a Result, a continuation, a published property and a delegate call carry the Bool",
            """
            final class BiometricGate: ObservableObject {
                @Published var isUnlocked = false
                weak var delegate: BiometricGateDelegate?
                func authenticate(completion: @escaping (Result<Void, Error>) -> Void) {
                    let context = LAContext()
                    ↓context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock") { success, error in
                        if success {
                            completion(.success(()))
                        } else {
                            completion(.failure(error ?? GateError.failed))
                        }
                    }
                }
                func authenticate() async -> Bool {
                    await withCheckedContinuation { continuation in
                        ↓LAContext().evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock") { success, _ in
                            continuation.resume(returning: success)
                        }
                    }
                }
                func unlock() {
                    let context = LAContext()
                    ↓context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock") { success, _ in
                        DispatchQueue.main.async { self.isUnlocked = success }
                    }
                }
                func confirm() {
                    let context = LAContext()
                    ↓context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Confirm") { success, _ in
                        self.delegate?.gate(self, didAuthenticate: success)
                    }
                }
            }
            """,
            messages: [message("`context`"), message("the new `LAContext()`"), message("`context`"), message("`context`")]),
        .triggering(
            "Only the error handed on to the caller, who unlocks when it is nil (the test is a related location)",
            files: [
                "BiometricGate.swift": """
                    final class BiometricGate {
                        func authenticate(completion: @escaping (Error?) -> Void) {
                            let context = LAContext()
                            ↓context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock") { _, error in
                                DispatchQueue.main.async { completion(error) }
                            }
                        }
                    }
                    """,
                "LockScreen.swift": """
                    final class LockScreen {
                        let gate = BiometricGate()
                        func unlock() {
                            gate.authenticate { error in
                                guard error == nil else { return }
                                self.showVault()
                            }
                        }
                    }
                    """,
            ],
            messages: [message("`context`")],
            alsoTriggers: ["swift.fail_open_local_authentication"]),
        .triggering(
            "A library's API that hands only the error to its users, none of whom is in the scan (medium confidence)",
            """
            public final class BiometricUnlock {
                public func unlock(reason: String, completion: @escaping (Error?) -> Void) {
                    ↓LAContext().evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: reason) { _, error in
                        completion(error)
                    }
                }
            }
            """,
            messages: [message("the new `LAContext()`")]),
        .triggering(
            "The error handed to a delegate method the scan implements, which unlocks when it is nil",
            files: [
                "BiometricGate.swift": """
                    protocol BiometricGateDelegate: AnyObject {
                        func gate(_ gate: BiometricGate, didFinishWith error: Error?)
                    }
                    final class BiometricGate {
                        weak var delegate: BiometricGateDelegate?
                        func start() {
                            let context = LAContext()
                            ↓context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock") { _, error in
                                self.delegate?.gate(self, didFinishWith: error)
                            }
                        }
                    }
                    """,
                "LockController.swift": """
                    final class LockController: BiometricGateDelegate {
                        func gate(_ gate: BiometricGate, didFinishWith error: Error?) {
                            if let error {
                                present(error)
                            } else {
                                showVault()
                            }
                        }
                    }
                    """,
            ],
            messages: [message("`context`")],
            alsoTriggers: ["swift.fail_open_local_authentication"]),
        .triggering(
            "The error stored in a property that the type reads as its gate",
            """
            final class LockViewModel {
                private var authError: Error?
                func check() {
                    let context = LAContext()
                    ↓context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock") { _, error in
                        self.authError = error
                    }
                }
            }
            extension LockViewModel {
                func showSecrets() {
                    guard authError == nil else { return }
                    presentSecrets()
                }
            }
            """,
            messages: [message("`context`")],
            alsoTriggers: ["swift.fail_open_local_authentication"]),
        .triggering(
            "The error stored in a published property that a view controller holding the model tests",
            files: [
                "LockModel.swift": """
                    final class LockModel: ObservableObject {
                        @Published var authError: Error?
                        func check() {
                            let context = LAContext()
                            ↓context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock") { _, error in
                                DispatchQueue.main.async { self.authError = error }
                            }
                        }
                    }
                    """,
                "VaultViewController.swift": """
                    final class VaultViewController: UIViewController {
                        private let model: LockModel
                        init(model: LockModel) {
                            self.model = model
                            super.init(nibName: nil, bundle: nil)
                        }
                        func refresh() {
                            if model.authError == nil {
                                showSecrets()
                            }
                        }
                    }
                    """,
            ],
            messages: [message("`context`")],
            alsoTriggers: ["swift.fail_open_local_authentication"]),
        .triggering(
            "The error handed on again by a caller's closure and then by a method, before the test",
            """
            final class BiometricGate {
                func authenticate(completion: @escaping (Error?) -> Void) {
                    let context = LAContext()
                    ↓context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock") { _, error in
                        completion(error)
                    }
                }
            }
            final class Session {
                let gate = BiometricGate()
                func resume(then done: @escaping (Error?) -> Void) {
                    gate.authenticate { error in done(error) }
                }
                func start() {
                    resume { error in self.finish(error) }
                }
                private func finish(_ error: Error?) {
                    guard error == nil else { return }
                    loadInbox()
                }
            }
            """,
            messages: [message("`context`")],
            alsoTriggers: ["swift.fail_open_local_authentication"]),
        .triggering(
            "A caller that passes a method of its type as the handler, which unlocks when there is no error",
            """
            final class BiometricGate {
                func authenticate(completion: @escaping (Error?) -> Void) {
                    ↓LAContext().evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock") { _, error in
                        completion(error)
                    }
                }
            }
            final class LockScreen {
                func unlock() {
                    BiometricGate().authenticate(completion: handleResult)
                }
                private func handleResult(_ error: Error?) {
                    if error == nil { showVault() }
                }
            }
            """,
            messages: [message("the new `LAContext()`")],
            alsoTriggers: ["swift.fail_open_local_authentication"]),
        .nonTriggering(
            "The error stored in a property that another type only displays",
            """
            final class LockModel: ObservableObject {
                @Published var authError: Error?
                func check() {
                    let context = LAContext()
                    context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock") { _, error in
                        self.authError = error
                    }
                }
            }
            struct StatusView {
                @ObservedObject var model: LockModel
                var status: String { model.authError?.localizedDescription ?? "" }
                func render() {
                    if model.authError != nil { showBanner() }
                }
            }
            """),
        .nonTriggering(
            "The error handed on again to a method, or passed by reference to one, that only shows it",
            """
            final class BiometricGate {
                func authenticate(completion: @escaping (Error?) -> Void) {
                    let context = LAContext()
                    context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock") { _, error in
                        completion(error)
                    }
                }
            }
            final class Settings {
                func enroll() {
                    BiometricGate().authenticate { error in self.report(error) }
                    BiometricGate().authenticate(completion: report)
                }
                private func report(_ error: Error?) {
                    if let error { show(error) }
                }
            }
            """),
        .nonTriggering(
            "The error handed on again with the evaluated context, which the final gate gives to its Keychain read",
            """
            final class TokenGate {
                func authenticate(completion: @escaping (Error?, LAContext) -> Void) {
                    let context = LAContext()
                    context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock") { _, error in
                        completion(error, context)
                    }
                }
            }
            final class Session {
                func resume(then done: @escaping (Error?, LAContext) -> Void) {
                    TokenGate().authenticate { error, context in done(error, context) }
                }
                func start() {
                    resume { error, context in
                        guard error == nil else { return }
                        let query: [String: Any] = [
                            kSecClass as String: kSecClassGenericPassword,
                            kSecReturnData as String: true,
                            kSecUseAuthenticationContext as String: context,
                        ]
                        var item: CFTypeRef?
                        if SecItemCopyMatching(query as CFDictionary, &item) == errSecSuccess { self.open(item) }
                    }
                }
            }
            """,
            alsoTriggers: ["swift.fail_open_local_authentication"]),
        .nonTriggering(
            "The error stored in a property that is only shown",
            """
            final class SettingsViewModel {
                var lastError: Error?
                func enroll() {
                    let context = LAContext()
                    context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Enroll") { _, error in
                        self.lastError = error
                    }
                }
                func render() {
                    if lastError != nil { showBanner() }
                }
            }
            """),
        .nonTriggering(
            "The error handed on to callers that never test it, or only to show it",
            """
            final class BiometricGate {
                func authenticate(completion: @escaping (Error?) -> Void) {
                    let context = LAContext()
                    context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock") { _, error in
                        completion(error)
                    }
                }
            }
            final class Settings {
                func enroll() {
                    BiometricGate().authenticate { error in
                        self.statusLabel.text = error?.localizedDescription
                    }
                    BiometricGate().authenticate { error in
                        if let error { self.show(error) }
                    }
                }
            }
            """),
        .triggering(
            "The error handed to a closure kept in a stored property, which a screen assigns and unlocks when it is nil",
            files: [
                "BiometricGate.swift": """
                    final class BiometricGate {
                        var onFinish: ((Error?) -> Void)?
                        func start() {
                            let context = LAContext()
                            ↓context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock") { _, error in
                                self.onFinish?(error)
                            }
                        }
                    }
                    """,
                "LockScreen.swift": """
                    final class LockScreen {
                        let gate = BiometricGate()
                        func appear() {
                            gate.onFinish = { error in
                                guard error == nil else { return }
                                self.showVault()
                            }
                            gate.start()
                        }
                    }
                    """,
            ],
            messages: [message("`context`")],
            alsoTriggers: ["swift.fail_open_local_authentication"]),
        .triggering(
            "The error handed to another object's method, named by reference with the receiver's written type",
            files: [
                "BiometricGate.swift": """
                    final class BiometricGate {
                        func authenticate(completion: @escaping (Error?) -> Void) {
                            ↓LAContext().evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock") { _, error in
                                completion(error)
                            }
                        }
                    }
                    """,
                "LockScreen.swift": """
                    final class LockViewModel {
                        func didAuthenticate(_ error: Error?) {
                            if error == nil { unlockVault() }
                        }
                    }
                    final class LockScreen {
                        let model: LockViewModel
                        func appear() {
                            BiometricGate().authenticate(completion: self.model.didAuthenticate)
                        }
                    }
                    """,
            ],
            messages: [message("the new `LAContext()`")],
            alsoTriggers: ["swift.fail_open_local_authentication"]),
        .nonTriggering(
            "The error handed to a stored closure that only shows it (a same-named property of another type unlocks), or to another object's method that only shows it",
            """
            final class BiometricGate {
                var onFinish: ((Error?) -> Void)?
                func start() {
                    LAContext().evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock") { _, error in
                        self.onFinish?(error)
                    }
                }
                func authenticate(completion: @escaping (Error?) -> Void) {
                    LAContext().evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Check") { _, error in
                        completion(error)
                    }
                }
            }
            final class Uploader {
                var onFinish: ((Error?) -> Void)?
            }
            final class Banner {
                func show(_ error: Error?) {
                    if let error { present(error) }
                }
            }
            final class Settings {
                let gate = BiometricGate()
                let uploader = Uploader()
                let banner = Banner()
                func appear() {
                    gate.onFinish = { error in
                        if let error { self.present(error) }
                    }
                    uploader.onFinish = { error in
                        if error == nil { self.openVault() }
                    }
                    gate.authenticate(completion: banner.show)
                }
            }
            """),
        .triggering(
            "The error published by a view model, which a view observes with onReceive and unlocks when it is nil",
            files: [
                "LockModel.swift": """
                    final class LockModel: ObservableObject {
                        @Published var authError: Error?
                        func check() {
                            ↓LAContext().evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock") { _, error in
                                self.authError = error
                            }
                        }
                    }
                    """,
                "LockView.swift": """
                    struct LockView: View {
                        @ObservedObject var model: LockModel
                        @State private var unlocked = false
                        var body: some View {
                            VaultView(unlocked: unlocked)
                                .onReceive(model.$authError.dropFirst()) { error in
                                    if error == nil { unlocked = true }
                                }
                        }
                    }
                    """,
            ],
            messages: [message("the new `LAContext()`")],
            alsoTriggers: ["swift.fail_open_local_authentication"]),
        .nonTriggering(
            "The error published by a view model, observed only to show it, or through an operator that changes the value",
            """
            final class LockModel: ObservableObject {
                @Published var authError: Error?
                private var subscriptions: Set<AnyCancellable> = []
                func check() {
                    LAContext().evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock") { _, error in
                        self.authError = error
                    }
                }
                func observe() {
                    $authError.sink { error in
                        if let error { self.present(error) }
                    }.store(in: &subscriptions)
                    $authError.map { $0?.localizedDescription }.sink { text in
                        if text == nil { self.hideBanner() }
                    }.store(in: &subscriptions)
                }
            }
            """),
        .nonTriggering(
            "The error handed to a method of the type, whose body only shows it, while another type's method of the same name unlocks",
            """
            final class BiometricGate {
                func start() {
                    LAContext().evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock") { _, error in
                        self.finish(error)
                    }
                }
                func finish(_ error: Error?) {
                    if let error { present(error) }
                }
            }
            final class Downloader {
                func finish(_ error: Error?) {
                    if error == nil { openVault() }
                }
            }
            """),
        .triggering(
            "evaluatePolicy on implicit self in an LAContext extension: judged at the caller's context",
            files: [
                "LAContext+Unlock.swift": """
                    extension LAContext {
                        func unlock(reason: String, completion: @escaping (Bool) -> Void) {
                            ↓evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: reason) { success, _ in
                                completion(success)
                            }
                        }
                    }
                    """,
                "LockScreen.swift": """
                    final class LockScreen {
                        func show() {
                            let context = LAContext()
                            context.unlock(reason: "Unlock") { ok in
                                if ok { self.openVault() }
                            }
                        }
                    }
                    """,
            ],
            messages: [message("`context` (the LAContext `unlock` is called on, LockScreen.swift:4)")]),
        .nonTriggering(
            "An LAContext extension whose callers read the Keychain with the context, or that no code of the scan calls",
            files: [
                "LAContext+Unlock.swift": """
                    extension LAContext {
                        func unlock(reason: String, completion: @escaping (Bool) -> Void) {
                            evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: reason) { success, _ in
                                completion(success)
                            }
                        }
                        func confirm(reason: String, completion: @escaping (Bool) -> Void) {
                            self.evaluatePolicy(.deviceOwnerAuthentication, localizedReason: reason) { success, _ in completion(success) }
                        }
                    }
                    """,
                "TokenReader.swift": """
                    final class TokenReader {
                        func read() {
                            let context = LAContext()
                            context.unlock(reason: "Read your token") { ok in
                                guard ok else { return }
                                var item: CFTypeRef?
                                let query: [String: Any] = [kSecReturnData as String: true, kSecUseAuthenticationContext as String: context]
                                if SecItemCopyMatching(query as CFDictionary, &item) == errSecSuccess { self.show(item) }
                            }
                        }
                    }
                    """,
            ]),
        .nonTriggering(
            "A reply by reference that ignores the result, and a non-closure value that is not a parameter",
            """
            final class Gate {
                func confirm() {
                    let context = LAContext()
                    context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Confirm", reply: logResult)
                    context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Confirm", reply: Handlers.shared.reply)
                }
                private func logResult(_ success: Bool, _ error: Error?) {
                    print("done")
                }
            }
            """),
        .nonTriggering(
            "canEvaluatePolicy only checks availability",
            """
            private func configureBiometricButton() {
                var error: NSError?
                guard availabilityContext.canEvaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, error: &error) else {
                    biometricButton.isHidden = true
                    return
                }
                if availabilityContext.biometryType == .faceID { biometricButton.setTitle("Log in with Face ID", for: .normal) }
            }
            """),
        .nonTriggering(
            "Pre-authentication: the evaluated context is passed to SecItemCopyMatching",
            """
            func readToken() {
                let context = LAContext()
                context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Read your token") { success, _ in
                    guard success else { return }
                    let query: [String: Any] = [
                        kSecClass as String: kSecClassGenericPassword,
                        kSecAttrAccount as String: "token",
                        kSecReturnData as String: true,
                        kSecUseAuthenticationContext as String: context,
                    ]
                    var item: CFTypeRef?
                    let status = SecItemCopyMatching(query as CFDictionary, &item)
                }
            }
            """,
            alsoTriggers: ["swift.unchecked_keychain_status"]),
        .nonTriggering(
            "The async form, then the context goes to a helper that builds the query (in another file)",
            files: [
                "Login.swift": """
                    func login(store: SessionTokenStore) async throws -> String {
                        let context = LAContext()
                        guard try await context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Log in") else {
                            throw LoginError.cancelled
                        }
                        return try store.sessionToken(context: context)
                    }
                    """,
                "SessionTokenStore.swift": """
                    final class SessionTokenStore {
                        func sessionToken(context: LAContext) throws -> String {
                            let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword,
                                                        kSecUseAuthenticationContext as String: context]
                            return try read(query)
                        }
                    }
                    """,
            ]),
        .nonTriggering(
            "A property context that another method of the type puts into a query",
            """
            final class Vault {
                private var context = LAContext()
                func unlock() {
                    context.evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "Unlock") { success, _ in
                        if success { self.loadSecrets() }
                    }
                }
                private func loadSecrets() {
                    var query = baseQuery
                    query[kSecUseAuthenticationContext as String] = self.context
                    SecItemCopyMatching(query as CFDictionary, nil)
                }
            }
            """,
            alsoTriggers: ["swift.unchecked_keychain_status"]),
        .nonTriggering(
            "A context from the caller, a reply given as a function, and a reply that ignores the result",
            """
            func authenticate(with context: LAContext) {
                context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Sign in") { success, _ in
                    if success { proceed() }
                }
            }
            func warmUp() {
                let context = LAContext()
                context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Sign in", reply: handleReply)
                let other = LAContext()
                other.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Sign in") { _, error in
                    log("authentication finished: \\(String(describing: error))")
                }
            }
            """),
        .triggering(
            "Handlers written with a type alias of a function type: the reply given as the handler, and a trailing closure that fills it",
            """
            typealias UnlockCompletion = (Bool, Error?) -> Void
            typealias UnlockResult = (Bool) -> Void
            final class Gate {
                func authenticate(completion: @escaping UnlockCompletion) {
                    let context = LAContext()
                    ↓context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Confirm", reply: completion)
                }
                func unlock(context: LAContext = LAContext(), completion: @escaping UnlockResult) {
                    ↓context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock") { ok, _ in
                        completion(ok)
                    }
                }
            }
            final class LockScreen {
                let gate = Gate()
                func appear() {
                    gate.unlock { ok in
                        if ok { self.dismiss() }
                    }
                }
                func dismiss() {}
            }
            """,
            messages: [message("`context`"), message("`context` (a new `LAContext` from every call of `unlock`)")]),
        .nonTriggering(
            "A handler written with a type alias, where a call fills the context parameter with the caller's own context, which it puts into a query",
            """
            typealias UnlockResult = (Bool) -> Void
            final class Gate {
                func unlock(context: LAContext = LAContext(), completion: @escaping UnlockResult) {
                    context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock") { ok, _ in
                        completion(ok)
                    }
                }
            }
            final class Vault {
                let session = LAContext()
                let gate = Gate()
                func open(_ done: @escaping (Data?) -> Void) {
                    gate.unlock(context: session) { ok in
                        guard ok else { return done(nil) }
                        let query: [String: Any] = [
                            kSecClass as String: kSecClassGenericPassword,
                            kSecReturnData as String: true,
                            kSecUseAuthenticationContext as String: self.session,
                        ]
                        var item: CFTypeRef?
                        done(SecItemCopyMatching(query as CFDictionary, &item) == errSecSuccess ? item as? Data : nil)
                    }
                }
            }
            """),
        .triggering(
            "A context given to a helper that only asks it: a method of the type (an availability check), a function that sets its titles",
            """
            func configureTitles(_ context: LAContext) {
                context.localizedCancelTitle = "Use password"
                context.localizedFallbackTitle = ""
            }
            final class LockScreen {
                private let session = LAContext()
                private func biometryAvailable(_ context: LAContext) -> Bool {
                    var error: NSError?
                    return context.canEvaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, error: &error)
                }
                func appear() {
                    let context = LAContext()
                    configureTitles(context)
                    guard biometryAvailable(context) else { return }
                    ↓context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock") { success, _ in
                        if success { self.showVault() }
                    }
                }
                func resume() {
                    guard biometryAvailable(self.session) else { return }
                    ↓session.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock") { success, _ in
                        if success { self.showVault() }
                    }
                }
                func showVault() {}
            }
            """,
            messages: [message("`context`"), message("the property `session`")]),
        .nonTriggering(
            "A context given to a helper that puts it into a query, that gives it to another object, or that never reads it (a stub)",
            """
            final class Vault {
                let registry = ContextRegistry()
                private func secret(with context: LAContext) -> Data? {
                    let query: [String: Any] = [
                        kSecClass as String: kSecClassGenericPassword,
                        kSecReturnData as String: true,
                        kSecUseAuthenticationContext as String: context,
                    ]
                    var item: CFTypeRef?
                    return SecItemCopyMatching(query as CFDictionary, &item) == errSecSuccess ? item as? Data : nil
                }
                private func prepare(_ context: LAContext) { keep(context) }
                private func keep(_ context: LAContext) { registry.register(context) }
                func warmUp(_ context: LAContext) {}
                func open() {
                    let context = LAContext()
                    context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Open") { success, _ in
                        if success { _ = self.secret(with: context) }
                    }
                    let other = LAContext()
                    prepare(other)
                    other.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Open") { success, _ in
                        if success { self.show() }
                    }
                    let third = LAContext()
                    warmUp(third)
                    third.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Open") { success, _ in
                        if success { self.show() }
                    }
                }
                func show() {}
            }
            """),
        .nonTriggering(
            "A context given to a helper that a subclass overrides: the override may hand it on",
            """
            class LockScreen {
                func biometryAvailable(_ context: LAContext) -> Bool {
                    context.canEvaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, error: nil)
                }
                func appear() {
                    let context = LAContext()
                    guard biometryAvailable(context) else { return }
                    context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock") { success, _ in
                        if success { self.showVault() }
                    }
                }
                func showVault() {}
            }
            final class VaultLockScreen: LockScreen {
                let store = TokenStore()
                override func biometryAvailable(_ context: LAContext) -> Bool {
                    store.prepare(context)
                    return true
                }
            }
            """),
        .triggering(
            "A property set from an initializer parameter that every construction in the app's code fills with LAContext(); a test's stub left aside",
            files: [
                "PaymentLock.swift": """
                    final class PaymentLock {
                        private let context: LAContext
                        init(context: LAContext) { self.context = context }
                        func confirm(_ pay: @escaping () -> Void) {
                            ↓context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Pay") { ok, _ in
                                if ok { pay() }
                            }
                        }
                    }
                    """,
                "Checkout.swift": """
                    final class Checkout {
                        let lock = PaymentLock(context: LAContext())
                    }
                    """,
                "Tests/PaymentLockTests.swift": """
                    final class PaymentLockTests {
                        let lock = PaymentLock(context: StubContext())
                    }
                    """,
            ],
            messages: [message("the property `context`")]),
        .nonTriggering(
            "The same type when one construction passes a context kept elsewhere",
            files: [
                "PaymentLock.swift": """
                    final class PaymentLock {
                        private let context: LAContext
                        init(context: LAContext) { self.context = context }
                        func confirm(_ pay: @escaping () -> Void) {
                            context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Pay") { ok, _ in
                                if ok { pay() }
                            }
                        }
                    }
                    """,
                "Checkout.swift": """
                    final class Checkout {
                        let session = LAContext()
                        lazy var lock = PaymentLock(context: session)
                        let quick = PaymentLock(context: LAContext())
                    }
                    """,
            ]),
    ]
}
