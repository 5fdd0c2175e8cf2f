import KeychainLintCore
import KeychainLintModel
import KeychainLintRuleKit

/// `fail_open_local_authentication` — the action `evaluatePolicy` guards also runs when the
/// authentication failed (OWASP MASWE-0044, CWE-287, CWE-755), in Swift and Objective-C. Each front
/// end reads the reply (or the `do`/`catch` around the awaited call) into `OutcomeTest`s: the
/// tests of the outcome, with the actions of the success path and of each failure path; the
/// judgement below is made once over those.
public struct FailOpenLocalAuthenticationRule: Check {
    public static let calls: [CheckedCall] = [.method(swift: "evaluatePolicy", objectiveC: "evaluatePolicy:localizedReason:reply:")]

    public init(options: [String: ConfigValue]) {}

    public func check(_ call: ProgramCall, in context: some CheckContext) {
        var testsErrorAlone = false
        for test in context.outcomeTests(call) {
            switch test {
            case .errorNilAlone(let nilTest, let success, let place):
                testsErrorAlone = true
                context.report(at: place, message: FailOpenLocalAuthenticationJudgement.errorNilMessage(test: nilTest, success: success))
            case .errorPresenceAlone(let presenceTest, let success, let place):
                testsErrorAlone = true
                context.report(at: place, message: FailOpenLocalAuthenticationJudgement.errorPresenceMessage(test: presenceTest, success: success))
            case .branches(let guarded, let failurePaths, let side):
                report(guardedBy: guarded, failurePaths: failurePaths, place: side.description, in: context)
            case .failureTakenForSuccess(let written, let place):
                context.report(at: place, message: FailOpenLocalAuthenticationJudgement.failureTakenForSuccessMessage(written))
            case .outcomeIgnored(let written, let place, let action):
                guard decidesAlone(call, in: context) else { continue }
                context.report(at: place, message: FailOpenLocalAuthenticationJudgement.ignoredMessage(written, action: action.text))
            }
        }
        // A reply whose own test of the error decides is reported there, not again at its callers.
        if testsErrorAlone || !reportErrorAloneAtCallers(call, in: context) { reportIgnoredByCallers(call, in: context) }
    }

    /// Whether the evaluation's outcome is all that stands before what runs next: its context is
    /// one the front end names and never handed on. A context handed to a Keychain query
    /// (`kSecUseAuthenticationContext`) lets the Keychain decide, whatever the code does with the
    /// outcome; a context from code not followed may be.
    private func decidesAlone(_ call: ProgramCall, in context: some CheckContext) -> Bool {
        guard let evaluation = context.policyEvaluation(call), case .receiver(let story) = context.evaluatedContext(evaluation) else {
            return false
        }
        return !story.isHandedOn
    }

    /// An awaited outcome returned or thrown to the callers (the function does nothing else with
    /// it), and a caller throws it away and acts (`try? await auth.unlock()`, then `showSecrets()`)
    /// or takes the failure for success (`(try? await auth.check()) ?? true`). Reported at the
    /// hand-off, with the caller's call as the related location.
    private func reportIgnoredByCallers(_ call: ProgramCall, in context: some CheckContext) {
        guard let evaluation = context.policyEvaluation(call), BooleanOnlyLocalAuthenticationRule.mayHandOn(evaluation.outcome),
            let handed = context.handedOutcome(evaluation), let ignored = handed.ignoredBy.first, decidesAlone(call, in: context)
        else { return }
        let receivers = ([handed.receiverWords] + ignored.through.map { "then the callers of `\($0)`" }).joined(separator: ", ")
        let message =
            if let action = ignored.action {
                FailOpenLocalAuthenticationJudgement.ignoredByCallerMessage(receivers: receivers, call: ignored.call, place: ignored.place, action: action)
            } else {
                FailOpenLocalAuthenticationJudgement.takenForSuccessByCallerMessage(receivers: receivers, call: ignored.call, place: ignored.place)
            }
        context.report(at: handed.handoff, message: message, trace: [handed.handoffStep] + ignored.steps)
    }

    /// The reply hands its outcome on, and a caller's closure tests only the error it is given
    /// (`if error == nil`, `if let error`): the same test of the error alone, one function away.
    /// Reported at the hand-off, with the caller's test as the related location; a reply that
    /// tests the error itself is reported there instead.
    @discardableResult
    private func reportErrorAloneAtCallers(_ call: ProgramCall, in context: some CheckContext) -> Bool {
        guard let evaluation = context.policyEvaluation(call) else { return false }
        switch evaluation.outcome {
        case .reply(let use) where !use.testsErrorAgainstNil: break
        case .forwardedToCaller: break
        default: return false
        }
        guard let handed = context.handedOutcome(evaluation), let gate = handed.gates.first(where: \.errorAlone) else { return false }
        // Receiving code that hands the error on again before its test says where.
        let receivers =
            gate.through.isEmpty
            ? handed.receiverWords : "\(handed.receiverWords), which hand it on again (\(gate.through.map { "`\($0)`" }.joined(separator: ", then ")))"
        context.report(
            at: handed.handoff,
            message: FailOpenLocalAuthenticationJudgement.handedOnMessage(
                handoff: handed.handoff.snippet, receivers: receivers, test: gate.test, place: gate.place),
            trace: [handed.handoffStep] + gate.via + [gate.step])
        return true
    }

    /// Swift calls a method of the type being extended with no receiver at all: inside
    /// `extension LAContext`, `evaluatePolicy(…) { … }` is a method call on `self` that the Swift
    /// front end hands over as a free function's. It is judged as the method.
    public func checkSwift(_ input: RuleInput, in context: RuleContext) {
        guard case .call(let swiftCall) = input, let call = ProgramCall(swiftCall), call.kind == .function,
            call.name == Self.calls[0].name(in: .swift)
        else { return }
        check(call, in: context)
    }

    /// Reports the failure path (the branch, or one `case` or branch inside it) whose every action
    /// is one the success path has: the guarded action runs although the user was not authenticated.
    /// A path that also does anything else (shows an error, asks for a password, completes with
    /// `false`) is how failures should be handled, and is not reported.
    private func report(guardedBy guarded: [OutcomeAction], failurePaths: [[OutcomeAction]], place: String, in context: some CheckContext) {
        guard !guarded.isEmpty else { return }
        let guardedKeys = Set(guarded.map(\.key))
        for actions in failurePaths {
            guard let first = actions.first, actions.allSatisfy({ guardedKeys.contains($0.key) }) else { continue }
            context.report(at: first.place, message: FailOpenLocalAuthenticationJudgement.message(first.text, place: place))
            return
        }
    }

