import KeychainLintCore
import KeychainLintModel
import KeychainLintObjC
import KeychainLintRuleKit

// The Objective-C front end's reading of an `evaluatePolicy:localizedReason:reply:` outcome handed
// on to other code (`HandedOutcome`): the reply block calls a block parameter of the enclosing
// method or function, or is that parameter, and the senders in the scan's Objective-C files test
// what their blocks are given.

extension ObjCRuleContext {
    public func handedOutcome(_ evaluation: PolicyEvaluation) -> HandedOutcome? {
        guard let site = ObjCPolicyEvaluations.site(of: evaluation.call, in: self) else { return nil }
        return memo(ObjCHandedOutcomeKey(offset: site.range.start.offset)) { ObjCHandedOutcomes.handedOutcome(of: site, in: self) }
    }
}

private struct ObjCHandedOutcomeKey: Hashable {
    let offset: Int
}

/// How the Objective-C front end follows a handed-on outcome to its senders' gates.
enum ObjCHandedOutcomes {
    /// What the hand-off passes at each argument position of the block parameter.
    struct Handoff {
        let range: ObjCSourceRange
        /// The block parameter's position among the method's (or function's) parameters.
        let parameterIndex: Int
        let owner: ObjCBodyOwner
        /// A message to a method the scan implements, with the outcome as an argument (a delegate
        /// message, a method of the class): its implementations decide.
        var message: String? = nil
        /// A property of the class the outcome is assigned to (`self.unlocked = success`,
        /// `_authError = error`), with the class: its reads in the class's implementations decide.
        var property: (name: String, owner: String)? = nil
        /// Where a message hand-off is sent (its receiver, the body and file that hold it): the
        /// receiver's declared class picks the implementations that may run.
        var sent: (receiver: ObjCExpr, body: ObjCBody, file: ObjCValueResolver)? = nil
        /// A block property of the class the hand-off calls (`self.onFinish(error)`, where
        /// `@property (copy) void (^onFinish)(NSError *)`), with the class: the blocks the scan
        /// assigns to it decide.
        var storedBlock: (name: String, owner: String)? = nil
        /// A `performSelector:` message whose selector the class keeps in a property (a stored
        /// target/action pair: `[self.target performSelector:self.action withObject:@(success)]`),
        /// with the class: the selectors the scan stores there name the methods that decide.
        var storedSelector: (name: String, owner: String)? = nil
        var successArguments: [Int]
        var errorArguments: [Int]
        var carries: HandedValue
    }

    /// Of several hand-offs in one reply, the first whose receivers test the outcome; else the
    /// first to a caller; else the first.
    static func handedOutcome(of site: ObjCCallSite, in context: ObjCRuleContext) -> HandedOutcome? {
        let file = context.resolver
        let search = ReceiverSearch()
        let toCallers = { (handoff: Handoff) in
            handoff.message == nil && handoff.property == nil && handoff.storedBlock == nil && handoff.storedSelector == nil
        }
        guard
            let (handoff, receivers) = search.chosen(among: handoffs(of: site, in: file), toCallers: toCallers, receivers: { handoff in
                receivers(of: handoff, depth: 0, search: search, in: context)
            })
        else { return nil }
        let words =
            if let property = handoff.property { "the readers of the property `\(property.name)`" }
            else if let stored = handoff.storedBlock { "the blocks assigned to `\(stored.name)`" }
            else if let stored = handoff.storedSelector { "the methods the selectors stored in `\(stored.name)` name" }
            else if let message = handoff.message { "the implementations of `\(message)`" }
            else { "the \(handoff.owner.isMethod ? "senders" : "callers") of `\(handoff.owner.description)`" }
        return HandedOutcome(
            handoff: SourcePlace(location: file.location(handoff.range), snippet: ObjCValueResolver.shortText(file.text(handoff.range))),
            carries: handoff.carries, receiverWords: words, receivers: receivers, unfollowed: search.unfollowed)
    }

    // MARK: - The hand-off in the reply

    /// The first call in the reply block of a block parameter of the enclosing method or function
    /// that passes the outcome on, or the reply given as that parameter (`reply:completion`).
    static func handoffs(of site: ObjCCallSite, in file: ObjCValueResolver) -> [Handoff] {
        guard let body = file.body(containing: site.range.start.offset),
            let reply = site.argument(labelled: "reply")?.strippingCastsAndParentheses
        else { return [] }
        switch reply.kind {
        case .block(let block):
            let (success, error) = ObjCLocalAuthentication.parameterNames(of: block)
            guard success != nil || error != nil else { return [] }
            let readsSuccess = ObjCPolicyEvaluations.use(of: block, in: file).readsSuccess
            return handoffs(in: block.body, success: success, error: error, readsSuccess: readsSuccess, body: body, file: file)
        case .identifier(let name):
            guard let index = blockParameterIndex(name, at: site.range, in: body, file: file) else { return [] }
            return [Handoff(range: reply.range, parameterIndex: index, owner: body.owner, successArguments: [0], errorArguments: [1], carries: .success)]
        default:
            return []
        }
    }

