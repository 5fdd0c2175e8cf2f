import KeychainLintAnalysis
import KeychainLintCore
import KeychainLintModel

// What the LocalAuthentication checks judge, whatever the language: an `evaluatePolicy` call,
// how its outcome comes back and what the code does with it, and the story of the `LAContext` it
// runs on. Each front end reads its own syntax into these values (the Swift one from the reply
// closure, `await` and the type's declarations; the Objective-C one from the reply block and the
// class's implementations); the checks judge the values once.

extension CheckContext {
    // A front end that reads no LocalAuthentication code hands its checks nothing to judge.
    public func policyEvaluation(_ call: ProgramCall) -> PolicyEvaluation? { nil }
    public func evaluatedContext(_ evaluation: PolicyEvaluation) -> EvaluatedContext { .unnamed }
    public func localAuthenticationPolicy(_ value: Value) -> Value { value }
    public func outcomeTests(_ call: ProgramCall) -> [OutcomeTest] { [] }
    public func handedOutcome(_ evaluation: PolicyEvaluation) -> HandedOutcome? { nil }

    /// Reports a finding spanning `place`, with `trace` as its related locations.
    public func report(at place: SourcePlace, message: String, confidence: Confidence? = nil, trace: [TraceStep] = []) {
        report(at: place.location, message: message, confidence: confidence, trace: trace, snippet: place.snippet)
    }
}

/// An `evaluatePolicy` call of LocalAuthentication (`context.evaluatePolicy(…)`,
/// `[context evaluatePolicy:… localizedReason:… reply:…]`).
public struct PolicyEvaluation {
    /// The call, as every front end hands it over (its name is how the language spells the method).
    public let call: ProgramCall
    /// The `LAPolicy` argument.
    public let policy: ProgramExpression?
    /// The `localizedReason` argument; nil when the call has no argument so labelled (another
    /// method of the same base name).
    public let reason: ProgramExpression?
    /// How the outcome comes back and what is done with it.
    public let outcome: PolicyOutcome
    /// The receiver as written, shortened (`self` when it is implicit): for notes.
    public let receiverText: String
    /// How the language spells the policy that accepts the device passcode.
    public let passcodePolicySpelling: String

    public init(
        call: ProgramCall, policy: ProgramExpression?, reason: ProgramExpression?, outcome: PolicyOutcome, receiverText: String,
        passcodePolicySpelling: String
    ) {
        self.call = call
        self.policy = policy
        self.reason = reason
        self.outcome = outcome
        self.receiverText = receiverText
        self.passcodePolicySpelling = passcodePolicySpelling
    }
}

/// How an evaluation's outcome (the Bool and the error) comes back.
public enum PolicyOutcome {
    /// A reply whose code the front end read: written at the call, a local closure or block, or a
    /// method of the same type.
    case reply(ReplyUse)
    /// The reply is a function-typed parameter of the enclosing function: the Bool goes to the
    /// caller, whose code acts on it.
    case forwardedToCaller
    /// A reply given by a reference the front end does not follow.
    case unread
    /// No reply: the awaited form. `used` is false when the outcome is thrown away (`_ = try? await …`,
    /// a bare `try?` statement) or the call is not awaited at all.
    case awaited(used: Bool)
}

/// What a reply's code does with its two parameters.
public struct ReplyUse {
    /// It reads the success flag where that can decide something (not only inside a string or as
    /// an argument of a logging call).
    public let readsSuccess: Bool
    /// It tests the error against nil (`error == nil`; Objective-C's truth tests `!error` too).
    public let testsErrorAgainstNil: Bool
    /// It unwraps the error (`if let error`, `guard let error = error`): a test of whether there
    /// is one, which decides what runs next as a nil test does.
    public let unwrapsError: Bool

    public init(readsSuccess: Bool, testsErrorAgainstNil: Bool, unwrapsError: Bool = false) {
        self.readsSuccess = readsSuccess
        self.testsErrorAgainstNil = testsErrorAgainstNil
        self.unwrapsError = unwrapsError
    }
}

// MARK: - The outcome handed on

