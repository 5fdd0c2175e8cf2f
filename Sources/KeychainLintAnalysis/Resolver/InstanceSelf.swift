import KeychainLintModel
import SwiftSyntax

/// `self` inside a method as the instances the method is called on. A stored property read in a
/// method (`flags`, `self.flags`) holds, on each instance, what that instance's construction gave
/// it; following the property through every construction of the type instead would give a method
/// called only on a key pair's private-key configuration the public key's values too.
///
/// The instances are known in two ways:
/// - a call being followed, or a computed property being read, names its receiver
///   (`config.privateKey.accessControl()`): `self` is what the receiver is constructed from
///   (`Environment.selfInstances`), also in a public method. When the receiver's own instance is
///   not known but it is a stored `let` of a known type (`configuration.privateKey` in a library
///   whose users pass `configuration` in), it is what that type's initializers put in the property
///   on any instance (ConstructedInstance.swift): never what they put in another property;
/// - a method judged on its own, which no other module can call, is called on the receivers of
///   its calls in the scan, when every one of them has a receiver whose construction is known.
///   A method other modules can call may run on instances built outside the scan, or on presets
///   the library offers; its properties keep every value, as before.
/// When the instances are not known, the property is followed as before (every construction and
/// assignment in the scan). When that shows no value (a struct built by its memberwise
/// initializer assigns nothing the resolver can see), a method judged on its own, public or not,
/// runs on every instance the scan builds, if those are all the instances the scan's code can hold
/// (`everyConstruction`, JointResolution.swift): the library's presets and defaults, and what the
/// scan's callers build. A memberwise initializer is at most `internal`, so code outside the
/// module cannot build such an instance. When an initializer other modules can call takes
/// parameters, an instance built outside the scan holds what its caller chooses: the value stays
/// unknown, and the gap says why.
extension ValueResolver {
    /// A construction an instance comes from, with the file its call is written in and the steps
    /// from it to the instance (outermost last).
    typealias InstanceSource = (call: FunctionCallExprSyntax, file: SourceFile, steps: [TraceStep])

    /// The constructions `self` can be where `node` is written, or nil when they are not known.
    func selfInstances(at node: Syntax, _ env: Environment) -> [InstanceSource]? {
        if let known = env.selfInstances { return known }
        // Callers are asked only by a question about the method itself, with nothing bound.
        guard env.isContextFree, let method = Self.enclosingInstanceMethod(of: node),
            !SyntaxQueries.isCallableFromOtherModules(Syntax(method))
        else { return nil }
        return instancesFromCallers(of: method, env)
    }

    /// The constructions of the receivers of every call of `method` in the scan (nil when there is
    /// none, or when one call has no receiver or a receiver of unknown construction).
    private func instancesFromCallers(of method: FunctionDeclSyntax, _ env: Environment) -> [InstanceSource]? {
        guard let (_, sites) = compatibleCallSites(of: Syntax(method), env), !sites.isEmpty, sites.count <= Self.maximumCallSites
        else { return nil }
        var result: [InstanceSource] = []
        for (site, _) in sites {
            let (siteFile, call) = site.resolved
            // A call on implicit `self` inside the type runs on whatever instance its caller has.
            guard let receiver = SyntaxQueries.receiver(of: call).map(SyntaxQueries.unwrapTransparent),
                let found = constructions(of: receiver, env.withFile(siteFile), depth: 1), !found.isEmpty
            else { return nil }
            let calledOn = step(.argument, "instance `\(method.name.text)()` is called on", at: call, in: siteFile)
            result += found.map { ($0.call, $0.file, $0.steps + [calledOn]) }
        }
        return result
    }

    /// A stored property of `self` read where `node` is written, on each instance `self` can be;
    /// `everyInstance` when the instances are not known or a construction does not show the
    /// property's value. The method's callers are searched only when that could change the
    /// answer, when the property has several values over every instance (a search for callers
    /// parses the files that may call the method's name).
    func evaluateSelfInstanceMember(_ name: String, at node: Syntax, _ env: Environment, everyInstance: () -> Resolution) -> Resolution {
        var pooled: Resolution?
        // An instance the scan builds whose values are not known stays a gap beside the others.
        var unknownInstance = Resolution()
        let sources: [InstanceSource]?
        if let known = env.selfInstances {
            sources = known
        } else {
            let all = everyInstance()
            pooled = all
            if all.values.isEmpty, let built = instancesTheScanBuilds(at: node, env) {
                // No assignment shows the property's value (a struct built by its memberwise
                // initializer): each instance the scan builds gives its own.
                guard let instances = built.instances else { return all.merging(gap(node, env, built.outside ?? "")) }
                sources = instances
                if let unknown = built.unknown { unknownInstance = gap(node, env, unknown) }
            } else {
                guard all.values.count > 1 else { return all }
                sources = selfInstances(at: node, env)
            }
        }
        guard let sources else { return pooled ?? everyInstance() }
        var result = unknownInstance
        for (call, file, steps) in sources {
            guard let values = evaluateMember(name, of: call, in: file, env) else { return pooled ?? everyInstance() }
            result = result.merging(steps.reduce(values) { $0.through($1) })
        }
        return result
    }

    /// For a method judged on its own (nothing bound): every construction of its type the scan
    /// makes, when those are all the instances the scan's code can hold and no initializer other
    /// modules can call takes parameters (`instances`), with the reason one of them is not known
    /// (`unknown`: a `.init(…)` whose context does not write its type); when such an initializer
    /// takes parameters, the reason the values of instances built outside the scan are not known
    /// (`outside`, with no instances). Nil when the constructions are not known
    /// (JointResolution.swift).
    func instancesTheScanBuilds(at node: Syntax, _ env: Environment)
        -> (instances: [InstanceSource]?, outside: String?, unknown: String?)?
    {
        guard env.isContextFree, let method = Self.enclosingInstanceMethod(of: node),
            let typeName = SyntaxQueries.enclosingTypeName(of: method),
            let (instances, outside, unknown) = everyConstruction(ofType: typeName, methodName: method.name.text, env)
        else { return nil }
        if let outside { return (nil, outside, nil) }
        return instances.isEmpty ? nil : (instances, nil, unknown)
    }

    /// The instance method (not `static`, `class` or an initializer) whose body holds `node`,
    /// declared in a type or an extension, directly or through closures.
    static func enclosingInstanceMethod(of node: Syntax) -> FunctionDeclSyntax? {
        var current = node.parent
        while let candidate = current {
            if let function = candidate.as(FunctionDeclSyntax.self) {
                let isTypeMember = function.parent?.is(MemberBlockItemSyntax.self) ?? false
                let isStatic = function.modifiers.contains { ["static", "class"].contains($0.name.text) }
                return isTypeMember && !isStatic ? function : nil
            }
            if candidate.is(InitializerDeclSyntax.self) || candidate.is(AccessorBlockSyntax.self)
                || candidate.is(MemberBlockSyntax.self)
            {
                return nil
            }
            current = candidate.parent
        }
        return nil
    }
}