    /// The hand-offs in `statement` (the reply block, or code that received the outcome, inside
    /// `body`) of the values named `success` and `error`, as the one reading finds them
    /// (`HandedOutcomeReading.handedArguments`) among the places the code passes values on.
    static func handoffs(
        in statement: ObjCStmt, success: String?, error: String?, readsSuccess: Bool, body: ObjCBody, file: ObjCValueResolver
    ) -> [Handoff] {
        programHandoffs(in: statement, body: body, file: file).compactMap { model, template in
            guard let handed = HandedOutcomeReading.handedArguments(of: model, success: success, error: error, readsSuccess: readsSuccess)
            else { return nil }
            var handoff = template
            handoff.successArguments = handed.successArguments
            handoff.errorArguments = handed.errorArguments
            handoff.carries = handed.carries
            return handoff
        }
    }

    /// The places in `statement` that pass values on, in source order, each with the hand-off it
    /// is when the reading finds it passes the outcome: calls of a block parameter of `body` or of
    /// a block the class keeps in a property (handlers), messages the scan may implement (with
    /// the selector a `performSelector:` message sends), and assignments to properties of the class.
    static func programHandoffs(in statement: ObjCStmt, body: ObjCBody, file: ObjCValueResolver) -> [(ProgramHandoff, Handoff)] {
        let tree = file.tree
        var found: [(ProgramHandoff, Handoff)] = []
        ObjCLocalAuthentication.forEachExpression(in: statement) { expression, ancestors in
            func add(_ target: ProgramHandoff.Target, _ arguments: [ObjCExpr?], _ template: Handoff) {
                // Which names the conditions of the `if` statements around it read.
                var enclosing: [Set<String>] = []
                for case .statement(let statement) in ancestors.reversed() {
                    if case .if(let condition, _, _) = statement.kind { enclosing.append(identifiers(in: condition)) }
                }
                let names = arguments.map { argument -> Set<String> in
                    guard let argument = argument?.strippingCastsAndParentheses else { return [] }
                    // A block argument runs later, and is read as part of the code.
                    if case .block = argument.kind { return [] }
                    return identifiers(in: argument)
                }
                found.append((ProgramHandoff(target: target, arguments: names, enclosingTests: enclosing), template))
            }
            func template(_ index: Int = 0) -> Handoff {
                Handoff(range: expression.range, parameterIndex: index, owner: body.owner, successArguments: [], errorArguments: [], carries: .success)
            }
            switch expression.kind {
            case .assignment(.assign, let target, let value):
                // `self.unlocked = success`, `_authError = error`: a property of the class.
                guard case .method(let owner, _, false) = body.owner, let name = propertyName(target) else { return }
                var handoff = template()
                handoff.property = (name, owner)
                add(.property, [value], handoff)
            case .message(let message):
                guard message.selector != "evaluatePolicy:localizedReason:reply:" else { return }
                // `[self.delegate performSelector:@selector(didAuthenticate:) withObject:@(success)]`:
                // the message sent is the named selector, whose parameters receive the
                // `withObject:` arguments in order.
                let performed = performedSelector(message)
                let storedSelector: String? =
                    if performed == nil, performingSelectors.contains(message.selector), let first = message.pieces.first?.argument {
                        selectorProperty(first)
                    } else {
                        nil
                    }
                let arguments: [ObjCExpr?] =
                    performed == nil && storedSelector == nil
                    ? message.pieces.map(\.argument) : message.pieces.filter { $0.label == "withObject" }.map(\.argument)
                var handoff = template()
                handoff.sent = (message.receiver, body, file)
                if let storedSelector, case .method(let owner, _, false) = body.owner {
                    handoff.storedSelector = (storedSelector, owner)
                } else {
                    handoff.message = performed ?? message.selector
                }
                let callee = performed.map { String($0.prefix { $0 != ":" }) } ?? message.pieces.first?.label ?? ""
                add(.call(callee: callee), arguments, handoff)
            case .call(let call):
                if let name = call.calleeName, let position = body.parameterNames.firstIndex(of: name),
                    ObjCPolicyEvaluations.isBlockParameter(name, of: body.owner, in: tree)
                {
                    add(.handler, call.arguments, template(position))
                } else if case .method(let owner, _, false) = body.owner, let name = propertyName(call.callee) {
                    // `self.onFinish(error)`, `_onFinish(error)`: a block the class keeps in a property.
                    var handoff = template()
                    handoff.storedBlock = (name, owner)
                    add(.handler, call.arguments, handoff)
                }
            default:
                return
            }
        }
        return found
    }

    /// The property of `self` a selector argument reads (`self.action`, `_action`, `[self action]`).
    static func selectorProperty(_ expression: ObjCExpr) -> String? {
        if let name = propertyName(expression) { return name }
        if case .message(let message) = expression.strippingCastsAndParentheses.kind, message.pieces.count == 1, message.pieces[0].argument == nil,
            message.receiver.strippingCastsAndParentheses.identifierName == "self"
        {
            return message.selector
        }
        return nil
    }

    /// The selectors of NSObject that send another message, named by their first argument, with
    /// their `withObject:` arguments.
    static let performingSelectors: Set<String> = [
        "performSelector:withObject:", "performSelector:withObject:withObject:", "performSelector:withObject:afterDelay:",
        "performSelectorOnMainThread:withObject:waitUntilDone:", "performSelector:onThread:withObject:waitUntilDone:",
    ]

