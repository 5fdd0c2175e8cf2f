import KeychainLintAnalysis
import KeychainLintRuleKit
import KeychainLintModel
import KeychainLintCore

/// `excessive_authentication_reuse` — a long `touchIDAuthenticationAllowableReuseDuration` (Apple's
/// sample "Accessing Keychain Items with Face ID or Touch ID" uses 10 seconds), in Swift and
/// Objective-C. The front ends hand over every setting of the property (Swift and Objective-C
/// `context.touchIDAuthenticationAllowableReuseDuration = …`, Objective-C's setter message) and
/// every use of `LATouchIDAuthenticationMaximumAllowableReuseDuration`.
public struct ExcessiveAuthenticationReuseRule: Check {
    public static let calls: [CheckedCall] = []
    public static let names: [CheckedName] = [
        .property(ExcessiveAuthenticationReuseJudgement.property), .identifier(ExcessiveAuthenticationReuseJudgement.maximumConstant),
    ]

    /// `MIN(…)` (Foundation's macro) and C's `fmin`: the smaller value is the window.
    static let minimumFunctions: Set<String> = ["MIN", "fmin", "fminf", "fminl"]

    let maxReuseSeconds: Int

    public init(options: [String: ConfigValue]) {
        maxReuseSeconds = ExcessiveAuthenticationReuseJudgement.maxReuseSecondsOption.value(in: options)
    }

    public func check(_ call: ProgramCall, in context: some CheckContext) {}

    /// `context.touchIDAuthenticationAllowableReuseDuration = value` (a read is not judged).
    public func check(property access: ProgramMemberAccess, in context: some CheckContext) {
        guard access.name == ExcessiveAuthenticationReuseJudgement.property, access.base != nil, let setting = access.setting else { return }
        let resolution = context.resolve(setting.value)
        if let first = ExcessiveAuthenticationReuseJudgement.largestExcessive(resolution, maxReuseSeconds: maxReuseSeconds, seconds: Self.seconds) {
            context.report(
                at: setting.whole,
                message: ExcessiveAuthenticationReuseJudgement.excessiveMessage(first.seconds, maxReuseSeconds: maxReuseSeconds)
                    + context.describeTrace(first.trace),
                confidence: first.trace.isEmpty ? .high : .medium, trace: first.trace)
            return
        }
        // The constant written in a macro's body is never handed over as an identifier: it is
        // reported where the macro sets the window.
        if let viaMacro = resolution.values.first(where: {
            $0.value == .symbol(ExcessiveAuthenticationReuseJudgement.maximumConstant) && context.passesThroughMacro($0.trace)
        }) {
            context.report(
                at: setting.whole, message: ExcessiveAuthenticationReuseJudgement.maximumConstantMessage + context.describeTrace(viaMacro.trace),
                confidence: .medium, trace: viaMacro.trace)
            return
        }
        context.noteGaps(resolution, asking: "value of touchIDAuthenticationAllowableReuseDuration")
    }

    /// Any use of `LATouchIDAuthenticationMaximumAllowableReuseDuration` that is the SDK's,
    /// except as an operand of a comparison (a bound check, not a window) or an argument of a
    /// minimum function (an upper bound: the setting is judged by the smaller value).
    public func check(identifier: ProgramIdentifier, in context: some CheckContext) {
        guard identifier.name == ExcessiveAuthenticationReuseJudgement.maximumConstant, !context.declaresOwn(identifier),
            context.role(of: identifier.expression) == .other
        else { return }
        context.report(at: identifier.expression, message: ExcessiveAuthenticationReuseJudgement.maximumConstantMessage)
    }

    /// Seconds in a value as the judgement reads them, and `MIN(a, b)`, `fmin(a, b)`.
    static func seconds(_ value: Value) -> Int? {
        if case .call(let call) = value, minimumFunctions.contains(call.name), call.receiver == nil, call.arguments.count == 2 {
            let parts = call.arguments.map { seconds($0.value) }
            guard parts.allSatisfy({ $0 != nil }) else { return nil }
            return parts.compactMap { $0 }.min()
        }
        return ExcessiveAuthenticationReuseJudgement.seconds(value)
    }

