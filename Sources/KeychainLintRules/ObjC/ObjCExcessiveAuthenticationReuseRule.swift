import KeychainLintCore
import KeychainLintModel
import KeychainLintRuleKit
import KeychainLintObjC

/// `objc.excessive_authentication_reuse` — `swift.excessive_authentication_reuse`'s judgement on
/// Objective-C code: `context.touchIDAuthenticationAllowableReuseDuration = …`,
/// `[context setTouchIDAuthenticationAllowableReuseDuration:…]`, and
/// `LATouchIDAuthenticationMaximumAllowableReuseDuration`.
public struct ObjCExcessiveAuthenticationReuseRule: ObjCRule {
    public static let members = [ExcessiveAuthenticationReuseJudgement.property]
    public static let calls = ["setTouchIDAuthenticationAllowableReuseDuration:"]
    public static let identifiers = [ExcessiveAuthenticationReuseJudgement.maximumConstant]

    /// `MIN(…)` (Foundation's macro) and C's `fmin`: the smaller value is the window.
    static let minimumFunctions: Set<String> = ["MIN", "fmin", "fminf", "fminl"]

    let maxReuseSeconds: Int

    public init(options: [String: ConfigValue]) {
        maxReuseSeconds = ExcessiveAuthenticationReuseJudgement.maxReuseSecondsOption.value(in: options)
    }

    public func check(member expression: ObjCExpr, assigned: ObjCExpr?, in context: ObjCRuleContext) {
        guard let assigned, case .member(_, ExcessiveAuthenticationReuseJudgement.property, _) = expression.kind else { return }
        judge(assigned, at: expression.range.extended(to: assigned.range), in: context)
    }

    public func check(_ call: ObjCCallSite, in context: ObjCRuleContext) {
        guard call.kind == .message, call.name == Self.calls[0], let value = call.arguments.first?.value else { return }
        judge(value, at: call.range, in: context)
    }

    private func judge(_ value: ObjCExpr, at range: ObjCSourceRange, in context: ObjCRuleContext) {
        let resolution = context.resolve(value)
        if let first = ExcessiveAuthenticationReuseJudgement.largestExcessive(resolution, maxReuseSeconds: maxReuseSeconds, seconds: Self.seconds) {
            context.report(
                at: range,
                message: ExcessiveAuthenticationReuseJudgement.excessiveMessage(first.seconds, maxReuseSeconds: maxReuseSeconds)
                    + context.describeTrace(first.trace),
                confidence: first.trace.isEmpty ? .high : .medium, trace: first.trace)
            return
        }
        // The constant written in a `#define` is never met as an identifier of the tree: it is
        // reported where the macro sets the window.
        if let viaMacro = resolution.values.first(where: {
            $0.value == .symbol(ExcessiveAuthenticationReuseJudgement.maximumConstant) && Self.passesThroughMacro($0.trace, in: context.tree)
        }) {
            context.report(
                at: range, message: ExcessiveAuthenticationReuseJudgement.maximumConstantMessage + context.describeTrace(viaMacro.trace),
                confidence: .medium, trace: viaMacro.trace)
            return
        }
        context.noteGaps(resolution, asking: "value of touchIDAuthenticationAllowableReuseDuration")
    }

    /// Seconds in a value as the Swift rule reads them, and `MIN(a, b)`.
    static func seconds(_ value: Value) -> Int? {
        if case .call(let call) = value, minimumFunctions.contains(call.name), call.receiver == nil, call.arguments.count == 2 {
            let parts = call.arguments.map { seconds($0.value) }
            guard parts.allSatisfy({ $0 != nil }) else { return nil }
            return parts.compactMap { $0 }.min()
        }
        return ExcessiveAuthenticationReuseJudgement.seconds(value)
    }

    static func passesThroughMacro(_ trace: [TraceStep], in tree: ObjCSyntaxTree) -> Bool {
        trace.contains { step in
            tree.macros.contains { "`\($0.name)`" == step.text && $0.nameRange.start.line == step.line }
        }
    }

    /// Any use of `LATouchIDAuthenticationMaximumAllowableReuseDuration` outside a `#define`, except
    /// as an operand of a comparison or an argument of `MIN(…)`.
    public func check(identifier expression: ObjCExpr, in context: ObjCRuleContext) {
        let name = ExcessiveAuthenticationReuseJudgement.maximumConstant
        guard expression.identifierName == name, context.tree.globalVariable(named: name) == nil, context.tree.macro(named: name) == nil
        else { return }
        let offset = expression.range.start.offset
        let ancestors: [ObjCAncestor]
        if let body = context.resolver.body(containing: offset) {
            // A local of that name is the code's own.
            guard !body.parameterNames.contains(name), !body.localBindings.contains(where: { $0.name == name }),
                  let found = ObjCLocalAuthentication.ancestors(of: expression.range, in: body.body) else { return }
            ancestors = found
        } else if let initializer = context.tree.globalVariables.compactMap(\.declarator.initializer).first(where: {
            $0.range.start.offset <= offset && offset < $0.range.end.offset
        }) {
            ancestors = ObjCLocalAuthentication.ancestors(of: expression.range, in: ObjCStmt(.expression(initializer), range: initializer.range)) ?? []
        } else {
            ancestors = []
        }
        guard !Self.isComparisonOperand(expression, ancestors: ancestors), !Self.isArgumentOfMinimum(expression, ancestors: ancestors)
        else { return }
        context.report(at: expression.range, message: ExcessiveAuthenticationReuseJudgement.maximumConstantMessage)
    }

    static func isComparisonOperand(_ expression: ObjCExpr, ancestors: [ObjCAncestor]) -> Bool {
        guard case .expression(let parent)? = ObjCLocalAuthentication.unwrapped(expression, ancestors: ancestors).parent,
              case .binary(let operation, _, _) = parent.kind else { return false }
        return ExcessiveAuthenticationReuseJudgement.comparisonOperators.contains(operation.rawValue)
    }

    static func isArgumentOfMinimum(_ expression: ObjCExpr, ancestors: [ObjCAncestor]) -> Bool {
        guard case .expression(let parent)? = ObjCLocalAuthentication.unwrapped(expression, ancestors: ancestors).parent,
              case .call(let call) = parent.kind else { return false }
        return minimumFunctions.contains(call.calleeName ?? "")
    }

    public static let description = RuleDescription.objectiveC(
        of: ExcessiveAuthenticationReuseRule.description,
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
        examples: examples)

    private static let tail =
        ": a device unlock that recent satisfies the biometric authentication of Keychain items without the user"

    static let examples: [RuleExample] = [
        .triggeringObjC(
            "A one-minute window on the login context",
            """
            LAContext *makeLoginContext(void) {
                LAContext *context = [[LAContext alloc] init];
                ↓context.touchIDAuthenticationAllowableReuseDuration = 60;
                return context;
            }
            """,
            messages: ["Authentication reuse window of 60 s (1 minute) is above the allowed 10 s" + tail]),
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
                "Authentication reuse window of 120 s (2 minutes) is above the allowed 10 s" + tail + " (via `kUnlockGracePeriod` (line 1))",
                "Authentication reuse window of 30 s is above the allowed 10 s" + tail + " (via assigned (line 9))",
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
                "Authentication reuse window of 3600 s (60 minutes) is above the allowed 10 s (the system clamps it to the maximum of 300 s, five minutes)" + tail,
                "Authentication reuse window of 300 s (5 minutes) is above the allowed 10 s" + tail,
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
            messages: ["Authentication reuse window of 5 s is above the allowed 0 s" + tail],
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
