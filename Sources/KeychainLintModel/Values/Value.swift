/// A value the resolver computed for an expression. Deliberately small: what Keychain and
/// LocalAuthentication code passes around (flag sets, constants, strings, data literals, queries).
public indirect enum Value: Hashable, Sendable, CustomStringConvertible {
    /// An implicit or qualified member: `.biometryAny`, `SecAccessControlCreateFlags.biometryAny`.
    case member(String, type: String?)
    /// An identifier declared outside the scan, e.g. `kSecAttrAccessibleAlways`.
    case symbol(String)
    case string(String)
    case integer(Int)
    case bool(Bool)
    case null
    /// An array literal, also the literal form of an option set.
    case array([Value])
    /// `.init(rawValue: 2)`, `SecAccessControlCreateFlags(rawValue: 2)`.
    case rawValue(Int, type: String?)
    /// A call of something not declared in the scan: `Data("x".utf8)`, `SecAccessControlCreateWithFlags(…)`.
    case call(CallValue)
    case dictionary([DictionaryEntry])
    /// A part whose value is unknown inside an otherwise known structure (source text kept for messages).
    case opaque(String)
    /// A tuple (`(attributes, nil)`, returned by a function as a pair), read one element at a time
    /// (`let (a, b) = f()`, `f().0`, `f().attributes`). Each element keeps its own possible values
    /// and gaps: what is unknown of one element (an error built in a failure branch) is not a gap
    /// of the other, and two elements of a few values each are not multiplied into every pairing.
    case tuple([TupleElement])

    public var description: String {
        switch self {
        case .member(let name, let type): (type.map { $0 } ?? "") + "." + name
        case .symbol(let name): name
        case .string(let text): "\"" + text + "\""
        case .integer(let number): String(number)
        case .bool(let flag): String(flag)
        case .null: "nil"
        case .array(let elements): "[" + elements.map(\.description).joined(separator: ", ") + "]"
        case .rawValue(let raw, let type): (type ?? "") + ".init(rawValue: \(raw))"
        case .call(let call): call.description
        case .dictionary(let entries):
            entries.isEmpty
                ? "[:]" : "[" + entries.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + "]"
        case .opaque(let text): text
        case .tuple(let elements): "(" + elements.map { $0.description }.joined(separator: ", ") + ")"
        }
    }

    /// The elements when the value is used as a set of options: a single member is a set of one.
    public var setElements: [Value] {
        switch self {
        case .array(let elements): elements
        default: [self]
        }
    }
}

/// One element of a `.tuple`: its label (`attributes:` in `(attributes: a, error: e)`, or from the
/// function's declared result type) and the values it may have.
public struct TupleElement: Hashable, Sendable, CustomStringConvertible {
    public var label: String?
    public var values: Resolution

    public init(label: String?, values: Resolution) {
        self.label = label
        self.values = values
    }

    public var description: String {
        let text = values.values.isEmpty ? "_" : values.values.map { $0.value.description }.joined(separator: " | ")
        return (label.map { "\($0): " } ?? "") + text
    }
}

public struct CallValue: Hashable, Sendable, CustomStringConvertible {
    /// Base name of the called function or type: `Data`, `data`, `SecAccessControlCreateWithFlags`.
    public var name: String
    /// The value the method was called on, if any (`"1234"` in `"1234".data(using: .utf8)`).
    public var receiver: Value?
    public var arguments: [Argument]

    public init(name: String, receiver: Value?, arguments: [Argument]) {
        self.name = name
        self.receiver = receiver
        self.arguments = arguments
    }

    public func argument(labeled label: String?) -> Value? {
        arguments.first { $0.label == label }?.value
    }

    public var description: String {
        let args = arguments.map { ($0.label.map { "\($0): " } ?? "") + $0.value.description }
        return (receiver.map { "\($0)." } ?? "") + name + "(" + args.joined(separator: ", ") + ")"
    }
}

public struct Argument: Hashable, Sendable {
    public var label: String?
    public var value: Value

