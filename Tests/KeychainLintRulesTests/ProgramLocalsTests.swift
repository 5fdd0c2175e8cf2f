import KeychainLintAnalysis
import KeychainLintCore
import KeychainLintObjC
@testable import KeychainLintRules
import SwiftSyntax
import Testing

/// The locals of a body, read from Swift and from Objective-C into one model (`ProgramLocals`):
/// what the body does with a call's result, and with what the call writes through `&error`, is
/// read from the model by the one reading both languages share. Twin sources must give the same
/// answer.
@Suite("Program locals: what Swift and Objective-C code does with a call's result, read once")
struct ProgramLocalsTests {
    struct Twin: CustomTestStringConvertible, Sendable {
        let name: String
        let swift: String
        let objectiveC: String
        /// The call asked about: the first call of this function in each source.
        let call: String
        let expected: ResultUse
        var testDescription: String { name }
    }

    static let twins: [Twin] = [
        Twin(
            name: "a statement of its own",
            swift: "func wipe(q: CFDictionary) {\n    SecItemDelete(q)\n}",
            objectiveC: "void wipe(CFDictionaryRef q) {\n    SecItemDelete(q);\n}",
            call: "SecItemDelete", expected: .discarded),
        Twin(
            name: "thrown away on purpose",
            swift: "func wipe(q: CFDictionary) {\n    _ = SecItemDelete(q)\n}",
            objectiveC: "void wipe(CFDictionaryRef q) {\n    (void)SecItemDelete(q);\n}",
            call: "SecItemDelete", expected: .discarded),
        Twin(
            name: "stored in a local nothing reads",
            swift: "func save(q: CFDictionary) {\n    let status = SecItemAdd(q, nil)\n}",
            objectiveC: "void save(CFDictionaryRef q) {\n    OSStatus status = SecItemAdd(q, NULL);\n}",
            call: "SecItemAdd", expected: .storedUnread("status")),
        Twin(
            name: "stored and compared afterwards",
            swift: "func save(q: CFDictionary) -> Bool {\n    let status = SecItemAdd(q, nil)\n    return status == errSecSuccess\n}",
            objectiveC: "BOOL save(CFDictionaryRef q) {\n    OSStatus status = SecItemAdd(q, NULL);\n    return status == errSecSuccess;\n}",
            call: "SecItemAdd", expected: .used),
        Twin(
            name: "replaced before anything reads it",
            swift:
                "func replace(q: CFDictionary, a: CFDictionary) -> Bool {\n    var status = SecItemDelete(q)\n    status = SecItemAdd(a, nil)\n    return status == errSecSuccess\n}",
            objectiveC:
                "BOOL replace(CFDictionaryRef q, CFDictionaryRef a) {\n    OSStatus status = SecItemDelete(q);\n    status = SecItemAdd(a, NULL);\n    return status == errSecSuccess;\n}",
            call: "SecItemDelete", expected: .storedUnread("status")),
        Twin(
            name: "read only before the store",
            swift:
                "func save(q: CFDictionary) {\n    var status = errSecSuccess\n    print(status)\n    status = SecItemAdd(q, nil)\n}",
            objectiveC:
                "void save(CFDictionaryRef q) {\n    OSStatus status = errSecSuccess;\n    NSLog(@\"%d\", (int)status);\n    status = SecItemAdd(q, NULL);\n}",
            call: "SecItemAdd", expected: .storedUnread("status")),
        Twin(
            name: "read earlier in the loop around the store",
            swift:
                "func retry(q: CFDictionary) {\n    var status = errSecInteractionNotAllowed\n    while status == errSecInteractionNotAllowed {\n        status = SecItemAdd(q, nil)\n    }\n}",
            objectiveC:
                "void retry(CFDictionaryRef q) {\n    OSStatus status = errSecInteractionNotAllowed;\n    while (status == errSecInteractionNotAllowed) {\n        status = SecItemAdd(q, NULL);\n    }\n}",
            call: "SecItemAdd", expected: .used),
        Twin(
            name: "read by a closure or block written before the store",
            swift:
                "func save(q: CFDictionary, done: (Bool) -> Void) {\n    var status = errSecSuccess\n    let report = { done(status == errSecSuccess) }\n    status = SecItemAdd(q, nil)\n    report()\n}",
            objectiveC:
                "void save(CFDictionaryRef q, void (^done)(BOOL)) {\n    __block OSStatus status = errSecSuccess;\n    dispatch_block_t report = ^{ done(status == errSecSuccess); };\n    status = SecItemAdd(q, NULL);\n    report();\n}",
            call: "SecItemAdd", expected: .used),
        Twin(
            name: "assigned to what other code reads",
            swift: "func save(q: CFDictionary) {\n    lastStatus = SecItemAdd(q, nil)\n}",
            objectiveC: "void save(CFDictionaryRef q) {\n    lastStatus = SecItemAdd(q, NULL);\n}",
            call: "SecItemAdd", expected: .used),
        Twin(
            name: "passed on",
            swift: "func save(q: CFDictionary) {\n    report(SecItemAdd(q, nil))\n}",
            objectiveC: "void save(CFDictionaryRef q) {\n    report(SecItemAdd(q, NULL));\n}",
            call: "SecItemAdd", expected: .used),
    ]