    /// The selector a `performSelector:…withObject:…` message sends, when it is written
    /// (`@selector(didAuthenticate:)`); nil for any other message, or a selector held in a variable.
    static func performedSelector(_ message: ObjCMessageSend) -> String? {
        guard performingSelectors.contains(message.selector), let first = message.pieces.first?.argument?.strippingCastsAndParentheses,
            case .selector(let selector) = first.kind
        else { return nil }
        return selector
    }

    /// The property `self.name`, `_name` or `self->_name` names (without the underscore).
    static func propertyName(_ target: ObjCExpr) -> String? {
        let target = target.strippingCastsAndParentheses
        switch target.kind {
        case .member(let base, let name, let isArrow) where base.strippingCastsAndParentheses.identifierName == "self":
            return isArrow && name.hasPrefix("_") ? String(name.dropFirst()) : name
        case .identifier(let name) where name.hasPrefix("_") && name.count > 1:
            return String(name.dropFirst())
        default:
            return nil
        }
    }

    /// Every identifier an expression reads.
    static func identifiers(in expression: ObjCExpr) -> Set<String> {
        var names: Set<String> = []
        ObjCLocalAuthentication.forEachExpression(in: ObjCStmt(.expression(expression), range: expression.range)) { node, _ in
            if case .identifier(let name) = node.kind { names.insert(name) }
        }
        return names
    }

    // MARK: - The senders

    /// The senders of the enclosing method (or the calls of the enclosing function) in the scan's
    /// Objective-C files, and the tests of the handed-on values in the blocks they pass (or, when
    /// a block tests nothing, where it hands them on again; a sender that passes its own block
    /// parameter hands them to its senders). `depth` counts the times the value has been handed
    /// on again on the way here.
    static func receivers(of handoff: Handoff, depth: Int, search: ReceiverSearch, in context: ObjCRuleContext) -> OutcomeReceivers {
        if let stored = handoff.storedBlock {
            guard isBlockProperty(stored.name, of: stored.owner, in: context) else { return .followed([]) }
            return receivers(ofStoredBlock: stored.name, owner: stored.owner, handoff: handoff, depth: depth, search: search, in: context)
        }
        if let stored = handoff.storedSelector {
            // Each selector stored in the property; the target's class is not followed, so each is
            // sent as to a receiver of unknown class.
            var gates: [OutcomeGate] = []
            for selector in storedSelectors(stored.name, of: stored.owner, search: search, in: context) {
                var sent = handoff
                sent.storedSelector = nil
                sent.message = selector
                if case .followed(let found) = receivers(ofMessage: selector, handoff: sent, depth: depth, search: search, in: context) {
                    gates += found
                }
            }
            return .followed(gates)
        }
        if let selector = handoff.message { return receivers(ofMessage: selector, handoff: handoff, depth: depth, search: search, in: context) }
        if let property = handoff.property {
            return receivers(ofProperty: property.name, owner: property.owner, handoff: handoff, depth: depth, search: search, in: context)
        }
        let name: String
        let kind: ObjCCallSite.Kind
        switch handoff.owner {
        case .method(_, let selector, _):
            name = selector
            kind = .message
        case .function(let function):
            name = function
            kind = .function
        }
        let firstPiece = String(name.split(separator: ":").first ?? Substring(name))
        let others = ObjCLocalAuthentication.objectiveCFiles(in: context.scan, mentioning: [firstPiece], besides: context.path)
        var matched = 0
        var gates: [OutcomeGate] = []
        for position in -1..<others.count {
            // Parsed one at a time: the search may stop at its bound before the last file.
            let file = position < 0 ? context.resolver : ObjCLocalAuthentication.parsed(others[position], in: context.scan)
            for site in file.tree.calls(named: name) where site.kind == kind {
                guard handoff.parameterIndex < site.arguments.count else { continue }
                matched += 1
                if matched > EvaluatedContext.maximumSenders { return .followed(gates) }
                let argument = site.arguments[handoff.parameterIndex].value.strippingCastsAndParentheses
                guard let sender = file.body(containing: site.range.start.offset) else { continue }
                switch argument.kind {
                case .block(let block):
                    let (successNames, errorNames) = arrivingNames(in: block, handoff: handoff)
                    if let gate = gate(in: block, handoff: handoff, file: file)
                        ?? onward(
                            in: block.body, successNames: successNames, errorNames: errorNames, body: sender, handoff: handoff, file: file,
                            depth: depth, search: search, in: context)
                    {
                        gates.append(gate)
                    }
                case .identifier(let name):
                    // `[self.gate authenticateWithCompletion:completion]`: the sender hands its own block on.
                    guard let next = passedOnBlockParameter(name, at: argument.range, in: sender, handoff: handoff, file: file)
                    else { continue }
                    if let gate = hop(next, in: file, depth: depth, search: search, context: context) { gates.append(gate) }
                default:
                    continue
                }
            }
        }
        return matched == 0 ? .unseen : .followed(gates)
    }