    public init(label: String?, value: Value) {
        self.label = label
        self.value = value
    }
}

public struct DictionaryEntry: Hashable, Sendable {
    public var key: Value
    public var value: Value
    /// Where the key was written (a literal entry or a subscript assignment). Not part of the
    /// entry's identity: the same query built in two places is the same query.
    public var location: ValueLocation?
    /// Where the value was written for this entry (the literal's value, the right-hand side of
    /// `dict[key] = v`, the first argument of `updateValue`/`setObject`). Not part of the identity either.
    public var valueLocation: ValueLocation?
    /// The step by which the value became a choice of the library's users (`TraceStep.Kind.libraryOption`),
    /// when its path took one: a check that pairs two entries tells a combination the library permits
    /// from one its code makes. Not part of the identity either.
    public var libraryOption: TraceStep?

    public init(
        key: Value, value: Value, location: ValueLocation? = nil, valueLocation: ValueLocation? = nil, libraryOption: TraceStep? = nil
    ) {
        self.key = key
        self.value = value
        self.location = location
        self.valueLocation = valueLocation
        self.libraryOption = libraryOption
    }

    public static func == (lhs: DictionaryEntry, rhs: DictionaryEntry) -> Bool {
        lhs.key == rhs.key && lhs.value == rhs.value
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(key)
        hasher.combine(value)
    }
}

/// A span of source in some file of the scan (1-based lines, UTF-8 and scalar columns).
public struct ValueLocation: Hashable, Sendable {
    public var file: String
    public var line: Int
    public var column: Int
    public var characterColumn: Int
    public var endLine: Int
    public var endColumn: Int
    public var endCharacterColumn: Int

    public init(file: String, line: Int, column: Int, characterColumn: Int, endLine: Int, endColumn: Int, endCharacterColumn: Int) {
        self.file = file
        self.line = line
        self.column = column
        self.characterColumn = characterColumn
        self.endLine = endLine
        self.endColumn = endColumn
        self.endCharacterColumn = endCharacterColumn
    }
}

/// One step of the path a value took to reach the expression a rule asked about:
/// a variable, a branch, a property in another file, a default argument.
public struct TraceStep: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        case variable, assignment, branch, property, function, parameterDefault, argument
        /// A value a library's users may choose through its public API (a parameter or property of
        /// the library's own enum) and no code in the scan chooses: one the library offers, not
        /// one a path of the scanned code takes.
        case libraryOption
        /// Stands for the middle of a trace too long to keep whole (`TracedValue.maximumTraceSteps`).
        case elided
    }

    public var kind: Kind
    /// Short human text: "`flags`", "if `allowFallback`", "case .legacy".
    public var text: String

    /// The first step of `trace` by which a value became a choice of a library's users, if any.
    public static func libraryOption(in trace: [TraceStep]) -> TraceStep? {
        trace.first { $0.kind == .libraryOption }
    }
    public var file: String
    public var line: Int
    public var column: Int

    public init(kind: Kind, text: String, file: String, line: Int, column: Int) {
        self.kind = kind
        self.text = text
        self.file = file
        self.line = line
        self.column = column
    }
}

/// A possible value with the path it took.
public struct TracedValue: Hashable, Sendable {
    /// `value`'s hash, kept: a resolution compares each value it adds with the ones it holds, and
    /// comparing two dictionaries compares every entry, while unequal hashes settle it at once.
    /// Declared first, so that the synthesized `==` compares it first.
    private(set) var valueHash: Int
    public var value: Value {
        didSet { valueHash = value.hashValue }
    }
    /// Outermost step first.
    public private(set) var trace: [TraceStep]

    public init(value: Value, trace: [TraceStep] = []) {
        self.init(value: value, trace: trace, valueHash: value.hashValue)
    }

    /// The same value on another path: its hash is known.
    init(value: Value, trace: [TraceStep], valueHash: Int) {
        self.value = value
        self.valueHash = valueHash
        self.trace = trace.count <= Self.maximumTraceSteps ? trace : Self.shortened(trace)
    }

