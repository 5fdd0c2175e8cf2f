import KeychainLintAnalysis
import KeychainLintModel
import SwiftSyntax
import Testing

/// Bounds for generated and hostile code (`SyntaxLimits`, the resolver's nesting limit and step
/// budget) and the call shapes that once crashed the resolver.
@Suite("Limits and hostile shapes")
struct LimitTests {
    // MARK: Trailing closures at call sites

    @Test("a caller that passes only a trailing closure is matched without indexing past its arguments")
    func trailingClosureOnlyCaller() {
        let resolution = resolveProbe(
            [
                "Store.swift": """
                func save(_ p: CFString) { probe(p) }
                """,
                "Caller.swift": "func caller() { save { } }",
            ])
        #expect(resolution.values.isEmpty)
        #expect(resolution.hasGap(mentioning: "a closure is not a value the resolver follows"), "\(resolution.reasons)")
    }

    @Test("an argument before a trailing closure is still traced from the caller")
    func argumentBeforeTrailingClosure() {
        let resolution = resolveProbe(
            [
                "Store.swift": """
                func save(_ p: CFString, _ done: () -> Void) { probe(p) }
                """,
                "Caller.swift": "func caller() { save(kSecAttrAccessibleAlways) { } }",
            ])
        #expect(resolution.descriptions == ["kSecAttrAccessibleAlways"])
    }

    // MARK: Resolver bounds

    @Test("an expression nested deeper than the resolver follows is a gap of kind nestingLimit")
    func expressionNestingLimit() {
        let deep = Array(repeating: "1", count: ValueResolver.maximumExpressionNesting + 50).joined(separator: " + ")
        let resolution = resolveProbe("func f() { probe(\(deep)) }")
        #expect(resolution.values.isEmpty)
        #expect(resolution.gaps.contains { $0.kind == .nestingLimit && $0.isAnalysisLimit }, "\(resolution.reasons)")
        #expect(resolution.hasGap(mentioning: "expression nests deeper than \(ValueResolver.maximumExpressionNesting) levels"))
    }

    @Test("an expression within the nesting limit is followed to its value")
    func expressionWithinNestingLimit() {
        let shallow = Array(repeating: "1", count: 100).joined(separator: " + ")
        let resolution = resolveProbe("func f() { probe(\(shallow)) }")
        #expect(resolution.descriptions == ["100"])
        #expect(resolution.gaps.isEmpty)
    }

    /// Index, resolver with a small budget, and the probe of a one-file source.
    private func resolveWithBudget(_ source: String, steps: Int, warmUp: String? = nil) -> Resolution {
        let probed = ProbedFile(source, stepsPerQuestion: steps)
        if let warmUp {
            // Another question first, which caches declarations the probe reuses.
            _ = probed.resolve(probed.probes.firstIndex { $0.description == warmUp }!)
        }
        return probed.resolve(probed.probes.firstIndex { $0.description != warmUp }!)
    }

    @Test("more possible values than the resolver keeps: the first 32, and a searchLimit gap at the question")
    func valueBound() {
        func source(_ count: Int) -> String {
            let cases = (0..<count).map { "    case \($0): flags = SecAccessControlCreateFlags(rawValue: \($0 + 100))" }.joined(separator: "\n")
            return """
                func f(n: Int) {
                    var flags: SecAccessControlCreateFlags = []
                    switch n {
                \(cases)
                    default: break
                    }
                    probe(flags)
                }
                """
        }
        let many = resolveProbe(source(40))
        #expect(many.values.count == Resolution.maximumValues)
        #expect(many.gaps.map(\.kind) == [.searchLimit])
        #expect(many.reasons == ["more than 32 possible values: the others are not followed"])
        #expect(many.gaps.first.map { "\($0.file):\($0.line):\($0.column)" } == "A.swift:46:11")
        // Within the bound: every value, no gap.
        let few = resolveProbe(source(20))
        #expect(few.values.count == 21)
        #expect(few.gaps.isEmpty)
    }