    public static let swiftRule = RuleDescription(
        id: "swift.fail_open_local_authentication",
        name: "Authentication failure grants access",
        severity: .high,
        confidence: .medium,
        resource: "Authentication",
        tags: ["CWE:287", "CWE:755", "MASWE:0044"],
        summary:
            "The action an evaluatePolicy reply guards also runs when the authentication failed: in the failure branch, in a catch of the async form, on error == nil alone, after an awaited outcome thrown away, or where try? with ?? true takes a failure for success.",
        documentation: RuleDocumentation(
            whatItDoes: """
                Reads the reply handler of `evaluatePolicy` written at the call (a trailing closure or a \
                `reply:` closure) and the `do`/`catch` around the async form. The guarded action is what \
                the success path does: the calls and assignments of the `if success` branch (`!success` \
                swapped), of the statements after `guard success else` or after `if !success { …; return }`, \
                or of the `do` body after `try await evaluatePolicy`, leaving out their own error handling \
                (`catch` clauses, `guard` bodies, and `if` branches without `else` that return or throw). \
                It reports a failure path (the `else` branch, the guard's or early return's \
                body, a `catch`, or one `case` or branch inside them, such as `case .userFallback`) whose \
                every action is one of the guarded actions, written the same way (`completion(true)`, \
                `self.unlock()`, `isUnlocked = true`), a local it is given holding the same value (its \
                declaration's value as written, or the declaration itself for one assigned later): each \
                path's own `let result = …` of the same name is another action when the values differ. \
                Logging, `print` and dispatching calls are not actions, nor is what they are given; the closures they run are read. It also reports \
                `if success || error == nil` (in an `if` or a `guard`), and, in a reply that never \
                reads its success flag, `if error == nil { … }`, `guard error == nil else { … }` (also as \
                one side of `||`: `error == nil || code == .userFallback` holds on every failure without \
                an error object), and a test that there is an error (`error != nil`, `if let error`, \
                `if let failure = error`, `if let error = error as? LAError`, alone or with more \
                conditions that must hold, such as `error.code == .userCancel`) whose branch leaves \
                before an action (`if let error { show(error); return }`) or whose `else` holds one: \
                the test of the error alone is then what decides. \
                A closure the reply only stores (`let check = { … }`) is read for its tests, but its \
                actions are not the reply's. The same test in the code that receives the \
                reply's outcome (the closure a caller passes for a completion handler the reply calls, \
                a method the reply calls with its error) is reported at the hand-off. In the async form it \
                also reports a failure taken for success where the call is awaited \
                (`(try? await context.evaluatePolicy(…)) ?? true`, `… != false`: `try?` makes the thrown \
                error nil, and nil passes), a `catch` that returns `true` where the `do` returns the awaited \
                result (`return try await context.evaluatePolicy(…)`), and an outcome thrown away \
                (`_ = try? await context.evaluatePolicy(…)`, or the `try?` as a statement) with an action \
                after it in the same block. An async function that returns the awaited outcome or lets its \
                failure out, and does nothing else with it, is followed to its callers: a caller that \
                throws the outcome away (`try? await gate.unlock()` as a statement, \
                `_ = await gate.confirm()`) and then acts, or takes the failure for success \
                (`(try? await gate.check()) ?? true`), is reported at the hand-off.
                """,
            whyItMatters: """
                A reply that unlocks the app, reveals data or approves a payment when Face ID or Touch ID \
                failed, was cancelled, or fell back (`LAError.userFallback`, `.systemCancel`, \
                `.biometryNotAvailable`) turns the authentication into a formality: anyone holding the \
                unlocked device cancels the prompt and is let in (CWE-287, CWE-755: improper handling of \
                exceptional conditions; OWASP MASWE-0044). `error` can be nil on failure, so \
                `error == nil` is not a success test either.
                """,
            whatToDoInstead: """
                Run the guarded action only in the success path (`if success`, or after the awaited call \
                returns: `try await`, or a `try?` whose result is tested, with a failure taken as `false`). \
                In failure paths show the error, offer another credential the app verifies (the \
                device passcode through `.deviceOwnerAuthentication`, an app password), or complete with \
                `false`. Better still, protect the secret itself with Keychain access control, so that \
                no code path can read it without the authentication.
                """,
            fixSafety: """
                Changing what a failure does changes the app's behaviour for users whose biometry is \
                unavailable; give them another way in that is verified. Not automatic.
                """,
            notes: [
                "A failure path that does anything besides the guarded action (shows an error, asks for a password, completes with `false`) is taken as handling the failure and is not reported: precision first.",
                "`if !success { … }` without an `else` is read as `guard success else { … }` only when the branch ends with `return` or `throw`; otherwise the statements after it run on both paths and no guarded action is known. `if success { …; return }` followed by failure code is not read (only an `else` is a failure branch).",
                "In a reply that never reads its success flag, a test that there is an error (`if let error`, `if let failure = error`, `error != nil`, `if let error = error as? LAError`, alone or with more conditions that must all hold) decides only when something runs without one: the `else`, or an action after a branch that returns or throws; that action also runs for the errors the other conditions (or the cast) leave out. A branch that only shows the error, with nothing after it, guards nothing.",
                "An outcome handed on is followed to the code that receives it: the closures the callers in the scan pass to the enclosing function when the reply calls its completion handler with the success flag, the error or both (or is that handler: `reply: completion`), the bodies of a function the scan declares that the reply calls with the error (a delegate method, a method of the type, chosen by the receiver's written type), the closures the scan assigns to a stored closure property the reply calls with it (`self.onFinish?(error)`), and the reads of a stored property the reply assigns the error to (or the closures that observe its publisher, `$authError.sink { … }`), in its type's declaration and extensions or on an instance of the type that another type holds; and on from there, when that code tests nothing but hands the error on again, up to three hand-offs (the rule `boolean_only_local_authentication` describes the shapes followed). A test there of the error alone (`if error == nil`, `guard error == nil`, `if let error … else`), where no success flag handed with it is read, lets a failure without an error object through, like the same test in the reply. It is reported at the hand-off (`completion(error)`, `delegate?.gate(self, didFinishWith: error)`), with the test as the related location, after the hand-offs on the way to it. A test that only shows the error (`if let error { show(error) }`) guards nothing; the error passed on inside a branch of the reply that has tested the outcome is the failure's reason; a reply that tests the error against nil itself is reported at that test instead. Code outside the scan (a library's users) is not judged.",
                "Other reply handlers passed by reference (`reply: handleResult`) are not followed yet.",
                "Actions are compared as written (with `self.` dropped and spaces ignored); the same action written differently in the two branches is not recognised.",
                "The awaited call throws when the authentication fails or is cancelled. `try?` makes that error nil: `?? false` and `== true` make it false, and a `try?` whose value is tested before the action (`guard (try? await …) == true else { return }`, `if (try? await gate.unlock()) != nil`) or kept in a local is a test, not a thrown-away outcome. `return try await …` in a `do` returns `true` when it returns at all, so a `catch` that returns `true` as well is reported; a local that holds the awaited result and is used later (`completion(ok)`) is not compared with the catch's `completion(true)`.",
                "An awaited outcome thrown away is reported only when the evaluated context is named and never handed on (a context given to a Keychain query through `kSecUseAuthenticationContext` makes the Keychain the gate, whatever the code does with the outcome; a context from code not followed may be so given), and when an action follows in the same block (the context's own members, logging and dispatching are not actions; what follows the enclosing block is not read). At the callers of an async function, the function must do nothing but hand the outcome on (no action after the awaited call; a function that sets `isUnlocked = true` itself keeps its own gate, and its callers may ignore the failure); functions that only hand it on again (`try await gate.authenticate()` as all that `confirm()` does) are followed two deep, among the first 24 calls of each name whose labels fit. The finding is at the hand-off, with the caller's call as the related location. Not followed: a caller's `catch` that repeats what its `do` does.",
            ],
            references: [
                "Apple: evaluatePolicy(_:localizedReason:reply:) — https://developer.apple.com/documentation/localauthentication/lacontext/evaluatepolicy(_:localizedreason:reply:)",
                "Apple: LAError — https://developer.apple.com/documentation/localauthentication/laerror",
                "OWASP MASWE-0044: Unenforced Biometric Authentication — https://mas.owasp.org/MASWE/MASVS-AUTH/MASWE-0044/",
                "CWE-287: Improper Authentication — https://cwe.mitre.org/data/definitions/287.html",
                "CWE-755: Improper Handling of Exceptional Conditions — https://cwe.mitre.org/data/definitions/755.html",
            ]),
        remediation:
            "Run the guarded action only when evaluatePolicy succeeded; on failure show the error, ask for another credential the app verifies, or complete with false.",
        examples: examples)

