import KeychainLintAnalysis
import KeychainLintCore
import KeychainLintModel
import KeychainLintObjC
@testable import KeychainLintRules
import SwiftSyntax
import Testing

/// Code that receives a handed-on `evaluatePolicy` outcome (a caller's closure or block, a method
/// the outcome is passed to), read from Swift and from Objective-C into one model
/// (`ReceivingBody`: the names read in conditions, what each condition tests and what runs on each
/// side) and read once (`HandedOutcomeReading`). Twin bodies of the same shape must give the same
/// test: the line of the condition that decides and whether it tests the error alone, or none.
@Suite("Handed-on outcomes: where Swift and Objective-C code that receives an outcome tests it, read once")
struct HandedOutcomeReadingTests {
    /// The test found, in words both languages share.
    struct Answer: Equatable, CustomStringConvertible {
        let line: Int
        let errorAlone: Bool

        var description: String { "line \(line)\(errorAlone ? ", error alone" : "")" }
    }

    /// A body receiving the success flag in `ok` and the error in `error` (the Swift one is the
    /// body of `receive`, the Objective-C one of the first function or method of the file).
    struct Twin: CustomTestStringConvertible, Sendable {
        let name: String
        let swift: String
        let objectiveC: String
        var successNames: Set<String> = ["ok"]
        var errorNames: Set<String> = ["error"]
        let expected: Answer?
        var testDescription: String { name }
    }

    static let twins: [Twin] = [
        Twin(
            name: "the success flag tested by its truth",
            swift: """
                func receive(ok: Bool, error: Error?) {
                    if ok {
                        showBalance()
                    }
                }
                """,
            objectiveC: """
                void receive(BOOL ok, NSError *error) {
                    if (ok) {
                        showBalance();
                    }
                }
                """,
            expected: Answer(line: 2, errorAlone: false)),
        Twin(
            name: "the flag only logged: the error's nil test decides, alone",
            swift: """
                func receive(ok: Bool, error: Error?) {
                    print("outcome \\(ok)")
                    if error == nil {
                        showBalance()
                    }
                }
                """,
            objectiveC: """
                void receive(BOOL ok, NSError *error) {
                    NSLog(@"outcome %d", ok);
                    if (error == nil) {
                        showBalance();
                    }
                }
                """,
            expected: Answer(line: 3, errorAlone: true)),
        Twin(
            name: "an error test that only shows the error decides nothing",
            swift: """
                func receive(ok: Bool, error: Error?) {
                    if error != nil {
                        report(error)
                    }
                }
                """,
            objectiveC: """
                void receive(BOOL ok, NSError *error) {
                    if (error) {
                        report(error);
                    }
                }
                """,
            expected: nil),
        Twin(
            name: "an error test whose else runs the action",
            swift: """
                func receive(ok: Bool, error: Error?) {
                    if error != nil {
                        report(error)
                    } else {
                        showBalance()
                    }
                }
                """,
            objectiveC: """
                void receive(BOOL ok, NSError *error) {
                    if (error != NULL) {
                        report(error);
                    } else {
                        showBalance();
                    }
                }
                """,
            expected: Answer(line: 2, errorAlone: true)),
        Twin(
            name: "an error test that returns, then the action",
            swift: """
                func receive(ok: Bool, error: Error?) {
                    if error != nil {
                        report(error)
                        return
                    }
                    showBalance()
                }
                """,
            objectiveC: """
                void receive(BOOL ok, NSError *error) {
                    if (error) {
                        report(error);
                        return;
                    }
                    showBalance();
                }
                """,
            expected: Answer(line: 2, errorAlone: true)),
        Twin(
            name: "an error test that throws, then the action",
            swift: """
                func receive(ok: Bool, error: Error?) throws {
                    if let error {
                        throw error
                    }
                    showBalance()
                }
                """,
            objectiveC: """
                void receive(BOOL ok, NSError *error) {
                    if (error) {
                        @throw [NSException exceptionWithName:@"Auth" reason:nil userInfo:nil];
                    }
                    showBalance();
                }
                """,
            expected: Answer(line: 2, errorAlone: true)),
        Twin(
            name: "an error test that returns with nothing after it decides nothing",
            swift: """
                func receive(ok: Bool, error: Error?) {
                    showBalance()
                    if error != nil {
                        return
                    }
                }
                """,
            objectiveC: """
                void receive(BOOL ok, NSError *error) {
                    showBalance();
                    if (error) {
                        return;
                    }
                }
                """,
            expected: nil),
        Twin(
            name: "the flag given to a call in the condition is passed on, not tested there",
            swift: """
                final class Lock {
                    func receive(ok: Bool, error: Error?) {
                        if self.shouldOpen(ok) {
                            log()
                        }
                        if ok {
                            showBalance()
                        }
                    }
                }
                """,
            objectiveC: """
                @implementation Lock
                - (void)receive:(BOOL)ok error:(NSError *)error {
                    if ([self shouldOpen:ok]) {
                        log();
                    }
                    if (ok) {
                        showBalance();
                    }
                }
                @end
                """,
            expected: Answer(line: 6, errorAlone: false)),
        Twin(
            name: "the flag as the condition of ?:",
            swift: """
                func receive(ok: Bool, error: Error?) {
                    let screen = ok ? vault : lockScreen
                    present(screen)
                }
                """,
            objectiveC: """
                void receive(BOOL ok, NSError *error) {
                    id screen = ok ? vault : lockScreen;
                    present(screen);
                }
                """,
            expected: Answer(line: 2, errorAlone: false)),
        Twin(
            name: "a test inside a closure or block written in the body counts where it runs",
            swift: """
                func receive(ok: Bool, error: Error?) {
                    DispatchQueue.main.async {
                        if ok { showBalance() }
                    }
                }
                """,
            objectiveC: """
                void receive(BOOL ok, NSError *error) {
                    dispatch_async(dispatch_get_main_queue(), ^{
                        if (ok) { showBalance(); }
                    });
                }
                """,
            expected: Answer(line: 3, errorAlone: false)),
        Twin(
            name: "nothing arrives under a name the body tests",
            swift: """
                func receive(ok: Bool, error: Error?) {
                    if ready { showBalance() }
                }
                """,
            objectiveC: """
                void receive(BOOL ok, NSError *error) {
                    if (ready) { showBalance(); }
                }
                """,
            expected: nil),
        Twin(
            name: "only the error arrives, and a loop's condition tests it: no side runs without it",
            swift: """
                func receive(error: Error?) {
                    while error == nil {
                        showBalance()
                    }
                }
                """,
            objectiveC: """
                void receive(NSError *error) {
                    while (error == nil) {
                        showBalance();
                    }
                }
                """,
            successNames: [], expected: nil),
    ]

