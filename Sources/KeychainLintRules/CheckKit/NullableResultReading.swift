// What code does with a call's result that may be nil (Swift's Optional) or `NULL` (a C pointer),
// read once for every language from the locals of the bodies it reaches (`ProgramLocals`): the
// uses of the value itself, of the local that holds it, of the stored property that holds it (the
// Swift front end finds its reads), and at the calls of a helper that returns it. The front ends
// only read their syntax into the model and find those bodies.

/// A value whose handling is read: the call judged, a call of a helper that returns its result, or
/// a read of the stored property that holds it.
public struct NullableSite {
    /// The locals of the body the value stands in.
    public let locals: ProgramLocals
    /// The value's span among them.
    public let value: ProgramSpan
    /// How a message names the value (`SecAccessControlCreateWithFlags(…)`, `makeAccess(…)`,
    /// `[self makeAccess]`).
    public let text: String
    /// Where it is, as a message says it ("line 12", "Other.swift:12"); nil for the call judged.
    public let place: String?
    /// The body's file, when it is not the file judged: its name (places in it name the file)
    /// and the front end's index of it.
    public let otherFile: (name: String, index: Int)?
    /// The value as the front end wrote it, when it has it at hand: where it looks up what the
    /// value's code is part of (a function returning it, a property it initializes).
    public let expression: ProgramExpression?

    public init(
        locals: ProgramLocals, value: ProgramSpan, text: String, place: String?, otherFile: (name: String, index: Int)? = nil,
        expression: ProgramExpression? = nil
    ) {
        self.locals = locals
        self.value = value
        self.text = text
        self.place = place
        self.otherFile = otherFile
        self.expression = expression
    }

    /// A line of the body, as a message says it.
    func place(ofLine line: Int) -> String {
        otherFile.map { "\($0.name):\(line)" } ?? "line \(line)"
    }
}

extension CheckContext {
    /// What the code does with the result of `call`, which may be nil or `NULL`: whether it is
    /// checked, used where nil crashes, stored under `entryKey` unchecked, or whether the code
    /// that runs when it is nil writes `fallbackKey`. `errorArgument` is the error out-parameter,
    /// which the call sets whenever it returns nil. A front end that hands over no locals
    /// answers that nothing is known: no finding rests on a guess.
    public func nullableResultHandling(
        of call: ProgramCall, errorArgument: Int, entryKey: String, fallbackKey: String
    ) -> NullableResultHandling {
        guard let (locals, value) = locals(around: call) else { return NullableResultHandling() }
        let site = NullableSite(locals: locals, value: value, text: "\(call.name)(…)", place: nil, expression: call.expression)
        let reading = NullableResultReading(
            entryKey: entryKey, fallbackKey: fallbackKey, keyNames: keyNames(_:in:),
            callers: nullableSites(callingFunctionReturning:in:), propertyReads: nullableSites(readingPropertyInitializedBy:))
        return reading.handling(of: site, errorName: addressedName(errorArgument, of: call))
    }
}

/// The one reading of a nullable result over the model. What it asks a front end (the
/// `CheckContext` questions of the same names) it is handed as functions, so that it reads the
/// same way wherever the bodies come from.
struct NullableResultReading {
    /// The dictionary key the result belongs under (an unchecked value stored there is judged).
    let entryKey: String
    /// The key whose write, in code that runs when the result is nil, means falling back to an
    /// item without the result's protection.
    let fallbackKey: String
    /// The Keychain key names a key written in a site's body can be.
    let keyNames: (ProgramExpression, NullableSite) -> Set<String>
    /// The calls of the function returning the value at a use of a site's body (nil: not followed).
    let callers: (ProgramSpan, NullableSite) -> [NullableSite]?
    /// The reads of the stored property a site's value initializes (nil: none followed).
    let propertyReads: (NullableSite) -> [NullableSite]?

    /// Helpers followed to their callers one inside another (`makeAccess()` returning
    /// `createAccess()`'s result): a bound far beyond what real code nests.
    static var maximumReturnDepth: Int { 3 }
    /// Calls of one helper whose handling is looked at.
    static var maximumCallers: Int { 24 }

    /// What the code does with the value, gathered over its uses.
    struct Handling {
        var checked = false
        /// Code that runs when the value is nil, and the site whose body holds it.
        var failureBranches: [(branch: ProgramSpan, site: NullableSite)] = []
        var crashes: (text: String, place: String?)?
        var inQuery: (text: String, place: String?)?
    }