/// A reply that hands its outcome on to other code: it calls a function-typed parameter of the
/// function that evaluates (`completion(success)`, `completion(error)`, `completion(.success(()))`
/// inside `if success`), or is that parameter itself (`reply: completion`). The code that receives
/// it is the enclosing function's callers, where the handed-on value meets its gate.
public struct HandedOutcome {
    /// The call that hands the outcome on, or the reply given as the parameter.
    public let handoff: SourcePlace
    /// What the handed-on values tell: the success flag is among them, or only the error is
    /// (`completion(error)`: its callers can only take nil for success).
    public let carries: HandedValue
    /// The code that receives it, in words: "the callers of `authenticate(completion:)`", "the
    /// senders of `-[Gate authenticateWithCompletion:]`", "`gate(_:didAuthenticate:)`".
    public let receiverWords: String
    /// Where the callers decide.
    public let receivers: OutcomeReceivers

    /// The callers that throw the handed-on outcome away and act anyway (`try? await
    /// auth.unlock()` then `showSecrets()`): the action runs whether the authentication succeeded or
    /// not. Only the Swift front end finds them (Objective-C has no `await`).
    public let ignoredBy: [IgnoredOutcome]

    /// What the search for the receivers' tests left out, in words (a read of the property on a
    /// receiver whose type is not written, a value handed on again beyond the bound): said under
    /// `--verbose` when no test is found.
    public let unfollowed: [String]

    public init(
        handoff: SourcePlace, carries: HandedValue, receiverWords: String, receivers: OutcomeReceivers, ignoredBy: [IgnoredOutcome] = [],
        unfollowed: [String] = []
    ) {
        self.handoff = handoff
        self.carries = carries
        self.receiverWords = receiverWords
        self.receivers = receivers
        self.ignoredBy = ignoredBy
        self.unfollowed = unfollowed
    }

    /// The gates found at the callers (none when they are not in the scan).
    public var gates: [OutcomeGate] {
        if case .followed(let gates) = receivers { return gates }
        return []
    }

    /// The path from the hand-off to the first gate, as a finding's related locations. One gate
    /// shows where the outcome decides; listing every caller's would make the finding's code
    /// fingerprint (which quotes its related locations) change whenever a caller is added.
    public var path: [TraceStep] {
        guard let gate = gates.first else { return [] }
        return [handoffStep] + gate.via + [gate.step]
    }

    /// Where the outcome is handed on, as a finding's related location.
    public var handoffStep: TraceStep {
        let location = handoff.location
        return TraceStep(kind: .argument, text: "handed on: `\(handoff.snippet)`", file: location.file, line: location.line, column: location.column)
    }
}

extension HandedOutcome {
    /// How many times the receiving code may hand the value on again (`authenticate { ok in
    /// completion(ok) }`, a method that passes it to another) before its test is looked for no
    /// further.
    static let maximumHops = 3

    /// How many files that mention a property are read for its reads on other instances of its type.
    static let maximumReadingFiles = EvaluatedContext.maximumSenders
}

/// One search for the tests of a handed-on outcome (a front end's): what it left out, for
/// `--verbose` (`HandedOutcome.unfollowed`).
final class ReceiverSearch {
    private(set) var unfollowed: [String] = []

    func gap(_ words: String) {
        if !unfollowed.contains(words) { unfollowed.append(words) }
    }
}

/// A caller of a function that hands on an awaited outcome (returns it or throws its failure),
/// which throws the outcome away and then acts (`try? await auth.unlock()` as a statement, or
/// `_ = await auth.isAuthenticated()`, followed in the same block by `showSecrets()`), or takes
/// its failure for success (`(try? await auth.check()) ?? true`).
public struct IgnoredOutcome {
    /// The caller's call as written (`try? await auth.unlock()`, `(try? await auth.check()) ?? true`).
    public let call: String
    /// The first action after it, as written (`showSecrets()`); nil when the caller takes the
    /// failure for success.
    public let action: String?
    /// Where the call is, and how the outcome got there from the hand-off (the functions between
    /// that hand it on again with `try await`): a finding's related locations, the caller last.
    public let steps: [TraceStep]

