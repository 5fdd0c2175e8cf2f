import Foundation
import SwiftSyntax
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A property, global or static constant declared at file or type level.
public struct VariableDeclaration: @unchecked Sendable {
    public let file: SourceFile
    public let name: String
    public let binding: PatternBindingSyntax
    public let declaration: VariableDeclSyntax
    /// Name of the enclosing type or extended type; nil for globals.
    public let enclosingType: String?
    public let isStatic: Bool
    public let isConstant: Bool
    /// Written type annotation, without optionality (`SecAccessControlCreateFlags`).
    public let typeName: String?
}

/// A function, method or initializer declared in the scan.
public struct FunctionDeclaration: @unchecked Sendable {
    public let file: SourceFile
    /// Base name; `init` for initializers.
    public let name: String
    public let node: Syntax
    public let parameters: FunctionParameterListSyntax
    public let body: CodeBlockSyntax?
    public let enclosingType: String?
    public let isStatic: Bool

    /// Argument labels as a caller writes them (`nil` for `_`).
    public var labels: [String?] {
        parameters.map { parameter in
            parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.text
        }
    }
}

/// A type, or an extension of one.
public struct TypeDeclaration: @unchecked Sendable {
    public let file: SourceFile
    public let name: String
    public let node: Syntax
    public let enumCases: Set<String>
    public let isExtension: Bool
}

/// Declarations of one file (not locals), collected in one pass.
struct FileDeclarations {
    var variables: [String: [VariableDeclaration]] = [:]
    var functions: [String: [FunctionDeclaration]] = [:]
    var types: [String: [TypeDeclaration]] = [:]
}

/// The cross-file index the resolver asks for declarations by name. Files are parsed lazily: a
/// lookup of `name` only parses the files whose text contains `name`, so constants in files the
/// rules' text prefilter skipped are still found, without parsing every file up front.
public final class ProjectIndex: @unchecked Sendable {
    public struct Input: Sendable {
        public var path: String
        public var text: String

        public init(path: String, text: String) {
            self.path = path
            self.text = text
        }
    }

    private let inputs: [Input]
    /// Guards the caches below; never held while parsing or searching, so threads scanning
    /// different files do not wait for each other.
    private let lock = NSLock()
    /// One lock per file, held while that file is parsed, so each file is parsed exactly once
    /// (syntax node identities must be stable for the caches keyed by them).
    private let parseLocks: [NSLock]
    private var parsed: [SourceFile?]
    private var parsedCount = 0
    private var declarations: [Int: FileDeclarations] = [:]
    private var filesContaining: [String: [Int]] = [:]
    private var callSiteCache: [String: [CallSite]] = [:]

    public init(inputs: [Input]) {
        self.inputs = inputs
        self.parseLocks = inputs.map { _ in NSLock() }
        self.parsed = Array(repeating: nil, count: inputs.count)
    }

    public var fileCount: Int { inputs.count }

    /// Number of files parsed so far (for statistics).
    public var parsedFileCount: Int {
        lock.withLock { parsedCount }
    }

    /// The parsed file at `index`, parsing it on first use.
    public func file(at index: Int) -> SourceFile {
        if let file = lock.withLock({ parsed[index] }) { return file }
        parseLocks[index].lock()
        defer { parseLocks[index].unlock() }
        if let file = lock.withLock({ parsed[index] }) { return file }
        let file = SourceFile(id: index, path: inputs[index].path, text: inputs[index].text)
        lock.withLock {
            parsed[index] = file
            parsedCount += 1
        }
        return file
    }

    public func text(at index: Int) -> String { inputs[index].text }

    /// Indices of files whose text mentions `word` (a cheap byte search, cached).
    public func files(mentioning word: String) -> [Int] {
        if let cached = lock.withLock({ filesContaining[word] }) { return cached }
        let needle = Array(word.utf8)
        let result = inputs.indices.filter { TextSearch.contains(inputs[$0].text, needle) }
        lock.withLock { filesContaining[word] = result }
        return result
    }

    private func declarations(in index: Int) -> FileDeclarations {
        if let cached = lock.withLock({ declarations[index] }) { return cached }
        // Two threads may collect the same file at once; both see the same parsed tree, so the
        // results are equal and either may be kept.
        let collected = DeclarationCollector.collect(file(at: index))
        lock.withLock { declarations[index] = collected }
        return collected
    }

    public func variables(named name: String) -> [VariableDeclaration] {
        files(mentioning: name).flatMap { declarations(in: $0).variables[name] ?? [] }
    }

    public func functions(named name: String) -> [FunctionDeclaration] {
        files(mentioning: name).flatMap { declarations(in: $0).functions[name] ?? [] }
    }

    public func types(named name: String) -> [TypeDeclaration] {
        files(mentioning: name).flatMap { declarations(in: $0).types[name] ?? [] }
    }

    public func isDeclaredType(_ name: String) -> Bool {
        !types(named: name).isEmpty
    }

    /// Members (properties) named `member` of type `typeName`, including its extensions.
    public func properties(named member: String, inType typeName: String) -> [VariableDeclaration] {
        variables(named: member).filter { $0.enclosingType == typeName }
    }

    public func methods(named member: String, inType typeName: String) -> [FunctionDeclaration] {
        functions(named: member).filter { $0.enclosingType == typeName }
    }

