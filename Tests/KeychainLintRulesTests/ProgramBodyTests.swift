import KeychainLintAnalysis
import KeychainLintCore
import KeychainLintObjC
@testable import KeychainLintRules
import SwiftSyntax
import Testing

/// The model of what code does on each path, read from Swift and from Objective-C: the first
/// `evaluatePolicy` reply of each source is read by its front end, described without its
/// language's spelling, and the tests of its outcome are read from the model by the one reading
/// both languages share. Twin sources must give the same description and the same tests.
@Suite("Program bodies: Swift and Objective-C replies read into one model")
struct ProgramBodyTests {
    // MARK: Reading a reply

    struct Reply {
        let statements: ProgramStatements
        let success: String?
        let error: String?
        let use: ReplyUse
    }

    /// The reply closure of the first `evaluatePolicy` call, read into the model.
    static func swiftReply(_ code: String) throws -> Reply {
        let file = SourceFile(id: 0, path: "Reply.swift", text: code)
        let finder = EvaluateCallFinder(viewMode: .sourceAccurate)
        finder.walk(file.tree)
        let call = try #require(finder.found, "no evaluatePolicy call")
        let closure = try #require(SwiftOutcomeTests.replyClosure(of: call), "no reply closure")
        let (success, error) = SwiftPolicyEvaluations.parameterNames(of: closure)
        let statements = SwiftBodies(file: file).statements(closure.statements)
        return Reply(statements: statements, success: success, error: error, use: ReplyOutcomeReading.use(of: statements, success: success, error: error))
    }

    /// The reply block of the first `evaluatePolicy:localizedReason:reply:` message, read into the model.
    static func objectiveCReply(_ code: String) throws -> Reply {
        let tree = ObjCSyntaxTree.parse(code)
        var block: ObjCBlockLiteral?
        tree.walk(ObjCVisitor(expression: { expression, _ in
            guard block == nil, case .message(let message) = expression.kind, message.pieces.first?.label == "evaluatePolicy",
                let last = message.pieces.last?.argument, case .block(let literal) = last.kind
            else { return }
            block = literal
        }))
        let reply = try #require(block, "no reply block")
        let resolver = ObjCValueResolver(path: "Reply.m", source: code, tree: tree)
        let (success, error) = ObjCLocalAuthentication.parameterNames(of: reply)
        let statements = ObjCBodies(resolver: resolver).statements(reply.body)
        return Reply(statements: statements, success: success, error: error, use: ReplyOutcomeReading.use(of: statements, success: success, error: error))
    }

    // MARK: Describing the model without a language's spelling

    /// The statements, reads left out (`describe(_:ReplyUse)` shows what they add up to).
    static func describe(_ statements: ProgramStatements) -> String {
        statements.compactMap { statement in
            if case .read = statement { return nil }
            return describe(statement)
        }.joined(separator: "; ")
    }

    static func describe(_ statement: ProgramStatement) -> String {
        switch statement {
        case .branch(let test, let then, let otherwise):
            "if \(describe(test.condition)) {\(describe(then))}" + (otherwise.map { " else {\(describe($0))}" } ?? "")
        case .guardBranch(let test, let otherwise):
            "guard \(describe(test.condition)) else {\(describe(otherwise))}"
        case .cases(let subject, let cases):
            "switch {\(describe(subject))} " + cases.map { "case {\(describe($0))}" }.joined(separator: " ")
        case .attempt(let body, let handlers, let finally):
            "try {\(describe(body))}" + handlers.map { " catch {\(describe($0))}" }.joined() + (finally.isEmpty ? "" : " finally {\(describe(finally))}")
        case .group(let inner):
            "{\(describe(inner))}"
        case .call(let site):
            (site.callee ?? "=") + (site.isNeutral ? "°" : "")
                + (describe(site.operands).isEmpty ? "" : "(\(describe(site.operands)))")
                + site.closureArguments.map { " {\(describe($0))}" }.joined()
        case .closure(let inner):
            "closure {\(describe(inner))}"
        case .exit(let returned):
            returned == nil ? "exit" : "return bool"
        case .read(let read):
            read.name
        }
    }

    static func describe(_ condition: ProgramCondition) -> String {
        switch condition.kind {
        case .truth(let name): name
        case .not(let inner): "!" + describe(inner)
        case .comparison(let name, let equal, let literal):
            "\(name) \(equal ? "==" : "!=") \(literal == .null ? "nil" : literal == .bool(true) ? "true" : "false")"
        case .or(let left, let right): "(\(describe(left)) || \(describe(right)))"
        case .all(let parts): "(" + parts.map(describe).joined(separator: " && ") + ")"
        case .unwrapped(let name): "let \(name)"
        case .other: "?"
        }
    }