    /// The functions between, which hand the outcome on again (`unlock()`), as Swift spells them.
    public let through: [String]

    public init(call: String, action: String?, through: [String] = [], steps: [TraceStep]) {
        self.call = call
        self.action = action
        self.through = through
        self.steps = steps
    }

    /// `Lock.swift:12`: where the caller's call is, for a message.
    public var place: String {
        guard let step = steps.last else { return "" }
        return "\(step.file.split(separator: "/").last.map(String.init) ?? step.file):\(step.line)"
    }
}

/// What a reply hands on.
public enum HandedValue {
    /// The success flag (alone, with the error, or as the branch a `Result` or a literal is sent in).
    case success
    /// Only the error, or what is made of it (`error == nil`, `.failure(error)` in `if let error`).
    case errorAlone
}

/// The code that receives a handed-on outcome.
public enum OutcomeReceivers {
    /// The callers of the scan the front end read (among the first `EvaluatedContext.maximumSenders`
    /// calls of the function's name), with the gates found in the closures they pass.
    case followed([OutcomeGate])
    /// No caller in the scan: a library's API, whose users decide.
    case unseen
}

extension OutcomeReceivers {
    /// The same receivers with the tests found nearer the hand-off first (`OutcomeGate.isFarther`).
    var nearestFirst: OutcomeReceivers {
        guard case .followed(let gates) = self else { return self }
        return .followed(gates.filter { !$0.isFarther } + gates.filter(\.isFarther))
    }

    /// The first test, when any was found.
    var firstGate: OutcomeGate? {
        if case .followed(let gates) = self { return gates.first }
        return nil
    }
}

/// A test of a handed-on value in a caller's closure: where the outcome decides.
public struct OutcomeGate {
    /// The test as written (`error == nil`, `let error`, `ok`).
    public let test: String
    /// Where the test is (a related location of a finding).
    public let step: TraceStep
    /// The test is of the error alone: the caller's closure never reads a success flag handed
    /// with it (`if error == nil`, `if let error`, `guard error == nil`), or the reply handed on
    /// nothing but the error.
    public let errorAlone: Bool
    /// Where the receiving code handed the value on again before this test (`completion(ok)` in a
    /// caller's closure, a method the value is passed to), in order: related locations between
    /// the hand-off and the test.
    public var via: [TraceStep]
    /// Those hand-offs as written (`completion(ok)`), for a message.
    public var through: [String]
    /// Found farther from the hand-off than where the value first arrives: after it was handed on
    /// again, in a handler passed by reference, or where another type reads the property. A
    /// finding shows the path to a test found nearer first.
    public var isFarther: Bool

    public init(test: String, step: TraceStep, errorAlone: Bool, via: [TraceStep] = [], through: [String] = [], isFarther: Bool = false) {
        self.test = test
        self.step = step
        self.errorAlone = errorAlone
        self.via = via
        self.through = through
        self.isFarther = isFarther || !via.isEmpty
    }

    /// The same test, reached through the hand-off `written` at `step` first.
    public func handedOnAgain(_ written: String, at step: TraceStep) -> OutcomeGate {
        OutcomeGate(test: test, step: self.step, errorAlone: errorAlone, via: [step] + via, through: [written] + through, isFarther: true)
    }

    /// The same test, marked as found farther (`isFarther`).
    public var farther: OutcomeGate {
        var gate = self
        gate.isFarther = true
        return gate
    }

    /// `Lock.swift:12`: where the test is, for a message.
    public var place: String {
        "\(step.file.split(separator: "/").last.map(String.init) ?? step.file):\(step.line)"
    }
}

// MARK: - The context's story

