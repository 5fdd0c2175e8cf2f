import KeychainLintModel
import Foundation
import KeychainLintCore
import SwiftSyntax

// Declarations by name, type and member, collected per file and kept after its tree is let go.
extension ProjectIndex {
    func declarations(in index: Int) -> FileDeclarations {
        if let cached = lock.withLock({ declarationsByFile[index] }) { return cached }
        // Two threads may collect the same file at once; both see the same text, so the results
        // are equal and either may be kept.
        let collected = DeclarationCollector.collect(file(at: index), index: self)
        lock.withLock { declarationsByFile[index] = collected }
        return collected
    }

    /// Variables named `name`, in files that may declare a value of that name (locals count too,
    /// so a common name can be declared in thousands of files: whole-scan searches use `limit`).
    public func variables(named name: String) -> [VariableDeclaration] {
        files(declaring: name, as: .value).flatMap { declarations(in: $0).variables[name] ?? [] }
    }

    /// The variables named `name`, or nil when more than `limit` files may declare one (the
    /// question is too broad to answer precisely; callers treat it as unknown).
    public func variables(named name: String, limit: Int) -> [VariableDeclaration]? {
        let candidates = files(declaring: name, as: .value)
        guard extraParses(candidates) <= limit else { return nil }
        return candidates.flatMap { declarations(in: $0).variables[name] ?? [] }
    }

    /// Functions and methods named `name`. Initializers are not found this way (every type has
    /// them; a scan-wide search would read most files): ask `methods(named: "init", inType:)`.
    public func functions(named name: String) -> [FunctionDeclaration] {
        guard name != "init" else { return [] }
        return files(declaring: name, as: .function).flatMap { declarations(in: $0).functions[name] ?? [] }
    }

    /// Functions and methods named `name` in the files that also mention `word`: a question
    /// about a parameter of a known type need not parse every file declaring a common name.
    public func functions(named name: String, mentioning word: String) -> [FunctionDeclaration] {
        guard name != "init" else { return [] }
        let candidates = Set(files(mentioning: word))
        return files(declaring: name, as: .function).filter(candidates.contains)
            .flatMap { declarations(in: $0).functions[name] ?? [] }
    }

    public func types(named name: String) -> [TypeDeclaration] {
        filesDeclaringType(name).flatMap { declarations(in: $0).types[name] ?? [] }
    }

    /// Whether the scan declares `name` as a type alias of a function type (`typealias Completion
    /// = (Bool, Error?) -> Void`): only the files that declare a type of that name are read.
    public func isFunctionTypeAlias(_ name: String) -> Bool {
        Self.isIdentifier(name) && filesDeclaringType(name).contains { declarations(in: $0).functionTypeAliases.contains(name) }
    }

    /// Whether the scan declares or extends a type of this name (from the text index: no parsing).
    public func isDeclaredType(_ name: String) -> Bool {
        let last = name.split(separator: ".").last.map(String.init) ?? name
        guard Self.isIdentifier(last) else { return !types(named: name).isEmpty }
        let declared = !files(declaring: last, as: .type).isEmpty || !files(declaring: last, as: .extendedType).isEmpty
        return declared && (last == name || !types(named: name).isEmpty)
    }

    /// Whether the scan declares the type itself (not only extensions of an SDK type).
    public func declaresPrimaryType(_ name: String) -> Bool {
        let last = name.split(separator: ".").last.map(String.init) ?? name
        guard Self.isIdentifier(last) else { return types(named: name).contains { !$0.isExtension } }
        // `Outer.Inner`: a type named `Inner` somewhere is not enough (nested types are indexed
        // under their own name, so the qualified name is found only when it is declared so).
        return !files(declaring: last, as: .type).isEmpty && (last == name || types(named: name).contains { !$0.isExtension })
    }

    /// Declarations of type `name` in the files that also mention `member` (an SDK type can be
    /// extended in hundreds of files; only those that could hold the member are read).
    public func types(named name: String, mentioning member: String) -> [TypeDeclaration] {
        let candidates = Set(files(mentioning: member))
        return filesDeclaringType(name).filter(candidates.contains).flatMap { declarations(in: $0).types[name] ?? [] }
    }

