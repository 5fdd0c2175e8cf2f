import KeychainLintCore
import KeychainLintModel
import KeychainLintObjC
import KeychainLintRuleKit

/// The Objective-C front end's side of Keychain wrapper libraries (SAMKeychain, UICKeyChainStore):
/// a file sees a library's model when it includes one of the library's headers
/// (`#import <SAMKeychain/SAMKeychain.h>`, `#import "UICKeyChainStore.h"`) or `@import`s its
/// module, and does not itself declare or implement one of the library's classes (the library's
/// own source, or a copy of it, is not an app calling the library). A message is the library's
/// when its selector is a modelled call's and its receiver is the library's class (a class method,
/// `[SAMKeychain setAccessibilityType:…]`) or visibly an instance of it (made there, or held by a
/// local, parameter or property declared with the class); a property setter is the library's when
/// it is assigned with dot syntax or sent as `setName:` to such an instance.
///
/// A library's source copied into a project under another class name (`XYZKeychain`, a prefixed
/// copy of SAMKeychain that an SDK bundles so as not to clash with the app's own) is no header of
/// the library's: its class is recognised by its declarations' shape instead (`copiedType`), and
/// class methods sent to it by name are then the library's.
enum ObjCWrapperCalls {
    private struct ModelsKey: Hashable {}

    /// The models the file sees (memoized per file).
    static func models(in context: ObjCRuleContext) -> [WrapperModel] {
        context.memo(ModelsKey()) { () -> [WrapperModel] in
            let candidates = context.scan.wrapperModels.filter { !$0.headers.isEmpty }
            guard !candidates.isEmpty else { return [] }
            let tree = context.tree
            let headers = tree.directives.filter { [.import, .include, .includeNext].contains($0.kind) }.compactMap(\.headerName)
            var modules: Set<String> = []
            for item in tree.items {
                if case .moduleImport(let name) = item.kind, let first = name.split(separator: ".").first { modules.insert(String(first)) }
            }
            let ownClasses = Set(tree.containers.filter { $0.kind == .interface || $0.kind == .implementation }.map(\.name))
            return candidates.filter { model in
                (modules.contains(model.module) || headers.contains(where: model.isDeclared(byHeader:)))
                    && !model.types.contains { ownClasses.contains($0.name) }
            }
        }
    }

    /// The setting of `role` that the message `call` makes.
    static func setting(of call: ProgramCall, role: WrapperArgumentRole, in context: ObjCRuleContext) -> ProgramWrapperSetting? {
        guard call.kind == .method, case .objectiveC(let receiver)? = call.receiver, case .objectiveC(let expression) = call.expression,
            case .message(let message) = expression.kind
        else { return nil }
        for model in models(in: context) + copiedModels(named: message.receiverClassName, in: context) {
            for entry in entries(for: call.name, argumentCount: call.arguments.count, receiver: receiver, className: message.receiverClassName, model: model, in: context) {
                guard entry.effect != .search, let argument = entry.argument(for: role) else { continue }
                let value: ProgramExpression?
                if entry.isSetter {
                    value = call.argument(0)
                } else {
                    switch argument.place {
                    case .position(let index): value = call.argument(index)
                    case .label(let label): value = call.argument(labeled: label)
                    }
                }
                guard let value else { continue }
                return setting(
                    model: model, call: entry, argument: argument, expression: value, from: call,
                    receiver: entry.isStatic ? nil : call.receiver, in: context)
            }
        }
        return nil
    }

    /// The setting of `role` that assigning `access` (`store.accessibility = …`) makes.
    static func setting(of access: ProgramMemberAccess, role: WrapperArgumentRole, in context: ObjCRuleContext) -> ProgramWrapperSetting? {
        guard let assigned = access.setting, case .objectiveC(let base)? = access.base else { return nil }
        for model in models(in: context) {
            for entry in model.calls where entry.isSetter && entry.name == access.name && entry.effect != .search {
                guard let argument = entry.argument(for: role), ObjCInstances.isVisibly(base, anInstanceOf: entry.type, in: context) else { continue }
                return setting(model: model, call: entry, argument: argument, expression: assigned.value, from: nil, receiver: access.base, in: context)
            }
        }
        return nil
    }