/// Where the `LAContext` an evaluation runs on comes from.
public enum EvaluatedContext {
    /// The receiver, named by the front end, with its story.
    case receiver(ContextStory)
    /// `evaluatePolicy` on `self` in an extension (a category) of `LAContext`: the context is
    /// whichever one `method` is called on. The calls of the scan whose context the front end
    /// names, in order, among the first `maximumSenders` calls it looked at.
    case senders(method: String, [ContextSender])
    /// The context comes from code the front end does not follow: a parameter, another object, a
    /// global, a block's parameter. Its owner may hand it to a Keychain query elsewhere.
    case unfollowed
    /// The context is one of several (`injected ?? LAContext()`, `self.context ?: [[LAContext alloc]
    /// init]`), some new, and `unfollowed` (as written) is one the front end does not follow: it
    /// may be someone else's context, handed to a Keychain query elsewhere.
    case undecided(chosen: String, unfollowed: String)
    /// Nothing to name and nothing worth a note (an implicit `self` outside an `LAContext` extension).
    case unnamed

    /// Calls of an `LAContext` extension method looked at, as many as the Swift resolver follows
    /// for a parameter.
    public static let maximumSenders = ValueResolver.maximumCallSites
}

/// A context the front end names: where it comes from, and whether any use of it may give it to
/// other code (a Keychain query's `kSecUseAuthenticationContext`, an argument, a return value, a
/// store elsewhere).
public struct ContextStory {
    public let origin: ContextOrigin
    public let isHandedOn: Bool
    /// What the search of other code's reads of the context's property could not tell, in words
    /// (`InstanceContextReads.untold`): said under `--verbose` when the context is reported.
    public let untold: [String]
    /// Why a context taken as handed on was not judged, in words, when the rule cannot know where
    /// it comes from (a property set from an initializer's parameter by code the scan does not
    /// hold): said under `--verbose` instead of a finding.
    public let unjudged: String?

    public init(origin: ContextOrigin, isHandedOn: Bool, untold: [String] = [], unjudged: String? = nil) {
        self.origin = origin
        self.isHandedOn = isHandedOn
        self.untold = isHandedOn ? [] : untold
        self.unjudged = isHandedOn ? unjudged : nil
    }
}

/// Where a named context comes from.
public enum ContextOrigin {
    /// A new context as the receiver (`LAContext()`, `[[LAContext alloc] init]`): nobody else sees it.
    case fresh(written: String)
    /// A local initialised with a new context.
    case local(name: String)
    /// A local initialised by a helper of the scan that returns a new context on some path;
    /// `factory` is the helper's call as written (`unlockContext()`, `[self unlockContext]`).
    case made(name: String, factory: String)
    /// A stored property of the enclosing type.
    case property(name: String)
    /// An instance variable with no property.
    case instanceVariable(name: String)
    /// A local initialised with a choice of contexts, each a new one (some from a helper) or a
    /// property never handed on: `context` from `self.cached ?? makeContext()`.
    case chosen(name: String, written: String)
    /// A parameter that every call of `function` in the app's code fills with a new context.
    case passedNew(name: String, function: String)
    /// A global constant initialised with a new context.
    case global(name: String)

    /// The words for the context in a message.
    public var description: String {
        switch self {
        case .fresh(let written): "the new `\(written)`"
        case .local(let name): "`\(name)`"
        case .made(let name, let factory): "`\(name)` (a new `LAContext` from `\(factory)`)"
        case .property(let name): "the property `\(name)`"
        case .instanceVariable(let name): "the instance variable `\(name)`"
        case .chosen(let name, let written): "`\(name)` (`\(written)`)"
        case .passedNew(let name, let function): "`\(name)` (a new `LAContext` from every call of `\(function)`)"
        case .global(let name): "the global `\(name)`"
        }
    }

    /// High for a context only this code can see; medium when other code of the type may reach it.
    public var confidence: Confidence {
        switch self {
        case .fresh, .local: .high
        case .made, .property, .instanceVariable, .chosen, .passedNew, .global: .medium
        }
    }
}

/// A call of an `LAContext` extension method, with the context it is made on.
public struct ContextSender {
    public let story: ContextStory
    /// Where the call is: `line 12` in the file being checked, `Other.swift:12` elsewhere.
    public let place: String

    public init(story: ContextStory, place: String) {
        self.story = story
        self.place = place
    }
}

// MARK: - What the reply does on each path