    /// Code that received the values and tests neither hands them on again (`completion(ok)` of a
    /// block parameter of `body`, `[self finish:ok]`, `self.unlocked = ok`): the first test of the
    /// code that receives them next, up to `HandedOutcome.maximumHops` hand-offs away.
    static func onward(
        in statement: ObjCStmt, successNames: Set<String>, errorNames: Set<String>, body: ObjCBody, handoff: Handoff,
        file: ObjCValueResolver, depth: Int, search: ReceiverSearch, in context: ObjCRuleContext
    ) -> OutcomeGate? {
        guard !successNames.isEmpty || !errorNames.isEmpty else { return nil }
        let again = handoffs(
            in: statement, success: successNames.sorted().first, error: errorNames.sorted().first,
            readsSuccess: handoff.carries == .success, body: body, file: file)
        for var next in again {
            next.carries = handoff.carries
            if let gate = hop(next, in: file, depth: depth, search: search, context: context) { return gate }
        }
        return nil
    }

    /// The first test of the code that receives `next`, one hand-off further, with the hand-off
    /// as a step of its path.
    static func hop(_ next: Handoff, in file: ObjCValueResolver, depth: Int, search: ReceiverSearch, context: ObjCRuleContext) -> OutcomeGate? {
        search.hop(written: ObjCValueResolver.shortText(file.text(next.range)), at: file.location(next.range), depth: depth) { depth in
            receivers(of: next, depth: depth, search: search, in: context)
        }
    }

    /// The implementations of a message's selector in the scan's Objective-C files (up to
    /// `EvaluatedContext.maximumSenders`), and the tests of the parameters the outcome is passed
    /// to in their bodies. None in the scan: no receiver to follow (an SDK or library method).
    static func receivers(
        ofMessage selector: String, handoff: Handoff, depth: Int, search: ReceiverSearch, in context: ObjCRuleContext
    ) -> OutcomeReceivers {
        var gates: [OutcomeGate] = []
        for (file, reference, body) in implementations(of: selector, sent: handoff.sent, search: search, in: context) {
            let names = reference.method.parameters.map(\.name)
            func name(_ index: Int) -> String? { index < names.count ? names[index] : nil }
            let successNames = Set(handoff.successArguments.compactMap(name))
            let errorNames = Set(handoff.errorArguments.compactMap(name))
            if let gate = gate(
                in: body, successNames: successNames, errorNames: errorNames, handoff: handoff,
                role: "in `\(reference.method.isClassMethod ? "+" : "-")[\(reference.containerName) \(selector)]`, which receives it", file: file)
                ?? file.body(containing: body.range.start.offset).flatMap({ method in
                    onward(
                        in: body, successNames: successNames, errorNames: errorNames, body: method, handoff: handoff, file: file,
                        depth: depth, search: search, in: context)
                })
            {
                gates.append(gate)
            }
        }
        return .followed(gates)
    }

    /// The implementations of `selector` in the scan's Objective-C files (the first
    /// `EvaluatedContext.maximumSenders`) that the message may run: those of the receiver's class
    /// when it is known (`self`, a receiver declared `Unlocker *`) and implements the selector;
    /// every one when the receiver is declared with a protocol (`id<GateDelegate> delegate`: any
    /// class of the scan that implements it may be the delegate), or when one class implements it.
    /// When several classes implement it and the receiver's class is not known, which one runs
    /// cannot be decided: none is read, and the search says so.
    static func implementations(
        of selector: String, sent: (receiver: ObjCExpr, body: ObjCBody, file: ObjCValueResolver)?, search: ReceiverSearch,
        in context: ObjCRuleContext
    ) -> [(ObjCValueResolver, ObjCMethodReference, ObjCStmt)] {
        let firstPiece = String(selector.split(separator: ":").first ?? Substring(selector))
        let others = ObjCLocalAuthentication.objectiveCFiles(in: context.scan, mentioning: [firstPiece], besides: context.path)
        var found: [(ObjCValueResolver, ObjCMethodReference, ObjCStmt)] = []
        collecting: for position in -1..<others.count {
            // Parsed one at a time: the search may stop at its bound before the last file.
            let file = position < 0 ? context.resolver : ObjCLocalAuthentication.parsed(others[position], in: context.scan)
            for reference in file.tree.methods where reference.method.selector == selector {
                guard let body = reference.method.body else { continue }
                guard found.count < EvaluatedContext.maximumSenders else { break collecting }
                found.append((file, reference, body))
            }
        }
        guard let sent else { return found }
        func className(_ container: String) -> String { String(container.prefix { $0 != " " && $0 != "(" }) }
        let receiver = sent.receiver.strippingCastsAndParentheses
        let declared: ObjCTypeName?
        let receiverClass: String?
        if receiver.identifierName == "self", case .method(let container, _, _) = sent.body.owner {
            declared = nil
            receiverClass = className(container)
        } else {
            declared = declaredType(of: receiver, in: sent.body, file: sent.file, context: context)
            receiverClass = declared.flatMap(ObjCTypeName.className)
        }
        if let receiverClass {
            let typed = found.filter { className($0.1.containerName) == receiverClass }
            if !typed.isEmpty { return typed }
        }
        if let declared, declared.spelling.contains("<"), declared.baseName == "id" || declared.baseName == "NSObject" { return found }
        if Set(found.map { className($0.1.containerName) }).count > 1 {
            let written = ObjCValueResolver.shortText(sent.file.text(sent.receiver.range))
            search.gap("`\(selector)` sent to `\(written)`, whose class is not written, among the implementations of several classes")
            return []
        }
        return found
    }

