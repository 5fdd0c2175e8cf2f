import KeychainLintModel
import Foundation
import KeychainLintCore
import SwiftSyntax

// Call sites by callee name across the scan, and nodes found again by position.
extension ProjectIndex {
    /// Calls whose callee base name is `name` (`name(…)`, `x.name(…)`), across the scan. The
    /// files are parsed on every core: the first such question can parse thousands of them.
    ///
    /// Asked by two threads at once, the search is made once: the second waits for the first.
    /// Made twice, a search of hundreds of files parses each of them twice, since the held trees
    /// (`maximumParsedFiles`) are fewer than the files such a search reaches.
    public func callSites(named name: String) -> [CallSite] {
        Dependencies.record(name)
        enum Search { case done([CallSite]), underWay(DispatchGroup), mine(DispatchGroup) }
        let search: Search = lock.withLock {
            if let cached = callSiteCache[name] { return .done(cached) }
            if let group = callSiteSearches[name] { return .underWay(group) }
            let group = DispatchGroup()
            group.enter()
            callSiteSearches[name] = group
            return .mine(group)
        }
        switch search {
        case .done(let sites):
            return sites
        case .underWay(let group):
            // The search parses and walks files only: it never waits on another search.
            group.wait()
            return lock.withLock { callSiteCache[name] ?? [] }
        case .mine(let group):
            let files = mayCall(name, files(mentioning: name))
            let perFile = ParallelWork.mapForCaller(count: files.count, threads: threads) { position -> [CallSite] in
                let index = files[position]
                return self.calls(in: index)[name, default: []].map { CallSite(index: self, fileIndex: index, call: $0) }
            }
            let result = perFile.flatMap { $0 }
            lock.withLock {
                callSiteCache[name] = result
                callSiteSearches[name] = nil
            }
            group.leave()
            return result
        }
    }

    /// The calls named `name` in `files` (ascending), in file order then call order: what
    /// `callSites(named:)` holds of those files, for a question only they can answer (the callers
    /// of a function that few of the files mentioning its name can see). Parses only those
    /// files, and none when the scan-wide search was made already. Generated code declaring one
    /// helper name in hundreds of modules made the first such question parse every file that
    /// names it, long before each file's own analysis, which then parsed it again.
    public func callSites(named name: String, inFiles files: [Int]) -> [CallSite] {
        Dependencies.record(name)
        if let cached = lock.withLock({ callSiteCache[name] }) {
            let wanted = Set(files)
            return cached.filter { wanted.contains($0.fileIndex) }
        }
        let searched = mayCall(name, files)
        let perFile = ParallelWork.mapForCaller(count: searched.count, threads: threads) { position -> [CallSite] in
            let index = searched[position]
            return self.calls(in: index)[name, default: []].map { CallSite(index: self, fileIndex: index, call: $0) }
        }
        return perFile.flatMap { $0 }
    }

    /// Whether the scan-wide search for the calls of `name` was made (`callSites(named:)`).
    public func hasSearchedCallSites(named name: String) -> Bool {
        lock.withLock { callSiteCache[name] != nil }
    }

    /// The calls named `init` or `Self` in the files that mention `word`, in file order then
    /// call order: the constructions of a type that do not name it in their callee (`.init(…)`,
    /// `Self(…)`, `Type.init(…)`), among which those whose context writes the type are in files
    /// that mention it. A file is parsed for it only when its text may hold such a call
    /// (`TextSearch.mayConstructWithoutTypeName`). Only `word` is recorded as a dependency: a
    /// file that does not mention it is never searched.
    public func unnamedConstructionCalls(inFilesMentioning word: String) -> [CallSite] {
        Dependencies.record(word)
        let names = ["init", "Self"]
        let mentioning = files(mentioning: word)
        let known = lock.withLock { mentioning.map { calledNamesByFile[$0] } }
        let candidates = zip(mentioning, known).compactMap { file, calls -> Int? in
            if let calls, !calls.contains("init"), !calls.contains("Self") { return nil }
            return TextSearch.mayConstructWithoutTypeName(in: text(at: file)) ? file : nil
        }
        let perFile = ParallelWork.mapForCaller(count: candidates.count, threads: threads) { position -> [CallSite] in
            let index = candidates[position]
            let calls = self.calls(in: index)
            return names.flatMap { calls[$0, default: []] }.sorted { $0.position < $1.position }
                .map { CallSite(index: self, fileIndex: index, call: $0) }
        }
        return perFile.flatMap { $0 }
    }

    /// Runs `body` for each call named one of `names` (`name(…)`, `x.name(…)`) in the scan, file by
    /// file on every core, and returns the results in file order, then call order. Unlike
    /// `callSites(named:)` followed by a loop, each file is parsed once for the whole question, and
    /// files are visited in order, so the lookups a call makes into its neighbours find them held.
    public func mapCalls<T>(
        named names: [String], _ body: @escaping @Sendable (SourceFile, FunctionCallExprSyntax) -> T
    ) -> [T] {
        mapCalls(named: names, inFiles: files(calling: names), body).flatMap { $0 }
    }