    /// The same value, having passed `step` first.
    public func passing(_ step: TraceStep) -> TracedValue {
        TracedValue(value: value, trace: [step] + trace, valueHash: valueHash)
    }

    /// Whether both hold the same value (their traces may differ).
    func hasSameValue(as other: TracedValue) -> Bool {
        valueHash == other.valueHash && value == other.value
    }

    /// Steps a trace keeps. Each step a value passes adds one, and a value built statement by
    /// statement in generated code would carry (and copy at every statement) thousands; a message
    /// naming more than a few dozen steps helps nobody either.
    public static let maximumTraceSteps = 48

    /// The steps nearest the use and nearest the origin, with one `.elided` step for the middle.
    private static func shortened(_ trace: [TraceStep]) -> [TraceStep] {
        let kept = maximumTraceSteps - 1
        let head = kept / 2
        let tail = kept - head
        let first = trace[head]
        let gap = TraceStep(
            kind: .elided, text: "… (a long path, shortened)", file: first.file, line: first.line,
            column: first.column)
        return Array(trace.prefix(head)) + [gap] + Array(trace.suffix(tail))
    }
}

/// Where and why resolution stopped.
public struct ResolutionGap: Hashable, Sendable, Codable {
    /// Why resolution stopped, as far as callers must act on it (the reason is for people).
    public enum Kind: String, Hashable, Sendable, Codable {
        /// The resolver does not follow this code.
        case unknown
        /// The value depends on itself; where the cycle closes depends on where the question began.
        case cycle
        /// Declarations nest deeper than the resolver follows from where the question began.
        case depthLimit
        /// An expression nests deeper than the resolver follows (generated or hostile code).
        case nestingLimit
        /// One question took more steps than it may (generated or hostile code).
        case stepBudget
        /// A search across the scan stopped at a bound: a name that too many files may declare,
        /// a function that too many files may call.
        case searchLimit
    }

    /// A bound meant for generated or hostile code stopped resolution: the user is told even
    /// without `--verbose`, since a finding may be missing.
    public var isAnalysisLimit: Bool { kind == .nestingLimit || kind == .stepBudget }

    public var file: String
    public var line: Int
    public var column: Int
    public var reason: String
    public var kind: Kind

    public init(file: String, line: Int, column: Int, reason: String, kind: Kind = .unknown) {
        self.file = file
        self.line = line
        self.column = column
        self.reason = reason
        self.kind = kind
    }
}

/// The possible values of an expression. An expression reached by several branches has several;
/// parts the resolver could not follow are listed as gaps (precision first: rules only act on
/// `values`, and `--verbose` shows the gaps).
public struct Resolution: Sendable, Hashable {
    /// Upper bound on possible values kept, so branchy code cannot blow up.
    public static let maximumValues = 32

    /// Combinations a resolver builds before adding them to a resolution (which keeps
    /// `maximumValues` of them): a query built from many optional pieces is chosen among these.
    public static let maximumCandidates = maximumValues * 8

    /// Stands for the values dropped beyond `maximumValues` (a finding may be among them), until
    /// the question that met the bound gives it the question's place (`ValueResolver.resolve`).
    public static let valueLimitGap = ResolutionGap(
        file: "", line: 0, column: 0, reason: "more than \(maximumValues) possible values: the others are not followed",
        kind: .searchLimit)

    public private(set) var values: [TracedValue]
    public private(set) var gaps: [ResolutionGap]

    public init(values: [TracedValue] = [], gaps: [ResolutionGap] = []) {
        self.values = []
        self.gaps = []
        for value in values { add(value) }
        for gap in gaps { add(gap) }
    }

    public static func value(_ value: Value, trace: [TraceStep] = []) -> Resolution {
        Resolution(values: [TracedValue(value: value, trace: trace)])
    }