    public static let objectiveCRule = RuleDescription.objectiveC(
        of: swiftRule,
        summary:
            "The action an -[LAContext evaluatePolicy:localizedReason:reply:] reply guards also runs when the authentication failed: in the failure branch, or on error == nil alone.",
        whatItDoes: """
            Reads the reply block written at `[context evaluatePolicy:… localizedReason:… reply:^(BOOL success, \
            NSError *error) { … }]`, blocks it dispatches included. The guarded action is what the success \
            path does: the calls, message sends and assignments of the `if (success)` branch (`if (!success) \
            … else` swapped), or of the statements after `if (!success) { …; return; }` (Swift's `guard`), \
            leaving out their own error handling (`@catch` clauses and such early-return branches). It \
            reports a failure path (the `else` branch, the early-return branch, or one `case` or branch \
            inside them, such as `case LAErrorUserFallback:`) whose every action is one of the guarded \
            actions, written the same way (`completion(YES)`, `[self unlock]`, `self.unlocked = YES`), a \
            local it is given holding the same value (its declaration's value as written, or the \
            declaration itself for one assigned later): each path's own `NSDictionary *result = …` of the \
            same name is another action when the values differ. Logging (`NSLog`, `os_log…`) and dispatching (`dispatch_async`, `addOperationWithBlock:`) are \
            not actions, nor is what they are given; the blocks they run are read. A block the reply \
            only stores is read for its tests, but its actions are not the reply's. It also reports `if (success || error == nil)` and \
            `if (success || !error)`, and, in a reply that never reads its `success` flag, `if (!error)`, \
            `if (error == nil)` (also as one side of `||`: `if (!error || error.code == LAErrorUserFallback)`), \
            and a test that there is an error (`if (error)`, `if (error != nil)`, alone or with more \
            conditions joined by `&&`, such as `error.code == LAErrorUserCancel`) whose branch returns \
            before an action or whose `else` holds one: the test of the error alone is then what decides. The same test in the code that receives the reply's outcome (the block \
            a sender passes for a completion block the reply calls, a method the reply sends its \
            error to) is reported at the hand-off.
            """,
        whatToDoInstead: """
            Run the guarded action only in the success path (`if (success)`). In failure paths show the \
            error, offer another credential the app verifies (the device passcode through \
            `LAPolicyDeviceOwnerAuthentication`, an app password), or complete with `NO`. Better still, \
            protect the secret itself with Keychain access control, so that no code path can read it \
            without the authentication.
            """,
        remediation:
            "Run the guarded action only when evaluatePolicy:localizedReason:reply: succeeded; on failure show the error, ask for another credential the app verifies, or complete with NO.",
        notes: [
            "A failure path that does anything besides the guarded action (shows an error, asks for a password, completes with `NO`) is taken as handling the failure and is not reported: precision first.",
            "`if (!success) { … }` without an `else` is read as Swift's `guard success else { … }` only when the branch ends with `return` (or `@throw`); otherwise the statements after it run on both paths and no guarded action is known. As in the Swift rule, `if (success) { …; return; }` followed by failure code is not read (only an `else` is a failure branch).",
            "In a reply that never reads its `success` flag, a test that there is an error (`if (error)`, `if (error != nil)`, alone or with more conditions joined by `&&`) decides only when something runs without one: the `else`, or an action after a branch that returns; that action also runs for the errors the other conditions leave out. A branch that only shows the error, with nothing after it, guards nothing.",
            "Only the reply block written at the call is read for its branches; a reply passed as a variable is not followed (as in the Swift rule).",
            "Objective-C has no `async`/`await`: the Swift rule's cases of the awaited form (a `catch` of the awaited call, a failure taken for success with `try?` and `?? true`, an awaited outcome thrown away, here or by the callers of an `async` function) have no Objective-C counterpart.",
            "An outcome handed on to a block parameter of the enclosing method or function (`completion(error)`, `completion(success, error)`, `reply:completion`), sent as an argument of a message the scan's Objective-C code implements (`[self.delegate gate:self didFinishWithError:error]`, or `withObject:error` of a `performSelector:` message whose `@selector(…)`, written or stored in a property as a target/action pair, it implements), passed to a block the class keeps in a property (`self.onFinish(error)`), or assigned to a property of the class (`self.authError = error`, read too through a custom getter the property declares), is followed to the blocks the senders in the scan's Objective-C files pass, to the implementations, to the blocks assigned to the block property, or to the property's reads in the class's implementations (or, when they test nothing, on an instance of the class that other code holds), and on, up to three hand-offs, when that code hands the error on again: a test there of the error alone (`if (!error)`, `error == nil`, `if (error) { …; return; }` or `@throw` before more code), never reading a `success` handed with it, is reported at the hand-off, with the hand-offs on the way and the test as the related locations. A test that only shows the error guards nothing, and a value given to a message or function inside a condition (`if ([self shouldUnlock:success])`) is passed on, not tested there, as in the Swift rule; the error passed on inside a test of the outcome (`if (error) { completion(error); }`) is the failure's reason, not the outcome.",
            "Actions are compared token by token (spacing does not matter); the same action written differently in the two branches (`[self unlock]` and `[self performSelector:@selector(unlock)]`, `YES` and `1`) is not recognised.",
        ],
        examples: objectiveCExamples)
}

// MARK: - Objective-C examples (they run as tests and appear in `explain`)

extension FailOpenLocalAuthenticationRule {
    private static let objectiveCWhenFailed = "when `success` is false"