    @Test("a question that takes more steps than its budget stops with a stepBudget gap")
    func stepBudgetExhausted() {
        let elements = (0..<60).map { "\($0)" }.joined(separator: ", ")
        let resolution = resolveWithBudget("func f() { probe([\(elements)]) }", steps: 20)
        #expect(resolution.gaps.contains { $0.kind == .stepBudget }, "\(resolution.reasons)")
        #expect(resolution.hasGap(mentioning: "resolution stopped after 20 steps for one question"))
        let enough = resolveWithBudget("func f() { probe([\(elements)]) }", steps: 1000)
        #expect(enough.gaps.isEmpty)
        #expect(enough.values.count == 1)
    }

    @Test("the budget runs out at the same place whether callers' arguments were cached before or not")
    func stepBudgetIsDeterministicThroughCallers() {
        let source = """
            func store(_ flags: SecAccessControlCreateFlags) { probe(flags) }
            func relay(_ f: SecAccessControlCreateFlags) { store(f) }
            func a() { relay([.biometryAny, .or, .devicePasscode]) }
            func b() { relay(.biometryCurrentSet) }
            func c() { probe(base) }
            let base: SecAccessControlCreateFlags = .userPresence
            """
        for steps in 1...20 {
            let cold = resolveWithBudget(source, steps: steps)
            let warm = resolveWithBudget(source, steps: steps, warmUp: "base")
            #expect(cold == warm, "budget \(steps)")
        }
        let full = resolveWithBudget(source, steps: 1000)
        #expect(full.descriptionSet == ["[.biometryAny, .or, .devicePasscode]", ".biometryCurrentSet"])
    }

    @Test("the budget runs out at the same place whether a declaration was cached before or not")
    func stepBudgetIsDeterministic() {
        let source = """
            let base: SecAccessControlCreateFlags = [.biometryAny, .or, .devicePasscode]
            let derived = base.union(.privateKeyUsage)
            func f() { probe(derived) }
            func g() { probe(base) }
            """
        for steps in 1...12 {
            let cold = resolveWithBudget(source, steps: steps)
            let warm = resolveWithBudget(source, steps: steps, warmUp: "base")
            #expect(cold == warm, "budget \(steps): \(cold) vs \(warm)")
        }
    }

    // MARK: Syntax limits

    @Test("brackets in strings and comments do not count towards the bracket screen")
    func bracketScreenSkipsStringsAndComments() {
        let many = String(repeating: "[", count: 200)
        let text = """
            let a = "\(many)"
            let b = #"\\"\(many)"#
            let c = \"""
                \(many)
                \"""
            // \(many)
            /* \(many) /* nested \(many) */ \(many) */
            let d = [[[1]]]
            """
        #expect(SyntaxLimits.textProblem(text) == nil)
    }

    @Test("runs of open brackets beyond the screen's limits are not parsed", arguments: [
        (String(repeating: "[", count: SyntaxLimits.openSquareBrackets + 1),
         "more than 16 `[` open at once (17): not parsed, not analysed"),
        (String(repeating: "switch x {", count: SyntaxLimits.openBrackets + 1),
         "more than 64 brackets open at once (65): not parsed, not analysed"),
        (String(repeating: "f(", count: 100), "more than 64 brackets open at once (100): not parsed, not analysed"),
    ])
    func bracketScreenLimits(_ text: String, _ message: String) {
        #expect(SyntaxLimits.textProblem("let q = " + text) == message)
        let file = SourceFile(id: 0, path: "A.swift", text: "let q = " + text)
        #expect(file.limitNote == SourceFile.LimitNote(message: message, wholeFile: true))
        #expect(file.tree.statements.isEmpty)
    }

    @Test("generic angle brackets: a runaway run is screened; comparisons and ranges are not counted")
    func angleScreen() {
        let run = "func f<T: " + String(repeating: "P<", count: SyntaxLimits.openAngleBrackets + 1) + "X>() {}"
        #expect(SyntaxLimits.textProblem(run) == "more than 64 generic `<` open at once (66): not parsed, not analysed")  // `f<` too
        // 100 comparisons without spaces and 100 half-open ranges in one function body: each
        // brace starts the count again.
        let ordinary = "func g() {\n" + String(repeating: "    if a<b { }\n    for i in 0..<n { }\n", count: 100) + "}\n"
        #expect(SyntaxLimits.textProblem(ordinary) == nil)
        let statements = String(repeating: "let c = a<b; ", count: 200)
        #expect(SyntaxLimits.textProblem(statements) == nil)
        let nested = "let d: " + String(repeating: "Array<", count: 20) + "Int" + String(repeating: ">", count: 20)
        #expect(SyntaxLimits.textProblem(nested) == nil)
    }