    public static func gap(_ gap: ResolutionGap) -> Resolution {
        Resolution(gaps: [gap])
    }

    public static let empty = Resolution()

    public var isEmpty: Bool { values.isEmpty && gaps.isEmpty }
    public var isFullyKnown: Bool { gaps.isEmpty && !values.isEmpty }
    /// The single value when there is exactly one and nothing unknown.
    public var singleValue: Value? { values.count == 1 && gaps.isEmpty ? values[0].value : nil }

    public mutating func add(_ value: TracedValue) {
        if let index = values.firstIndex(where: { $0.hasSameValue(as: value) }) {
            // The same dictionary as a choice of a library's users and on a path of the code
            // itself: the code's path is kept, so a check pairing two of its entries words what
            // the code does as certain (`DictionaryEntry.libraryOption`).
            if Self.libraryChoices(in: value.value) < Self.libraryChoices(in: values[index].value) { values[index] = value }
            return
        }
        guard values.count < Self.maximumValues else {
            if !keepAtBound(value) { add(Self.valueLimitGap) }
            return
        }
        values.append(value)
    }

    /// The entries of a dictionary whose value only a library's users choose.
    private static func libraryChoices(in value: Value) -> Int {
        guard case .dictionary(let entries) = value else { return 0 }
        return entries.reduce(0) { $0 + ($1.libraryOption == nil ? 0 : 1) }
    }

    /// A dictionary met at the bound. Checks read a query one key at a time (whether it returns
    /// data, whether it adds an access control) or a few keys of one query together, while a
    /// query built from many optional pieces has more shapes than the bound: the first shapes
    /// kept would all come from one path (an early failure return), and the keys the others set
    /// would never be seen. Two dictionaries whose entries are the same but for those no check
    /// reads (`SecItemKeys.keysNotRead`) are the same to every check, so one stands for the
    /// other: the dictionary met is dropped without a gap when a kept one stands for it. A
    /// dictionary with a key no kept one has takes the place of a kept one that another stands
    /// for, or else of one whose keys others all have (the gap stays: that one is dropped), so
    /// every key some shape sets is seen. Other dictionaries are dropped as before: which of
    /// several values of a key are kept is left to the order they come in, so shapes the
    /// resolver makes by following two alternatives apart (a property read on a value whose
    /// case it does not know, inside a `switch` on that value) are not sought out either.
    /// Every value kept is one whole dictionary of one path, so two entries a check judges
    /// together are never taken from two different queries.
    /// Returns whether nothing was dropped.
    private mutating func keepAtBound(_ value: TracedValue) -> Bool {
        guard case .dictionary(let entries) = value.value else { return false }
        var bound = atBound ?? AtBound(values.map { ReadForm($0.value) })
        defer { atBound = bound }
        // Without a key no kept dictionary has, the dictionary is either represented by a kept
        // one or dropped with the gap: once the gap is there, which one makes no difference, and
        // a query built from a library's options meets tens of thousands of such dictionaries.
        if gaps.contains(Self.valueLimitGap),
            !entries.contains(where: { ReadForm.isRead($0) && bound.holders[$0.key] == nil })
        {
            return true
        }
        guard let added = ReadForm(value.value) else { return false }
        if bound.forms.contains(where: { $0 == added }) { return true }
        guard added.keys.contains(where: { bound.holders[$0] == nil }) else { return false }
        // A kept dictionary that another stands for goes first: then nothing is dropped.
        var distinct = Set<ReadForm>()
        for (index, form) in bound.forms.enumerated() {
            guard let form, !distinct.insert(form).inserted else { continue }
            replace(at: index, with: value, form: added, in: &bound)
            return true
        }
        guard
            let replaced = bound.forms.indices.last(where: { index in
                bound.forms[index].map { form in form.keys.allSatisfy { bound.holders[$0, default: 0] > 1 } } ?? false
            })
        else { return false }
        replace(at: replaced, with: value, form: added, in: &bound)
        return false
    }