    static let objectiveCExamples: [RuleExample] = [
        .nonTriggeringObjC(
            "Each path sends its own local of the same name: a result that says success on one and cancellation on the other",
            """
            @implementation Signer
            - (void)signWithResolver:(void (^)(NSDictionary *))resolve rejecter:(void (^)(NSError *))reject {
                [[[LAContext alloc] init] evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Sign"
                                                   reply:^(BOOL success, NSError *error) {
                    if (success) {
                        NSDictionary *result = @{ @"success": @(YES) };
                        resolve(result);
                    } else if (error.code == LAErrorUserCancel) {
                        NSDictionary *result = @{ @"success": @(NO), @"error": @"cancelled" };
                        resolve(result);
                    } else {
                        reject(error);
                    }
                }];
            }
            @end
            """,
            alsoTriggers: ["objc.boolean_only_local_authentication"]),
        .triggeringObjC(
            "One local, declared before the evaluation, sent on both paths: the same action",
            """
            @implementation Revealer
            - (void)revealToken:(NSData *)token show:(void (^)(NSData *))show {
                NSData *secret = token;
                [[[LAContext alloc] init] evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Reveal"
                                                   reply:^(BOOL success, NSError *error) {
                    if (success) {
                        show(secret);
                    } else {
                        ↓show(secret);
                    }
                }];
            }
            @end
            """,
            messages: [FailOpenLocalAuthenticationJudgement.message("show(secret)", place: objectiveCWhenFailed)],
            alsoTriggers: ["objc.boolean_only_local_authentication"]),
        .triggering(
            "The error stored in a property read through its custom getter by a class that holds the model",
            files: [
                "LockModel.h": """
                    @interface LockModel : NSObject
                    @property (nonatomic, strong, getter=lastFailure) NSError *authError;
                    @end
                    """,
                "LockModel.m": """
                    @implementation LockModel
                    - (void)check {
                        [[[LAContext alloc] init] evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Unlock"
                                                           reply:^(BOOL success, NSError *error) {
                            ↓self.authError = error;
                        }];
                    }
                    @end
                    """,
                "VaultScreen.m": """
                    @implementation VaultScreen
                    - (void)render:(LockModel *)model {
                        if ([model lastFailure] == nil) { [self showSecrets]; }
                    }
                    @end
                    """,
            ],
            messages: [
                FailOpenLocalAuthenticationJudgement.handedOnMessage(
                    handoff: "self.authError = error", receivers: "the readers of the property `authError`", test: "[model lastFailure] == nil",
                    place: "VaultScreen.m:3")
            ],
            alsoTriggers: ["objc.boolean_only_local_authentication"]),
        .triggeringObjC(
            "The error sent to a helper of a declared class, whose method unlocks when there is none; another class's method of the same selector only shows it",
            """
            @interface BiometricGate ()
            @property (nonatomic, strong) Unlocker *unlocker;
            @end
            @implementation BiometricGate
            - (void)start {
                [[[LAContext alloc] init] evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Unlock"
                                                   reply:^(BOOL success, NSError *error) {
                    ↓[self.unlocker finishWithError:error];
                }];
            }
            @end
            @implementation Reporter
            - (void)finishWithError:(NSError *)error {
                if (error) { [self presentError:error]; }
            }
            @end
            @implementation Unlocker
            - (void)finishWithError:(NSError *)error {
                if (!error) { [self openVault]; }
            }
            @end
            """,
            messages: [
                FailOpenLocalAuthenticationJudgement.handedOnMessage(
                    handoff: "[self.unlocker finishWithError:error]", receivers: "the implementations of `finishWithError:`", test: "!error",
                    place: "Example.m:19")
            ],
            alsoTriggers: ["objc.boolean_only_local_authentication"]),
        .triggering(
            "The error sent to a stored target/action pair, whose action a screen sets to a method that unlocks when there is none",
            files: [
                "BiometricGate.m": """
                    @interface BiometricGate ()
                    @property (nonatomic, weak) id target;
                    @property (nonatomic) SEL action;
                    @end
                    @implementation BiometricGate
                    - (instancetype)initWithTarget:(id)target action:(SEL)action {
                        self = [super init];
                        _target = target;
                        _action = action;
                        return self;
                    }
                    - (void)start {
                        [[[LAContext alloc] init] evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Unlock"
                                                           reply:^(BOOL success, NSError *error) {
                            ↓[self.target performSelector:self.action withObject:error];
                        }];
                    }
                    @end
                    """,
                "LockScreen.m": """
                    @implementation LockScreen
                    - (void)viewDidLoad {
                        self.gate = [[BiometricGate alloc] initWithTarget:self action:@selector(gateDidFinishWithError:)];
                    }
                    - (void)gateDidFinishWithError:(NSError *)error {
                        if (!error) { [self showVault]; }
                    }
                    @end
                    """,
            ],
            messages: [
                FailOpenLocalAuthenticationJudgement.handedOnMessage(
                    handoff: "[self.target performSelector:self.action withObject:error]",
                    receivers: "the methods the selectors stored in `action` name", test: "!error", place: "LockScreen.m:6")
            ],
            alsoTriggers: ["objc.boolean_only_local_authentication"]),
        .triggeringObjC(
            "The error sent through performSelector:withObject: to a method that unlocks when there is none",
            """
            @implementation BiometricGate
            - (void)start {
                [[[LAContext alloc] init] evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Unlock"
                                                   reply:^(BOOL success, NSError *error) {
                    ↓[self performSelector:@selector(finishWithError:) withObject:error];
                }];
            }
            - (void)finishWithError:(NSError *)error {
                if (error == nil) { [self showVault]; }
            }
            @end
            """,
            messages: [
                FailOpenLocalAuthenticationJudgement.handedOnMessage(
                    handoff: "[self performSelector:@selector(finishWithError:) withObj…",
                    receivers: "the implementations of `finishWithError:`", test: "error == nil", place: "Example.m:9")
            ],
            alsoTriggers: ["objc.boolean_only_local_authentication"]),
        .triggeringObjC(
            "A reply that never reads its success flag and tests only the error",
            """
            @implementation Gate
            - (void)unlock {
                LAContext *context = [[LAContext alloc] init];
                [context evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Unlock"
                                  reply:^(BOOL success, NSError *error) {
                    if (↓!error) {
                        [self openVault];
                    }
                }];
            }
            @end
            """,
            messages: [FailOpenLocalAuthenticationJudgement.errorNilMessage(test: "!error", success: "success")],
            alsoTriggers: ["objc.boolean_only_local_authentication"]),
        .triggeringObjC(
            "A reply that tests only whether there is an error: the else, or what follows an early return, runs when evaluatePolicy fails without an error object",
            """
            @implementation Lock
            - (void)unlock {
                [[[LAContext alloc] init] evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Unlock"
                                                   reply:^(BOOL success, NSError *error) {
                    if (↓error != nil) {
                        NSLog(@"%@", error);
                    } else {
                        self.unlocked = YES;
                    }
                }];
            }
            - (void)open {
                [[[LAContext alloc] init] evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Open"
                                                   reply:^(BOOL success, NSError *error) {
                    if (↓error) {
                        [self showError:error];
                        return;
                    }
                    [self showVault];
                }];
            }
            @end
            """,
            messages: [
                FailOpenLocalAuthenticationJudgement.errorPresenceMessage(test: "error != nil", success: "success"),
                FailOpenLocalAuthenticationJudgement.errorPresenceMessage(test: "error", success: "success"),
            ],
            alsoTriggers: ["objc.boolean_only_local_authentication"]),
        .triggeringObjC(
            "A reply that never reads its success flag: a test of the error against nil on one side of ||, and a test that there is an error of one code before the action",
            """
            @implementation Lock
            - (void)unlock {
                [[[LAContext alloc] init] evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Unlock"
                                                   reply:^(BOOL success, NSError *error) {
                    if (↓error == nil || error.code == LAErrorUserFallback) {
                        [self showVault];
                    }
                }];
            }
            - (void)open {
                [[[LAContext alloc] init] evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Open"
                                                   reply:^(BOOL success, NSError *error) {
                    if (↓error && error.code == LAErrorUserCancel) {
                        return;
                    }
                    [self showVault];
                }];
            }
            @end
            """,
            messages: [
                FailOpenLocalAuthenticationJudgement.errorNilMessage(test: "error == nil", success: "success"),
                FailOpenLocalAuthenticationJudgement.errorPresenceMessage(test: "error && error.code == LAErrorUserCancel", success: "success"),
            ],
            alsoTriggers: ["objc.boolean_only_local_authentication"]),
        .nonTriggeringObjC(
            "The same tests of the error with the success flag tested too, or with nothing to run when there is none",
            """
            @implementation Lock
            - (void)unlock {
                [[[LAContext alloc] init] evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Unlock"
                                                   reply:^(BOOL success, NSError *error) {
                    if (error != nil) {
                        NSLog(@"%@", error);
                    } else if (success) {
                        self.unlocked = YES;
                    }
                }];
            }
            - (void)open {
                [[[LAContext alloc] init] evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Open"
                                                   reply:^(BOOL success, NSError *error) {
                    if (error) {
                        [self showError:error];
                        return;
                    }
                    if (!success) { return; }
                    [self showVault];
                }];
            }
            - (void)check {
                [[[LAContext alloc] init] evaluatePolicy:LAPolicyDeviceOwnerAuthentication localizedReason:@"Check"
                                                   reply:^(BOOL success, NSError *error) {
                    if (error) {
                        [self showError:error];
                        return;
                    }
                }];
            }
            @end
            """,
            alsoTriggers: ["objc.boolean_only_local_authentication"]),
        .triggering(
            "The BOOL and the error handed on to a completion block; a sender tests only the error",
            files: [
                "BiometricGate.m": """
                    @implementation BiometricGate
                    - (void)authenticateWithCompletion:(void (^)(BOOL success, NSError *error))completion {
                        LAContext *context = [[LAContext alloc] init];
                        [context evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Unlock"
                                          reply:^(BOOL success, NSError *error) {
                            ↓completion(success, error);
                        }];
                    }
                    @end
                    """,
                "LockScreen.m": """
                    @implementation LockScreen
                    - (void)unlock {
                        [self.gate authenticateWithCompletion:^(BOOL ok, NSError *error) {
                            if (error == nil) {
                                [self showVault];
                            }
                        }];
                    }
                    @end
                    """,
            ],
            messages: [
                FailOpenLocalAuthenticationJudgement.handedOnMessage(
                    handoff: "completion(success, error)", receivers: "the senders of `-[BiometricGate authenticateWithCompletion:]`", test: "error == nil",
                    place: "LockScreen.m:4")
            ],
            alsoTriggers: ["objc.boolean_only_local_authentication"]),
        .triggeringObjC(
            "The error sent to a delegate whose implementation unlocks when there is none",
            """
            @implementation BiometricGate
            - (void)start {
                LAContext *context = [[LAContext alloc] init];
                [context evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Unlock"
                                  reply:^(BOOL success, NSError *error) {
                    ↓[self.delegate biometricGate:self didFinishWithError:error];
                }];
            }
            @end
            @implementation LockController
            - (void)biometricGate:(BiometricGate *)gate didFinishWithError:(NSError *)error {
                if (!error) {
                    [self showVault];
                }
            }
            @end
            """,
            messages: [
                FailOpenLocalAuthenticationJudgement.handedOnMessage(
                    handoff: "[self.delegate biometricGate:self didFinishWithError:error]",
                    receivers: "the implementations of `biometricGate:didFinishWithError:`", test: "!error", place: "Example.m:12")
            ],
            alsoTriggers: ["objc.boolean_only_local_authentication"]),
        .triggeringObjC(
            "The error stored in a property whose reads unlock when there is none",
            """
            @implementation LockViewModel
            - (void)check {
                LAContext *context = [[LAContext alloc] init];
                [context evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Unlock"
                                  reply:^(BOOL success, NSError *error) {
                    ↓_authError = error;
                }];
            }
            - (void)openVault {
                if (self.authError == nil) {
                    [self showSecrets];
                }
            }
            @end
            """,
            messages: [
                FailOpenLocalAuthenticationJudgement.handedOnMessage(
                    handoff: "_authError = error", receivers: "the readers of the property `authError`", test: "self.authError == nil",
                    place: "Example.m:10")
            ],
            alsoTriggers: ["objc.boolean_only_local_authentication"]),
        .nonTriggeringObjC(
            "The BOOL handed on to a completion block whose sender tests it",
            """
            @implementation BiometricGate
            - (void)authenticateWithCompletion:(void (^)(BOOL success, NSError *error))completion {
                LAContext *context = [[LAContext alloc] init];
                [context evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Unlock"
                                  reply:^(BOOL success, NSError *error) {
                    completion(success, error);
                }];
            }
            - (void)unlock {
                [self authenticateWithCompletion:^(BOOL ok, NSError *error) {
                    if (ok) {
                        [self showVault];
                    } else {
                        [self showError:error];
                    }
                }];
            }
            @end
            """,
            alsoTriggers: ["objc.boolean_only_local_authentication"]),
        .triggeringObjC(
            "The fallback error code unlocks like a success",
            """
            @implementation LockScreen
            - (void)unlockWithBiometrics {
                LAContext *context = [[LAContext alloc] init];
                [context evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Unlock"
                                  reply:^(BOOL success, NSError *error) {
                    dispatch_async(dispatch_get_main_queue(), ^{
                        if (success) {
                            [self unlock];
                        } else if (error.code == LAErrorUserFallback) {
                            ↓[self unlock];
                        } else {
                            [self showError:error];
                        }
                    });
                }];
            }
            @end
            """,
            messages: [FailOpenLocalAuthenticationJudgement.message("[self unlock]", place: objectiveCWhenFailed)],
            alsoTriggers: ["objc.boolean_only_local_authentication"]),
        .triggeringObjC(
            "A missing error object taken for success, written both ways",
            """
            void authenticate(void (^completion)(BOOL)) {
                [[LAContext new] evaluatePolicy:LAPolicyDeviceOwnerAuthentication localizedReason:@"Sign in"
                                          reply:^(BOOL success, NSError *error) {
                    if (success || ↓error == nil) {
                        completion(YES);
                    } else {
                        completion(NO);
                    }
                }];
                [[LAContext new] evaluatePolicy:LAPolicyDeviceOwnerAuthentication localizedReason:@"Sign in"
                                          reply:^(BOOL ok, NSError *failure) {
                    if (↓!failure || (ok)) {
                        completion(YES);
                    }
                }];
            }
            """,
            messages: [
                FailOpenLocalAuthenticationJudgement.errorNilMessage(test: "error == nil", success: "success"),
                FailOpenLocalAuthenticationJudgement.errorNilMessage(test: "!failure", success: "ok"),
            ],
            alsoTriggers: ["objc.boolean_only_local_authentication"]),
        .triggeringObjC(
            "if (!success) { …; return; } that completes with YES anyway",
            """
            void authenticate(void (^completion)(BOOL)) {
                LAContext *context = [[LAContext alloc] init];
                [context evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Sign in"
                                  reply:^(BOOL success, NSError *error) {
                    if (!success) {
                        NSLog(@"biometry failed: %@", error);
                        ↓completion(YES);
                        return;
                    }
                    completion(YES);
                }];
            }
            """,
            messages: [FailOpenLocalAuthenticationJudgement.message("completion(YES)", place: objectiveCWhenFailed)],
            alsoTriggers: ["objc.boolean_only_local_authentication"]),
        .triggeringObjC(
            "One case of a switch on the error code approves the payment",
            """
            @implementation PaymentSheet
            - (void)confirm {
                [[[LAContext alloc] init] evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Pay"
                                                   reply:^(BOOL success, NSError *error) {
                    if (success == YES) {
                        self.approved = YES;
                        [self submitPayment];
                    } else {
                        switch (error.code) {
                        case LAErrorSystemCancel:
                        case LAErrorAppCancel:
                            ↓[self submitPayment];
                            break;
                        default:
                            [self showError:error];
                            break;
                        }
                    }
                }];
            }
            @end
            """,
            messages: [FailOpenLocalAuthenticationJudgement.message("[self submitPayment]", place: objectiveCWhenFailed)],
            alsoTriggers: ["objc.boolean_only_local_authentication"]),
        .nonTriggeringObjC(
            "Failure shows the error, completes with NO, or asks for a credential the app verifies",
            """
            @implementation LockScreen
            - (void)unlockWithBiometrics:(void (^)(BOOL))completion {
                [[LAContext new] evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Unlock"
                                          reply:^(BOOL success, NSError *error) {
                    if (success) {
                        [self unlock];
                        completion(YES);
                    } else if (error.code == LAErrorUserFallback) {
                        [self askForAppPassword];
                    } else {
                        [self showError:error];
                        completion(NO);
                    }
                }];
            }
            @end
            """,
            alsoTriggers: ["objc.boolean_only_local_authentication"]),
        .nonTriggeringObjC(
            "The success path's own error handling falls back to the PIN, as the failure does",
            """
            @implementation Login
            - (void)authenticate {
                LAContext *context = [[LAContext alloc] init];
                [context evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Log in"
                                  reply:^(BOOL success, NSError *error) {
                    if (!success) {
                        [self showPINPad];
                        return;
                    }
                    NSData *token = [self readTokenWithContext:context];
                    if (!token) {
                        [self showPINPad];
                        return;
                    }
                    [self showAccount:token];
                }];
            }
            @end
            """),
        .nonTriggeringObjC(
            "Both branches refresh the screen, but the failure locks: not the same outcome",
            """
            @implementation Vault
            - (void)open {
                [[LAContext new] evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Open"
                                          reply:^(BOOL success, NSError *error) {
                    if (success) {
                        self.state = VaultStateUnlocked;
                        [self refresh];
                    } else {
                        self.state = VaultStateLocked;
                        [self refresh];
                    }
                }];
            }
            @end
            """,
            alsoTriggers: ["objc.boolean_only_local_authentication"]),
    ]
}

