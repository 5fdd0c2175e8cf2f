import KeychainLintAnalysis
import KeychainLintCore
import KeychainLintObjC
@testable import KeychainLintRules
import SwiftSyntax
import Testing

/// What code does with a result that may be nil (Swift's Optional, a C pointer that may be
/// `NULL`), read from Swift and from Objective-C into one model (`ProgramLocals.nullableUses`,
/// `mentions`, `exits`, `keyWrites`) and read once (`NullableResultReading`). Twin sources of the
/// same shape must give the same handling: whether the result is checked, where it is used where
/// nil crashes, where it goes into the query unchecked, and where the code that runs when it is
/// nil writes the fallback key.
@Suite("Nullable results: what Swift and Objective-C code does with a result that may be nil, read once")
struct NullableResultReadingTests {
    /// The handling, in words both languages share: places are "call" (the call itself) or
    /// "line N"; nil when there is none.
    struct Outcome: Equatable, CustomStringConvertible {
        var checked = false
        var crash: String?
        var entry: String?
        var fallback: String?

        var description: String {
            "checked: \(checked), crash: \(crash ?? "-"), entry: \(entry ?? "-"), fallback: \(fallback ?? "-")"
        }
    }

    struct Twin: CustomTestStringConvertible, Sendable {
        let name: String
        let swift: String
        let objectiveC: String
        let expected: Outcome
        var testDescription: String { name }
    }

    static let create = "SecAccessControlCreateWithFlags"
    static let swiftArguments = "nil, kSecAttrAccessibleWhenUnlockedThisDeviceOnly, .biometryCurrentSet"
    static let objectiveCArguments = "NULL, kSecAttrAccessibleWhenUnlockedThisDeviceOnly, kSecAccessControlBiometryCurrentSet"

