import KeychainLintRuleKit
import KeychainLintAnalysis
import KeychainLintModel
import SwiftSyntax

/// The modules a file imports, read from its syntax: top-level `import` declarations, also inside
/// `#if` clauses (`#if canImport(KeychainAccess)`), whatever the clause's condition, as the
/// resolver treats every clause as possible. A wrapper model applies only in such a file.
enum FileImports {
    private struct MemoKey: Hashable {}

    /// Memoized per file (a rule context serves one file).
    static func modules(in context: RuleContext) -> Set<String> {
        context.memo(MemoKey()) { modules(of: context.file.tree.statements) }
    }

    private struct OwnModulesKey: Hashable {}

    /// Whether a model's calls are recognised in the context's file: the file imports the model's
    /// module, or the model is declared in the configuration and the file belongs to that module
    /// (by the project model: a team's wrapper used inside its own module needs no import).
    /// A built-in model is also seen where the scan holds a copy of the library's source,
    /// recognised by its declarations' shape (`VendoredWrappers`).
    static func sees(_ model: WrapperModel, in context: RuleContext) -> Bool {
        if modules(in: context).contains(model.module) { return true }
        if bridgingHeaderImports(model.module, in: context) || bridgingHeaderImportsCopy(of: model, in: context) { return true }
        guard model.isDeclaredInConfiguration else { return VendoredWrappers.isVendored(model, in: context) }
        return ownModules(in: context).contains(model.module)
    }

    /// The names of the modules the project model puts the context's file in (memoized per file).
    static func ownModules(in context: RuleContext) -> Set<String> {
        context.memo(OwnModulesKey()) { () -> Set<String> in
            let project = context.scan.projectModel
            return Set(project.modules(of: context.file.path).map { project.modules[$0].name })
        }
    }

    private struct SeenModelsKey: Hashable {}

    /// The scan's models the file sees (`sees`), each with whether only through a copy of the
    /// library (`seesOnlyAsCopy`), in the scan's order (memoized per file: asked for every call
    /// a wrapper check looks at).
    static func seenModels(in context: RuleContext) -> [(model: WrapperModel, onlyAsCopy: Bool)] {
        context.memo(SeenModelsKey()) { context.scan.wrapperModels.flatMap { seen([$0], in: context) } }
    }

    /// `models` the file sees, each with whether only through a copy of the library.
    static func seen(_ models: [WrapperModel], in context: RuleContext) -> [(model: WrapperModel, onlyAsCopy: Bool)] {
        models.filter { sees($0, in: context) }.map { ($0, seesOnlyAsCopy($0, in: context)) }
    }

    /// The file sees a built-in model only through a copy of the library's source in the scan
    /// (it does not import the module).
    static func seesOnlyAsCopy(_ model: WrapperModel, in context: RuleContext) -> Bool {
        !model.isDeclaredInConfiguration && !modules(in: context).contains(model.module)
    }

    /// Whether an Objective-C library's module reaches the file through a bridging header: a
    /// header of the scan named `…-Bridging-Header.h`, in the file's folder or a folder above it,
    /// that imports the module (`#import <SAMKeychain/SAMKeychain.h>`, `#import "SAMKeychain.h"`,
    /// `@import SAMKeychain;`). Xcode makes what such a header imports visible to every Swift file
    /// of the target without an `import`. The target's `SWIFT_OBJC_BRIDGING_HEADER` setting is not
    /// read: a header kept outside the folders of the Swift code it serves is not seen.
    static func bridgingHeaderImports(_ module: String, in context: RuleContext) -> Bool {
        // Recorded whatever the answer: a bridging header that comes to import the module mentions it.
        Dependencies.record(module)
        let path = context.file.path
        return bridgingHeaders(in: context.scan).contains { header in
            (header.folder.isEmpty || path.hasPrefix(header.folder + "/")) && header.modules.contains(module)
        }
    }