    /// Candidates a resolver built beyond the bound (up to `maximumCandidates`), added so that the
    /// values kept show every entry a check reads (a key with one value) that some candidate has,
    /// and, when there are more such entries than places, as many values of each key as of any
    /// other: in rounds, a candidate is kept when it shows an entry no value kept so far shows, of a
    /// key whose values shown are fewer than the round's number (first each key once, then each
    /// key twice, …), in their order; then the others, each through `add` (which at the bound keeps
    /// the shapes that differ in their keys). A library's option mapped onto each accessibility
    /// constant in turn gives a query per constant beside the many shapes of its optional
    /// attributes: added in order, the first constant's queries took the place the others needed;
    /// and an access control built from every accessibility and every flag a caller may choose
    /// (dozens of values of one key) took every place before the accessibility another branch sets
    /// was shown once. Candidates that fit within the bound are added in order, as by `add`.
    public mutating func add(covering candidates: [TracedValue]) {
        guard values.count + candidates.count > Self.maximumValues else {
            for candidate in candidates { add(candidate) }
            return
        }
        var shown = Set<DictionaryEntry>()
        var valuesShown: [Value: Int] = [:]
        func show(_ entries: some Sequence<DictionaryEntry>) {
            for entry in entries where shown.insert(entry).inserted { valuesShown[entry.key, default: 0] += 1 }
        }
        for kept in values { if let form = ReadForm(kept.value) { show(form.entries) } }
        let forms = candidates.map { ReadForm($0.value) }
        var kept = [Bool](repeating: false, count: candidates.count)
        var round = 1
        rounds: while values.count < Self.maximumValues {
            var unshownLeft = false
            for index in candidates.indices where !kept[index] {
                guard let form = forms[index] else { continue }
                let unshown = form.entries.filter { !shown.contains($0) }
                guard !unshown.isEmpty else { continue }
                unshownLeft = true
                guard unshown.contains(where: { valuesShown[$0.key, default: 0] < round }) else { continue }
                kept[index] = true
                show(unshown)
                add(candidates[index])
                if values.count >= Self.maximumValues { break rounds }
            }
            guard unshownLeft else { break }
            round += 1
        }
        for index in candidates.indices where !kept[index] { add(candidates[index]) }
    }

    private mutating func replace(at index: Int, with value: TracedValue, form: ReadForm, in bound: inout AtBound) {
        values.remove(at: index)
        values.append(value)
        bound.remove(at: index)
        bound.append(form)
    }

    /// What checks can tell of a dictionary: its entries but for those no check reads
    /// (`SecItemKeys.keysNotRead`), locations aside, and the keys of those entries.
    ///
    /// One is made for every dictionary met at the bound, which a query built from many optional
    /// pieces meets hundreds of times per question: each entry is hashed once, and the entries are
    /// kept in the order of their hashes (each once, as a set holds them), so that two forms are
    /// compared entry by entry and the form's hash is made from the entries' hashes.
    struct ReadForm: Hashable, Sendable {
        /// Each entry once, in the order of `entryHashes`.
        let entries: [DictionaryEntry]
        let entryHashes: [Int]
        let keys: Set<Value>
        /// Kept: each dictionary met at the bound is compared with every kept one.
        let hash: Int

        /// Nil for a value that is not a dictionary.
        init?(_ value: Value) {
            guard case .dictionary(let all) = value else { return nil }
            var hashed: [(hash: Int, entry: DictionaryEntry)] = []
            hashed.reserveCapacity(all.count)
            for entry in all where Self.isRead(entry) {
                hashed.append((entry.hashValue, entry))
            }
            hashed.sort { $0.hash < $1.hash }
            var entries: [DictionaryEntry] = []
            var entryHashes: [Int] = []
            entries.reserveCapacity(hashed.count)
            entryHashes.reserveCapacity(hashed.count)
            var runStart = 0
            for (hash, entry) in hashed {
                if entryHashes.last != hash { runStart = entries.count }
                // Equal entries have equal hashes: a repeated entry is among those of its hash.
                if entries[runStart...].contains(entry) { continue }
                entries.append(entry)
                entryHashes.append(hash)
            }
            self.entries = entries
            self.entryHashes = entryHashes
            self.keys = Set(entries.map(\.key))
            var hasher = Hasher()
            hasher.combine(entryHashes)
            self.hash = hasher.finalize()
        }