    public static let swiftRule = RuleDescription(
        id: "swift.excessive_authentication_reuse",
        name: "Long authentication reuse window",
        severity: .medium,
        confidence: .high,
        resource: "Authentication",
        tags: ["CWE:287", "CWE:613"],
        summary:
            "LAContext.touchIDAuthenticationAllowableReuseDuration is set above the configured maximum (default 10 s), or to LATouchIDAuthenticationMaximumAllowableReuseDuration (five minutes).",
        documentation: RuleDocumentation(
            whatItDoes: """
                Flags assignments to `touchIDAuthenticationAllowableReuseDuration` whose value can be larger \
                than the configurable `maxReuseSeconds` (default 10, the value Apple's sample "Accessing \
                Keychain Items with Face ID or Touch ID" uses), and every use of `LATouchIDAuthenticationMaximumAllowableReuseDuration`, the full \
                five-minute window. The value is followed by the shared resolver (literals, `TimeInterval(…)`, \
                whole-number floating-point literals, `*` and `-` on integers, constants, properties and \
                branches); when several values can reach the assignment, the largest excessive one is \
                reported. Values above 300 s are clamped by the system to 300 s, and the message says so.
                """,
            whyItMatters: """
                With a non-zero reuse duration, a device unlock with Touch ID that happened within the window \
                satisfies the next authentication the context is asked for, including the access control of \
                Keychain items read with that context (Apple's sample: "any Touch ID authentication that \
                keychain services requires is satisfied by the most recent device unlock event"). A long window \
                means that whoever picks up a device unlocked minutes ago reads biometry-protected secrets \
                without being asked for a finger or face: the prompt that was meant to prove the user is \
                present right now is skipped.
                """,
            whatToDoInstead: """
                Keep the reuse window short (Apple's sample uses 10 seconds, just enough to avoid a second \
                prompt right after unlocking) or leave it at 0 for sensitive operations such as payments, \
                transfers and reading credentials. Never use `LATouchIDAuthenticationMaximumAllowableReuseDuration`.
                """,
            fixSafety: """
                No automatic fix: shortening the window makes users authenticate more often, which is a \
                product decision; the right value depends on the operation.
                """,
            notes: [
                "`maxReuseSeconds` accepts 0…300: 300 is the system maximum, so with 300 only clamped values and the constant are reported.",
                "A value equal to `maxReuseSeconds` is allowed; only values strictly above it are reported.",
                "`LATouchIDAuthenticationMaximumAllowableReuseDuration` is reported wherever it is used, once, at the constant (an assignment of it is not reported a second time), except as an operand of a comparison (`requested > LATouchIDAuthenticationMaximumAllowableReuseDuration` is a bound check, not a window) and as an argument of `min(…)`, where it is an upper bound: there the assignment is judged by the smaller value (`min(600, LATouchIDAuthenticationMaximumAllowableReuseDuration)` is a 300 s window).",
                "Fractional values (`7.5`) and values the resolver cannot follow produce no finding (precision first); `--verbose` shows where resolution stopped.",
                "Tagged CWE-287 (improper authentication) and CWE-613 (insufficient session expiration), chosen for this rule.",
                "Confidence is high when the number is written at the assignment, medium when it was resolved through other code.",
            ],
            references: [
                "Apple: LAContext.touchIDAuthenticationAllowableReuseDuration — https://developer.apple.com/documentation/localauthentication/lacontext/touchidauthenticationallowablereuseduration",
                "Apple: LATouchIDAuthenticationMaximumAllowableReuseDuration — https://developer.apple.com/documentation/localauthentication/latouchidauthenticationmaximumallowablereuseduration",
                "Apple: Accessing Keychain Items with Face ID or Touch ID — https://developer.apple.com/documentation/localauthentication/accessing-keychain-items-with-face-id-or-touch-id",
                "CWE-613: Insufficient Session Expiration — https://cwe.mitre.org/data/definitions/613.html",
            ]),
        remediation:
            "Keep touchIDAuthenticationAllowableReuseDuration at a few seconds (Apple's sample uses 10) or 0 for sensitive operations; never use the five-minute maximum.",
        options: [
            ExcessiveAuthenticationReuseJudgement.maxReuseSecondsOption.spec,
        ],
        examples: examples)