    /// The reads of a property of `owner` that a condition tests: in the class's implementations
    /// and categories across the scan's Objective-C files (`self.name`, `_name`, `self->_name`,
    /// `[self name]`), else on an instance of the class in other code (`self.model.unlocked`,
    /// `[model unlocked]`, where `model` is declared `LockModel *`).
    static func receivers(
        ofProperty name: String, owner: String, handoff: Handoff, depth: Int, search: ReceiverSearch, in context: ObjCRuleContext
    ) -> OutcomeReceivers {
        let getter = getterName(ofProperty: name, owner: owner, in: context)
        var others = ObjCLocalAuthentication.objectiveCFiles(in: context.scan, mentioning: [owner, name], besides: context.path)
        if let getter {
            // `[self isUnlocked]` alone does not name `unlocked`.
            let seen = Set(others)
            others += ObjCLocalAuthentication.objectiveCFiles(in: context.scan, mentioning: [owner, getter], besides: context.path)
                .filter { !seen.contains($0) }
        }
        for position in -1..<others.count {
            let file = position < 0 ? context.resolver : ObjCLocalAuthentication.parsed(others[position], in: context.scan)
            for container in file.tree.containers where container.name == owner {
                switch container.kind {
                case .implementation, .categoryImplementation: break
                default: continue
                }
                for method in container.methods {
                    guard let body = method.body else { continue }
                    var found: OutcomeGate?
                    ObjCLocalAuthentication.forEachExpression(in: body) { expression, ancestors in
                        guard found == nil, isRead(expression, of: name) || getter.map({ isRead(expression, of: name, getter: $0) }) == true,
                            let condition = condition(around: expression.range, ancestors: ancestors)
                        else { return }
                        if handoff.carries == .errorAlone, !runsWithoutError(condition, read: expression.range, ancestors: ancestors, file: file) { return }
                        found = OutcomeGate(
                            deciding: ObjCBodies(resolver: file).place(condition), role: "where the property `\(name)` is read",
                            errorAlone: handoff.carries == .errorAlone)
                    }
                    if let found { return .followed([found]) }
                }
            }
        }
        return .followed(gate(readingElsewhere: name, getter: getter, owner: owner, handoff: handoff, search: search, in: context).map { [$0] } ?? [])
    }

    /// Whether `owner` declares the property `name` with a block type (`@property (copy) void
    /// (^onFinish)(NSError *error);`), in the evaluating file or the first
    /// `HandedOutcome.maximumReadingFiles` other Objective-C files that name both.
    static func isBlockProperty(_ name: String, of owner: String, in context: ObjCRuleContext) -> Bool {
        let others = ObjCLocalAuthentication.objectiveCFiles(in: context.scan, mentioning: [owner, name], besides: context.path)
        for position in -1..<min(others.count, HandedOutcome.maximumReadingFiles) {
            let file = position < 0 ? context.resolver : ObjCLocalAuthentication.parsed(others[position], in: context.scan)
            for container in file.tree.containers where container.name == owner {
                for property in container.properties {
                    if property.declaration.declarators.contains(where: { $0.name == name && $0.type.isBlock }) { return true }
                }
            }
        }
        return false
    }