    static func describe(_ use: ReplyUse) -> String {
        "success \(use.readsSuccess ? "read" : "not read"), error \(use.testsErrorAgainstNil ? "tested" : "not tested")"
            + (use.unwrapsError ? ", unwrapped" : "")
    }

    /// An outcome test by the callees of its actions (`return` for a returned Bool).
    static func describe(_ test: OutcomeTest) -> String {
        func actions(_ list: [OutcomeAction]) -> String { "[" + list.map { $0.callee ?? ($0.key.hasPrefix("return") ? "return" : "=") }.joined(separator: ", ") + "]" }
        switch test {
        case .errorNilAlone(_, let success, _): return "error alone (\(success))"
        case .errorPresenceAlone(_, let success, _): return "error found alone (\(success))"
        case .branches(let guarded, let failurePaths, let failure):
            return "guarded \(actions(guarded)), failure \(failurePaths.map(actions).joined(separator: " ")) \(failure.description)"
        case .failureTakenForSuccess(let written, _): return "taken for success \(written)"
        case .outcomeIgnored(_, _, let action): return "ignored, then \(action.callee ?? action.key)"
        }
    }

    // MARK: Twin replies

    struct Twin: CustomTestStringConvertible, Sendable {
        let name: String
        let swift: String
        let objectiveC: String
        /// The model both read into; nil: only that both read the same.
        let model: String?
        /// The tests of the outcome read from it.
        let tests: [String]
        /// Whether both read the same model (they differ only where the languages do).
        var sameModel = true
        /// What both do with the reply's parameters; nil: not asked.
        var use: String?

        var testDescription: String { name }
    }

    static func swift(_ reply: String) -> String {
        """
        import LocalAuthentication
        final class Gate {
            func unlock() {
                LAContext().evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "Unlock") { success, error in
        \(reply)
                }
            }
        }
        """
    }

    static func objectiveC(_ reply: String) -> String {
        """
        @implementation Gate
        - (void)unlock {
            [[[LAContext alloc] init] evaluatePolicy:LAPolicyDeviceOwnerAuthentication localizedReason:@"Unlock" reply:^(BOOL success, NSError *error) {
        \(reply)
            }];
        }
        @end
        """
    }

