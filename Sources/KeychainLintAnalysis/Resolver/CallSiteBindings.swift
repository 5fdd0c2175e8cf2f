import KeychainLintModel
import SwiftSyntax

// Which functions of its name a call can reach, decided once per call for every function of
// that name.
//
// A function's callers are the scan's calls of its name that can reach it. Whether one can is
// mostly a fact of the call alone: `save()` inside a type that declares its own `save` calls
// that one; `store.save()` on a receiver of a known type calls that type's method. Deciding it
// again for each function of the name made the caller search quadratic where one method name is
// declared in hundreds of types (a store per feature, generated code): every function tested
// every call. The calls of a name are grouped once by the type they are bound to; a function
// takes its own type's group and the calls bound to none.

/// The calls of one name without a receiver (or on `self`), by the type they are bound to.
struct UnreceivedCallBindings: Sendable {
    /// Calls that may reach any function of the name: made at file level, or inside a type
    /// that declares no method of the name.
    var unbound: [Int] = []
    /// Calls inside a type that declares a method of the name: they reach that method only.
    var inOwnType: [String: [Int]] = [:]
    /// Calls on a receiver other than `self` (`x.save()`, `Type.save()`).
    var received: [Int] = []
}

/// The type a call on a receiver other than `self` is bound to, decided once per call.
enum ReceivedCallBinding: Sendable {
    /// The receiver's type is not known: the call may reach any method of the name.
    case untyped
    /// The receiver's type is known (its name as written, or the type it is declared or
    /// constructed with, when that type declares a method of the name and is not a protocol).
    case typed(String)
    /// No method is reached: the receiver cannot be read, or its written and declared types differ.
    case none

    func reaches(_ ownerType: String) -> Bool {
        switch self {
        case .untyped: true
        case .typed(let type): type == ownerType
        case .none: false
        }
    }
}

extension ValueResolver {
    /// Positions in `index.callSites(named: name)` of the calls that may reach a function named
    /// `name` declared in `ownerType` (nil: at file level), in ascending order, among `candidates`
    /// (ascending; nil: all). For an initializer (`isMethodOrFunction` false) every call of its
    /// type's name may.
    func reachingPositions(
        ofCallsNamed name: String, sites: [CallSite], among candidates: [Int]?, ownerType: String?, isMethodOrFunction: Bool
    ) -> [Int] {
        func among(_ positions: [Int]) -> [Int] { candidates.map { Self.intersection(positions, $0) } ?? positions }
        guard isMethodOrFunction else { return candidates ?? Array(sites.indices) }
        let unreceived = unreceivedCalls.value(for: name) { Self.bindUnreceived(sites, name: name, index: index) }
        guard let ownerType else {
            // A free function: any call on a receiver may be it (a receiver's type is not asked).
            return among(Self.merged([unreceived.unbound, unreceived.received]))
        }
        // A call on a receiver is bound when a function first asks about it, not for every call
        // of the name: that reads the call's syntax, and the asking function's module may see few.
        let received = among(unreceived.received).filter { position in
            receivedCalls.value(for: CallSiteKey(name: name, position: position)) { bindReceived(sites[position], name: name) }
                .reaches(ownerType)
        }
        return Self.merged([among(unreceived.unbound), among(unreceived.inOwnType[ownerType] ?? []), received])
    }

    /// `reachingPositions(ofCallsNamed:…)` for calls of `name` that are not the scan's whole list
    /// (`ProjectIndex.callSites(named:inFiles:)`): each call is bound as there, without the
    /// bindings kept by position in that list.
    func reachingPositions(among sites: [CallSite], named name: String, ownerType: String?, isMethodOrFunction: Bool) -> [Int] {
        guard isMethodOrFunction else { return Array(sites.indices) }
        let bindings = Self.bindUnreceived(sites, name: name, index: index)
        guard let ownerType else { return Self.merged([bindings.unbound, bindings.received]) }
        let received = bindings.received.filter { bindReceived(sites[$0], name: name).reaches(ownerType) }
        return Self.merged([bindings.unbound, bindings.inOwnType[ownerType] ?? [], received])
    }

    private static func bindUnreceived(_ sites: [CallSite], name: String, index: ProjectIndex) -> UnreceivedCallBindings {
        var bindings = UnreceivedCallBindings()
        for (position, site) in sites.enumerated() {
            if site.hasReceiver {
                bindings.received.append(position)
            } else if let callerType = site.enclosingType,
                ScopedIndex(index: index, asking: site.fileIndex).declaresMethod(named: name, inType: callerType)
            {
                bindings.inOwnType[callerType, default: []].append(position)
            } else {
                bindings.unbound.append(position)
            }
        }
        return bindings
    }

    private func bindReceived(_ site: CallSite, name: String) -> ReceivedCallBinding {
        let (siteFile, call) = site.resolved
        guard let receiver = SyntaxQueries.receiver(of: call).map(SyntaxQueries.unwrapTransparent) else { return .none }
        let env = Environment(file: siteFile, budget: StepBudget(limit: stepsPerQuestion))
        let written = typeName(of: receiver, env)
        // `Backup().save(…)` or `backup.save(…)` with `let backup = Backup()`: an instance of a
        // type of the scan that declares its own method of this name calls that method. (A
        // protocol-typed receiver may still reach another.)
        var declared: String?
        if let instanceType = inferredType(of: receiver, env), !index(env).methods(named: name, inType: instanceType).isEmpty,
            !index(env).types(named: instanceType, mentioning: name).contains(where: \.isProtocol)
        {
            declared = instanceType
        }
        switch (written, declared) {
        case (nil, nil): return .untyped
        case (let type?, nil), (nil, let type?): return .typed(type)
        case (let writtenType?, let declaredType?): return writtenType == declaredType ? .typed(writtenType) : .none
        }
    }

    /// The elements of two ascending lists that are in both, in ascending order.
    static func intersection(_ left: [Int], _ right: [Int]) -> [Int] {
        var result: [Int] = []
        var (i, j) = (0, 0)
        while i < left.count, j < right.count {
            if left[i] == right[j] {
                result.append(left[i])
                i += 1
                j += 1
            } else if left[i] < right[j] {
                i += 1
            } else {
                j += 1
            }
        }
        return result
    }

    /// Ascending lists merged into one ascending list.
    static func merged(_ lists: [[Int]]) -> [Int] {
        let taken = lists.filter { !$0.isEmpty }
        guard taken.count > 1 else { return taken.first ?? [] }
        return taken.flatMap { $0 }.sorted()
    }
}

/// One call of a name, by its position in `ProjectIndex.callSites(named:)`.
struct CallSiteKey: Hashable, Sendable {
    let name: String
    let position: Int
}
