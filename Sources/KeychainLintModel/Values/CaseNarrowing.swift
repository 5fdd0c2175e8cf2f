/// What a `switch` clause or an `if case` says of its subject where its code runs: the subject is
/// one of the cases the clause matches (`case .a, .b:`), or none of the cases the other clauses
/// catch (`default:`). Both resolvers keep it as a fact of the place (the subject read again
/// inside the clause) and of the question (`self` of a member read on the narrowed subject, whose
/// own `switch self` then runs only the matching clauses), so that a value derived from the
/// subject there is the value for those cases only.
public struct CaseNarrowing: Hashable, Sendable, CustomStringConvertible {
    /// The cases the subject can be; nil: any case but `excluded`.
    public private(set) var included: Set<String>?
    public private(set) var excluded: Set<String>

    public static func only(_ names: Set<String>) -> CaseNarrowing {
        CaseNarrowing(included: names, excluded: [])
    }

    public static func excluding(_ names: Set<String>) -> CaseNarrowing {
        CaseNarrowing(included: nil, excluded: names)
    }

    /// Whether the subject can be the case `name` here.
    public func admits(_ name: String) -> Bool {
        !excluded.contains(name) && (included?.contains(name) ?? true)
    }

    /// Whether some case of `names` (all the cases a `switch` can see) can be the subject here.
    public func admitsAny(of names: some Sequence<String>) -> Bool {
        names.contains(where: admits)
    }

    /// Both facts at once (an outer clause and an inner one over the same subject).
    public func intersecting(_ other: CaseNarrowing?) -> CaseNarrowing {
        guard let other else { return self }
        let included: Set<String>? =
            switch (self.included, other.included) {
            case (nil, nil): nil
            case (let mine?, nil): mine
            case (nil, let theirs?): theirs
            case (let mine?, let theirs?): mine.intersection(theirs)
            }
        let excluded = self.excluded.union(other.excluded)
        return CaseNarrowing(included: included.map { $0.subtracting(excluded) }, excluded: included == nil ? excluded : [])
    }

    /// Whether the subject can be no case at all here (code that never runs).
    public var admitsNothing: Bool { included?.isEmpty ?? false }

    public var description: String {
        if let included { return "one of " + included.sorted().map { "." + $0 }.joined(separator: ", ") }
        return "none of " + excluded.sorted().map { "." + $0 }.joined(separator: ", ")
    }
}

extension CaseNarrowing? {
    /// Both facts, either of which may be absent.
    public func intersecting(_ other: CaseNarrowing?) -> CaseNarrowing? {
        guard let self else { return other }
        return self.intersecting(other)
    }
}