        /// Whether checks read the entry: its key is not one of `SecItemKeys.keysNotRead`.
        static func isRead(_ entry: DictionaryEntry) -> Bool {
            SecItemKeys.keyName(entry.key).map { !SecItemKeys.keysNotRead.contains($0) } ?? true
        }

        static func == (lhs: ReadForm, rhs: ReadForm) -> Bool {
            guard lhs.hash == rhs.hash, lhs.entryHashes == rhs.entryHashes else { return false }
            if lhs.entries == rhs.entries { return true }
            // Distinct entries of one hash may lie in either order.
            return Set(lhs.entries) == Set(rhs.entries)
        }

        func hash(into hasher: inout Hasher) { hasher.combine(hash) }
    }

    /// The read forms of `values` once they have reached the bound, and how many of them have
    /// each key: computed at the first dictionary met there and kept with the values.
    struct AtBound: Sendable {
        var forms: [ReadForm?]
        var holders: [Value: Int] = [:]

        init(_ forms: [ReadForm?]) {
            self.forms = forms
            for case let form? in forms {
                for key in form.keys { holders[key, default: 0] += 1 }
            }
        }

        mutating func remove(at index: Int) {
            for key in forms[index]?.keys ?? [] {
                holders[key, default: 1] -= 1
                if holders[key] == 0 { holders[key] = nil }
            }
            forms.remove(at: index)
        }

        mutating func append(_ form: ReadForm) {
            for key in form.keys { holders[key, default: 0] += 1 }
            forms.append(form)
        }
    }

    /// Nil until the values reach the bound. Not part of the resolution's identity.
    private var atBound: AtBound?

    public static func == (lhs: Resolution, rhs: Resolution) -> Bool {
        lhs.values == rhs.values && lhs.gaps == rhs.gaps
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(values)
        hasher.combine(gaps)
    }

    /// Gaps kept, beyond which only the first of each kind other than `.unknown` is added: a
    /// literal with thousands of unknown elements would otherwise make every merge quadratic.
    /// Kinds that callers act on (cycles, limits) are never lost.
    public static let maximumGaps = 64

    public mutating func add(_ gap: ResolutionGap) {
        if gaps.count < Self.maximumGaps {
            if !gaps.contains(gap) { gaps.append(gap) }
        } else if gap.kind != .unknown, !gaps.contains(where: { $0.kind == gap.kind }) {
            gaps.append(gap)
        }
    }

    /// The values of both, this one's first. Where two sets of dictionaries (the two arms of an
    /// `if` that build a query differently) hold more than the bound together, the values kept
    /// are chosen as `add(covering:)` chooses them, so that one arm's many values of one key (an
    /// access control for every protection and flag) do not take every place before the other
    /// arm's key (the accessibility set in the `else`) is shown once.
    public func merging(_ other: Resolution) -> Resolution {
        if values.count + other.values.count > Self.maximumValues, !other.values.isEmpty,
            values.allSatisfy(Self.holdsDictionary), other.values.allSatisfy(Self.holdsDictionary)
        {
            var result = Resolution(gaps: gaps)
            result.add(covering: values + other.values)
            for gap in other.gaps { result.add(gap) }
            return result
        }
        var result = self
        for value in other.values { result.add(value) }
        for gap in other.gaps { result.add(gap) }
        return result
    }

    private static func holdsDictionary(_ traced: TracedValue) -> Bool {
        if case .dictionary = traced.value { return true }
        return false
    }