    /// The tests in the blocks the scan's Objective-C code assigns to a block property of `owner`
    /// (`gate.onFinish = ^(NSError *error) { … }`, `[gate setOnFinish:^…]`, `self.onFinish = …`
    /// in the class), in the evaluating file and the first `HandedOutcome.maximumReadingFiles`
    /// other files that name it: a block written there, or a block parameter of the assigning
    /// method, whose senders then receive the values (a hop). An assignment on a receiver whose
    /// class is not written is left out, and said. No assignment in the scan: the class's users
    /// outside it set the block (a library's API).
    static func receivers(
        ofStoredBlock name: String, owner: String, handoff: Handoff, depth: Int, search: ReceiverSearch, in context: ObjCRuleContext
    ) -> OutcomeReceivers {
        let setter = "set" + name.prefix(1).uppercased() + name.dropFirst() + ":"
        let others = ObjCLocalAuthentication.objectiveCFiles(in: context.scan, mentioning: [name], besides: context.path)
        var gates: [OutcomeGate] = []
        var assigned = false
        for position in -1..<others.count {
            guard position < HandedOutcome.maximumReadingFiles else {
                search.gap("assignments to `\(name)` in more than \(HandedOutcome.maximumReadingFiles) files")
                break
            }
            let file = position < 0 ? context.resolver : ObjCLocalAuthentication.parsed(others[position], in: context.scan)
            for body in file.tree.bodies {
                var stores: [(target: ObjCExpr, value: ObjCExpr)] = []
                ObjCLocalAuthentication.forEachExpression(in: body.body) { expression, _ in
                    switch expression.kind {
                    case .assignment(.assign, let target, let value):
                        if case .member(let base, name, false) = target.strippingCastsAndParentheses.kind {
                            stores.append((base, value))
                        } else if propertyName(target) == name {
                            stores.append((ObjCExpr(.identifier("self"), range: target.range), value))
                        }
                    case .message(let message) where message.selector == setter:
                        if let value = message.pieces.first?.argument { stores.append((message.receiver, value)) }
                    default:
                        break
                    }
                }
                for (target, written) in stores {
                    let value = written.strippingCastsAndParentheses
                    if ObjCLocalAuthentication.isNil(value) { continue }
                    if target.strippingCastsAndParentheses.identifierName == "self" {
                        guard case .method(let reader, _, _) = body.owner, String(reader.prefix { $0 != " " && $0 != "(" }) == owner else { continue }
                    } else {
                        guard let declared = declaredClass(of: target, in: body, file: file, context: context) else {
                            search.gap("the block assigned to `\(name)` of `\(ObjCValueResolver.shortText(file.text(target.range)))`, whose class is not written")
                            assigned = true
                            continue
                        }
                        guard declared == owner else { continue }
                    }
                    assigned = true
                    switch value.kind {
                    case .block(let block):
                        let (successNames, errorNames) = arrivingNames(in: block, handoff: handoff)
                        if let gate = gate(
                            in: block.body, successNames: successNames, errorNames: errorNames, handoff: handoff,
                            role: "in the block assigned to `\(name)`", file: file)
                            ?? onward(
                                in: block.body, successNames: successNames, errorNames: errorNames, body: body, handoff: handoff, file: file,
                                depth: depth, search: search, in: context)
                        {
                            gates.append(gate)
                        }
                    case .identifier(let parameter):
                        // `self.onFinish = completion`: the block the assigning method's senders pass.
                        guard let next = passedOnBlockParameter(parameter, at: value.range, in: body, handoff: handoff, file: file)
                        else { continue }
                        if let gate = hop(next, in: file, depth: depth, search: search, context: context) { gates.append(gate) }
                    default:
                        search.gap("the block `\(ObjCValueResolver.shortText(file.text(value.range)))` assigned to `\(name)`")
                    }
                }
            }
        }
        return assigned ? .followed(gates) : .unseen
    }

    /// The selectors stored in the property `name` of `owner` (`self.action = @selector(unlock:)`,
    /// `_action = action` of a method parameter, whose senders pass `@selector(didAuthenticate:)`),
    /// in the class's implementations in the evaluating file and the first
    /// `HandedOutcome.maximumReadingFiles` other Objective-C files that name the class and the
    /// property; the senders are looked for in the same files. A value that is no written
    /// selector is left out, and said.
    static func storedSelectors(_ name: String, of owner: String, search: ReceiverSearch, in context: ObjCRuleContext) -> [String] {
        let files = [context.resolver]
            + ObjCLocalAuthentication.objectiveCFiles(in: context.scan, mentioning: [name], besides: context.path)
            .prefix(HandedOutcome.maximumReadingFiles).map { ObjCLocalAuthentication.parsed($0, in: context.scan) }
        var selectors: [String] = []
        func add(_ value: ObjCExpr, in body: ObjCBody, file: ObjCValueResolver) {
            let value = value.strippingCastsAndParentheses
            if case .selector(let selector) = value.kind {
                if !selectors.contains(selector) { selectors.append(selector) }
                return
            }
            // `_action = action`: what the method's senders pass.
            if case .identifier(let parameter) = value.kind, let index = body.parameterNames.firstIndex(of: parameter),
                case .method(_, let selector, _) = body.owner
            {
                for candidate in files {
                    for site in candidate.tree.calls(named: selector) where site.kind == .message && index < site.arguments.count {
                        if case .selector(let sent) = site.arguments[index].value.strippingCastsAndParentheses.kind {
                            if !selectors.contains(sent) { selectors.append(sent) }
                        } else {
                            search.gap("the selector `\(ObjCValueResolver.shortText(candidate.text(site.arguments[index].value.range)))` stored in `\(name)`")
                        }
                    }
                }
                return
            }
            search.gap("the selector `\(ObjCValueResolver.shortText(file.text(value.range)))` stored in `\(name)`")
        }
        for file in files {
            for body in file.tree.bodies {
                guard case .method(let reader, _, false) = body.owner, String(reader.prefix { $0 != " " && $0 != "(" }) == owner else { continue }
                ObjCLocalAuthentication.forEachExpression(in: body.body) { expression, _ in
                    if case .assignment(.assign, let target, let value) = expression.kind, propertyName(target) == name {
                        add(value, in: body, file: file)
                    }
                }
            }
        }
        return Array(selectors.prefix(EvaluatedContext.maximumSenders))
    }

    /// The getter a property of `owner` declares (`@property (getter=isUnlocked) BOOL unlocked;`),
    /// in the class's interface, extensions or categories, in the evaluating file or the first
    /// `HandedOutcome.maximumReadingFiles` other Objective-C files that name the class, the
    /// property and a getter.
    static func getterName(ofProperty name: String, owner: String, in context: ObjCRuleContext) -> String? {
        let others = ObjCLocalAuthentication.objectiveCFiles(in: context.scan, mentioning: [owner, name, "getter"], besides: context.path)
        for position in -1..<min(others.count, HandedOutcome.maximumReadingFiles) {
            let file = position < 0 ? context.resolver : ObjCLocalAuthentication.parsed(others[position], in: context.scan)
            for container in file.tree.containers where container.name == owner {
                for property in container.properties where property.names.contains(name) {
                    if let getter = property.attributes.first(where: { $0.name == "getter" })?.value, !getter.isEmpty { return getter }
                }
            }
        }
        return nil
    }