    static let twins: [Twin] = [
        Twin(
            name: "stored in a local and put into the query unchecked",
            swift: """
                func save(q: inout [String: Any]) {
                    let access = \(create)(\(swiftArguments), nil)
                    q[kSecAttrAccessControl as String] = access as Any
                }
                """,
            objectiveC: """
                void save(NSMutableDictionary *q) {
                    SecAccessControlRef access = \(create)(\(objectiveCArguments), NULL);
                    q[(__bridge id)kSecAttrAccessControl] = (__bridge id)access;
                }
                """,
            expected: Outcome(entry: "line 3")),
        Twin(
            name: "tested for nil, leaving, before it goes into the query",
            swift: """
                func save(q: inout [String: Any]) {
                    let access = \(create)(\(swiftArguments), nil)
                    guard access != nil else { return }
                    q[kSecAttrAccessControl as String] = access as Any
                }
                """,
            objectiveC: """
                void save(NSMutableDictionary *q) {
                    SecAccessControlRef access = \(create)(\(objectiveCArguments), NULL);
                    if (access == NULL) { return; }
                    q[(__bridge id)kSecAttrAccessControl] = (__bridge id)access;
                }
                """,
            expected: Outcome(checked: true, entry: "line 4")),
        Twin(
            name: "used where nil crashes",
            swift: """
                func save(q: inout [String: Any]) {
                    let access = \(create)(\(swiftArguments), nil)
                    q[kSecAttrAccessControl as String] = access!
                }
                """,
            objectiveC: """
                void save(NSMutableDictionary *q) {
                    SecAccessControlRef access = \(create)(\(objectiveCArguments), NULL);
                    [q setObject:(__bridge id)access forKey:(__bridge id)kSecAttrAccessControl];
                }
                """,
            expected: Outcome(crash: "line 3")),
        Twin(
            name: "the call itself used where nil crashes",
            swift: """
                func save(q: inout [String: Any]) {
                    q[kSecAttrAccessControl as String] = \(create)(\(swiftArguments), nil)!
                }
                """,
            objectiveC: """
                void save(NSMutableDictionary *q) {
                    [q setObject:(__bridge id)\(create)(\(objectiveCArguments), NULL) forKey:(__bridge id)kSecAttrAccessControl];
                }
                """,
            expected: Outcome(crash: "call")),
        Twin(
            name: "the call itself tested for nil",
            swift: """
                func check() -> Bool {
                    if \(create)(\(swiftArguments), nil) == nil { return false }
                    return true
                }
                """,
            objectiveC: """
                BOOL check(void) {
                    if (\(create)(\(objectiveCArguments), NULL) == NULL) { return NO; }
                    return YES;
                }
                """,
            expected: Outcome(checked: true)),
        Twin(
            name: "the branch that runs when it is nil writes the fallback key",
            swift: """
                func save(q: inout [String: Any]) {
                    let access = \(create)(\(swiftArguments), nil)
                    if access == nil {
                        q[kSecAttrAccessible as String] = kSecAttrAccessibleWhenUnlocked
                    }
                }
                """,
            objectiveC: """
                void save(NSMutableDictionary *q) {
                    SecAccessControlRef access = \(create)(\(objectiveCArguments), NULL);
                    if (!access) {
                        q[(__bridge id)kSecAttrAccessible] = (__bridge id)kSecAttrAccessibleWhenUnlocked;
                    }
                }
                """,
            expected: Outcome(checked: true, fallback: "line 4")),
        Twin(
            name: "the error tested, leaving, before the result's first use",
            swift: """
                func save(q: inout [String: Any]) throws {
                    var error: Unmanaged<CFError>?
                    let access = \(create)(\(swiftArguments), &error)
                    if error != nil { throw KeychainError.failed }
                    q[kSecAttrAccessControl as String] = access as Any
                }
                """,
            objectiveC: """
                void save(NSMutableDictionary *q) {
                    CFErrorRef error = NULL;
                    SecAccessControlRef access = \(create)(\(objectiveCArguments), &error);
                    if (error != NULL) { return; }
                    q[(__bridge id)kSecAttrAccessControl] = (__bridge id)access;
                }
                """,
            expected: Outcome(checked: true, entry: "line 5")),
        Twin(
            name: "the error tested only after the result was used",
            swift: """
                func save(q: inout [String: Any]) throws {
                    var error: Unmanaged<CFError>?
                    let access = \(create)(\(swiftArguments), &error)
                    q[kSecAttrAccessControl as String] = access as Any
                    if error != nil { throw KeychainError.failed }
                }
                """,
            objectiveC: """
                void save(NSMutableDictionary *q) {
                    CFErrorRef error = NULL;
                    SecAccessControlRef access = \(create)(\(objectiveCArguments), &error);
                    q[(__bridge id)kSecAttrAccessControl] = (__bridge id)access;
                    if (error != NULL) { return; }
                }
                """,
            expected: Outcome(entry: "line 4")),
        Twin(
            name: "the code that finds the error writes the fallback key",
            swift: """
                func save(q: inout [String: Any]) {
                    var error: Unmanaged<CFError>?
                    let access = \(create)(\(swiftArguments), &error)
                    if let error {
                        q[kSecAttrAccessible as String] = kSecAttrAccessibleWhenUnlocked
                        print(error)
                    } else {
                        q[kSecAttrAccessControl as String] = access as Any
                    }
                }
                """,
            objectiveC: """
                void save(NSMutableDictionary *q) {
                    CFErrorRef error = NULL;
                    SecAccessControlRef access = \(create)(\(objectiveCArguments), &error);
                    if (error) {
                        q[(__bridge id)kSecAttrAccessible] = (__bridge id)kSecAttrAccessibleWhenUnlocked;
                        CFShow(error);
                    } else {
                        q[(__bridge id)kSecAttrAccessControl] = (__bridge id)access;
                    }
                }
                """,
            expected: Outcome(checked: true, entry: "line 8", fallback: "line 5")),
        Twin(
            name: "stored by an assignment to a local declared before",
            swift: """
                func save(q: inout [String: Any]) {
                    var access: SecAccessControl?
                    access = \(create)(\(swiftArguments), nil)
                    q[kSecAttrAccessControl as String] = access as Any
                }
                """,
            objectiveC: """
                void save(NSMutableDictionary *q) {
                    SecAccessControlRef access = NULL;
                    access = \(create)(\(objectiveCArguments), NULL);
                    q[(__bridge id)kSecAttrAccessControl] = (__bridge id)access;
                }
                """,
            expected: Outcome(entry: "line 4")),
        Twin(
            name: "a test of another local of the same name does not check it",
            swift: """
                func save(q: inout [String: Any], other: SecAccessControl?) {
                    let access = \(create)(\(swiftArguments), nil)
                    do {
                        let access = other
                        if access == nil { return }
                    }
                    q[kSecAttrAccessControl as String] = access as Any
                }
                """,
            objectiveC: """
                void save(NSMutableDictionary *q, SecAccessControlRef other) {
                    SecAccessControlRef access = \(create)(\(objectiveCArguments), NULL);
                    {
                        SecAccessControlRef access = other;
                        if (access == NULL) { return; }
                    }
                    q[(__bridge id)kSecAttrAccessControl] = (__bridge id)access;
                }
                """,
            expected: Outcome(entry: "line 7")),
        Twin(
            name: "put into the query under another key only",
            swift: """
                func save(q: inout [String: Any]) {
                    let access = \(create)(\(swiftArguments), nil)
                    q[kSecAttrLabel as String] = access as Any
                }
                """,
            objectiveC: """
                void save(NSMutableDictionary *q) {
                    SecAccessControlRef access = \(create)(\(objectiveCArguments), NULL);
                    q[(__bridge id)kSecAttrLabel] = (__bridge id)access;
                }
                """,
            expected: Outcome()),
        Twin(
            name: "put into the query only where a test of the error finds none",
            swift: """
                func save(q: inout [String: Any]) {
                    var failure: Unmanaged<CFError>?
                    let access = \(create)(\(swiftArguments), &failure)
                    if failure == nil {
                        q[kSecAttrAccessControl as String] = access as Any
                    }
                }
                """,
            objectiveC: """
                void save(NSMutableDictionary *q) {
                    CFErrorRef failure = NULL;
                    SecAccessControlRef access = \(create)(\(objectiveCArguments), &failure);
                    if (failure == errSecSuccess) {
                        q[(__bridge id)kSecAttrAccessControl] = (__bridge id)access;
                    }
                }
                """,
            expected: Outcome(checked: true, entry: "line 5")),
        Twin(
            name: "put into the query in the else of a test that finds the error",
            swift: """
                func save(q: inout [String: Any]) {
                    var failure: Unmanaged<CFError>?
                    let access = \(create)(\(swiftArguments), &failure)
                    if failure != nil {
                        print("no access control")
                    } else {
                        q[kSecAttrAccessControl as String] = access as Any
                    }
                }
                """,
            objectiveC: """
                void save(NSMutableDictionary *q) {
                    CFErrorRef failure = NULL;
                    SecAccessControlRef access = \(create)(\(objectiveCArguments), &failure);
                    if (failure) {
                        NSLog(@"no access control");
                    } else {
                        q[(__bridge id)kSecAttrAccessControl] = (__bridge id)access;
                    }
                }
                """,
            expected: Outcome(checked: true, entry: "line 7")),
        Twin(
            name: "a test of the error whose branch for no error does not use the result does not check it",
            swift: """
                func save(q: inout [String: Any]) {
                    var failure: Unmanaged<CFError>?
                    let access = \(create)(\(swiftArguments), &failure)
                    if failure == nil {
                        print("created")
                    }
                    q[kSecAttrAccessControl as String] = access as Any
                }
                """,
            objectiveC: """
                void save(NSMutableDictionary *q) {
                    CFErrorRef failure = NULL;
                    SecAccessControlRef access = \(create)(\(objectiveCArguments), &failure);
                    if (failure == NULL) {
                        NSLog(@"created");
                    }
                    q[(__bridge id)kSecAttrAccessControl] = (__bridge id)access;
                }
                """,
            expected: Outcome(entry: "line 7")),
    ]