    public static let objectiveCRule = RuleDescription.objectiveC(
        of: swiftRule,
        summary:
            "LAContext's touchIDAuthenticationAllowableReuseDuration is set above the configured maximum (default 10 s), or to LATouchIDAuthenticationMaximumAllowableReuseDuration (five minutes).",
        whatItDoes: """
            Flags `context.touchIDAuthenticationAllowableReuseDuration = value` and \
            `[context setTouchIDAuthenticationAllowableReuseDuration:value]` in Objective-C when the value \
            can be larger than the configurable `maxReuseSeconds` (default 10, the value Apple's sample \
            "Accessing Keychain Items with Face ID or Touch ID" uses), and every use of \
            `LATouchIDAuthenticationMaximumAllowableReuseDuration`, the full five-minute window. The value \
            is followed through casts, whole-number floating-point literals (`60.0`), `*`, `+` and `-` on \
            integers, locals through branches, `static` and global constants, `#define`s (also another \
            Objective-C file's at file scope) and the returns \
            of functions and methods of the same file; `MIN(a, b)` is the smaller value. When several \
            values can reach the assignment, the largest excessive one is reported. Values above 300 s \
            are clamped by the system to 300 s, and the message says so.
            """,
        whatToDoInstead: """
            Keep the reuse window short (Apple's sample uses 10 seconds) or leave it at 0 for sensitive \
            operations such as payments, transfers and reading credentials. Never use \
            `LATouchIDAuthenticationMaximumAllowableReuseDuration`.
            """,
        remediation:
            "Keep touchIDAuthenticationAllowableReuseDuration at a few seconds (Apple's sample uses 10) or 0 for sensitive operations; never use the five-minute maximum.",
        notes: [
            "`LATouchIDAuthenticationMaximumAllowableReuseDuration` is reported at the constant wherever the tree holds it (an assignment of it is not reported a second time), except as an operand of a comparison and as an argument of `MIN(…)`/`fmin(…)`, where it is an upper bound. A `#define` that names it is not code by itself: the assignment that uses the macro is reported instead, with the macro in the message.",
            "A value equal to `maxReuseSeconds` is allowed; fractional values (`7.5`) and values the resolver cannot follow (a property, a parameter, another file) produce no finding; `--verbose` shows where resolution stopped.",
            "Confidence is high when the number is written at the assignment, medium when it was resolved through other code.",
        ],
        options: [ExcessiveAuthenticationReuseJudgement.maxReuseSecondsOption.spec],
        examples: objectiveCExamples)
}

// MARK: - Examples (they run as tests and appear in `explain`)

extension ExcessiveAuthenticationReuseRule {
    private static let tail =
        ": a device unlock that recent satisfies the biometric authentication of Keychain items without the user"
    private static let maximum =
        "`LATouchIDAuthenticationMaximumAllowableReuseDuration` is the full 300 s (five-minute) reuse window: a device unlock up to five minutes old satisfies the biometric authentication of Keychain items without the user"