    /// Adds `step` in front of every value's trace (the value passed through `step`).
    public func through(_ step: TraceStep) -> Resolution {
        // The values stay distinct and within the bound, so they are not compared again: each
        // comparison of two dictionaries compares every entry, at every statement a value passes.
        var result = self
        result.values = values.map { $0.passing(step) }
        return result
    }

    /// The same values, reached from `origin` (a trace, outermost first) beyond their own first
    /// steps: an enum property read on a case that came from elsewhere (`level.value`, `level`
    /// passed by a caller) keeps where the case came from.
    public func reached(from origin: [TraceStep]) -> Resolution {
        guard !origin.isEmpty else { return self }
        var result = self
        result.values = values.map { TracedValue(value: $0.value, trace: $0.trace + origin, valueHash: $0.valueHash) }
        return result
    }

    /// The same values, having passed `origin` (a trace, outermost first) before their own steps:
    /// an element of a tuple keeps the path the tuple took (the function that returned it, the
    /// branch of its `return`) before the element's own.
    public func preceded(by origin: [TraceStep]) -> Resolution {
        guard !origin.isEmpty else { return self }
        var result = self
        result.values = values.map { TracedValue(value: $0.value, trace: origin + $0.trace, valueHash: $0.valueHash) }
        return result
    }

    /// The same values, with `gap` standing where `placeholder` stood.
    public func replacing(_ placeholder: ResolutionGap, with gap: ResolutionGap) -> Resolution {
        var result = self
        result.gaps = gaps.map { $0 == placeholder ? gap : $0 }
        return result
    }

    /// Applies `transform` to every value, keeping traces; `nil` results become a gap at `location`.
    public func map(_ transform: (Value) -> Value?, failure: () -> ResolutionGap) -> Resolution {
        var result = Resolution(gaps: gaps)
        for traced in values {
            if let mapped = transform(traced.value) {
                result.add(TracedValue(value: mapped, trace: traced.trace))
            } else {
                result.add(failure())
            }
        }
        return result
    }

    /// Every combination of one value from each resolution (bounded by `limit`).
    /// `limit` may exceed `maximumValues` when the combinations are added to a resolution, which
    /// keeps, among more candidates than it can hold, those that differ in what checks read.
    public static func combinations(
        _ parts: [Resolution], limit: Int = maximumValues
    ) -> (values: [([Value], [TraceStep])], gaps: [ResolutionGap]) {
        let (picks, gaps) = tracedCombinations(parts, limit: limit)
        return (picks.map { picked in (picked.map(\.value), picked.flatMap(\.trace)) }, gaps)
    }

    /// `combinations(_:limit:)` with each part's value as it came, with its own path: a dictionary
    /// built from them keeps what each entry's path says about the entry (`DictionaryEntry.libraryOption`).
    public static func tracedCombinations(
        _ parts: [Resolution], limit: Int = maximumValues
    ) -> (values: [[TracedValue]], gaps: [ResolutionGap]) {
        // Combinations share their prefixes: each is a chain of choices back to the start, and is
        // spelled out once at the end. Copying every combination at every part would take time
        // quadratic in the parts (a dictionary or array literal with thousands of elements).
        var choices: [(value: TracedValue, previous: Int)] = []
        var combos: [Int] = [-1]  // the last choice of each combination; -1: none yet
        var gaps: [ResolutionGap] = []
        for part in parts {
            gaps.append(contentsOf: part.gaps)
            var next: [Int] = []
            for combo in combos {
                for traced in part.values {
                    if next.count >= limit {
                        if !gaps.contains(valueLimitGap) { gaps.append(valueLimitGap) }
                        break
                    }
                    choices.append((traced, combo))
                    next.append(choices.count - 1)
                }
            }
            combos = next
        }
        let result = combos.map { last -> [TracedValue] in
            var picked: [TracedValue] = []
            picked.reserveCapacity(parts.count)
            var choice = last
            while choice >= 0 {
                picked.append(choices[choice].value)
                choice = choices[choice].previous
            }
            picked.reverse()
            return picked
        }
        return (result, gaps)
    }
}
