// The locals of one function, method or initializer body, read into the model for the questions
// about what code does with a value: where the value of each expression ends up (thrown away,
// stored in a local), where each local is declared and which statements scope it, where each name
// is read, and which statements replace a local's value. Each front end reads its own syntax into
// it (`SwiftLocals`, `ObjCBodyFacts.locals`); one reading answers `ResultUse` and
// `OutParameterUse` for both languages.

/// A range of a file, in UTF-8 offsets: `start` inclusive, `end` exclusive.
public struct ProgramSpan: Hashable, Sendable {
    public let start: Int
    public let end: Int

    public init(start: Int, end: Int) {
        self.start = start
        self.end = end
    }

    public func contains(_ offset: Int) -> Bool { start <= offset && offset < end }
}

/// What one body does with values.
public struct ProgramLocals {
    /// Where a value goes, keyed by the span of the value itself (a call, without the
    /// parentheses, casts and effect markers around it). A value with no slot is used.
    public enum Slot: Equatable {
        /// Thrown away: a statement of its own that is not its enclosing code's value
        /// (`SecItemDelete(q)`, `(void)SecItemAdd(q, NULL);`), `_ = …`, `let _ = …`.
        case discarded
        /// Stored in `name` (an initializer, or a plain assignment to a name) at `store`: the
        /// declaration or the assignment as written. Judged only when `name` is a local.
        case stored(name: String, store: ProgramSpan)
    }

    /// A local declaration: where it is, and the statements it is visible in.
    public struct Declaration {
        public let offset: Int
        public let scope: ProgramSpan

        public init(offset: Int, scope: ProgramSpan) {
            self.offset = offset
            self.scope = scope
        }
    }

    /// A statement that replaces a local's value on every path through it: `name = …` as a
    /// statement of its own, and where it stands among the statements of its block.
    public struct Overwrite {
        public let name: String
        public let statement: ProgramSpan
        public let block: Int
        public let position: Int

        public init(name: String, statement: ProgramSpan, block: Int, position: Int) {
            self.name = name
            self.statement = statement
            self.block = block
            self.position = position
        }
    }

    /// A statement of a block, and where it stands in it.
    public struct Element {
        public let span: ProgramSpan
        public let block: Int
        public let position: Int

        public init(span: ProgramSpan, block: Int, position: Int) {
            self.span = span
            self.block = block
            self.position = position
        }
    }

    public var slots: [ProgramSpan: Slot] = [:]
    public var declarations: [String: [Declaration]] = [:]
    /// Where each name is read (not written: `name = …`, `_ = name`, `(void)name;`), by offset.
    public var reads: [String: [Int]] = [:]
    /// Loops: a read earlier in a loop around a store reads it on the next iteration.
    public var loops: [ProgramSpan] = []
    /// Code that runs at another time than where it is written: closures and blocks (run later,
    /// or kept) and Swift's `defer` (run when the scope ends). A read inside counts wherever it
    /// stands.
    public var deferredCode: [ProgramSpan] = []
    public var overwrites: [String: [Overwrite]] = [:]
    /// Every statement of every block, sorted by start, a statement before those nested in it.
    public var elements: [Element] = []
    /// Whether two offsets lie in clauses of one conditional-compilation block that no build
    /// compiles together (`#if` / `#else`): one cannot replace the other's value.
    public var exclusive: (Int, Int) -> Bool = { _, _ in false }

    public init() {}

    /// The local `name` visible at `offset`: the scope of its latest declaration at or before
    /// `offset` whose scope holds `offset`; nil for a parameter, a property or a global.
    public func localScope(of name: String, at offset: Int) -> ProgramSpan? {
        declarations[name]?.last { $0.offset <= offset && $0.scope.contains(offset) }?.scope
    }

    /// Whether the value stored in local `name` at `store` is read: a read of the name in `scope`
    /// after the store, anywhere in a loop around the store (the next iteration reads it), or
    /// anywhere in deferred code of the scope; unless a statement of the store's own block that
    /// replaces the value runs between the store and the read.
    public func isRead(_ name: String, storedAt store: ProgramSpan, in scope: ProgramSpan) -> Bool {
        let enclosingLoops = loops.filter { $0.contains(store.start) && scope.contains($0.start) }
        let replacing = overwritesAfter(store.start, of: name)
        return (reads[name] ?? []).contains { read in
            guard scope.contains(read), !store.contains(read) else { return false }
            // A closure or `defer` may run after any statement of the scope: its read counts.
            if deferredCode.contains(where: { $0.contains(read) && !$0.contains(store.start) }) { return true }
            let after = read >= store.end
            guard after || enclosingLoops.contains(where: { $0.contains(read) }) else { return false }
            // A replacement between the store and the read; for a read earlier in a loop, any
            // replacement after the store in its block (the next iteration starts after it).
            return !replacing.contains { !after || read >= $0.end }
        }
    }

    /// The statements after the one holding `offset` in its block that replace `name`'s value.
    func overwritesAfter(_ offset: Int, of name: String) -> [ProgramSpan] {
        guard let candidates = overwrites[name], !candidates.isEmpty, let element = innermostElement(containing: offset) else {
            return []
        }
        return candidates.filter { $0.block == element.block && $0.position > element.position && !exclusive(offset, $0.statement.start) }
            .map(\.statement)
    }

    /// The innermost statement of a block that holds `offset`.
    func innermostElement(containing offset: Int) -> Element? {
        var low = 0
        var high = elements.count
        while low < high {
            let middle = (low + high) / 2
            if elements[middle].span.start <= offset { low = middle + 1 } else { high = middle }
        }
        var index = low - 1
        while index >= 0 {
            if elements[index].span.contains(offset) { return elements[index] }
            index -= 1
        }
        return nil
    }

    // MARK: - The questions of `ProgramUses.swift`

    /// What the body does with the value at `value` (a call's span).
    public func resultUse(of value: ProgramSpan) -> ResultUse {
        switch slots[value] {
        case .discarded?:
            return .discarded
        case .stored(let name, let store)?:
            // Only a local's value is judged: a property, a global or an out-parameter is read
            // elsewhere.
            guard let scope = localScope(of: name, at: store.start) else { return .used }
            return isRead(name, storedAt: store, in: scope) ? .used : .storedUnread(name)
        case nil:
            return .used
        }
    }

    /// What the body does with what a call at `call` writes through `&name`.
    public func outParameterUse(named name: String, call: ProgramSpan) -> OutParameterUse {
        guard let scope = localScope(of: name, at: call.start) else { return .read }
        return isRead(name, storedAt: call, in: scope) ? .read : .unread
    }
}