    @Test("both languages read the same use of the result", arguments: twins)
    func bothLanguagesReadTheSameUse(_ twin: Twin) throws {
        let swift = try Self.swiftLocals(twin.swift, call: twin.call)
        let objectiveC = try Self.objectiveCLocals(twin.objectiveC, call: twin.call)
        #expect(swift.locals.resultUse(of: swift.call) == twin.expected, "Swift")
        #expect(objectiveC.locals.resultUse(of: objectiveC.call) == twin.expected, "Objective-C")
    }

    @Test("an error out-parameter read after the call, and one nothing reads")
    func outParameters() throws {
        let unread = try Self.swiftLocals(
            "func make(a: CFDictionary) {\n    var error: Unmanaged<CFError>?\n    _ = SecKeyCreateRandomKey(a, &error)\n}", call: "SecKeyCreateRandomKey")
        let read = try Self.swiftLocals(
            "func make(a: CFDictionary) {\n    var error: Unmanaged<CFError>?\n    _ = SecKeyCreateRandomKey(a, &error)\n    print(error!)\n}",
            call: "SecKeyCreateRandomKey")
        let unreadObjC = try Self.objectiveCLocals(
            "void make(CFDictionaryRef a) {\n    CFErrorRef error = NULL;\n    SecKeyCreateRandomKey(a, &error);\n}", call: "SecKeyCreateRandomKey")
        let readObjC = try Self.objectiveCLocals(
            "void make(CFDictionaryRef a) {\n    CFErrorRef error = NULL;\n    SecKeyCreateRandomKey(a, &error);\n    CFShow(error);\n}",
            call: "SecKeyCreateRandomKey")
        #expect(unread.locals.outParameterUse(named: "error", call: unread.call) == .unread)
        #expect(read.locals.outParameterUse(named: "error", call: read.call) == .read)
        #expect(unreadObjC.locals.outParameterUse(named: "error", call: unreadObjC.call) == .unread)
        #expect(readObjC.locals.outParameterUse(named: "error", call: readObjC.call) == .read)
        // A parameter or a property is read elsewhere.
        #expect(read.locals.outParameterUse(named: "a", call: read.call) == .read)
    }

    // MARK: Reading a body

    static func swiftLocals(_ code: String, call name: String) throws -> (locals: ProgramLocals, call: ProgramSpan) {
        let file = SourceFile(id: 0, path: "Locals.swift", text: code)
        let finder = CallFinder(name: name)
        finder.walk(file.tree)
        let call = try #require(finder.found, "no call of \(name)")
        return (SwiftLocals.read(SwiftLocals.body(around: Syntax(call)), in: file), ProgramSpan(call))
    }

    static func objectiveCLocals(_ code: String, call name: String) throws -> (locals: ProgramLocals, call: ProgramSpan) {
        let tree = ObjCSyntaxTree.parse(code)
        var found: ObjCExpr?
        tree.walk(ObjCVisitor(expression: { expression, _ in
            guard found == nil, case .call(let call) = expression.kind, call.calleeName == name else { return }
            found = expression
        }))
        let call = try #require(found, "no call of \(name)")
        let resolver = ObjCValueResolver(path: "Locals.m", source: code, tree: tree)
        let body = try #require(resolver.body(containing: call.range.start.offset), "no body around the call")
        return (ObjCBodyFacts(body, tree: tree, text: resolver.text).locals, ProgramSpan(call.range))
    }
}
