import KeychainLintModel
import SwiftSyntax

/// Tuples: a function that returns two things at once (`return (attributes, nil)` for a
/// dictionary and an error) is read one element at a time. A tuple expression is one `.tuple`
/// value whose elements keep their own possible values and gaps; a tuple pattern
/// (`var (attributes, error) = f()`, `let (query, _) = f()`), `f().0` and `f().attributes` take
/// one element of every tuple the expression may be. Anything else that reaches an element (a
/// value that is not a tuple, an element count or label that does not fit) is a gap.
extension ValueResolver {
    /// `(a, b)`, `(attributes: a, error: e)`.
    func evaluateTuple(_ tuple: TupleExprSyntax, _ env: Environment) -> Resolution {
        let elements = tuple.elements.map { element in
            TupleElement(label: element.label?.text, values: evaluate(element.expression, env))
        }
        return .value(.tuple(elements))
    }

    /// The element `selector` picks from each tuple `whole` may be, after the path that tuple
    /// took. `node` is where a value that is not such a tuple is said to stop resolution.
    func tupleElement(_ selector: TupleSelector, of whole: Resolution, at node: some SyntaxProtocol, _ env: Environment)
        -> Resolution
    {
        var result = Resolution(gaps: whole.gaps)
        for traced in whole.values {
            guard case .tuple(let elements) = traced.value else {
                result.add(gapValue(node, env, "\(selector.text) of a value that is not a known tuple"))
                continue
            }
            guard let element = selector.pick(from: elements) else {
                result.add(gapValue(node, env, "\(selector.text) is not an element of `\(traced.value)`"))
                continue
            }
            result = result.merging(element.values.preceded(by: traced.trace))
        }
        return result
    }

    /// The labels a function's declared result type gives its tuple (`-> (attributes: [String:
    /// Any], error: Error?)`) put on the tuples it returns unlabelled (`return (query, nil)`), so
    /// `f().attributes` finds its element. A result that is not a tuple of that many elements is
    /// left as it is.
    func labellingTuples(_ result: Resolution, by returnType: TypeSyntax?) -> Resolution {
        guard let tupleType = returnType?.as(TupleTypeSyntax.self), tupleType.elements.count >= 2,
            tupleType.elements.contains(where: { $0.firstName != nil })
        else { return result }
        let labels = tupleType.elements.map { $0.firstName.map(\.text) }
        guard result.values.contains(where: { if case .tuple = $0.value { return true } else { return false } }) else { return result }
        var labelled = Resolution(gaps: result.gaps)
        for traced in result.values {
            guard case .tuple(var elements) = traced.value, elements.count == labels.count else {
                labelled.add(traced)
                continue
            }
            for position in elements.indices where elements[position].label == nil {
                elements[position].label = labels[position]
            }
            labelled.add(TracedValue(value: .tuple(elements), trace: traced.trace))
        }
        return labelled
    }

    /// A local bound by a tuple pattern: the element its path picks from the initializer's
    /// tuples, then the statements between the declaration and the use, as for any local.
    func evaluateTupleElementLocal(_ name: String, _ element: TuplePatternElement, use: Syntax, _ env: Environment) -> Resolution {
        let key = NodeKey(file: env.file, node: element.identifier)
        guard !env.active.contains(key) else { return gap(use, env, "`\(name)` \(Self.cycleReason)", kind: .cycle) }
        let compute = { () -> Resolution in
            let inner = env.enteringLocal(key)
            guard let initializer = element.patternBinding.initializer else {
                return self.gap(use, env, "`\(name)` is declared by a tuple pattern without a value")
            }
            var initial = self.evaluate(initializer.value, inner)
            for selector in element.path {
                initial = self.tupleElement(selector, of: initial, at: initializer.value, inner)
            }
            var flow = LocalFlow(resolver: self, name: name, env: inner)
            if self.usesFlowCheckpoints, env.isContextFree, !initial.gaps.contains(where: { $0.kind == .cycle || $0.kind == .stepBudget }) {
                flow.checkpoints = self.flowCheckpoints(for: UseKey(use: key, depth: env.depth))
            }
            let result = flow.value(at: use, declaredIn: element.list, at: element.itemIndex, initial: initial)
            if result.isEmpty { return self.gap(use, env, "`\(name)` has no value the resolver can see") }
            return result.through(self.step(.variable, "`\(name)`", at: element.identifier, in: env.file))
        }
        // With no parameters bound and no `self`, the value at a use depends on the use alone.
        guard env.isContextFree else { return compute() }
        return answer(for: UseKey(use: NodeKey(file: env.file, node: use), depth: env.depth), in: \.localUseCache, at: use, env, compute)
    }
}

/// Which element of a tuple is read: by position (a tuple pattern, `.0`) or by label (`.attributes`).
enum TupleSelector: Hashable {
    case position(Int)
    case label(String)

    func pick(from elements: [TupleElement]) -> TupleElement? {
        switch self {
        case .position(let position):
            return elements.indices.contains(position) ? elements[position] : nil
        case .label(let label):
            let matching = elements.filter { $0.label == label }
            return matching.count == 1 ? matching[0] : nil
        }
    }

    var text: String {
        switch self {
        case .position(let position): "element \(position)"
        case .label(let label): "element `\(label)`"
        }
    }
}

/// A name a tuple pattern of a `let`/`var` binds: `attributes` in `var (attributes, error) = f()`
/// is element 0; in `let ((a, b), c) = f()`, `b` is element 1 of element 0.
struct TuplePatternElement {
    let declaration: VariableDeclSyntax
    let patternBinding: PatternBindingSyntax
    let identifier: IdentifierPatternSyntax
    /// Positions from the outermost tuple in.
    let path: [TupleSelector]
    let list: CodeBlockItemListSyntax
    let itemIndex: Int

    /// The positions of `name` in `pattern`, nil when the pattern binds it in another way (an
    /// `as` or `is` pattern, a pattern of an enum case).
    static func path(of name: String, in pattern: PatternSyntax) -> (IdentifierPatternSyntax, [TupleSelector])? {
        if let identifier = pattern.as(IdentifierPatternSyntax.self) {
            return identifier.identifier.text == name ? (identifier, []) : nil
        }
        if let binding = pattern.as(ValueBindingPatternSyntax.self) { return path(of: name, in: binding.pattern) }
        guard let tuple = pattern.as(TuplePatternSyntax.self) else { return nil }
        for (position, element) in tuple.elements.enumerated() {
            if let (identifier, inner) = path(of: name, in: element.pattern) {
                return (identifier, [.position(position)] + inner)
            }
        }
        return nil
    }
}