    @Test("both languages find the same test", arguments: twins)
    func bothLanguagesFindTheSameTest(_ twin: Twin) throws {
        #expect(try Self.swiftAnswer(twin) == twin.expected, "Swift")
        #expect(try Self.objectiveCAnswer(twin) == twin.expected, "Objective-C")
    }

    @Test("Swift's guard and binding: after `guard error == nil`, in the else of `guard let error`; not in `if let error` alone")
    func swiftGuard() throws {
        let after = Twin(
            name: "", swift: "func receive(ok: Bool, error: Error?) {\n    guard error == nil else { return }\n    showBalance()\n}",
            objectiveC: "", expected: nil)
        #expect(try Self.swiftAnswer(after) == Answer(line: 2, errorAlone: true))
        let unwrapped = Twin(
            name: "", swift: "func receive(ok: Bool, error: Error?) {\n    guard let error = error else { showBalance(); return }\n    report(error)\n}",
            objectiveC: "", expected: nil)
        #expect(try Self.swiftAnswer(unwrapped) == Answer(line: 2, errorAlone: true))
        let shownOnly = Twin(
            name: "", swift: "func receive(ok: Bool, error: Error?) {\n    if let error {\n        report(error)\n    }\n}",
            objectiveC: "", expected: nil)
        #expect(try Self.swiftAnswer(shownOnly) == nil)
    }

    @Test("what the test quotes is the condition as written, where it is")
    func quotedCondition() throws {
        let swift = try Self.swiftTest(Self.twins[1])
        #expect(swift?.condition.snippet == "error == nil")
        #expect(swift.map { "\($0.condition.location.line):\($0.condition.location.column)" } == "3:8")
        let objectiveC = try Self.objectiveCTest(Self.twins[1])
        #expect(objectiveC?.condition.snippet == "error == nil")
        #expect(objectiveC.map { "\($0.condition.location.line):\($0.condition.location.column)" } == "3:9")
    }