/// A place of the file being checked that a finding can span.
public struct SourcePlace {
    public let location: ValueLocation
    /// The code as written, shortened: the finding's fingerprint.
    public let snippet: String

    public init(location: ValueLocation, snippet: String) {
        self.location = location
        self.snippet = snippet
    }
}

/// An action of a piece of code (a call, a message, an assignment, a `return` of a Bool literal).
public struct OutcomeAction {
    /// What two actions are compared by: the same key is the same action written the same way.
    public let key: String
    /// As written, for the message.
    public let text: String
    public let place: SourcePlace
    /// The name of the function or method the action calls; nil for an assignment or a `return`.
    public let callee: String?

    /// Callee names that carry no decision of their own (logging, dispatching, assertions): a
    /// call of one is no action. One list for every language: a word of one language's APIs is
    /// not a name the other's code calls.
    public static let neutralCallees: Set<String> = [
        "print", "debugPrint", "NSLog", "os_log", "log", "debug", "info", "notice", "warning", "trace", "fault",
        "async", "sync", "asyncAfter", "run", "Task", "assert", "assertionFailure", "precondition",
        // C and Objective-C logging, dispatching and assertions.
        "NSLogv", "os_log_info", "os_log_debug", "os_log_error", "os_log_fault", "os_log_with_type", "printf", "fprintf",
        "syslog", "RCTLog", "RCTLogInfo", "RCTLogWarn", "RCTLogError", "DDLogVerbose", "DDLogDebug", "DDLogInfo", "DDLogWarn",
        "DDLogError", "dispatch_async", "dispatch_sync", "dispatch_after", "dispatch_barrier_async", "dispatch_main_async_safe",
        "NSAssert", "NSCAssert", "NSParameterAssert", "NSCParameterAssert", "addOperationWithBlock", "performBlock",
        "performBlockAndWait",
    ]

    public init(key: String, text: String, place: SourcePlace, callee: String? = nil) {
        self.key = key
        self.text = text
        self.place = place
        self.callee = callee
    }
}

/// A test of an evaluation's outcome in its reply (or around the awaited call), with what the
/// paths on each side of it do.
public enum OutcomeTest {
    /// `success || error == nil`: the nil test alone lets the guarded action through. `test` is
    /// the nil test as written; `success` names the reply's Bool.
    case errorNilAlone(test: String, success: String, at: SourcePlace)
    /// A test that there is an error (`error != nil`, `if let error`, Objective-C's `if (error)`),
    /// in a reply that never reads its Bool, whose branch leaves before the guarded action or
    /// whose `else` is the guarded action: the action runs whenever there is no error object.
    /// `test` is the test as written.
    case errorPresenceAlone(test: String, success: String, at: SourcePlace)
    /// A success path and the failure path beside it: the guarded actions (of the success path,
    /// without its own error handling), and the failure path with the paths inside it (the branch,
    /// then each `case` and each branch of an `if` in it), each with its actions.
    case branches(guarded: [OutcomeAction], failurePaths: [[OutcomeAction]], failure: FailureSide)
    /// The awaited form's failure made into success where it is awaited: `(try? await …) ?? true`,
    /// `(try? await …) != false` (`try?` makes the thrown error nil, and nil passes). `written` is
    /// the expression as written.
    case failureTakenForSuccess(written: String, at: SourcePlace)
    /// The awaited form's outcome thrown away (`_ = try? await …`, a `try? await …` statement), and
    /// `action`, the first action after it in the same block, runs whether the authentication
    /// succeeded or not. `at` is the discarding expression.
    case outcomeIgnored(written: String, at: SourcePlace, action: OutcomeAction)
}

/// Where the failure path of an `OutcomeTest.branches` is.
public enum FailureSide {
    /// The reply's branch where the success flag `success` is false.
    case successIsFalse(success: String)
    /// A `catch` of the awaited call.
    case catchOfAwait

    /// The words for it in a message.
    public var description: String {
        switch self {
        case .successIsFalse(let success): "when `\(success)` is false"
        case .catchOfAwait: "in the `catch` of the awaited evaluatePolicy"
        }
    }
}
