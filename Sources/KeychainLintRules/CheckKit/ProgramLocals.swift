// The locals of one function, method or initializer body, read into the model for the questions
// about what code does with a value: where the value of each expression ends up (thrown away,
// stored in a local), where each local is declared and which statements scope it, where each name
// is read, and which statements replace a local's value; and, for a value that may be nil, where
// the code tests it, crashes on it, puts it into a dictionary or returns it. Each front end reads
// its own syntax into it (`SwiftLocals`, `ObjCBodyFacts.locals`); one reading answers `ResultUse`
// and `OutParameterUse`, and one `NullableResultHandling` (`NullableResultReading.swift`), for
// both languages.

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
        /// Stored in `name` by an assignment whose own value the code around it uses
        /// (`if ((access = SecAccessControlCreateWithFlags(…)))`): the value is used there, and
        /// the local holds it afterwards.
        case storedAndUsed(name: String, store: ProgramSpan)
    }

    /// A local declaration: where it is, and the statements it is visible in.
    public struct Declaration: Equatable {
        public let offset: Int
        public let scope: ProgramSpan
        /// A variable of top-level code (a Swift script, `main.swift`): a global other files may
        /// read, so not a local for `ResultUse`; the nullable reading still follows it through
        /// the code around it.
        public let isTopLevel: Bool

        public init(offset: Int, scope: ProgramSpan, isTopLevel: Bool = false) {
            self.offset = offset
            self.scope = scope
            self.isTopLevel = isTopLevel
        }
    }

    /// What the code does at one place with a value that may be nil (Swift's Optional, a C
    /// pointer that may be `NULL`), where that tells whether the code checks it.
    public struct NullableUse {
        public enum Kind {
            /// Crashes when the value is nil: Swift's `!` and `as!`; an Objective-C insertion where
            /// `NULL` raises (an `@{…}` literal, `setObject:forKey:`, `CFDictionaryAddValue`).
            /// `suffix` is what the use writes after the value (`!`, ` as! SecAccessControl`;
            /// nothing for an insertion), for a value a message names in its own words
            /// (`SecAccessControlCreateWithFlags(…)!`).
            case crashes(suffix: String)
            /// Tested for nil: a comparison with nil or `NULL`, a truth test, an optional binding,
            /// `??`, optional chaining. When the test is a whole condition of an `if` or `guard`,
            /// the code that runs when it finds the value nil (`whenNil`: the `else` of `if let`,
            /// the body of `if (!access)`) and when it does not (`whenNotNil`).
            case tested(whenNil: ProgramSpan?, whenNotNil: ProgramSpan?)
            /// Stored in a dictionary under `key`, where nil leaves the entry out (a Swift Optional
            /// in a dictionary, an Objective-C subscript assignment or `setValue:forKey:`).
            case entry(key: ProgramExpression)
            /// The result of the function or method whose body it stands in (its `return`, or
            /// the one expression of a Swift function), not of a closure or block inside it.
            case returned
        }

        public let kind: Kind
        /// The use as written (`access!`, `(__bridge id)access`), and its line.
        public let written: String
        public let line: Int

        public init(_ kind: Kind, written: String, line: Int) {
            self.kind = kind
            self.written = written
            self.line = line
        }
    }

    /// A statement that leaves when its condition holds: an `if` whose body always leaves (a
    /// `return`, `throw`, `goto` or a call that ends the process), or Swift's `guard` whose body
    /// does; where it stands in its block, and its condition.
    public struct Exit {
        public let statement: Element
        public let condition: ProgramSpan

        public init(statement: Element, condition: ProgramSpan) {
            self.statement = statement
            self.condition = condition
        }
    }

    /// A key written into a dictionary (a literal's key, a subscript assignment's,
    /// `updateValue(_:forKey:)`'s, `setObject:forKey:`'s), where, and on which line.
    public struct KeyWrite {
        public let key: ProgramExpression
        public let offset: Int
        public let line: Int

        public init(key: ProgramExpression, offset: Int, line: Int) {
            self.key = key
            self.offset = offset
            self.line = line
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
    /// Each name's declarations, sorted by offset.
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
    /// What the code does with each value that may be nil, keyed by the span of the value (a
    /// call, a name, `self.name`) without the parentheses and casts around it.
    public var nullableUses: [ProgramSpan: NullableUse] = [:]
    /// Where each plain name has an entry of `nullableUses` (a name, an `if let name`), sorted:
    /// the uses of a local are looked up without going through every mention of its name.
    public var nullableNames: [String: [Int]] = [:]
    /// Where each name is written, read or not, sorted: whether a statement or a condition
    /// mentions it. Swift counts every identifier (a member's name too), Objective-C every
    /// identifier expression.
    public var mentions: [String: [Int]] = [:]
    /// The statements of blocks that leave when their condition holds, sorted by start.
    public var exits: [Exit] = []
    /// Every key written into a dictionary, sorted by offset.
    public var keyWrites: [KeyWrite] = []

    public init() {}

    /// The local `name` visible at `offset`: the scope of its latest declaration at or before
    /// `offset` whose scope holds `offset`; nil for a parameter, a property or a global.
    public func localScope(of name: String, at offset: Int) -> ProgramSpan? {
        guard let declaration = declaration(of: name, at: offset), !declaration.isTopLevel else { return nil }
        return declaration.scope
    }

    /// The declaration of `name` visible at `offset`, a top-level variable's too: the latest at
    /// or before `offset` whose scope holds it.
    public func declaration(of name: String, at offset: Int) -> Declaration? {
        guard let declared = declarations[name] else { return nil }
        var index = Self.lowerBound(declared.count) { declared[$0].offset <= offset } - 1
        while index >= 0 {
            if declared[index].scope.contains(offset) { return declared[index] }
            index -= 1
        }
        return nil
    }

    /// Whether `span` mentions `name`.
    public func mentions(_ name: String, in span: ProgramSpan) -> Bool {
        guard let offsets = mentions[name] else { return false }
        let first = Self.lowerBound(offsets.count) { offsets[$0] < span.start }
        return first < offsets.count && span.contains(offsets[first])
    }

    /// The offsets of a sorted list from `start` on.
    static func from(_ start: Int, in offsets: [Int]?) -> ArraySlice<Int> {
        guard let offsets else { return [] }
        return offsets[lowerBound(offsets.count) { offsets[$0] < start }...]
    }

    /// The first index in `0..<count` for which `isBefore` is false (`isBefore` holds for a prefix).
    static func lowerBound(_ count: Int, _ isBefore: (Int) -> Bool) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if isBefore(middle) { low = middle + 1 } else { high = middle }
        }
        return low
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
        var index = Self.lowerBound(elements.count) { elements[$0].span.start <= offset } - 1
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
        case .storedAndUsed?, nil:
            return .used
        }
    }

    /// What the body does with what a call at `call` writes through `&name`.
    public func outParameterUse(named name: String, call: ProgramSpan) -> OutParameterUse {
        guard let scope = localScope(of: name, at: call.start) else { return .read }
        return isRead(name, storedAt: call, in: scope) ? .read : .unread
    }
}