    func handling(of site: NullableSite, errorName: String?) -> NullableResultHandling {
        let handling = uses(of: site, errorName: errorName, depth: 0)
        let failsOpen = handling.failureBranches.lazy.compactMap { fallbackWrite(in: $0.branch, of: $0.site) }.first
        return NullableResultHandling(
            checked: handling.checked, crashingUse: handling.crashes, uncheckedEntry: handling.inQuery, fallbackWrittenAt: failsOpen)
    }

    /// What the code does with the value at `site`: there, through the local or the stored
    /// property it is stored in, and at the calls of a helper that returns it. `errorName` is
    /// the error out-parameter of the call judged (a helper's callers pass none).
    func uses(of site: NullableSite, errorName: String?, depth: Int) -> Handling {
        var handling = Handling()
        let locals = site.locals
        if let use = locals.nullableUses[site.value] {
            record(use, at: site.value, of: site, asWritten: false, depth: depth, into: &handling)
        } else if let (name, store) = Self.storedName(locals.slots[site.value]) {
            if let declaration = locals.declaration(of: name, at: store.start) {
                analyzeUses(of: name, storedAt: store, declaredAt: declaration, in: site, depth: depth, into: &handling)
                if let errorName, errorCheckedBeforeUse(of: name, storedAt: store, error: errorName, in: locals)
                    || usedWhereErrorIsAbsent(name, storedAt: store, declaredAt: declaration, error: errorName, in: locals)
                {
                    handling.checked = true
                }
            }
        } else if let reads = propertyReads(site) {
            for read in reads {
                guard let use = read.locals.nullableUses[read.value] else { continue }
                record(use, at: read.value, of: read, asWritten: true, depth: depth, into: &handling)
            }
        }
        // The code a test of the error runs when it finds one (`if (error) { … }`) runs exactly
        // when the call failed: Security sets the error whenever it returns nil.
        if let errorName {
            for offset in ProgramLocals.from(site.value.end, in: locals.nullableNames[errorName]) {
                guard case .tested(_, let whenNotNil?)? = locals.nullableUses[Self.span(of: errorName, at: offset)]?.kind else { continue }
                handling.failureBranches.append((whenNotNil, site))
            }
        }
        return handling
    }

    static func storedName(_ slot: ProgramLocals.Slot?) -> (name: String, store: ProgramSpan)? {
        switch slot {
        case .stored(let name, let store)?, .storedAndUsed(let name, let store)?: return (name, store)
        case .discarded?, nil: return nil
        }
    }

    /// The span of a mention of `name` at `offset`.
    static func span(of name: String, at offset: Int) -> ProgramSpan {
        ProgramSpan(start: offset, end: offset + name.utf8.count)
    }

    /// Each use of the local after the store, where the declaration that holds the value is the
    /// one visible; and the store itself when a test uses its value
    /// (`if ((access = SecAccessControlCreateWithFlags(…)))`). A test anywhere after the store
    /// counts, even after a use (precision first).
    func analyzeUses(
        of name: String, storedAt store: ProgramSpan, declaredAt declaration: ProgramLocals.Declaration, in site: NullableSite,
        depth: Int, into handling: inout Handling
    ) {
        let locals = site.locals
        if let use = locals.nullableUses[store] {
            record(use, at: store, of: site, asWritten: true, depth: depth, into: &handling)
        }
        for offset in ProgramLocals.from(store.end, in: locals.nullableNames[name]) {
            guard declaration.scope.contains(offset) else { break }
            let span = Self.span(of: name, at: offset)
            guard let use = locals.nullableUses[span], locals.declaration(of: name, at: offset) == declaration else { continue }
            record(use, at: span, of: site, asWritten: true, depth: depth, into: &handling)
        }
    }

    /// One use: the value itself at a site (`asWritten` false: a message names it as the site
    /// does), or a read of what holds it (named as written, at its line).
    func record(
        _ use: ProgramLocals.NullableUse, at span: ProgramSpan, of site: NullableSite, asWritten: Bool, depth: Int,
        into handling: inout Handling
    ) {
        switch use.kind {
        case .crashes(let suffix):
            if handling.crashes == nil {
                handling.crashes = asWritten ? (use.written, site.place(ofLine: use.line)) : (site.text + suffix, site.place)
            }
        case .tested(let whenNil, _):
            handling.checked = true
            if let whenNil { handling.failureBranches.append((whenNil, site)) }
        case .entry(let key):
            if handling.inQuery == nil, keyNames(key, site).contains(entryKey) {
                handling.inQuery = asWritten ? (use.written, site.place(ofLine: use.line)) : (site.text, site.place)
            }
        case .returned:
            followReturn(at: span, of: site, depth: depth, into: &handling)
        }
    }