    /// `self.isUnlocked` or `[self isUnlocked]`: a read of the property `name` through its getter.
    static func isRead(_ expression: ObjCExpr, of name: String, getter: String) -> Bool {
        switch expression.kind {
        case .member(let base, let member, false):
            return member == getter && base.strippingCastsAndParentheses.identifierName == "self"
        case .message(let message):
            return message.selector == getter && message.receiver.strippingCastsAndParentheses.identifierName == "self"
        default:
            return false
        }
    }

    /// The first test of `receiver.name` or `[receiver name]` where the receiver is declared as
    /// `owner *` (a local, a parameter, a property or instance variable of the reading class), in
    /// the evaluating file and the first `HandedOutcome.maximumReadingFiles` other Objective-C
    /// files that mention the name. A read whose receiver's class is not written is left out, and said.
    static func gate(
        readingElsewhere name: String, getter: String?, owner: String, handoff: Handoff, search: ReceiverSearch, in context: ObjCRuleContext
    ) -> OutcomeGate? {
        var others = ObjCLocalAuthentication.objectiveCFiles(in: context.scan, mentioning: [name], besides: context.path)
        if let getter {
            let seen = Set(others)
            others += ObjCLocalAuthentication.objectiveCFiles(in: context.scan, mentioning: [getter], besides: context.path).filter { !seen.contains($0) }
        }
        var undecided: String?
        defer { if let undecided { search.gap("a test of `\(undecided)`, whose receiver's class is not written") } }
        for position in -1..<others.count {
            guard position < HandedOutcome.maximumReadingFiles else {
                search.gap("reads of the property `\(name)` in more than \(HandedOutcome.maximumReadingFiles) files")
                break
            }
            let file = position < 0 ? context.resolver : ObjCLocalAuthentication.parsed(others[position], in: context.scan)
            for body in file.tree.bodies {
                var found: OutcomeGate?
                ObjCLocalAuthentication.forEachExpression(in: body.body) { expression, ancestors in
                    guard found == nil, let receiver = readReceiver(expression, of: name) ?? getter.flatMap({ readReceiver(expression, of: $0) }),
                        let condition = condition(around: expression.range, ancestors: ancestors)
                    else { return }
                    if handoff.carries == .errorAlone, !runsWithoutError(condition, read: expression.range, ancestors: ancestors, file: file) { return }
                    guard let declared = declaredClass(of: receiver, in: body, file: file, context: context) else {
                        undecided = undecided ?? ObjCValueResolver.shortText(file.text(expression.range))
                        return
                    }
                    guard declared == owner else { return }
                    found = OutcomeGate(
                        deciding: ObjCBodies(resolver: file).place(condition), role: "where the property `\(name)` of `\(owner)` is read",
                        errorAlone: handoff.carries == .errorAlone, isFarther: true)
                }
                if let found { return found }
            }
        }
        return nil
    }

    /// The receiver of a read of the property `name` on another object: `model.name`,
    /// `[model name]`, `self.model.name` (not on `self`, whose reads are the class's own).
    static func readReceiver(_ expression: ObjCExpr, of name: String) -> ObjCExpr? {
        switch expression.kind {
        case .member(let base, name, false) where base.strippingCastsAndParentheses.identifierName != "self":
            return base
        case .message(let message) where message.selector == name && message.receiver.strippingCastsAndParentheses.identifierName != "self":
            return message.receiver
        default:
            return nil
        }
    }

    /// The class a receiver is declared as: a local or parameter of `body` (`LockModel *model`), or
    /// a property or instance variable of the class `body` belongs to (`self.model`, `_model`,
    /// `[self model]`), declared in its file or another Objective-C file that names both.
    static func declaredClass(of receiver: ObjCExpr, in body: ObjCBody, file: ObjCValueResolver, context: ObjCRuleContext) -> String? {
        declaredType(of: receiver, in: body, file: file, context: context).flatMap(ObjCTypeName.className)
    }

    /// The type a receiver is declared with, as `declaredClass` finds it (`LockModel *`, `id<GateDelegate>`).
    static func declaredType(of receiver: ObjCExpr, in body: ObjCBody, file: ObjCValueResolver, context: ObjCRuleContext) -> ObjCTypeName? {
        let receiver = receiver.strippingCastsAndParentheses
        var member: String?
        switch receiver.kind {
        case .identifier(let identifier):
            if let declarator = ObjCPolicyEvaluations.lastDeclaration(of: identifier, in: body, before: receiver.range.start.offset) {
                return declarator.type
            }
            if let index = body.parameterNames.firstIndex(of: identifier) {
                return index < body.parameterTypes.count ? body.parameterTypes[index] : nil
            }
            member = identifier.hasPrefix("_") ? String(identifier.dropFirst()) : nil
        case .member(let base, let name, let isArrow) where base.strippingCastsAndParentheses.identifierName == "self":
            member = isArrow && name.hasPrefix("_") ? String(name.dropFirst()) : name
        case .message(let message) where message.receiver.strippingCastsAndParentheses.identifierName == "self" && !message.selector.contains(":"):
            member = message.selector
        default:
            return nil
        }
        guard let member, case .method(let reader, _, _) = body.owner else { return nil }
        let files = [file] + ObjCLocalAuthentication.objectiveCFiles(in: context.scan, mentioning: [reader, member], besides: file.path)
            .prefix(4).map { ObjCLocalAuthentication.parsed($0, in: context.scan) }
        for candidate in files {
            for container in candidate.tree.containers where container.name == reader {
                for declaration in container.properties.map(\.declaration) + container.instanceVariables {
                    for declarator in declaration.declarators where declarator.name == member || declarator.name == "_" + member {
                        return declarator.type
                    }
                }
            }
        }
        return nil
    }