    static let examples: [RuleExample] = [
        .triggering(
            "A one-minute window on the login context",
            """
            let context = LAContext()
            ↓context.touchIDAuthenticationAllowableReuseDuration = 60
            """,
            messages: ["Authentication reuse window of 60 s (1 minute) is above the allowed 10 s" + tail]),
        .triggering(
            "Set through a singleton, and on a new context from a duration its callers pass",
            """
            final class Auth {
                static let shared = Auth()
                let context = LAContext()
            }
            func configure() {
                ↓Auth.shared.context.touchIDAuthenticationAllowableReuseDuration = 30
            }
            func persist(forDuration duration: TimeInterval) {
                let newContext = LAContext()
                ↓newContext.touchIDAuthenticationAllowableReuseDuration = duration
            }
            func remember() { persist(forDuration: 120) }
            """,
            messages: [
                "Authentication reuse window of 30 s is above the allowed 10 s" + tail,
                "Authentication reuse window of 120 s (2 minutes) is above the allowed 10 s" + tail + " (via argument `duration` of the call (line 12))",
            ]),
        .triggering(
            "The system maximum, a value the system clamps to it, and min(…) with the maximum",
            """
            func makeContext() -> LAContext {
                let context = LAContext()
                context.touchIDAuthenticationAllowableReuseDuration = ↓LATouchIDAuthenticationMaximumAllowableReuseDuration
                return context
            }
            ↓otherContext.touchIDAuthenticationAllowableReuseDuration = 3600.0
            ↓otherContext.touchIDAuthenticationAllowableReuseDuration = min(600, LATouchIDAuthenticationMaximumAllowableReuseDuration)
            """,
            messages: [
                maximum,
                "Authentication reuse window of 3600 s (60 minutes) is above the allowed 10 s (the system clamps it to the maximum of 300 s, five minutes)" + tail,
                "Authentication reuse window of 300 s (5 minutes) is above the allowed 10 s" + tail,
            ]),
        .triggering(
            "A constant in another file, written as arithmetic",
            files: [
                "AuthPolicy.swift": """
                    enum AuthPolicy {
                        static let unlockGracePeriod: TimeInterval = 2 * 60
                    }
                    """,
                "LoginViewController.swift": """
                    final class LoginViewController {
                        private let context = LAContext()
                        func prepare() {
                            ↓self.context.touchIDAuthenticationAllowableReuseDuration = AuthPolicy.unlockGracePeriod
                        }
                    }
                    """,
            ],
            messages: [
                "Authentication reuse window of 120 s (2 minutes) is above the allowed 10 s" + tail
                    + " (via `AuthPolicy.unlockGracePeriod` (AuthPolicy.swift:2))"
            ]),
        .triggering(
            "A branch that lengthens the window",
            """
            func configure(_ context: LAContext, trustedDevice: Bool) {
                var reuse: TimeInterval = 0
                if trustedDevice {
                    reuse = 30
                }
                ↓context.touchIDAuthenticationAllowableReuseDuration = reuse
            }
            """,
            messages: [
                "Authentication reuse window of 30 s is above the allowed 10 s" + tail
                    + " (via `reuse` (line 2) → if `trustedDevice` (line 3) → assigned (line 4))"
            ]),
        .triggering(
            "A configured maximum of 0: any window is reported",
            """
            context.touchIDAuthenticationAllowableReuseDuration = 0
            ↓context.touchIDAuthenticationAllowableReuseDuration = 5
            """,
            messages: ["Authentication reuse window of 5 s is above the allowed 0 s" + tail],
            options: ["maxReuseSeconds": 0]),
        .nonTriggering(
            "Apple's sample value of 10 seconds, and no reuse at all",
            """
            let context = LAContext()
            context.touchIDAuthenticationAllowableReuseDuration = 10
            let strict = LAContext()
            strict.touchIDAuthenticationAllowableReuseDuration = 0
            """),
        .nonTriggering(
            "Reading the property, a bound check against the maximum, and a short window clamped with min",
            """
            let current = context.touchIDAuthenticationAllowableReuseDuration
            if requested > LATouchIDAuthenticationMaximumAllowableReuseDuration {
                throw ConfigurationError.reuseTooLong
            }
            context.touchIDAuthenticationAllowableReuseDuration = min(5, LATouchIDAuthenticationMaximumAllowableReuseDuration)
            print("reuse: \\(context.touchIDAuthenticationAllowableReuseDuration)")
            """),
        .nonTriggering(
            "Unknown and fractional values stay silent (precision first)",
            """
            context.touchIDAuthenticationAllowableReuseDuration = settings.reuseWindow
            context.touchIDAuthenticationAllowableReuseDuration = 7.5
            """),
        .nonTriggering(
            "A configured maximum of 120 allows two minutes",
            """
            context.touchIDAuthenticationAllowableReuseDuration = 120
            """,
            options: ["maxReuseSeconds": 120]),
        .nonTriggering(
            "Words in comments and strings",
            """
            // Never use LATouchIDAuthenticationMaximumAllowableReuseDuration here.
            let note = "context.touchIDAuthenticationAllowableReuseDuration = 300"
            """),
    ]
}

// MARK: - Objective-C examples (they run as tests and appear in `explain`)

extension ExcessiveAuthenticationReuseRule {
    private static let objectiveCTail =
        ": a device unlock that recent satisfies the biometric authentication of Keychain items without the user"

