import KeychainLintAnalysis
import KeychainLintRuleKit
import KeychainLintModel
import KeychainLintCore
// Swift-only by nature, so it reads the syntax tree: assignments to the reuse-duration property and the `min(…)`/comparison clamps around them (Swift statement shapes).
import SwiftSyntax

/// `swift.excessive_authentication_reuse` — a long `touchIDAuthenticationAllowableReuseDuration` (Apple's
/// sample "Accessing Keychain Items with Face ID or Touch ID" uses 10 seconds).
public struct ExcessiveAuthenticationReuseRule: SwiftRule {
    public static let interests: [RuleInterest] = [
        .memberAccess(ExcessiveAuthenticationReuseJudgement.property), .identifier(ExcessiveAuthenticationReuseJudgement.maximumConstant),
    ]

    let maxReuseSeconds: Int

    public init(options: [String: ConfigValue]) {
        maxReuseSeconds = ExcessiveAuthenticationReuseJudgement.maxReuseSecondsOption.value(in: options)
    }

    public func check(_ input: RuleInput, in context: RuleContext) {
        switch input {
        case .memberAccess(let member):
            checkAssignment(member.syntax, in: context)
        case .identifier(let reference):
            checkMaximumConstant(reference.syntax, in: context)
        default:
            return
        }
    }

    /// `context.touchIDAuthenticationAllowableReuseDuration = value` (folded into one infix node).
    private func checkAssignment(_ member: MemberAccessExprSyntax, in context: RuleContext) {
        guard member.declName.baseName.text == ExcessiveAuthenticationReuseJudgement.property, member.base != nil,
            let assignment = member.parent?.as(InfixOperatorExprSyntax.self),
            assignment.operator.is(AssignmentExprSyntax.self),
            assignment.leftOperand.id == member.id
        else { return }
        let resolution = context.resolve(assignment.rightOperand)
        guard let first = ExcessiveAuthenticationReuseJudgement.largestExcessive(resolution, maxReuseSeconds: maxReuseSeconds) else {
            context.noteGaps(resolution, asking: "value of touchIDAuthenticationAllowableReuseDuration")
            return
        }
        context.report(
            at: assignment,
            message: ExcessiveAuthenticationReuseJudgement.excessiveMessage(first.seconds, maxReuseSeconds: maxReuseSeconds) + context.describeTrace(first.trace),
            confidence: first.trace.isEmpty ? .high : .medium,
            trace: first.trace)
    }

    /// Any use of `LATouchIDAuthenticationMaximumAllowableReuseDuration`, except as an operand of a comparison.
    private func checkMaximumConstant(_ reference: DeclReferenceExprSyntax, in context: RuleContext) {
        guard reference.baseName.text == ExcessiveAuthenticationReuseJudgement.maximumConstant, reference.argumentNames == nil,
            case .notLocal = SyntaxQueries.binding(of: ExcessiveAuthenticationReuseJudgement.maximumConstant, at: reference),
            context.scan.index.variables(named: ExcessiveAuthenticationReuseJudgement.maximumConstant).isEmpty,
            !Self.isComparisonOperand(reference), !Self.isArgumentOfMin(reference)
        else { return }
        context.report(at: reference, message: ExcessiveAuthenticationReuseJudgement.maximumConstantMessage)
    }

    /// `min(requested, LATouchIDAuthenticationMaximumAllowableReuseDuration)` clamps to the maximum;
    /// the assignment's value (the smaller one) is judged instead.
    static func isArgumentOfMin(_ node: DeclReferenceExprSyntax) -> Bool {
        guard let argument = node.parent?.as(LabeledExprSyntax.self), argument.label == nil,
            let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self)
        else { return false }
        return SyntaxQueries.calleeName(of: call) == "min" && SyntaxQueries.receiver(of: call) == nil
    }

    /// `requested > LATouchIDAuthenticationMaximumAllowableReuseDuration`: a bound check, not a window.
    static func isComparisonOperand(_ node: DeclReferenceExprSyntax) -> Bool {
        var current = Syntax(node)
        while let parent = current.parent {
            if let infix = parent.as(InfixOperatorExprSyntax.self) {
                guard let op = infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text else { return false }
                return ExcessiveAuthenticationReuseJudgement.comparisonOperators.contains(op)
            }
            let transparent =
                parent.is(AsExprSyntax.self) || parent.is(TupleExprSyntax.self) || parent.is(UnsafeExprSyntax.self)
                || parent.is(LabeledExprListSyntax.self) && parent.parent?.is(TupleExprSyntax.self) == true
                || parent.is(LabeledExprSyntax.self) && parent.parent?.parent?.is(TupleExprSyntax.self) == true
            guard transparent else { return false }
            current = parent
        }
        return false
    }

    public static let description = RuleDescription(
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