    @Test("which side of a test runs without the error, on the model alone")
    func sidesWithoutTheError() {
        let place = SourcePlace(location: ValueLocation(file: "F", line: 1, column: 1, characterColumn: 1, endLine: 1, endColumn: 2, endCharacterColumn: 2), snippet: "e")
        func read(_ holdsWhenNil: Bool?, _ holder: ConditionHolder) -> ConditionRead {
            ConditionRead(name: "e", condition: place, holdsWhenNil: holdsWhenNil, holder: holder)
        }
        let thenOnly = ConditionHolder.branch(thenRuns: true, otherwiseRuns: nil, thenLeaves: false, followed: true)
        #expect(HandedOutcomeReading.runsWithoutError(read(true, thenOnly)))
        #expect(!HandedOutcomeReading.runsWithoutError(read(false, thenOnly)))
        #expect(!HandedOutcomeReading.runsWithoutError(read(nil, thenOnly)))
        let emptyElse = ConditionHolder.branch(thenRuns: true, otherwiseRuns: false, thenLeaves: true, followed: true)
        #expect(!HandedOutcomeReading.runsWithoutError(read(false, emptyElse)))
        let leaving = ConditionHolder.branch(thenRuns: true, otherwiseRuns: nil, thenLeaves: true, followed: true)
        #expect(HandedOutcomeReading.runsWithoutError(read(false, leaving)))
        #expect(HandedOutcomeReading.runsWithoutError(read(true, .guardBranch(otherwiseRuns: false, followed: true))))
        #expect(!HandedOutcomeReading.runsWithoutError(read(true, .guardBranch(otherwiseRuns: true, followed: false))))
        #expect(!HandedOutcomeReading.runsWithoutError(read(true, .other)))
    }

    // MARK: The search, hand-off to hand-off

    static func gate(line: Int, farther: Bool = false) -> OutcomeGate {
        OutcomeGate(
            deciding: SourcePlace(
                location: ValueLocation(file: "F.swift", line: line, column: 1, characterColumn: 1, endLine: line, endColumn: 2, endCharacterColumn: 2),
                snippet: "ok"),
            role: "somewhere", errorAlone: false, isFarther: farther)
    }

    @Test("the hand-off a finding shows: a test where the value arrives, else one farther on, else one to the callers, else the first")
    func chosenHandoff() {
        let search = ReceiverSearch()
        let receivers: [String: OutcomeReceivers] = [
            "untested": .followed([]), "farther": .followed([Self.gate(line: 3, farther: true)]), "near": .followed([Self.gate(line: 4)]),
            "callers": .unseen,
        ]
        func chosen(_ handoffs: [String]) -> String? {
            search.chosen(among: handoffs, toCallers: { $0 == "callers" }, receivers: { receivers[$0]! })?.0
        }
        #expect(chosen(["untested", "farther", "near"]) == "near")
        #expect(chosen(["untested", "farther", "callers"]) == "farther")
        #expect(chosen(["untested", "callers"]) == "callers")
        #expect(chosen(["untested"]) == "untested")
        #expect(chosen([]) == nil)
    }

    @Test("a hop puts the hand-off before the test it reaches, and stops beyond three, saying so")
    func hops() {
        let search = ReceiverSearch()
        let location = ValueLocation(file: "F.swift", line: 9, column: 5, characterColumn: 5, endLine: 9, endColumn: 20, endCharacterColumn: 20)
        var asked: [Int] = []
        let gate = search.hop(written: "completion(ok)", at: location, depth: 0) { depth in
            asked.append(depth)
            return .followed([Self.gate(line: 12)])
        }
        #expect(asked == [1])
        #expect(gate?.through == ["completion(ok)"])
        #expect(gate.map { $0.via.map { "\($0.line):\($0.column) \($0.text)" } } == ["9:5 handed on again: `completion(ok)`"])
        #expect(gate?.isFarther == true)
        #expect(search.hop(written: "completion(ok)", at: location, depth: 3) { _ in .followed([Self.gate(line: 12)]) } == nil)
        #expect(search.unfollowed == ["the value handed on again more than 3 times (`completion(ok)`)"])
    }