    static let objectiveCExamples: [RuleExample] = [
        .triggeringObjC(
            "A one-minute window on the login context",
            """
            LAContext *makeLoginContext(void) {
                LAContext *context = [[LAContext alloc] init];
                ↓context.touchIDAuthenticationAllowableReuseDuration = 60;
                return context;
            }
            """,
            messages: ["Authentication reuse window of 60 s (1 minute) is above the allowed 10 s" + objectiveCTail]),
        .triggeringObjC(
            "The setter with a constant written as arithmetic, and a branch that lengthens the window",
            """
            static const NSTimeInterval kUnlockGracePeriod = 2 * 60;
            @implementation LoginViewController
            - (void)prepare {
                ↓[self.context setTouchIDAuthenticationAllowableReuseDuration:kUnlockGracePeriod];
            }
            - (void)configure:(LAContext *)context trusted:(BOOL)trustedDevice {
                NSTimeInterval reuse = 0;
                if (trustedDevice) {
                    reuse = 30.0;
                }
                ↓context.touchIDAuthenticationAllowableReuseDuration = reuse;
            }
            @end
            """,
            messages: [
                "Authentication reuse window of 120 s (2 minutes) is above the allowed 10 s" + objectiveCTail + " (via `kUnlockGracePeriod` (line 1))",
                "Authentication reuse window of 30 s is above the allowed 10 s" + objectiveCTail + " (via assigned (line 9))",
            ]),
        .triggeringObjC(
            "The system maximum, a value the system clamps to it, MIN(…) with the maximum, and the maximum through a #define",
            """
            #define kLongReuse LATouchIDAuthenticationMaximumAllowableReuseDuration
            LAContext *makeContext(void) {
                LAContext *context = [[LAContext alloc] init];
                context.touchIDAuthenticationAllowableReuseDuration = ↓LATouchIDAuthenticationMaximumAllowableReuseDuration;
                return context;
            }
            void configure(LAContext *other) {
                ↓other.touchIDAuthenticationAllowableReuseDuration = 3600.0;
                ↓other.touchIDAuthenticationAllowableReuseDuration = MIN(600, LATouchIDAuthenticationMaximumAllowableReuseDuration);
                ↓[other setTouchIDAuthenticationAllowableReuseDuration:kLongReuse];
            }
            """,
            messages: [
                ExcessiveAuthenticationReuseJudgement.maximumConstantMessage,
                "Authentication reuse window of 3600 s (60 minutes) is above the allowed 10 s (the system clamps it to the maximum of 300 s, five minutes)" + objectiveCTail,
                "Authentication reuse window of 300 s (5 minutes) is above the allowed 10 s" + objectiveCTail,
                ExcessiveAuthenticationReuseJudgement.maximumConstantMessage + " (via `kLongReuse` (line 1))",
            ]),
        .triggeringObjC(
            "A configured maximum of 0: any window is reported",
            """
            void configure(LAContext *context) {
                context.touchIDAuthenticationAllowableReuseDuration = 0;
                ↓context.touchIDAuthenticationAllowableReuseDuration = 5;
            }
            """,
            messages: ["Authentication reuse window of 5 s is above the allowed 0 s" + objectiveCTail],
            options: ["maxReuseSeconds": 0]),
        .nonTriggeringObjC(
            "Apple's sample value of 10 seconds, and no reuse at all",
            """
            void configure(void) {
                LAContext *context = [[LAContext alloc] init];
                context.touchIDAuthenticationAllowableReuseDuration = 10;
                LAContext *strict = [LAContext new];
                [strict setTouchIDAuthenticationAllowableReuseDuration:0];
            }
            """),
        .nonTriggeringObjC(
            "Reading the property, a bound check against the maximum, and a short window clamped with MIN",
            """
            BOOL configure(LAContext *context, NSTimeInterval requested) {
                NSTimeInterval current = context.touchIDAuthenticationAllowableReuseDuration;
                if (requested > LATouchIDAuthenticationMaximumAllowableReuseDuration) {
                    return NO;
                }
                context.touchIDAuthenticationAllowableReuseDuration = MIN(5, LATouchIDAuthenticationMaximumAllowableReuseDuration);
                NSLog(@"reuse: %f", context.touchIDAuthenticationAllowableReuseDuration);
                return YES;
            }
            """),
        .nonTriggeringObjC(
            "Unknown and fractional values stay silent (precision first)",
            """
            @implementation Settings
            - (void)apply:(LAContext *)context {
                context.touchIDAuthenticationAllowableReuseDuration = self.reuseWindow;
                context.touchIDAuthenticationAllowableReuseDuration = 7.5;
            }
            @end
            """),
        .nonTriggeringObjC(
            "A configured maximum of 120 allows two minutes",
            """
            void configure(LAContext *context) {
                context.touchIDAuthenticationAllowableReuseDuration = 120;
            }
            """,
            options: ["maxReuseSeconds": 120]),
        .nonTriggeringObjC(
            "Words in comments and strings",
            """
            // Never use LATouchIDAuthenticationMaximumAllowableReuseDuration here.
            static NSString *const kNote = @"context.touchIDAuthenticationAllowableReuseDuration = 300";
            """),
    ]
}