    /// The settings of `role` made by the other assignments and messages to the receiver of
    /// `setting`, written the same way, in the same body.
    static func settings(besides setting: ProgramWrapperSetting, role: WrapperArgumentRole, in context: ObjCRuleContext) -> [ProgramWrapperSetting] {
        guard case .objectiveC(let receiver)? = setting.receiver, case .objectiveC(let value) = setting.expression,
            let body = context.resolver.body(containing: value.range.start.offset)
        else { return [] }
        let written = context.resolver.text(receiver.range)
        var result: [ProgramWrapperSetting] = []
        body.body.walk(ObjCVisitor(expression: { expression, walkContext in
            // Not the setting itself: its value lies inside the expression.
            guard !(expression.range.start.offset <= value.range.start.offset && value.range.end.offset <= expression.range.end.offset)
            else { return }
            switch expression.kind {
            case .assignment(.assign, let target, let assigned):
                guard case .member(let base, _, false) = target.kind, context.resolver.text(base.range) == written,
                    let access = ProgramMemberAccess(target, assigned: assigned),
                    let other = Self.setting(of: access, role: role, in: context)
                else { return }
                result.append(other)
            case .message(let message):
                guard context.resolver.text(message.receiver.range) == written,
                    let site = ObjCSyntaxTree.callSite(expression, walkContext),
                    let other = Self.setting(of: ProgramCall(site), role: role, in: context)
                else { return }
                result.append(other)
            default:
                return
            }
        }), owner: body.owner)
        return result
    }

    /// The modelled calls a message with `selector` is: a class method of the library's class
    /// named as the receiver, or an instance method or property setter (`setName:`) of an instance.
    private static func entries(
        for selector: String, argumentCount: Int, receiver: ObjCExpr, className: String?, model: WrapperModel, in context: ObjCRuleContext
    ) -> [WrapperCall] {
        if let className, model.type(named: className) != nil {
            return model.calls(selector: selector, on: className).filter(\.isStatic)
        }
        if let className, let type = copiedType(className, of: model, in: context) {
            return model.calls(selector: selector, on: type).filter(\.isStatic)
        }
        var result: [WrapperCall] = []
        for type in model.types where ObjCInstances.isVisibly(receiver, anInstanceOf: type.name, in: context) {
            result += model.calls(selector: selector, on: type.name).filter { !$0.isStatic }
            if argumentCount == 1 {
                result += model.calls.filter { $0.type == type.name && $0.isSetter && ProgramMemberAccess.setterSelector($0.name) == selector }
            }
        }
        return result
    }

    private struct CopyKey: Hashable { let library: String; let className: String }

    /// The models of which `className` is a renamed copy of one class (`copiedType`), among those
    /// the file does not already see through their headers.
    private static func copiedModels(named className: String?, in context: ObjCRuleContext) -> [WrapperModel] {
        guard let className else { return [] }
        let seen = Set(models(in: context).map(\.library))
        return context.scan.wrapperModels.filter { model in
            !model.headers.isEmpty && !seen.contains(model.library) && copiedType(className, of: model, in: context) != nil
        }
    }

    /// The model type of which the class `className` is a copy under another name, seen from an
    /// Objective-C file (`copiedType(_:of:constants:)`); nil in the copy's own source (a file that
    /// declares or implements the class). Memoized per file.
    static func copiedType(_ className: String, of model: WrapperModel, in context: ObjCRuleContext) -> String? {
        guard model.type(named: className) == nil, !model.headers.isEmpty else { return nil }
        return context.memo(CopyKey(library: model.library, className: className)) { () -> String? in
            let own = context.tree.containers.contains { $0.name == className && ($0.kind == .interface || $0.kind == .implementation) }
            guard !own else { return nil }
            return copiedType(className, of: model, constants: context.scan.objectiveCConstants)
        }
    }