    /// A helper returns the value (`func makeAccess() -> SecAccessControl? { SecAccessControlCreateWithFlags(…) }`):
    /// what its callers do with it is what the code does with it. Each call is judged on its
    /// own: the value counts as checked only when every call checks it, and the first that does
    /// not gives the use reported. With no call the front end follows, the value is the callers'
    /// responsibility, and nothing is recorded.
    func followReturn(at use: ProgramSpan, of site: NullableSite, depth: Int, into handling: inout Handling) {
        guard depth < Self.maximumReturnDepth, let callers = callers(use, site),
            !callers.isEmpty
        else { return }
        var everyCallChecks = true
        for caller in callers.prefix(Self.maximumCallers) {
            let found = uses(of: caller, errorName: nil, depth: depth + 1)
            handling.failureBranches += found.failureBranches
            guard !found.checked else { continue }
            everyCallChecks = false
            if handling.crashes == nil { handling.crashes = found.crashes }
            if handling.inQuery == nil { handling.inQuery = found.inQuery }
        }
        if everyCallChecks { handling.checked = true }
    }

    /// `var error: Unmanaged<CFError>?; let access = SecAccessControlCreateWithFlags(…, &error)`
    /// (or `CFErrorRef error = NULL; access = …(…, &error);`) followed, before the local is
    /// used, by a statement that leaves when a condition on the error holds
    /// (`if let error { throw … }`, `if (error) { return …; }`, a `guard`): Security sets the
    /// error whenever it returns nil, so the value is known not to be nil where it is used.
    func errorCheckedBeforeUse(of name: String, storedAt store: ProgramSpan, error: String, in locals: ProgramLocals) -> Bool {
        guard let storing = locals.innermostElement(containing: store.start) else { return false }
        // The statements of the store's block after it, up to the first that mentions the value
        // (the value is used before any check of the error after that one).
        let firstUse = ProgramLocals.from(storing.span.end, in: locals.mentions[name]).first ?? Int.max
        let exits = locals.exits
        var index = ProgramLocals.lowerBound(exits.count) { exits[$0].statement.span.start < storing.span.end }
        while index < exits.count, exits[index].statement.span.start <= firstUse {
            let exit = exits[index]
            index += 1
            guard exit.statement.block == storing.block else { continue }
            if locals.mentions(error, in: exit.condition), !locals.mentions(name, in: exit.condition) { return true }
        }
        return false
    }

    /// `let access = SecAccessControlCreateWithFlags(…, &error)` followed by a test of the error
    /// whose branch for no error uses the local (`if error == nil { query[…] = access }`,
    /// `if (!error) { query[…] = (__bridge id)access; }`, the `else` of `if (error)`): Security
    /// sets the error whenever it returns nil, so the value is not nil in that branch, as in the
    /// body of `if let access`. A test anywhere after the store counts, as a test of the value does.
    func usedWhereErrorIsAbsent(
        _ name: String, storedAt store: ProgramSpan, declaredAt declaration: ProgramLocals.Declaration, error: String,
        in locals: ProgramLocals
    ) -> Bool {
        for offset in ProgramLocals.from(store.end, in: locals.nullableNames[error]) {
            guard case .tested(let whenNil?, _)? = locals.nullableUses[Self.span(of: error, at: offset)]?.kind else { continue }
            for use in ProgramLocals.from(whenNil.start, in: locals.nullableNames[name]) {
                guard whenNil.contains(use) else { break }
                if locals.declaration(of: name, at: use) == declaration { return true }
            }
        }
        return false
    }

    /// Where a failure branch writes `fallbackKey` (it prepares the item without the protection
    /// the result carries), as a message says it.
    func fallbackWrite(in branch: ProgramSpan, of site: NullableSite) -> String? {
        let writes = site.locals.keyWrites
        var index = ProgramLocals.lowerBound(writes.count) { writes[$0].offset < branch.start }
        while index < writes.count, branch.contains(writes[index].offset) {
            if keyNames(writes[index].key, site).contains(fallbackKey) { return site.place(ofLine: writes[index].line) }
            index += 1
        }
        return nil
    }
}