    static let twins: [Twin] = [
        Twin(
            name: "if and else on the flag",
            swift: swift("if success { self.showVault() } else { self.showError() }"),
            objectiveC: objectiveC("if (success) { [self showVault]; } else { [self showError]; }"),
            model: "if success {showVault} else {showError}",
            tests: ["guarded [showVault], failure [showError] when `success` is false"], use: "success read, error not tested"),
        Twin(
            name: "a failure that leaves first: Swift's guard, Objective-C's early return",
            swift: swift("guard success else { self.showError(); return }\nself.showVault()"),
            objectiveC: objectiveC("if (!success) { [self showError]; return; }\n[self showVault];"),
            model: "guard success else {showError; exit}; showVault",
            tests: ["guarded [showVault], failure [showError] when `success` is false"], sameModel: false),
        Twin(
            name: "the same early return written as an if in both",
            swift: swift("if !success { self.showError(); return }\nself.showVault()"),
            objectiveC: objectiveC("if (!success) { [self showError]; return; }\n[self showVault];"),
            model: "if !success {showError; exit}; showVault",
            tests: ["guarded [showVault], failure [showError] when `success` is false"]),
        Twin(
            name: "a comparison with a literal, written either way round",
            swift: swift("if true == success { self.showVault() } else if error != nil { self.showError() }"),
            objectiveC: objectiveC("if (YES == success) { [self showVault]; } else if (error != nil) { [self showError]; }"),
            model: "if success == true {showVault} else {if error != nil {showError}}",
            tests: ["guarded [showVault], failure [showError] [showError] when `success` is false"]),
        Twin(
            name: "dispatched to the main queue; logging is no action",
            swift: swift("DispatchQueue.main.async { if success { print(self.describe()); self.showVault() } else { self.showError() } }"),
            objectiveC: objectiveC(
                "dispatch_async(dispatch_get_main_queue(), ^{ if (success) { NSLog(@\"%@\", [self describe]); [self showVault]; } else { [self showError]; } });"),
            // C names the queue with a call of its own, an operand of the dispatching call.
            model: "async° {if success {print°(describe); showVault} else {showError}}",
            tests: ["guarded [showVault], failure [showError] when `success` is false"], sameModel: false),
        Twin(
            name: "the fallback code of the failure is a path of its own",
            swift: swift(
                "if success { self.showVault() } else {\nswitch (error as? LAError)?.code {\ncase .userFallback?: self.showVault()\ndefault: self.showError()\n}\n}"),
            objectiveC: objectiveC(
                "if (success) { [self showVault]; } else {\nswitch (error.code) {\ncase LAErrorUserFallback: [self showVault]; break;\ndefault: [self showError];\n}\n}"),
            model: "if success {showVault} else {switch {} case {showVault} case {showError}}",
            tests: ["guarded [showVault], failure [showVault, showError] [showVault] [showError] when `success` is false"]),
        Twin(
            name: "the success path's own error handling is not what the success leads to",
            swift: swift("if success {\nif self.token == nil { self.showPIN(); return }\nself.showVault()\n} else { self.showError() }"),
            objectiveC: objectiveC("if (success) {\nif (self.token == nil) { [self showPIN]; return; }\n[self showVault];\n} else { [self showError]; }"),
            model: "if success {if ? {showPIN; exit}; showVault} else {showError}",
            tests: ["guarded [showVault], failure [showError] when `success` is false"]),
        Twin(
            name: "only the error tested, against nil",
            swift: swift("if error == nil { self.showVault() }"),
            objectiveC: objectiveC("if (error == nil) { [self showVault]; }"),
            model: "if error == nil {showVault}",
            tests: ["error alone (success)"], use: "success not read, error tested"),
        Twin(
            name: "the flag only logged or formatted into text decides nothing",
            swift: swift("print(\"ok: \\(success)\")\ndebugPrint(success)\nif error == nil { self.showVault() }"),
            objectiveC: objectiveC(
                "NSLog(@\"ok: %d\", success);\nNSString *text = [NSString stringWithFormat:@\"%d\", success];\nif (error == nil) { [self showVault]; }"),
            model: nil,
            tests: ["error alone (success)"], sameModel: false, use: "success not read, error tested"),
        Twin(
            name: "a member named like the flag is not the flag",
            swift: swift("if self.state.success { self.showVault() }"),
            objectiveC: objectiveC("if (self.state.success) { [self showVault]; }"),
            model: "if ? {showVault}",
            tests: [], use: "success not read, error not tested"),
        Twin(
            name: "only the error tested, leaving when there is one",
            swift: swift("if error != nil { return }\nself.showVault()"),
            objectiveC: objectiveC("if (error != nil) { return; }\n[self showVault];"),
            model: "if error != nil {exit}; showVault",
            tests: ["error found alone (success)"]),
        Twin(
            name: "only the error tested, by its truth in Objective-C",
            swift: swift("if error != nil { return }\nself.showVault()"),
            objectiveC: objectiveC("if (error) { return; }\n[self showVault];"),
            // An object's truth is whether it is nil: the model keeps what is written, the reading knows.
            model: "if error != nil {exit}; showVault",
            tests: ["error found alone (success)"], sameModel: false),
        Twin(
            name: "only the error tested: an else runs when there is none",
            swift: swift("if error != nil { self.show(error) } else { self.showVault() }"),
            objectiveC: objectiveC("if (error != nil) { [self show:error]; } else { [self showVault]; }"),
            model: "if error != nil {show} else {showVault}",
            tests: ["error found alone (success)"], use: "success not read, error tested"),
        Twin(
            name: "only the error tested, by its truth in Objective-C and unwrapped in Swift, with an else",
            swift: swift("if let error { self.show(error) } else { self.showVault() }"),
            objectiveC: objectiveC("if (error) { [self show:error]; } else { [self showVault]; }"),
            model: "if let error {show} else {showVault}",
            tests: ["error found alone (success)"], sameModel: false, use: nil),
        Twin(
            name: "only the error unwrapped into another name, leaving when there is one",
            swift: swift("if let failure = error { self.show(failure); return }\nself.showVault()"),
            objectiveC: objectiveC("if (error) { [self show:error]; return; }\n[self showVault];"),
            model: "if let error {show; exit}; showVault",
            tests: ["error found alone (success)"], sameModel: false),
        Twin(
            name: "an error shown, with nothing to run when there is none, guards nothing",
            swift: swift("if let error { self.show(error); return }"),
            objectiveC: objectiveC("if (error != nil) { [self show:error]; return; }"),
            model: nil,
            tests: [], sameModel: false),
        Twin(
            name: "the flag tested too after the error leaves",
            swift: swift("if let error { self.show(error); return }\nguard success else { return }\nself.showVault()"),
            objectiveC: objectiveC("if (error) { [self show:error]; return; }\nif (!success) { return; }\n[self showVault];"),
            model: nil,
            tests: ["guarded [showVault], failure [] when `success` is false"], sameModel: false),
        Twin(
            name: "the flag tested in the else of the error's test",
            swift: swift("if error != nil { self.show(error) } else if success { self.showVault() }"),
            objectiveC: objectiveC("if (error != nil) { [self show:error]; } else if (success) { [self showVault]; }"),
            model: "if error != nil {show} else {if success {showVault}}",
            tests: [], use: "success read, error tested"),
        Twin(
            name: "the flag or a missing error",
            swift: swift("if success || error == nil { self.showVault() } else { self.showError() }"),
            objectiveC: objectiveC("if (success || error == nil) { [self showVault]; } else { [self showError]; }"),
            model: "if (success || error == nil) {showVault} else {showError}",
            tests: ["error alone (success)"]),
        Twin(
            name: "the flag or a missing error, by its truth in Objective-C",
            swift: swift("if success || error == nil { self.showVault() } else { self.showError() }"),
            objectiveC: objectiveC("if (success || !error) { [self showVault]; } else { [self showError]; }"),
            model: "if (success || error == nil) {showVault} else {showError}",
            tests: ["error alone (success)"], sameModel: false),
        Twin(
            name: "a Bool returned from a closure written inside the reply is read for its tests only",
            swift: swift("let check = { if success { self.showVault() } else { self.showError() } }\ncheck()"),
            objectiveC: objectiveC("void (^check)(void) = ^{ if (success) { [self showVault]; } else { [self showError]; } };\ncheck();"),
            model: "closure {if success {showVault} else {showError}}; check",
            tests: ["guarded [showVault], failure [showError] when `success` is false"]),
    ]