    /// The model type of which the class `className` is a copy under another name: one header of
    /// the scan declares its `@interface`, and, for some class `T` of the model with at least one
    /// call that takes an accessibility, access control or synchronizable argument by selector
    /// (`+setAccessibilityType:`), the interfaces of `className` declare every call the model
    /// lists for `T`: that selector as written, and the others (`setPassword`, `password`,
    /// `deletePassword`, `allAccounts`) as a method of the same kind (class or instance) whose
    /// selector's first piece is the call's name or the name followed by a capitalised word
    /// (`passwordForService:account:`), as Swift imports them. An app's own class with one of the
    /// library's selectors and not the others is not taken for the library.
    static func copiedType(_ className: String, of model: WrapperModel, constants: ObjCScanConstants) -> String? {
        guard model.type(named: className) == nil, !model.headers.isEmpty else { return nil }
        Dependencies.record(className)
        let interfaces = constants.publicInterfaces(ofClass: className)
        guard !interfaces.isEmpty else { return nil }
        let methods = interfaces.flatMap(\.methods)
        let roles: Set<WrapperArgumentRole> = [.accessibility, .accessControlFlags, .synchronizable]
        for type in model.types {
            let calls = model.calls.filter { $0.type == type.name && $0.name != "init" && !$0.isSetter }
            guard calls.contains(where: { $0.selector != nil && $0.arguments.contains { roles.contains($0.role) } }) else { continue }
            let declaresAll = calls.allSatisfy { call in
                methods.contains { method in
                    guard method.isClassMethod == call.isStatic else { return false }
                    if let selector = call.selector { return method.selector == selector }
                    return importedBaseName(method.selector, matches: call.name)
                }
            }
            if declaresAll { return type.name }
        }
        return nil
    }

    /// Whether the selector's first piece is `name`, or `name` followed by a capitalised word.
    private static func importedBaseName(_ selector: String, matches name: String) -> Bool {
        let first = selector.prefix { $0 != ":" }
        guard first.hasPrefix(name) else { return false }
        let rest = first.dropFirst(name.count)
        return rest.isEmpty || rest.first.map(\.isUppercase) == true
    }

    private static func setting(
        model: WrapperModel, call: WrapperCall, argument: WrapperArgument, expression: ProgramExpression, from programCall: ProgramCall?,
        receiver: ProgramExpression?, in context: ObjCRuleContext
    ) -> ProgramWrapperSetting {
        let resolution = context.resolve(expression)
        var values: [(WrapperOption, [TraceStep])] = []
        for traced in resolution.values {
            guard let option = WrapperOption.read(traced.value, for: argument, of: model) else { continue }
            values.append((option, traced.trace))
        }
        return ProgramWrapperSetting(
            model: model, call: call, argument: argument, expression: expression, values: values, resolution: resolution,
            configuresPublicKey: false, programCall: programCall, receiver: receiver,
            written: { WrapperOption.writtenInObjectiveC($0, argument: argument, call: call, model: model) })
    }

    /// The selectors (function names and `setName:` of setters) of the models' calls that carry
    /// one of `roles` in Objective-C: what the front end hands a wrapper-aware check.
    static func selectors(for roles: Set<WrapperArgumentRole>, models: [WrapperModel]) -> [String] {
        var result: [String] = []
        for model in models where !model.headers.isEmpty {
            for call in model.calls where call.effect != .search && call.arguments.contains(where: { roles.contains($0.role) }) {
                let selector = call.isSetter ? ProgramMemberAccess.setterSelector(call.name) : call.selector
                if let selector, !result.contains(selector) { result.append(selector) }
            }
        }
        return result
    }

    /// The properties of the models that carry one of `roles`, assigned with dot syntax.
    static func setters(for roles: Set<WrapperArgumentRole>, models: [WrapperModel]) -> [String] {
        var result: [String] = []
        for model in models where !model.headers.isEmpty {
            for call in model.calls where call.isSetter && call.effect != .search && call.arguments.contains(where: { roles.contains($0.role) }) {
                if !result.contains(call.name) { result.append(call.name) }
            }
        }
        return result
    }
}

extension ObjCRuleContext {
    public func wrapperSetting(of call: ProgramCall, role: WrapperArgumentRole) -> ProgramWrapperSetting? {
        ObjCWrapperCalls.setting(of: call, role: role, in: self)
    }

    public func wrapperSetting(of access: ProgramMemberAccess, role: WrapperArgumentRole) -> ProgramWrapperSetting? {
        ObjCWrapperCalls.setting(of: access, role: role, in: self)
    }

    public func wrapperSettings(besides setting: ProgramWrapperSetting, role: WrapperArgumentRole) -> [ProgramWrapperSetting] {
        ObjCWrapperCalls.settings(besides: setting, role: role, in: self)
    }

    /// Objective-C copies of a library's source are not told apart from the library: a file that
    /// declares or implements one of its classes is the library's own source (`models(in:)`).
    public func isInLibraryCopy(_ call: ProgramCall) -> Bool { false }
}