    /// The files that may call one of `names`, in file order.
    public func files(calling names: [String]) -> [Int] {
        var files: Set<Int> = []
        for name in names {
            Dependencies.record(name)
            files.formUnion(mayCall(name, self.files(mentioning: name)))
        }
        return files.sorted()
    }

    /// Of `files`, those that may call `name`: for a file parsed before, whether its calls name
    /// such a callee (known without its tree); for another, whether its text may hold such a call
    /// (`TextSearch.mayCall`), so that a search for callers parses no file that has none.
    private func mayCall(_ name: String, _ files: [Int]) -> [Int] {
        let known = lock.withLock { files.map { calledNamesByFile[$0]?.contains(name) } }
        return zip(files, known).compactMap { file, calls in
            (calls ?? TextSearch.mayCall(name, in: text(at: file))) ? file : nil
        }
    }

    /// `mapCalls(named:_:)` over some of the files, in the order given: one result list per file.
    public func mapCalls<T>(
        named names: [String], inFiles files: [Int], _ body: @escaping @Sendable (SourceFile, FunctionCallExprSyntax) -> T
    ) -> [[T]] {
        ParallelWork.mapForCaller(count: files.count, threads: threads) { position -> [T] in
            self.mapCalls(named: names, inFile: files[position], body)
        }
    }

    /// `mapCalls(named:_:)` in one file (whose tree a caller may hold already).
    public func mapCalls<T>(
        named names: [String], inFile index: Int, _ body: (SourceFile, FunctionCallExprSyntax) -> T
    ) -> [T] {
        let (file, calls) = fileAndCalls(at: index)
        // Calls in source order, whatever their name.
        let matching = names.flatMap { calls[$0, default: []] }.sorted { $0.position < $1.position }
        // This pass's questions about the file share one budget (`QuestionLedger`).
        return QuestionLedger.charging(file: file.id) { matching.map { body(file, $0) } }
    }

    /// Every call of a file by callee name (one walk per file, cached).
    func calls(in index: Int) -> [String: [FunctionCallExprSyntax]] {
        fileAndCalls(at: index).calls
    }

    /// A parsed file and its calls, from the same parse.
    private func fileAndCalls(at index: Int) -> (file: SourceFile, calls: [String: [FunctionCallExprSyntax]]) {
        let entry = parsedFile(at: index)
        if let cached = lock.withLock({ entry.calls }) { return (entry.file, cached) }
        let collector = CallCollector()
        collector.walk(entry.file.tree)
        lock.withLock { entry.calls = collector.calls }
        return (entry.file, collector.calls)
    }

    /// The node at `position` of file `index`'s tree (parsing the file again if it was let go).
    func node(at position: SyntaxIdentifier.SyntaxIndexInTree, inFile index: Int) -> (SourceFile, Syntax)? {
        let entry = parsedFile(at: index)
        let file = entry.file
        if let cached = lock.withLock({ entry.nodes[position] }) { return (file, cached) }
        guard let identifier = SyntaxIdentifier.fromIndexInTree(position, relativeToRoot: file.tree),
            let node = file.tree.node(at: identifier)
        else { return nil }
        lock.withLock { entry.nodes[position] = node }
        return (file, node)
    }
}

/// A call found by `ProjectIndex.callSites(named:)`. It refers to its file and node by position,
/// not by holding them, so that the index can let the file's tree go: `file` and `call` give them
/// back (parsing the file again if needed; positions are the same in every parse).
public struct CallSite: @unchecked Sendable {
    private let reference: SyntaxReference
    public var fileIndex: Int { reference.fileIndex }
    /// Argument labels of the call, and the type whose code makes it (nil at file level): asked
    /// of every call site each time a function's callers are matched, so computed once.
    public let labels: [String?]
    public let enclosingType: String?
    /// The callee has a receiver other than `self` (`x.save()`, `Type.save()`).
    public let hasReceiver: Bool

    init(index: ProjectIndex, fileIndex: Int, call: FunctionCallExprSyntax) {
        self.reference = SyntaxReference(index: index, fileIndex: fileIndex, node: call)
        self.labels = SyntaxQueries.labels(of: call)
        self.enclosingType = SyntaxQueries.enclosingTypeName(of: call)
        let receiver = SyntaxQueries.receiver(of: call).map(SyntaxQueries.unwrapTransparent)
        self.hasReceiver = receiver.map { !SyntaxQueries.isSelf($0) } ?? false
    }

    /// The file and the call, from one parse of the file.
    public var resolved: (file: SourceFile, call: FunctionCallExprSyntax) {
        let (file, node) = reference.resolved
        return (file, node.cast(FunctionCallExprSyntax.self))
    }

    public var file: SourceFile { resolved.file }
    public var call: FunctionCallExprSyntax { resolved.call }
}