    // MARK: Where a reply hands its outcome on

    /// A reply of `evaluatePolicy` written inside `authenticate` (Swift: whose `completion` is a
    /// function-typed parameter; Objective-C: `authenticateWithCompletion:`, whose `completion` is
    /// a block parameter), and the hand-offs the reading finds in it, each as
    /// "target success-positions error-positions carries".
    struct HandoffTwin: CustomTestStringConvertible, Sendable {
        let name: String
        let swift: String
        let objectiveC: String
        let expected: [String]
        var testDescription: String { name }
    }

    static func swiftReply(_ reply: String) -> String {
        """
        final class Gate {
            var onFinish: ((Bool) -> Void)?
            var unlocked = false
            func authenticate(completion: @escaping (Bool, Error?) -> Void) {
                LAContext().evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock") { success, error in
        \(reply)
                }
            }
        }
        """
    }

    static func objectiveCReply(_ reply: String) -> String {
        """
        @implementation Gate
        - (void)authenticateWithCompletion:(void (^)(BOOL, NSError *))completion {
            [[LAContext new] evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Unlock"
                                      reply:^(BOOL success, NSError *error) {
        \(reply)
            }];
        }
        @end
        """
    }

    static let handoffTwins: [HandoffTwin] = [
        HandoffTwin(
            name: "both values to the completion handler",
            swift: "completion(success, error)", objectiveC: "completion(success, error);",
            expected: ["handler [0] [1] success"]),
        HandoffTwin(
            name: "a literal sent in the success branch; the error sent in the failure branch is its reason",
            swift: "if success { completion(true, nil) } else { completion(false, error) }",
            objectiveC: "if (success) { completion(YES, nil); } else { completion(NO, error); }",
            expected: ["handler [0] [] success"]),
        HandoffTwin(
            name: "only the error, by a reply that never reads the flag",
            swift: "completion(false, error)", objectiveC: "completion(NO, error);",
            expected: ["handler [] [1] errorAlone"]),
        HandoffTwin(
            name: "the error to a method of the class; a logging call hands nothing on",
            swift: "print(error as Any)\nself.finish(error)", objectiveC: "NSLog(@\"%@\", error);\n[self finish:error];",
            expected: ["call(finish) [] [0] errorAlone"]),
        HandoffTwin(
            name: "the error shown inside a test of it is no hand-off",
            swift: "if let error { self.show(error) }", objectiveC: "if (error) { [self show:error]; }",
            expected: []),
        HandoffTwin(
            name: "the flag stored in a property, then the error to a method, in source order",
            swift: "self.unlocked = success\nself.finish(error)", objectiveC: "self.unlocked = success;\n[self finish:error];",
            expected: ["property [0] [] success", "call(finish) [] [0] success"]),
        HandoffTwin(
            name: "a closure kept in a property is a handler: a literal sent in the success branch",
            swift: "if success { self.onFinish?(true) }", objectiveC: "if (success) { self.onFinish(YES); }",
            expected: ["handler [0] [] success"]),
        HandoffTwin(
            name: "a closure or block argument reads nothing where it is written",
            swift: "self.after({ success })", objectiveC: "[self after:^{ use(success); }];",
            expected: []),
    ]

    @Test("both languages find the same hand-offs in a reply", arguments: handoffTwins)
    func bothLanguagesFindTheSameHandoffs(_ twin: HandoffTwin) throws {
        #expect(try Self.swiftHandoffs(Self.swiftReply(twin.swift)) == twin.expected, "Swift")
        #expect(try Self.objectiveCHandoffs(Self.objectiveCReply(twin.objectiveC)) == twin.expected, "Objective-C")
    }

    static func describe(_ model: ProgramHandoff, _ handed: HandedArguments) -> String {
        let target =
            switch model.target {
            case .handler: "handler"
            case .call(let callee): "call(\(callee))"
            case .property: "property"
            case .result: "result"
            }
        return "\(target) \(handed.successArguments) \(handed.errorArguments) \(handed.carries)"
    }