    /// Members (properties) named `member` of type `typeName`, including its extensions: only the
    /// files that declare or extend the type are read.
    public func properties(named member: String, inType typeName: String) -> [VariableDeclaration] {
        files(declaring: member, as: .value, inType: typeName)
            .flatMap { declarations(in: $0).variables[member] ?? [] }
            .filter { $0.enclosingType == typeName }
    }

    public func methods(named member: String, inType typeName: String) -> [FunctionDeclaration] {
        files(declaring: member, as: .function, inType: typeName)
            .flatMap { declarations(in: $0).functions[member] ?? [] }
            .filter { $0.enclosingType == typeName }
    }

    /// Whether `typeName` (or an extension of it) declares a method named `member` (cached: asked
    /// for every call site when a function's callers are matched).
    public func declaresMethod(named member: String, inType typeName: String) -> Bool {
        let key = MemberKey(member: member, type: typeName, kind: .function)
        if let cached = lock.withLock({ declaresMethodCache[key] }) {
            recordMemberLookup(member, typeName)
            return cached
        }
        let result = !methods(named: member, inType: typeName).isEmpty
        lock.withLock { declaresMethodCache[key] = result }
        return result
    }

    /// Files that declare or extend `typeName` and may declare `member` as `kind`, in file order
    /// (cached: file numbers only, so the cache holds no tree). The smaller list is intersected
    /// with the larger one: a common member name (`save`, `flags`) can be declared in thousands
    /// of files, a type in a few.
    func files(declaring member: String, as kind: DeclarationKind, inType typeName: String) -> [Int] {
        let key = MemberKey(member: member, type: typeName, kind: kind)
        if let cached = lock.withLock({ memberFilesCache[key] }) {
            recordMemberLookup(member, typeName)
            return cached
        }
        let declaringType = filesDeclaringType(typeName)
        let declaringMember = files(declaring: member, as: kind)
        let (small, large) = declaringType.count <= declaringMember.count
            ? (declaringType, declaringMember) : (declaringMember, declaringType)
        let result = small.filter { Self.sortedContains(large, $0) }
        lock.withLock { memberFilesCache[key] = result }
        return result
    }

    /// Binary search in an ascending list of file indices.
    static func sortedContains(_ sorted: [Int], _ value: Int) -> Bool {
        var low = 0
        var high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low < sorted.count && sorted[low] == value
    }

    /// What a member lookup records as dependencies (replayed when its answer comes from the cache).
    private func recordMemberLookup(_ member: String, _ typeName: String) {
        guard Dependencies.isRecording else { return }
        let last = typeName.split(separator: ".").last.map(String.init) ?? typeName
        Dependencies.record(member)
        Dependencies.record(last)
        if last != typeName { Dependencies.record(typeName) }
    }

    struct MemberKey: Hashable {
        let member: String
        let type: String
        let kind: DeclarationKind
    }

    /// A member question as one file sees it (`ScopedIndex`).
    struct ScopedMemberKey: Hashable {
        let asking: Int
        let member: String
        let type: String
    }

    /// Whether a file visible from `asking` declares a method `member` in `typeName` or an
    /// extension of it (`ScopedIndex.declaresMethod`), remembered by asking file. The names it
    /// depends on are recorded again on every answer, as the first asking recorded them.
    func declaresMethod(named member: String, inType typeName: String, asking: Int, isVisible: (Int) -> Bool) -> Bool {
        let key = ScopedMemberKey(asking: asking, member: member, type: typeName)
        if let cached = lock.withLock({ scopedDeclaresMethodCache[key] }) {
            recordMemberLookup(member, typeName)
            return cached
        }
        // Stop at the first declaring file, copying no declaration.
        let result = files(declaring: member, as: .function, inType: typeName).contains { file in
            isVisible(file) && declarations(in: file).functions[member]?.contains { $0.enclosingType == typeName } == true
        }
        lock.withLock { scopedDeclaresMethodCache[key] = result }
        return result
    }

    /// `Outer.Inner` is declared as `Inner` inside `Outer`, and extended as `Outer.Inner`.
    func filesDeclaringType(_ typeName: String) -> [Int] {
        let last = typeName.split(separator: ".").last.map(String.init) ?? typeName
        let nested = last == typeName ? [] : files(mentioning: typeName)
        return Array(Set(files(declaring: last, as: .type) + files(declaring: last, as: .extendedType) + nested)).sorted()
    }
}