    /// Calls whose callee base name is `name` (`name(…)`, `x.name(…)`), across the scan.
    public func callSites(named name: String) -> [CallSite] {
        if let cached = lock.withLock({ callSiteCache[name] }) { return cached }
        var result: [CallSite] = []
        for index in files(mentioning: name) {
            let file = file(at: index)
            let collector = CallCollector(name: name)
            collector.walk(file.tree)
            result.append(contentsOf: collector.calls.map { CallSite(file: file, call: $0) })
        }
        lock.withLock { callSiteCache[name] = result }
        return result
    }
}

public struct CallSite: @unchecked Sendable {
    public let file: SourceFile
    public let call: FunctionCallExprSyntax
}


/// Byte search used by the prefilter and the lazy index.
public enum TextSearch {
    public static func contains(_ text: String, _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty else { return true }
        var text = text
        return text.withUTF8 { haystack in
            guard haystack.count >= needle.count, let base = haystack.baseAddress else { return false }
            return needle.withUnsafeBufferPointer { pattern in
                // memchr finds candidate first bytes quickly; memcmp confirms. (memmem is a GNU
                // extension the Swift Glibc module does not export.)
                let first = Int32(pattern[0])
                var start = UnsafeRawPointer(base)
                let end = UnsafeRawPointer(base) + haystack.count
                while end - start >= pattern.count {
                    guard let hit = memchr(start, first, end - start) else { return false }
                    let candidate = UnsafeRawPointer(hit)
                    if end - candidate < pattern.count { return false }
                    if memcmp(candidate, pattern.baseAddress!, pattern.count) == 0 { return true }
                    start = candidate + 1
                }
                return false
            }
        }
    }

    public static func contains(_ text: String, _ word: String) -> Bool {
        contains(text, Array(word.utf8))
    }
}

/// Collects file-level and type-level declarations; skips function bodies (locals are resolved
/// by scope lookup, not by the index).
private final class DeclarationCollector: SyntaxVisitor {
    let file: SourceFile
    var result = FileDeclarations()
    var typeStack: [String] = []

    init(file: SourceFile) {
        self.file = file
        super.init(viewMode: .sourceAccurate)
    }

    static func collect(_ file: SourceFile) -> FileDeclarations {
        let collector = DeclarationCollector(file: file)
        collector.walk(file.tree)
        return collector.result
    }

    private func enterType(_ name: String, node: Syntax, cases: Set<String>, isExtension: Bool) {
        result.types[name, default: []].append(
            TypeDeclaration(file: file, name: name, node: node, enumCases: cases, isExtension: isExtension))
        typeStack.append(name)
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(node.name.text, node: Syntax(node), cases: [], isExtension: false)
        return .visitChildren
    }
    override func visitPost(_ node: ClassDeclSyntax) { typeStack.removeLast() }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(node.name.text, node: Syntax(node), cases: [], isExtension: false)
        return .visitChildren
    }
    override func visitPost(_ node: StructDeclSyntax) { typeStack.removeLast() }

    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(node.name.text, node: Syntax(node), cases: [], isExtension: false)
        return .visitChildren
    }
    override func visitPost(_ node: ActorDeclSyntax) { typeStack.removeLast() }

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(node.name.text, node: Syntax(node), cases: [], isExtension: false)
        return .visitChildren
    }
    override func visitPost(_ node: ProtocolDeclSyntax) { typeStack.removeLast() }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        var cases: Set<String> = []
        for member in node.memberBlock.members {
            if let caseDecl = member.decl.as(EnumCaseDeclSyntax.self) {
                for element in caseDecl.elements { cases.insert(element.name.text) }
            }
        }
        enterType(node.name.text, node: Syntax(node), cases: cases, isExtension: false)
        return .visitChildren
    }
    override func visitPost(_ node: EnumDeclSyntax) { typeStack.removeLast() }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = node.extendedType.trimmedDescription
        enterType(name, node: Syntax(node), cases: [], isExtension: true)
        return .visitChildren
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { typeStack.removeLast() }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        let isStatic = node.modifiers.contains { ["static", "class"].contains($0.name.text) }
        let isConstant = node.bindingSpecifier.tokenKind == .keyword(.let)
        // Later bindings without their own annotation share the last written one (`let a, b: T`).
        var annotation: String?
        for binding in node.bindings.reversed() {
            if let type = binding.typeAnnotation?.type { annotation = TypeNames.baseName(of: type) }
            guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
            let name = pattern.identifier.text
            result.variables[name, default: []].append(
                VariableDeclaration(
                    file: file, name: name, binding: binding, declaration: node,
                    enclosingType: typeStack.last, isStatic: isStatic, isConstant: isConstant,
                    typeName: annotation))
        }
        return .skipChildren
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        let isStatic = node.modifiers.contains { ["static", "class"].contains($0.name.text) }
        result.functions[node.name.text, default: []].append(
            FunctionDeclaration(
                file: file, name: node.name.text, node: Syntax(node),
                parameters: node.signature.parameterClause.parameters, body: node.body,
                enclosingType: typeStack.last, isStatic: isStatic))
        return .skipChildren
    }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        result.functions["init", default: []].append(
            FunctionDeclaration(
                file: file, name: "init", node: Syntax(node),
                parameters: node.signature.parameterClause.parameters, body: node.body,
                enclosingType: typeStack.last, isStatic: true))
        return .skipChildren
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: SubscriptDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: DeinitializerDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}

private final class CallCollector: SyntaxVisitor {
    let name: String
    var calls: [FunctionCallExprSyntax] = []

    init(name: String) {
        self.name = name
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if SyntaxQueries.calleeName(of: node) == name { calls.append(node) }
        return .visitChildren
    }
}