    /// Whether a bridging header the file sees imports the header of a copy of the Objective-C
    /// library under another class name (`#import "XYZKeychain.h"` for a prefixed copy of
    /// SAMKeychain, recognised by its declarations' shape: `ObjCWrapperCalls.copiedType`). The
    /// header is taken to be named after the class, as a copy's is.
    static func bridgingHeaderImportsCopy(of model: WrapperModel, in context: RuleContext) -> Bool {
        guard !model.headers.isEmpty else { return false }
        return bridgingHeaderModules(in: context).contains { bridgingHeaderImportsCopy(named: $0, of: model, in: context) }
    }

    /// Whether a bridging header the file sees imports `className`'s header and that class is a
    /// copy of the library under another name.
    static func bridgingHeaderImportsCopy(named className: String, of model: WrapperModel, in context: RuleContext) -> Bool {
        guard !model.headers.isEmpty, model.type(named: className) == nil, bridgingHeaderModules(in: context).contains(className)
        else { return false }
        return ObjCWrapperCalls.copiedType(className, of: model, constants: context.scan.objectiveCConstants) != nil
    }

    /// What the bridging headers the file sees import (`importedModules(ofHeader:)`).
    private static func bridgingHeaderModules(in context: RuleContext) -> Set<String> {
        let path = context.file.path
        var result: Set<String> = []
        for header in bridgingHeaders(in: context.scan) where header.folder.isEmpty || path.hasPrefix(header.folder + "/") {
            result.formUnion(header.modules)
        }
        return result
    }

    private static let bridgingHeadersFact = ScanFact<[(folder: String, modules: Set<String>)]>("wrappers.bridgingHeaders")

    /// The scan's bridging headers, each with its folder and the modules it imports (read once per scan).
    static func bridgingHeaders(in scan: ScanContext) -> [(folder: String, modules: Set<String>)] {
        scan.fact(bridgingHeadersFact) {
            ObjCLocalAuthentication.objectiveCFiles(in: scan).compactMap { file in
                let header = scan.index.path(at: file)
                let name = header.split(separator: "/").last.map(String.init) ?? header
                guard name.lowercased().hasSuffix("bridging-header.h") else { return nil }
                let folder = header.lastIndex(of: "/").map { String(header[..<$0]) } ?? ""
                return (folder, importedModules(ofHeader: scan.index.text(at: file)))
            }
        }
    }

    /// The modules a header's `#import`/`#include`/`@import` lines name: `X` for `<X/Y.h>`,
    /// `"X.h"` and `@import X;`.
    static func importedModules(ofHeader text: String) -> Set<String> {
        var found: Set<String> = []
        for line in text.split(whereSeparator: \.isNewline) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.hasPrefix("@import") {
                let rest = trimmed.dropFirst("@import".count).drop { $0 == " " }
                let name = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                if !name.isEmpty { found.insert(String(name)) }
                continue
            }
            guard trimmed.hasPrefix("#import") || trimmed.hasPrefix("#include") else { continue }
            let rest = trimmed.drop { $0 != "<" && $0 != "\"" }
            guard let open = rest.first else { continue }
            let inner = rest.dropFirst().prefix { $0 != (open == "<" ? ">" : "\"") }
            if open == "<", let slash = inner.firstIndex(of: "/") {
                found.insert(String(inner[..<slash]))
            } else {
                let base = inner.split(separator: "/").last.map(String.init) ?? String(inner)
                found.insert(base.hasSuffix(".h") ? String(base.dropLast(2)) : base)
            }
        }
        return found
    }

    static func modules(of statements: CodeBlockItemListSyntax) -> Set<String> {
        var found: Set<String> = []
        for statement in statements {
            if let declaration = statement.item.as(ImportDeclSyntax.self), let first = declaration.path.first {
                found.insert(first.name.text)
            } else if let conditional = statement.item.as(IfConfigDeclSyntax.self) {
                for clause in conditional.clauses {
                    if case .statements(let inner)? = clause.elements { found.formUnion(modules(of: inner)) }
                }
            }
        }
        return found
    }
}
