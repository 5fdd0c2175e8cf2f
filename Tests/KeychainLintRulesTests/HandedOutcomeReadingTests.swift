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