    /// `self.name`, `_name`, `self->_name` or `[self name]`.
    static func isRead(_ expression: ObjCExpr, of name: String) -> Bool {
        switch expression.kind {
        case .member(let base, let member, let isArrow):
            guard base.strippingCastsAndParentheses.identifierName == "self" else { return false }
            return isArrow ? member == "_" + name : member == name
        case .identifier(let identifier):
            return identifier == "_" + name
        case .message(let message):
            return message.receiver.strippingCastsAndParentheses.identifierName == "self" && message.selector == name
        default:
            return false
        }
    }

    /// The first test in a sender's block of what the hand-off passes.
    static func gate(in block: ObjCBlockLiteral, handoff: Handoff, file: ObjCValueResolver) -> OutcomeGate? {
        let (successNames, errorNames) = arrivingNames(in: block, handoff: handoff)
        return gate(
            in: block.body, successNames: successNames, errorNames: errorNames, handoff: handoff,
            role: "in a \(handoff.owner.isMethod ? "sender" : "caller") of `\(handoff.owner.description)`", file: file)
    }

    /// The names of `block`'s parameters that receive the hand-off's success flag and error.
    static func arrivingNames(in block: ObjCBlockLiteral, handoff: Handoff) -> (success: Set<String>, error: Set<String>) {
        let names = block.parameters.map(\.name)
        func name(_ index: Int) -> String? { index < names.count ? names[index] : nil }
        return (Set(handoff.successArguments.compactMap(name)), Set(handoff.errorArguments.compactMap(name)))
    }

    /// The position of `name` among `body`'s parameters when, at `range`, it names `body`'s own
    /// block parameter (not a local declared before it).
    static func blockParameterIndex(_ name: String, at range: ObjCSourceRange, in body: ObjCBody, file: ObjCValueResolver) -> Int? {
        guard ObjCPolicyEvaluations.lastDeclaration(of: name, in: body, before: range.start.offset) == nil,
            let index = body.parameterNames.firstIndex(of: name),
            ObjCPolicyEvaluations.isBlockParameter(name, of: body.owner, in: file.tree)
        else { return nil }
        return index
    }

    /// `completion` at `range` in `body`, when it is `body`'s own block parameter: the outcome goes
    /// on to the blocks `body`'s senders pass, as the next hand-off.
    static func passedOnBlockParameter(
        _ name: String, at range: ObjCSourceRange, in body: ObjCBody, handoff: Handoff, file: ObjCValueResolver
    ) -> Handoff? {
        guard let index = blockParameterIndex(name, at: range, in: body, file: file) else { return nil }
        return Handoff(
            range: range, parameterIndex: index, owner: body.owner, successArguments: handoff.successArguments,
            errorArguments: handoff.errorArguments, carries: handoff.carries)
    }

    /// The first test in `body` of the names the outcome arrives in (`HandedOutcomeReading`).
    static func gate(
        in body: ObjCStmt, successNames: Set<String>, errorNames: Set<String>, handoff: Handoff, role: String, file: ObjCValueResolver
    ) -> OutcomeGate? {
        let receiving = ObjCBodies(resolver: file).receivingBody(body)
        guard let test = HandedOutcomeReading.firstTest(in: receiving, successNames: successNames, errorNames: errorNames) else { return nil }
        return OutcomeGate(deciding: test.condition, role: role, errorAlone: test.ofErrorAlone || handoff.carries == .errorAlone)
    }

    /// Whether code runs on the side of the `if` testing `condition` where the value read at
    /// `read` is nil (`HandedOutcomeReading.runsWithoutError`).
    static func runsWithoutError(
        _ condition: ObjCSourceRange, read: ObjCSourceRange, ancestors: [ObjCAncestor], file: ObjCValueResolver
    ) -> Bool {
        HandedOutcomeReading.runsWithoutError(ObjCBodies(resolver: file).conditionRead("", at: read, in: condition, ancestors: ancestors))
    }

    /// The condition of the `if`, `while`, `switch` or `?:` whose condition holds `range`.
    static func condition(around range: ObjCSourceRange, ancestors: [ObjCAncestor]) -> ObjCSourceRange? {
        ObjCBodies.condition(around: range, ancestors: ancestors)
    }
}

extension ObjCBodyOwner {
    var isMethod: Bool {
        if case .method = self { return true }
        return false
    }
}
