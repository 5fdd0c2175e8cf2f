import KeychainLintModel

// A library's own options: a library declares its options as an `enum` in a header
// (`typedef NS_OPTIONS(NSUInteger, VaultPolicy) { … }`) and takes one through a public method
// (`- (void)setPolicy:(VaultPolicy)policy`, declared in a header of the scan) or lets its users set
// a public property of that type (`@property VaultPolicy policy;`). When no code in the scan calls
// that method or sets that property, what reaches the library's Keychain call is what its users
// choose, and they may choose any constant the library declares: each is a possible value, with
// a step of the path that says so, as the Swift resolver reads a public builder's parameter of
// the library's own public enum (`CopiedInstance.swift`). Where the scan does call it (an app),
// the callers decide, as before; so they do in a library that only the scan's apps link (its
// framework is a part of the app: `ObjCScanConstants.closedToOtherCode`), where no user outside
// the scan chooses an option. An `NS_OPTIONS` value may be a combination of constants: each
// declared constant is read alone, as Swift's enum cases are; combinations are not made up.
extension ObjCValueResolver {
    /// The constants of the library's own `enum` that the users of public method `body` may pass
    /// as its parameter `name`; nil unless `body` is an instance method a header of the scan
    /// declares for its class, the parameter's type is an `enum` one header of the scan declares,
    /// and every call of the method in the scan is known and there is none.
    func optionsOffered(toParameter name: String, of body: ObjCBody, at use: ObjCExpr) -> Resolution? {
        guard let constants, case .method(let container, let selector, false) = body.owner,
            let index = body.parameterNames.firstIndex(of: name), index < body.parameterTypes.count,
            let type = body.parameterTypes[index], let typeName = Self.enumTypeName(type)
        else { return nil }
        let className = Self.className(container)
        // Every send of it in the scan is known (no Swift caller, no selector named), and there is none.
        guard let sends = instanceMethodSends(of: body), sends.own.isEmpty, sends.elsewhere.isEmpty, !sends.beyondBound else {
            return nil
        }
        // In a library only the scan's apps link, a method no code of the scan sends never runs:
        // its parameter holds nothing, and what it would store is no possible value.
        if constants.closedToOtherCode.contains(path) { return Resolution() }
        Dependencies.record(className)
        Dependencies.record(typeName)
        let declared = constants.publicInterfaces(ofClass: className).contains { container in
            container.methods.contains { !$0.isClassMethod && $0.selector == selector }
        }
        guard declared else { return nil }
        return offered(typeName, at: use, "`\(name)`, any `\(typeName)` callers of public `\(selector)` may pass")
    }

    /// The constants of the library's own `enum` that the users of a public property `storage` of
    /// `className` may set it to; nil unless a header of the scan declares the property (not
    /// `readonly`) with an `enum` type one header of the scan declares, and no code of the scan
    /// other than the class's own methods sets it (this file's stores through an instance of the
    /// class, another Objective-C file's `.storage =` or `setStorage:`, a Swift file naming it).
    func optionsOffered(toProperty storage: String, ofClass className: String, writes: [InstanceWrite], at use: ObjCExpr) -> Resolution? {
        guard let constants, !constants.closedToOtherCode.contains(path), !writes.contains(where: { !$0.isThroughSelf }) else { return nil }
        // Most names asked about are no property a header declares (`kSecAttrAccessibleAlways`).
        Dependencies.record(storage)
        guard constants.headersMention(storage) else { return nil }
        Dependencies.record(className)
        let property = constants.publicInterfaces(ofClass: className).lazy.flatMap(\.properties).first { property in
            property.names.contains(storage) && !property.attributes.contains { $0.name == "readonly" }
        }
        guard let property, let declarator = property.declaration.declarators.first(where: { $0.name == storage }),
            let typeName = Self.enumTypeName(declarator.type)
        else { return nil }
        Dependencies.record(typeName)
        guard !constants.otherFilesMaySet(property: storage, besides: path) else { return nil }
        return offered(typeName, at: use, "`\(storage)`, any `\(typeName)` users of public property `\(storage)` may set")
    }

    /// The name of the type a parameter or property is declared with, when it may be an `enum`
    /// (no pointer, no block).
    static func enumTypeName(_ type: ObjCTypeName) -> String? {
        guard type.pointerDepth == 0, !type.isBlock, let name = type.baseName, !name.contains(" ") else { return nil }
        return name
    }

    /// Each constant of the `enum` `typeName` one header of the scan declares, by its name (a cast to
    /// `SecAccessControlCreateFlags` reads it as its number), with `text` as the step of the path.
    private func offered(_ typeName: String, at use: ObjCExpr, _ text: String) -> Resolution? {
        guard let found = constants?.enumerators(ofType: typeName), !found.constants.isEmpty else { return nil }
        var result = Resolution()
        for enumerator in found.constants {
            result.add(TracedValue(value: .symbol(enumerator.name), trace: [step(.libraryOption, text, at: use.range)]))
        }
        return result
    }
}