    @Test("both languages read the same handling of the result", arguments: twins)
    func bothLanguagesReadTheSameHandling(_ twin: Twin) throws {
        #expect(try Self.swiftOutcome(twin.swift) == twin.expected, "Swift")
        #expect(try Self.objectiveCOutcome(twin.objectiveC) == twin.expected, "Objective-C")
    }

    @Test("what a use quotes: the use as written, or the call as messages name it with what the use adds")
    func quotedUses() throws {
        let read = try Self.swiftHandling(
            "func save(q: inout [String: Any]) {\n    let access = \(Self.create)(\(Self.swiftArguments), nil)\n    q[kSecAttrAccessControl as String] = access as Any\n}")
        #expect(read.uncheckedEntry?.text == "access as Any")
        let cast = try Self.swiftHandling("func make() -> SecAccessControl {\n    \(Self.create)(\(Self.swiftArguments), nil) as! SecAccessControl\n}")
        #expect(cast.crashingUse?.text == "\(Self.create)(…) as! SecAccessControl")
        let inserted = try Self.objectiveCHandling(
            "void save(NSMutableDictionary *q) {\n    SecAccessControlRef access = \(Self.create)(\(Self.objectiveCArguments), NULL);\n    q[(__bridge id)kSecAttrAccessControl] = (__bridge id)access;\n}")
        #expect(inserted.uncheckedEntry?.text == "(__bridge id)access")
    }