    static func swiftHandoffs(_ code: String) throws -> [String] {
        let index = ProjectIndex(inputs: [ProjectIndex.Input(path: "Gate.swift", text: code)])
        let file = index.file(at: 0)
        let finder = MemberCallFinder(name: "evaluatePolicy")
        finder.walk(file.tree)
        let call = try #require(finder.found, "no evaluatePolicy")
        let closure = try #require(SwiftOutcomeTests.replyClosure(of: call), "no reply")
        let (success, error) = SwiftPolicyEvaluations.parameterNames(of: closure)
        let readsSuccess = SwiftPolicyEvaluations.use(success: success, error: error, in: Syntax(closure.statements), file: file).readsSuccess
        // The closure property `onFinish` is declared with a function type, as the index would say.
        let models = SwiftHandedOutcomes.programHandoffs(
            in: Syntax(closure), function: SwiftHandedOutcomes.enclosingFunction(of: Syntax(closure)), file: file, index: index,
            isStoredClosure: { $0.storedClosure?.name == "onFinish" })
        return models.compactMap { model, _ in
            HandedOutcomeReading.handedArguments(of: model, success: success, error: error, readsSuccess: readsSuccess).map { describe(model, $0) }
        }
    }

    static func objectiveCHandoffs(_ code: String) throws -> [String] {
        let tree = ObjCSyntaxTree.parse(code)
        let resolver = ObjCValueResolver(path: "Gate.m", source: code, tree: tree)
        var found: (ObjCBlockLiteral, ObjCSourceRange)?
        tree.walk(ObjCVisitor(expression: { expression, _ in
            guard found == nil, case .message(let message) = expression.kind, message.selector == "evaluatePolicy:localizedReason:reply:",
                case .block(let block)? = message.pieces.last?.argument?.kind
            else { return }
            found = (block, expression.range)
        }))
        let (block, range) = try #require(found, "no evaluatePolicy:localizedReason:reply:")
        let body = try #require(resolver.body(containing: range.start.offset), "no body")
        let (success, error) = ObjCLocalAuthentication.parameterNames(of: block)
        let readsSuccess = ObjCPolicyEvaluations.use(of: block, in: resolver).readsSuccess
        return ObjCHandedOutcomes.programHandoffs(in: block.body, body: body, file: resolver).compactMap { model, _ in
            HandedOutcomeReading.handedArguments(of: model, success: success, error: error, readsSuccess: readsSuccess).map { describe(model, $0) }
        }
    }

    // MARK: Reading a body

    static func answer(_ test: ReceivedTest?) -> Answer? {
        test.map { Answer(line: $0.condition.location.line, errorAlone: $0.ofErrorAlone) }
    }

    static func swiftAnswer(_ twin: Twin) throws -> Answer? { answer(try swiftTest(twin)) }
    static func objectiveCAnswer(_ twin: Twin) throws -> Answer? { answer(try objectiveCTest(twin)) }

    static func swiftTest(_ twin: Twin) throws -> ReceivedTest? {
        let file = SourceFile(id: 0, path: "Receiver.swift", text: twin.swift)
        let finder = FunctionFinder(name: "receive")
        finder.walk(file.tree)
        let body = try #require(finder.found?.body, "no body of receive")
        let receiving = SwiftBodies(file: file).receivingBody(Syntax(body.statements))
        return HandedOutcomeReading.firstTest(in: receiving, successNames: twin.successNames, errorNames: twin.errorNames)
    }

    static func objectiveCTest(_ twin: Twin) throws -> ReceivedTest? {
        let tree = ObjCSyntaxTree.parse(twin.objectiveC)
        let resolver = ObjCValueResolver(path: "Receiver.m", source: twin.objectiveC, tree: tree)
        let body = try #require(tree.bodies.first, "no body")
        let receiving = ObjCBodies(resolver: resolver).receivingBody(body.body)
        return HandedOutcomeReading.firstTest(in: receiving, successNames: twin.successNames, errorNames: twin.errorNames)
    }
}

/// The first function named `name` in a tree.
private final class FunctionFinder: SyntaxVisitor {
    let name: String
    var found: FunctionDeclSyntax?

    init(name: String) {
        self.name = name
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        if found == nil, node.name.text == name { found = node }
        return .visitChildren
    }
}

/// The first call of a method named `name` in a tree (`x.name(…)`).
private final class MemberCallFinder: SyntaxVisitor {
    let name: String
    var found: FunctionCallExprSyntax?

    init(name: String) {
        self.name = name
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if found == nil, node.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == name { found = node }
        return .visitChildren
    }
}