    /// The guarded action's key and the first failure path's first action's key.
    static func branchKeys(_ reply: Reply) throws -> (guarded: String, failure: String) {
        let tests = ReplyOutcomeReading.tests(in: reply.statements, success: reply.success, error: reply.error)
        guard case .branches(let guarded, let failurePaths, _)? = tests.first else { throw KeyError.noBranches }
        return (try #require(guarded.first?.key), try #require(failurePaths.first?.first?.key))
    }

    enum KeyError: Error { case noBranches }

    @Test("A local of one name declared on each path is another value on each; one local sent on both is one value")
    func localsNamedAlikeOnEachPath() throws {
        let differing = [
            try Self.swiftReply(Self.swift(
                "if success { let result = [\"ok\": true]; self.finish(result) } else { let result = [\"ok\": false]; self.finish(result) }")),
            try Self.objectiveCReply(Self.objectiveC(
                "if (success) { NSDictionary *result = @{@\"ok\": @YES}; [self finish:result]; } else { NSDictionary *result = @{@\"ok\": @NO}; [self finish:result]; }")),
        ]
        for reply in differing {
            let keys = try Self.branchKeys(reply)
            #expect(keys.guarded != keys.failure)
        }
        let same = [
            try Self.swiftReply(Self.swift("let result = [\"ok\": true]\nif success { self.finish(result) } else { self.finish(result) }")),
            try Self.objectiveCReply(Self.objectiveC(
                "NSDictionary *result = @{@\"ok\": @YES};\nif (success) { [self finish:result]; } else { [self finish:result]; }")),
            try Self.swiftReply(Self.swift(
                "if success { let granted = true; self.finish(granted) } else { let granted = true; self.finish(granted) }")),
        ]
        for reply in same {
            let keys = try Self.branchKeys(reply)
            #expect(keys.guarded == keys.failure)
        }
    }

    @Test(arguments: twins)
    func bothLanguagesReadTheSameModel(_ twin: Twin) throws {
        let swift = try Self.swiftReply(twin.swift)
        let objectiveC = try Self.objectiveCReply(twin.objectiveC)
        let swiftModel = Self.describe(swift.statements)
        if twin.sameModel { #expect(swiftModel == Self.describe(objectiveC.statements), "\(twin.name)") }
        if let model = twin.model { #expect(swiftModel == model, "\(twin.name)") }
        for (language, reply) in [("Swift", swift), ("Objective-C", objectiveC)] {
            if let use = twin.use { #expect(Self.describe(reply.use) == use, "\(twin.name), \(language)") }
            let tests = ReplyOutcomeReading.tests(in: reply.statements, success: reply.success, error: reply.error)
            #expect(tests.map(Self.describe) == twin.tests, "\(twin.name), \(language)")
        }
    }
}

/// The first `evaluatePolicy` call of a file.
private final class EvaluateCallFinder: SyntaxVisitor {
    var found: FunctionCallExprSyntax?

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if found == nil, SyntaxQueries.calleeName(of: node) == "evaluatePolicy" { found = node }
        return .visitChildren
    }
}