    @Test("a long run of call-like groups in a type's body is not parsed; declarations, attributes, case lists and code are")
    func memberCallScreen() {
        let message = "more than 32 call-like groups in a row in a type's body, where declarations belong: not parsed, not analysed"
        let run = "struct V {\n" + String(repeating: "f(x) ", count: SyntaxLimits.memberCallRun + 1) + "}\n"
        #expect(SyntaxLimits.textProblem(run) == message)
        let file = SourceFile(id: 0, path: "A.swift", text: run)
        #expect(file.limitNote == SourceFile.LimitNote(message: message, wholeFile: true))
        // A fuzzed input: an unclosed member chain runs into a class body.
        let chain = "let s = f(flags: .a" + String(repeating: ".flags.union(.or)", count: 40) + ")class V {\n"
            + String(repeating: ".union(.or).flags", count: 40)
        #expect(SyntaxLimits.textProblem(chain) == message)
        // A stray `]` in a method does not close the class (the parser skips it).
        let stray = "class V {\n    func g() {\n        ]\n    }\n" + String(repeating: "f(x)", count: 33)
        #expect(SyntaxLimits.textProblem(stray) == message)
        #expect(SyntaxLimits.textProblem("extension V {\n" + String(repeating: "f(x)\n", count: 33) + "}") == message)
        #expect(SyntaxLimits.textProblem("protocol P: class {\n" + String(repeating: "f(x),", count: 33) + "}") == message)

        let limit = "struct V {\n" + String(repeating: "f(x) ", count: SyntaxLimits.memberCallRun) + "}\n"
        #expect(SyntaxLimits.textProblem(limit) == nil)
        let ordinary = [
            // Every declaration starts the count again.
            "struct V {\n" + String(repeating: "    @available(iOS 13, *) func f(a: (Int) -> Void) -> (Int, Int) { g(h(1)) }\n", count: 100) + "}",
            "final class V {\n" + String(repeating: "    var v = Foo(a).b(c).d(e)\n    init(x: Int) { f(x) }\n", count: 100) + "}",
            // One case list, attributes on one declaration, directives.
            "enum E {\n    case " + (0..<100).map { "a\($0)(Int)" }.joined(separator: ", ") + "\n}",
            "enum E {\n" + (0..<100).map { "    case a\($0)(Int), b\($0)(String)\n" }.joined() + "}",
            "class V {\n    " + String(repeating: "@objc(name) ", count: 100) + "func f() {}\n}",
            "struct V {\n" + String(repeating: "#if os(iOS)\nlet a = f(1)\n#endif\n", count: 100) + "}",
            // Calls in code, in strings and in comments.
            "func g() {\n" + String(repeating: "f(x)\n", count: 200) + "}",
            "struct V {\n    let s = \"" + String(repeating: "f(x)", count: 200) + "\"\n    // " + String(repeating: "f(x)", count: 200) + "\n}",
            "struct V {\n    var body: some View {\n" + String(repeating: "        Text(a).font(b).padding(c)\n", count: 100) + "    }\n}",
            String(repeating: "f(x)\n", count: 200),
        ]
        for text in ordinary {
            #expect(SyntaxLimits.textProblem(text) == nil, "\(text.prefix(60))")
        }
    }

    @Test("brackets within the screen's limits are parsed as usual")
    func bracketScreenAllowsOrdinaryNesting() {
        let text = "let q = " + String(repeating: "[", count: 16) + "1" + String(repeating: "]", count: 16)
        #expect(SyntaxLimits.textProblem(text) == nil)
        let file = SourceFile(id: 0, path: "A.swift", text: text)
        #expect(file.limitNote == nil)
        #expect(file.tree.statements.count == 1)
    }