// MARK: - Examples (they run as tests and appear in `explain`)

extension FailOpenLocalAuthenticationRule {
    private static let whenFailed = "when `success` is false"

    static let examples: [RuleExample] = [
        .nonTriggering(
            "Each path sends its own local of the same name: a result that says success on one and cancellation on the other",
            """
            func sign(resolve: @escaping ([String: Any]) -> Void, reject: @escaping (Error?) -> Void) {
                LAContext().evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Sign") { success, error in
                    if success {
                        let result: [String: Any] = ["success": true]
                        resolve(result)
                    } else if (error as? LAError)?.code == .userCancel {
                        let result: [String: Any] = ["success": false, "error": "cancelled"]
                        resolve(result)
                    } else {
                        reject(error)
                    }
                }
            }
            """,
            alsoTriggers: ["swift.boolean_only_local_authentication"]),
        .triggering(
            "One local, declared before the evaluation, sent on both paths: the same action",
            """
            func reveal(token: Data, show: @escaping (Data) -> Void) {
                let secret = token
                LAContext().evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Reveal") { success, _ in
                    if success {
                        show(secret)
                    } else {
                        ↓show(secret)
                    }
                }
            }
            """,
            messages: [FailOpenLocalAuthenticationJudgement.message("show(secret)", place: whenFailed)],
            alsoTriggers: ["swift.boolean_only_local_authentication"]),
        .triggering(
            "A reply that ignores its success flag and tests only the error",
            """
            func unlock() {
                LAContext().evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock") { _, error in
                    if ↓error == nil {
                        self.showVault()
                    }
                }
            }
            func open(completion: @escaping (Bool) -> Void) {
                LAContext().evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Open") { ok, failure in
                    guard ↓failure == nil else { return completion(false) }
                    completion(true)
                }
            }
            """,
            messages: [
                FailOpenLocalAuthenticationJudgement.errorNilMessage(error: "error", success: "success"),
                FailOpenLocalAuthenticationJudgement.errorNilMessage(error: "failure", success: "ok"),
            ],
            alsoTriggers: ["swift.boolean_only_local_authentication"]),
        .nonTriggering(
            "A reply that reads its success flag and reports the error",
            """
            func unlock() {
                LAContext().evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock") { success, error in
                    if error == nil && success {
                        self.showVault()
                    } else {
                        self.show(error)
                    }
                }
            }
            """,
            alsoTriggers: ["swift.boolean_only_local_authentication"]),
        .triggering(
            "A reply that tests only whether there is an error: what runs when there is none (after a branch that leaves, or in the else) runs when evaluatePolicy fails without an error object",
            """
            final class Lock {
                var isUnlocked = false
                func unlock() {
                    LAContext().evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock") { _, error in
                        if ↓let error {
                            self.show(error)
                            return
                        }
                        self.isUnlocked = true
                    }
                }
                func open() {
                    LAContext().evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Open") { _, error in
                        if ↓let failure = error { self.show(failure); return }
                        self.showVault()
                    }
                }
                func reveal() {
                    LAContext().evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "Reveal") { _, error in
                        if ↓let error { self.show(error) } else { self.showVault() }
                    }
                }
                func pay() {
                    LAContext().evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "Pay") { _, error in
                        if ↓error != nil { self.show(error) } else { self.sendPayment() }
                    }
                }
            }
            """,
            messages: [
                FailOpenLocalAuthenticationJudgement.errorPresenceMessage(test: "let error", success: "success"),
                FailOpenLocalAuthenticationJudgement.errorPresenceMessage(test: "let failure = error", success: "success"),
                FailOpenLocalAuthenticationJudgement.errorPresenceMessage(test: "let error", success: "success"),
                FailOpenLocalAuthenticationJudgement.errorPresenceMessage(test: "error != nil", success: "success"),
            ],
            alsoTriggers: ["swift.boolean_only_local_authentication"]),
        .triggering(
            "A reply that never reads its success flag: a test of the error against nil on one side of ||, and a test that there is an LAError of one code before the action",
            """
            final class Lock {
                var completion: ((Bool) -> Void)?
                func unlock() {
                    LAContext().evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock") { _, error in
                        if ↓error == nil || (error as? LAError)?.code == .userFallback {
                            self.completion?(true)
                        }
                    }
                }
                func open() {
                    LAContext().evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Open") { _, error in
                        if ↓let error = error as? LAError, error.code == .userCancel { return }
                        self.completion?(true)
                    }
                }
            }
            """,
            messages: [
                FailOpenLocalAuthenticationJudgement.errorNilMessage(test: "error == nil", success: "success"),
                FailOpenLocalAuthenticationJudgement.errorPresenceMessage(test: "let error = error as? LAError, error.code == .userCancel", success: "success"),
            ],
            alsoTriggers: ["swift.boolean_only_local_authentication"]),
        .nonTriggering(
            "The same tests with the success flag read: the cast picks the failure to handle, and only success runs the action",
            """
            final class Lock {
                var completion: ((Bool) -> Void)?
                func unlock() {
                    LAContext().evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock") { success, error in
                        if let error = error as? LAError, error.code == .userCancel { return }
                        self.completion?(success)
                    }
                }
            }
            """,
            alsoTriggers: ["swift.boolean_only_local_authentication"]),
        .nonTriggering(
            "The same tests of the error with the success flag tested too, or with nothing to run when there is none",
            """
            final class Lock {
                var isUnlocked = false
                func unlock() {
                    LAContext().evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock") { success, error in
                        if let error {
                            self.show(error)
                            return
                        }
                        guard success else { return }
                        self.isUnlocked = true
                    }
                }
                func open() {
                    LAContext().evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Open") { success, error in
                        if let failure = error { self.show(failure); return }
                        if success { self.showVault() }
                    }
                }
                func pay() {
                    LAContext().evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "Pay") { success, error in
                        if error != nil { self.show(error) } else if success { self.sendPayment() }
                    }
                }
                func check() {
                    LAContext().evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "Check") { _, error in
                        if let error { self.show(error); return }
                    }
                }
            }
            """,
            alsoTriggers: ["swift.boolean_only_local_authentication"]),
        .triggering(
            "The outcome handed on to the caller, whose closure tests only the error (reported at the hand-off)",
            files: [
                "BiometricGate.swift": """
                    final class BiometricGate {
                        func authenticate(completion: @escaping (Error?) -> Void) {
                            let context = LAContext()
                            context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock") { _, error in
                                DispatchQueue.main.async { ↓completion(error) }
                            }
                        }
                        func verify(reason: String, completion: @escaping (Bool, Error?) -> Void) {
                            let context = LAContext()
                            context.evaluatePolicy(.deviceOwnerAuthentication, localizedReason: reason, reply: ↓completion)
                        }
                    }
                    """,
                "LockScreen.swift": """
                    final class LockScreen {
                        let gate = BiometricGate()
                        func unlock() {
                            gate.authenticate { error in
                                if let error {
                                    self.show(error)
                                    return
                                }
                                self.showVault()
                            }
                        }
                        func pay() {
                            gate.verify(reason: "Pay") { _, error in
                                guard error == nil else { return }
                                self.sendPayment()
                            }
                        }
                    }
                    """,
            ],
            messages: [
                FailOpenLocalAuthenticationJudgement.handedOnMessage(
                    handoff: "completion(error)", receivers: "the callers of `authenticate(completion:)`", test: "let error", place: "LockScreen.swift:5"),
                FailOpenLocalAuthenticationJudgement.handedOnMessage(
                    handoff: "completion", receivers: "the callers of `verify(reason:completion:)`", test: "error == nil", place: "LockScreen.swift:14"),
            ],
            alsoTriggers: ["swift.boolean_only_local_authentication"]),
        .nonTriggering(
            "The outcome handed on to a caller that tests the success flag handed with the error",
            files: [
                "BiometricGate.swift": """
                    final class BiometricGate {
                        func authenticate(completion: @escaping (Bool, Error?) -> Void) {
                            let context = LAContext()
                            context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock") { success, error in
                                completion(success, error)
                            }
                        }
                    }
                    """,
                "LockScreen.swift": """
                    final class LockScreen {
                        func unlock() {
                            BiometricGate().authenticate { ok, error in
                                if ok && error == nil {
                                    self.showVault()
                                }
                            }
                        }
                    }
                    """,
            ],
            alsoTriggers: ["swift.boolean_only_local_authentication"]),
        .triggering(
            "The error handed to a delegate method whose implementation unlocks when it is nil",
            files: [
                "BiometricGate.swift": """
                    final class BiometricGate {
                        weak var delegate: BiometricGateDelegate?
                        func start() {
                            LAContext().evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock") { _, error in
                                ↓self.delegate?.gate(self, didFinishWith: error)
                            }
                        }
                    }
                    """,
                "LockController.swift": """
                    final class LockController: BiometricGateDelegate {
                        func gate(_ gate: BiometricGate, didFinishWith error: Error?) {
                            guard error == nil else { return }
                            showVault()
                        }
                    }
                    """,
            ],
            messages: [
                FailOpenLocalAuthenticationJudgement.handedOnMessage(
                    handoff: "self.delegate?.gate(self, didFinishWith: error)", receivers: "`gate(_:didFinishWith:)`",
                    test: "error == nil", place: "LockController.swift:3")
            ],
            alsoTriggers: ["swift.boolean_only_local_authentication"]),
        .triggering(
            "The error handed to a closure kept in a stored property; the closure a screen assigns unlocks when it is nil",
            files: [
                "BiometricGate.swift": """
                    final class BiometricGate {
                        var onFinish: ((Error?) -> Void)?
                        func start() {
                            LAContext().evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock") { _, error in
                                ↓onFinish?(error)
                            }
                        }
                    }
                    """,
                "LockScreen.swift": """
                    final class LockScreen {
                        func appear(gate: BiometricGate) {
                            gate.onFinish = { error in
                                if error == nil { self.showVault() }
                            }
                        }
                    }
                    """,
            ],
            messages: [
                FailOpenLocalAuthenticationJudgement.handedOnMessage(
                    handoff: "onFinish?(error)", receivers: "the closures assigned to `onFinish`", test: "error == nil",
                    place: "LockScreen.swift:4")
            ],
            alsoTriggers: ["swift.boolean_only_local_authentication"]),
        .triggering(
            "The error handed to the callers, one of which passes another object's method (its receiver's type written) that unlocks when it is nil",
            """
            final class BiometricGate {
                func authenticate(completion: @escaping (Error?) -> Void) {
                    LAContext().evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock") { _, error in
                        ↓completion(error)
                    }
                }
            }
            final class LockViewModel {
                func handle(_ error: Error?) {
                    guard error == nil else { return }
                    openVault()
                }
            }
            final class LockScreen {
                func appear(viewModel: LockViewModel) {
                    BiometricGate().authenticate(completion: viewModel.handle)
                }
            }
            """,
            messages: [
                FailOpenLocalAuthenticationJudgement.handedOnMessage(
                    handoff: "completion(error)", receivers: "the callers of `authenticate(completion:)`", test: "error == nil",
                    place: "Example.swift:10")
            ],
            alsoTriggers: ["swift.boolean_only_local_authentication"]),
        .triggering(
            "The error handed to a method of a helper whose type is written; a same-named method of another type only shows it",
            """
            final class Unlocker {
                func finish(_ error: Error?) {
                    if error == nil { openVault() }
                }
            }
            final class Reporter {
                func finish(_ error: Error?) {
                    if let error { show(error) }
                }
            }
            final class BiometricGate {
                let unlocker: Unlocker
                func start() {
                    LAContext().evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock") { _, error in
                        ↓self.unlocker.finish(error)
                    }
                }
            }
            """,
            messages: [
                FailOpenLocalAuthenticationJudgement.handedOnMessage(
                    handoff: "self.unlocker.finish(error)", receivers: "`finish(_:)`", test: "error == nil", place: "Example.swift:3")
            ],
            alsoTriggers: ["swift.boolean_only_local_authentication"]),
        .nonTriggering(
            "The error handed to a stored closure whose assigned closure reads the flag handed with it, or that only shows the error; a helper's method of the written type that only shows it",
            """
            final class BiometricGate {
                var onResult: ((Bool, Error?) -> Void)?
                var onError: ((Error?) -> Void)?
                let reporter: Reporter
                func start() {
                    LAContext().evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock") { success, error in
                        self.onResult?(success, error)
                    }
                    LAContext().evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Check") { _, error in
                        self.onError?(error)
                        self.reporter.finish(error)
                    }
                }
            }
            final class Reporter {
                func finish(_ error: Error?) {
                    if let error { show(error) }
                }
            }
            final class Unlocker {
                func finish(_ error: Error?) {
                    if error == nil { openVault() }
                }
            }
            final class LockScreen {
                func appear(gate: BiometricGate) {
                    gate.onResult = { ok, error in
                        if ok && error == nil { self.showVault() }
                    }
                    gate.onError = { error in
                        if let error { self.present(error) }
                    }
                }
            }
            """,
            alsoTriggers: ["swift.boolean_only_local_authentication"]),
        .triggering(
            "The error stored in a published property whose subscriber unlocks when it is nil",
            """
            final class LockModel: ObservableObject {
                @Published var authError: Error?
                private var subscriptions: Set<AnyCancellable> = []
                func check() {
                    LAContext().evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock") { _, error in
                        ↓self.authError = error
                    }
                }
                func observe() {
                    $authError.receive(on: DispatchQueue.main).sink { [weak self] error in
                        guard error == nil else { return }
                        self?.showSecrets()
                    }.store(in: &subscriptions)
                }
            }
            """,
            messages: [
                FailOpenLocalAuthenticationJudgement.handedOnMessage(
                    handoff: "self.authError = error", receivers: "the readers of the property `authError`", test: "error == nil",
                    place: "Example.swift:11")
            ],
            alsoTriggers: ["swift.boolean_only_local_authentication"]),
        .nonTriggering(
            "The success flag published, and a subscriber that tests it",
            """
            final class LockModel: ObservableObject {
                @Published var isUnlocked = false
                private var subscriptions: Set<AnyCancellable> = []
                func unlock() {
                    LAContext().evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock") { success, _ in
                        self.isUnlocked = success
                    }
                }
                func observe() {
                    $isUnlocked.sink { unlocked in
                        if unlocked { self.showSecrets() }
                    }.store(in: &subscriptions)
                }
            }
            """,
            alsoTriggers: ["swift.boolean_only_local_authentication"]),
        .triggering(
            "The error stored in a property whose reads in the type unlock when it is nil",
            """
            final class LockViewModel {
                private var authError: Error?
                func check() {
                    LAContext().evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock") { _, error in
                        ↓self.authError = error
                    }
                }
                func showSecrets() {
                    if authError == nil { presentSecrets() }
                }
            }
            """,
            messages: [
                FailOpenLocalAuthenticationJudgement.handedOnMessage(
                    handoff: "self.authError = error", receivers: "the readers of the property `authError`", test: "authError == nil",
                    place: "Example.swift:9")
            ],
            alsoTriggers: ["swift.boolean_only_local_authentication"]),
        .nonTriggering(
            "The reply tests its flag; the error it passes to a method in the failure branch is only the reason",
            """
            final class LockScreen {
                func unlock() {
                    let context = LAContext()
                    context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock") { success, error in
                        if success {
                            self.showVault()
                        } else {
                            self.handle(error)
                        }
                    }
                }
                func handle(_ error: Error?) {
                    if error == nil { retry() } else { present(error) }
                }
            }
            """,
            alsoTriggers: ["swift.boolean_only_local_authentication"]),
        .triggering(
            "The fallback error code unlocks like a success",
            """
            final class LockScreen {
                func unlockWithBiometrics() {
                    let context = LAContext()
                    context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock") { success, error in
                        DispatchQueue.main.async {
                            if success {
                                self.unlock()
                            } else if let error = error as? LAError, error.code == .userFallback {
                                ↓self.unlock()
                            } else {
                                self.showError(error)
                            }
                        }
                    }
                }
                func unlock() {}
                func showError(_ error: Error?) {}
            }
            """,
            messages: [FailOpenLocalAuthenticationJudgement.message("unlock()", place: whenFailed)],
            alsoTriggers: ["swift.boolean_only_local_authentication"]),
        .triggering(
            "A missing error object taken for success",
            """
            func authenticate(completion: @escaping (Bool) -> Void) {
                LAContext().evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "Sign in") { success, error in
                    if success || ↓error == nil {
                        completion(true)
                    } else {
                        completion(false)
                    }
                }
            }
            """,
            messages: [FailOpenLocalAuthenticationJudgement.errorNilMessage(error: "error", success: "success")],
            alsoTriggers: ["swift.boolean_only_local_authentication"]),
        .triggering(
            "guard success else { … } that completes with true anyway",
            """
            func authenticate(completion: @escaping (Bool) -> Void) {
                let context = LAContext()
                context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Sign in", reply: { success, _ in
                    guard success else {
                        print("biometry failed")
                        ↓completion(true)
                        return
                    }
                    completion(true)
                })
            }
            """,
            messages: [FailOpenLocalAuthenticationJudgement.message("completion(true)", place: whenFailed)],
            alsoTriggers: ["swift.boolean_only_local_authentication"]),
        .triggering(
            "An early return written as an if: the failure branch completes with true anyway, or only an error leaves",
            """
            func authenticate(completion: @escaping (Bool) -> Void) {
                LAContext().evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Sign in") { success, _ in
                    if !success {
                        ↓completion(true)
                        return
                    }
                    completion(true)
                }
            }
            func unlock() {
                LAContext().evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock") { _, error in
                    if ↓error != nil { return }
                    self.showVault()
                }
            }
            """,
            messages: [
                FailOpenLocalAuthenticationJudgement.message("completion(true)", place: whenFailed),
                FailOpenLocalAuthenticationJudgement.errorPresenceMessage(test: "error != nil", success: "success"),
            ],
            alsoTriggers: ["swift.boolean_only_local_authentication"]),
        .triggering(
            "The async form: the catch approves the payment too",
            """
            func confirmPayment() async {
                let context = LAContext()
                do {
                    try await context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Pay")
                    approvePayment()
                } catch {
                    ↓approvePayment()
                }
            }
            """,
            messages: [FailOpenLocalAuthenticationJudgement.message("approvePayment()", place: "in the `catch` of the awaited evaluatePolicy")],
            alsoTriggers: ["swift.boolean_only_local_authentication"]),
        .triggering(
            "The async form: an error taken for success, by try? and ?? true or by a catch that returns true",
            """
            func unlockVault() async {
                let context = LAContext()
                let ok = ↓(try? await context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock")) ?? true
                if ok { showVault() }
            }
            func isOwner() async -> Bool {
                ↓(try? await LAContext().evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "Confirm")) != false
            }
            func signIn() async -> Bool {
                let context = LAContext()
                do {
                    return try await context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Sign in")
                } catch {
                    ↓return true
                }
            }
            """,
            messages: [
                FailOpenLocalAuthenticationJudgement.failureTakenForSuccessMessage("(try? await context.evaluatePolicy(…)) ?? true"),
                FailOpenLocalAuthenticationJudgement.failureTakenForSuccessMessage("(try? await LAContext().evaluatePolicy(…)) != false"),
                FailOpenLocalAuthenticationJudgement.message("return true", place: "in the `catch` of the awaited evaluatePolicy"),
            ],
            alsoTriggers: ["swift.boolean_only_local_authentication"]),
        .nonTriggering(
            "The async form: a failure made false, tested before the action, or returned as false",
            """
            final class VaultScreen {
                func open() async {
                    let context = LAContext()
                    let ok = (try? await context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Open")) ?? false
                    if ok { showSecrets() }
                }
                func reveal() async {
                    guard (try? await LAContext().evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "Reveal")) == true else { return }
                    showSecrets()
                }
                func signIn() async -> Bool {
                    do {
                        return try await LAContext().evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Sign in")
                    } catch {
                        return false
                    }
                }
                func showSecrets() {}
            }
            """,
            alsoTriggers: ["swift.boolean_only_local_authentication"]),
        .triggering(
            "The awaited outcome thrown away, and the action after it",
            """
            final class VaultScreen {
                func open() async {
                    let context = LAContext()
                    ↓_ = try? await context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Open")
                    showSecrets()
                }
                func showSecrets() {}
            }
            """,
            messages: [FailOpenLocalAuthenticationJudgement.ignoredMessage("_ = try? await context.evaluatePolicy(…)", action: "showSecrets()")]),
        .nonTriggering(
            "The awaited outcome thrown away before a Keychain read with the same context: the Keychain decides",
            """
            func readToken() async -> Data? {
                let context = LAContext()
                _ = try? await context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Read token")
                let query: [String: Any] = [
                    kSecClass as String: kSecClassGenericPassword,
                    kSecAttrService as String: "token",
                    kSecUseAuthenticationContext as String: context,
                    kSecReturnData as String: true,
                ]
                var item: CFTypeRef?
                guard SecItemCopyMatching(query as CFDictionary, &item) == errSecSuccess else { return nil }
                return item as? Data
            }
            """),
        .triggering(
            "The failure of an async throws gate, thrown away by a caller that then acts (also one function further) or taken for success",
            files: [
                "BiometricGate.swift": """
                    final class BiometricGate {
                        func unlock() async throws {
                            let context = LAContext()
                            ↓try await context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock")
                        }
                        func authenticate(reason: String) async throws {
                            ↓try await LAContext().evaluatePolicy(.deviceOwnerAuthentication, localizedReason: reason)
                        }
                        func check() async throws -> Bool {
                            try await ↓LAContext().evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Check")
                        }
                    }
                    """,
                "VaultScreen.swift": """
                    final class VaultScreen {
                        let gate = BiometricGate()
                        func open() async {
                            try? await gate.unlock()
                            showSecrets()
                        }
                        func confirm() async throws {
                            try await gate.authenticate(reason: "Pay")
                        }
                        func pay() async {
                            _ = try? await confirm()
                            submitPayment()
                        }
                        func export() async {
                            guard (try? await gate.check()) ?? true else { return }
                            exportVault()
                        }
                    }
                    """,
            ],
            messages: [
                FailOpenLocalAuthenticationJudgement.ignoredByCallerMessage(
                    receivers: "the callers of `unlock()`", call: "try? await gate.unlock()", place: "VaultScreen.swift:4", action: "showSecrets()"),
                FailOpenLocalAuthenticationJudgement.ignoredByCallerMessage(
                    receivers: "the callers of `authenticate(reason:)`, then the callers of `confirm()`", call: "_ = try? await confirm()",
                    place: "VaultScreen.swift:11", action: "submitPayment()"),
                FailOpenLocalAuthenticationJudgement.takenForSuccessByCallerMessage(
                    receivers: "the callers of `check()`", call: "(try? await gate.check()) ?? true", place: "VaultScreen.swift:15"),
            ],
            alsoTriggers: ["swift.boolean_only_local_authentication"]),
        .nonTriggering(
            "Callers of an async throws gate that test the try?, let the failure stop the action, or a gate that acts itself",
            files: [
                "BiometricGate.swift": """
                    final class BiometricGate {
                        var isUnlocked = false
                        func unlock() async throws {
                            let context = LAContext()
                            try await context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock")
                        }
                        func unlockSession() async throws {
                            try await LAContext().evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock")
                            isUnlocked = true
                        }
                        @discardableResult
                        func refreshSession() async -> Bool {
                            let ok = (try? await LAContext().evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "Refresh")) ?? false
                            if ok { isUnlocked = true }
                            return ok
                        }
                    }
                    """,
                "VaultScreen.swift": """
                    final class VaultScreen {
                        let gate = BiometricGate()
                        func open() async {
                            if (try? await gate.unlock()) != nil {
                                showSecrets()
                            }
                        }
                        func reveal() async throws {
                            try await gate.unlock()
                            showSecrets()
                        }
                        func start() async {
                            try? await gate.unlockSession()
                            refreshScreen()
                            await gate.refreshSession()
                            refreshScreen()
                        }
                    }
                    """,
            ],
            alsoTriggers: ["swift.boolean_only_local_authentication"]),
        .nonTriggering(
            "Failure shows the error, completes with false, or asks for a credential the app verifies",
            """
            final class LockScreen {
                func unlockWithBiometrics(completion: @escaping (Bool) -> Void) {
                    LAContext().evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock") { success, error in
                        if success {
                            self.unlock()
                            completion(true)
                        } else if let error = error as? LAError, error.code == .userFallback {
                            self.askForAppPassword()
                        } else {
                            self.showError(error)
                            completion(false)
                        }
                    }
                }
                func confirm() async {
                    do {
                        try await LAContext().evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Pay")
                        approvePayment()
                    } catch {
                        showError(error)
                    }
                }
                func unlock() {}
                func approvePayment() {}
                func askForAppPassword() {}
                func showError(_ error: Error?) {}
            }
            """,
            alsoTriggers: ["swift.boolean_only_local_authentication"]),
        .nonTriggering(
            "The success path's own error handling falls back to the PIN, as the failure does",
            """
            final class Login {
                func authenticate() {
                    let context = LAContext()
                    context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Log in") { success, _ in
                        guard success else {
                            self.showPINPad()
                            return
                        }
                        do {
                            let token = try self.readToken(context: context)
                            self.showAccount(token)
                        } catch {
                            self.showPINPad()
                        }
                    }
                }
                func readToken(context: LAContext) throws -> Data { Data() }
                func showAccount(_ token: Data) {}
                func showPINPad() {}
            }
            """),
        .nonTriggering(
            "Both branches refresh the screen, but the failure locks: not the same outcome",
            """
            final class Vault {
                var state = State.locked
                func open() {
                    LAContext().evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Open") { success, _ in
                        if success {
                            self.state = .unlocked
                            self.refresh()
                        } else {
                            self.state = .locked
                            self.refresh()
                        }
                    }
                }
                func refresh() {}
            }
            """,
            alsoTriggers: ["swift.boolean_only_local_authentication"]),
    ]
}
