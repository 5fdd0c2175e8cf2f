import KeychainLintModel

/// The index as one file sees it: every lookup answers only with declarations (and calls) in
/// files that `ProjectIndex.scope` makes visible from that file.
/// A file the model does not place in a module, or a scan without a scope, sees everything, as
/// the plain index does. Limits on broad searches count only visible files, so code outside the
/// file's scope cannot make a question too broad to answer either.
public struct ScopedIndex {
    public let index: ProjectIndex
    /// The file the name is written in.
    public let asking: Int
    private let scope: ModuleScope?

    public init(index: ProjectIndex, asking: Int) {
        self.index = index
        self.asking = asking
        let scope = index.scope
        self.scope = scope.flatMap { $0.isScoped(asking) ? $0 : nil }
    }

    /// Whether lookups from this file are narrowed at all.
    public var isScoped: Bool { scope != nil }

    public func isVisible(_ file: Int) -> Bool {
        scope?.isVisible(file, from: asking) ?? true
    }

    private func visible(_ files: [Int]) -> [Int] {
        guard let scope else { return files }
        return files.filter { scope.isVisible($0, from: asking) }
    }

    public func extraParses(_ files: [Int]) -> Int { index.extraParses(files) }

    public func files(mentioning word: String) -> [Int] {
        visible(index.files(mentioning: word))
    }

    public func variables(named name: String, limit: Int) -> [VariableDeclaration]? {
        guard isScoped else { return index.variables(named: name, limit: limit) }
        let candidates = visible(index.files(declaring: name, as: .value))
        guard index.extraParses(candidates) <= limit else { return nil }
        return candidates.flatMap { index.declarations(in: $0).variables[name] ?? [] }
    }

    public func functions(named name: String) -> [FunctionDeclaration] {
        guard isScoped else { return index.functions(named: name) }
        guard name != "init" else { return [] }
        return visible(index.files(declaring: name, as: .function)).flatMap { index.declarations(in: $0).functions[name] ?? [] }
    }

    public func types(named name: String) -> [TypeDeclaration] {
        guard isScoped else { return index.types(named: name) }
        return visible(index.filesDeclaringType(name)).flatMap { index.declarations(in: $0).types[name] ?? [] }
    }

    /// Declared or extended in the file's scope, or declared (not only extended) anywhere in the
    /// scan: a type of another module is not an SDK type, so its members stay unknown (a gap)
    /// instead of being read as SDK members of that name. Extensions outside the scope do not
    /// count: `extension SecAccessControlCreateFlags` in a sibling app leaves the SDK type an SDK type.
    public func isDeclaredType(_ name: String) -> Bool {
        guard isScoped else { return index.isDeclaredType(name) }
        if index.declaresPrimaryType(name) { return true }
        let last = name.split(separator: ".").last.map(String.init) ?? name
        guard ProjectIndex.isIdentifier(last) else { return !types(named: name).isEmpty }
        let declared =
            !visible(index.files(declaring: last, as: .type)).isEmpty
            || !visible(index.files(declaring: last, as: .extendedType)).isEmpty
        return declared && (last == name || !types(named: name).isEmpty)
    }

    /// Whether the scan declares the type itself, in any module (see `isDeclaredType`).
    public func declaresPrimaryType(_ name: String) -> Bool {
        index.declaresPrimaryType(name)
    }

    public func types(named name: String, mentioning member: String) -> [TypeDeclaration] {
        guard isScoped else { return index.types(named: name, mentioning: member) }
        let candidates = Set(index.files(mentioning: member))
        return visible(index.filesDeclaringType(name)).filter(candidates.contains)
            .flatMap { index.declarations(in: $0).types[name] ?? [] }
    }

    public func properties(named member: String, inType typeName: String) -> [VariableDeclaration] {
        guard isScoped else { return index.properties(named: member, inType: typeName) }
        return visible(index.files(declaring: member, as: .value, inType: typeName))
            .flatMap { index.declarations(in: $0).variables[member] ?? [] }
            .filter { $0.enclosingType == typeName }
    }

    public func methods(named member: String, inType typeName: String) -> [FunctionDeclaration] {
        guard isScoped else { return index.methods(named: member, inType: typeName) }
        return visible(index.files(declaring: member, as: .function, inType: typeName))
            .flatMap { index.declarations(in: $0).functions[member] ?? [] }
            .filter { $0.enclosingType == typeName }
    }

    public func declaresMethod(named member: String, inType typeName: String) -> Bool {
        guard isScoped else { return index.declaresMethod(named: member, inType: typeName) }
        // Asked for every call site each time a function's callers are matched: remembered.
        return index.declaresMethod(named: member, inType: typeName, asking: asking, isVisible: isVisible)
    }

    // MARK: - Callers (the asking file is the callee's)

    /// Files mentioning `name` whose code may call into the asking file: it is visible from them,
    /// and they are not test code when it is production code.
    /// (`ModuleScope.mayCall(from:into:)` for each file, asked once per group of files that see
    /// the same modules.)
    public func callerFiles(mentioning name: String) -> [Int] {
        let files = index.files(mentioning: name)
        guard let scope else { return files }
        let groups = scope.callerGroups(ModuleScope.CallersKey(name: name, isCallSites: false)) { files }
        guard groups.count == files.count else { return files.filter { scope.mayCall(from: $0, into: asking) } }
        return scope.positions(in: groups, mayCallInto: asking).map { files[$0] }
    }

    /// Whether code in `file` may call into the asking file (`callerFiles`, for one file).
    public func mayCall(from file: Int) -> Bool {
        scope?.mayCall(from: file, into: asking) ?? true
    }

    /// Calls named `name` that may reach a function declared in the asking file (`callerFiles`).
    public func callSites(named name: String) -> [CallSite] {
        let sites = index.callSites(named: name)
        guard let positions = callSitePositions(named: name, in: sites) else { return sites }
        return positions.map { sites[$0] }
    }

    /// Where in `sites` (the scan's calls named `name`, `ProjectIndex.callSites(named:)`) the
    /// calls that may reach the asking file are, in ascending order; nil when every one may.
    public func callSitePositions(named name: String, in sites: [CallSite]) -> [Int]? {
        guard let scope else { return nil }
        let groups = scope.callerGroups(ModuleScope.CallersKey(name: name, isCallSites: true)) { sites.map(\.fileIndex) }
        guard groups.count == sites.count else { return sites.indices.filter { scope.mayCall(from: sites[$0].fileIndex, into: asking) } }
        return scope.positions(in: groups, mayCallInto: asking)
    }

    // MARK: - Names outside the scope

    /// Whether `name`, not declared in the file's scope, is declared as a global, function or type
    /// outside it (or may be: too many files to tell). Such a name is not an SDK symbol; reading it
    /// as one would be a guess, so the resolver reports a gap instead.
    public func isDeclaredOutsideScope(_ name: String, limit: Int) -> Bool {
        guard isScoped, ProjectIndex.isIdentifier(name) else { return false }
        if !index.files(declaring: name, as: .function).isEmpty || index.isDeclaredType(name) {
            return true
        }
        let hidden = index.files(declaring: name, as: .value).filter { !isVisible($0) }
        guard !hidden.isEmpty else { return false }
        guard index.extraParses(hidden) <= limit else { return true }
        return hidden.contains { file in
            (index.declarations(in: file).variables[name] ?? []).contains { $0.enclosingType == nil }
        }
    }
}

extension ValueResolver {
    /// The index as the file being evaluated sees it.
    func index(_ env: Environment) -> ScopedIndex {
        ScopedIndex(index: index, asking: env.file.id)
    }
}