    @Test("a member chain deeper than the tree limit is not analysed")
    func deepMemberChain() {
        let text = "let q = a" + String(repeating: ".b", count: SyntaxLimits.treeDepth) + "\nSecItemAdd(q, nil)\n"
        let file = SourceFile(id: 0, path: "A.swift", text: text)
        #expect(file.limitNote == SourceFile.LimitNote(
            message: "syntax nests deeper than 4000 levels: not analysed", wholeFile: true))
        #expect(file.tree.statements.isEmpty)
    }

    @Test("an expression with more operators than the folding limit is not analysed")
    func longOperatorSequence() {
        let text = "let q = " + Array(repeating: "1", count: SyntaxLimits.sequenceOperators + 2).joined(separator: " + ")
        let file = SourceFile(id: 0, path: "A.swift", text: text)
        #expect(file.limitNote == SourceFile.LimitNote(
            message: "an expression has more than 2000 operators: not analysed", wholeFile: true))
    }

    @Test("code nested beyond the parser's limit is analysed up to the line where it stops")
    func parserNestingOverflow() {
        // `#if` blocks: the text screen does not count them, the parser does.
        let text = "let ok = 1\n" + String(repeating: "#if A\n", count: SyntaxLimits.parserNesting + 10)
            + "let q = 2\n" + String(repeating: "#endif\n", count: SyntaxLimits.parserNesting + 10)
        let file = SourceFile(id: 0, path: "A.swift", text: text)
        #expect(file.limitNote == SourceFile.LimitNote(
            message: "code nests more than 128 levels deep (brackets and #if blocks): not analysed from line 131 on",
            wholeFile: false))
        #expect(file.tree.statements.first?.item.description.contains("let ok = 1") == true)
    }
}

@Suite("Local lookups in long statement lists")
struct LongListLookupTests {
    /// A function with `count` filler statements around the declaration and the use, so the
    /// indexed lookup (lists longer than 64 items) is the one exercised.
    private func longFunction(_ body: [String], filler count: Int = 80) -> String {
        let filler = (0..<count).map { "    let filler\($0) = \($0)" }
        return "func f() {\n" + (filler + body.map { "    " + $0 }).joined(separator: "\n") + "\n}\n"
    }

    @Test("a local declared far above its use is found")
    func farDeclaration() {
        let source = longFunction(["let flags: SecAccessControlCreateFlags = .biometryAny"] + (0..<80).map { "let more\($0) = \($0)" }
            + ["probe(flags)"])
        #expect(resolveProbe(source).descriptions == [".biometryAny"])
    }

    @Test("the nearest earlier declaration wins; a later one is not seen")
    func nearestDeclarationWins() {
        let source = longFunction([
            "let flags: SecAccessControlCreateFlags = .biometryAny",
            "let flags: SecAccessControlCreateFlags = .biometryCurrentSet",
            "probe(flags)",
            "let flags: SecAccessControlCreateFlags = .userPresence",
        ])
        #expect(resolveProbe(source).descriptions == [".biometryCurrentSet"])
    }

    @Test("a local changed between its declaration and a far use is followed through the change")
    func flowThroughLongList() {
        let body = [
            "var flags: SecAccessControlCreateFlags = .biometryCurrentSet",
        ] + (0..<40).map { "let a\($0) = \($0)" } + [
            "if legacy { flags = .biometryAny }",
        ] + (0..<40).map { "let b\($0) = \($0)" } + ["probe(flags)"]
        let long = resolveProbe(longFunction(body))
        let short = resolveProbe(longFunction(body, filler: 0))
        #expect(long.descriptionSet == [".biometryCurrentSet", ".biometryAny"])
        #expect(long.descriptions == short.descriptions)
        #expect(long.values.map { $0.trace.map(\.text) } == short.values.map { $0.trace.map(\.text) })
    }

    @Test("a name bound by a guard far above is a guard binding, as in short lists")
    func guardBinding() {
        let body = ["guard let flags = makeFlags() else { return }", "probe(flags)"]
        let helper = "func makeFlags() -> SecAccessControlCreateFlags? { .biometryAny }\n"
        let long = resolveProbe(helper + longFunction(body))
        let short = resolveProbe(helper + longFunction(body, filler: 2))
        #expect(long.descriptions == short.descriptions)
        #expect(long.reasons == short.reasons)
        #expect(long.descriptions == [".biometryAny"])
    }
}