    // MARK: Reading a body

    static func outcome(_ handling: NullableResultHandling) -> Outcome {
        func place(_ use: (text: String, place: String?)?) -> String? { use.map { $0.place ?? "call" } }
        return Outcome(
            checked: handling.checked, crash: place(handling.crashingUse), entry: place(handling.uncheckedEntry),
            fallback: handling.fallbackWrittenAt)
    }

    static func swiftOutcome(_ code: String) throws -> Outcome { outcome(try swiftHandling(code)) }
    static func objectiveCOutcome(_ code: String) throws -> Outcome { outcome(try objectiveCHandling(code)) }

    /// The reading with the front end's other questions answered from the text: a key is the
    /// `kSecAttr…` constant it names; no helper's callers and no stored property are followed.
    static func reading(keyText: @escaping (ProgramExpression) -> String) -> NullableResultReading {
        NullableResultReading(
            entryKey: "kSecAttrAccessControl", fallbackKey: "kSecAttrAccessible",
            keyNames: { key, _ in
                Set(keyText(key).split { !$0.isLetter && !$0.isNumber }.map(String.init).filter { $0.hasPrefix("kSecAttr") })
            },
            callers: { _, _ in nil }, propertyReads: { _ in nil })
    }

    static func swiftHandling(_ code: String) throws -> NullableResultHandling {
        let file = SourceFile(id: 0, path: "Nullable.swift", text: code)
        let finder = CallFinder(name: create)
        finder.walk(file.tree)
        let call = try #require(finder.found, "no call of \(create)")
        let locals = SwiftLocals.read(SwiftLocals.body(around: Syntax(call)), in: file)
        let site = NullableSite(
            locals: locals, value: ProgramSpan(call), text: "\(create)(…)", place: nil, expression: .swift(SwiftExpression(ExprSyntax(call))))
        let errorName = SyntaxQueries.argument(3, of: call)?.expression.as(InOutExprSyntax.self)?.expression
            .as(DeclReferenceExprSyntax.self)?.baseName.text
        let reading = Self.reading { key in
            guard case .swift(let key) = key else { return "" }
            return key.text
        }
        return reading.handling(of: site, errorName: errorName)
    }

    static func objectiveCHandling(_ code: String) throws -> NullableResultHandling {
        let tree = ObjCSyntaxTree.parse(code)
        var found: (expression: ObjCExpr, call: ObjCFunctionCall)?
        tree.walk(ObjCVisitor(expression: { expression, _ in
            guard found == nil, case .call(let call) = expression.kind, call.calleeName == create else { return }
            found = (expression, call)
        }))
        let (expression, call) = try #require(found, "no call of \(create)")
        let resolver = ObjCValueResolver(path: "Nullable.m", source: code, tree: tree)
        let body = try #require(resolver.body(containing: expression.range.start.offset), "no body around the call")
        let locals = ObjCBodyFacts(body, tree: tree, text: resolver.text).locals
        let site = NullableSite(
            locals: locals, value: ProgramSpan(expression.range), text: "\(create)(…)", place: nil, expression: .objectiveC(expression))
        var errorName: String?
        if call.arguments.count > 3, case .prefix(.addressOf, let operand) = call.arguments[3].strippingCastsAndParentheses.kind {
            errorName = operand.strippingCastsAndParentheses.identifierName
        }
        let reading = Self.reading { key in
            guard case .objectiveC(let key) = key else { return "" }
            return resolver.text(key.range)
        }
        return reading.handling(of: site, errorName: errorName)
    }
}
