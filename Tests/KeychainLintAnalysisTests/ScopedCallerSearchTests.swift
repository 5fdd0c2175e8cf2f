import KeychainLintAnalysis
import KeychainLintModel
import SwiftSyntax
import Testing

/// The callers of a function that few of the files naming it can see are searched in those
/// files only, and the answer is the one the scan-wide search of the name's calls gives.
@Suite("Resolver: callers searched where the function is visible")
struct ScopedCallerSearchTests {
    /// `count` package targets that depend on none other, each with a store whose helper has the
    /// same name; the store of module 3 passes `.biometryCurrentSet`, the others `.biometryAny`.
    private static func storesIndex(count: Int = 16) -> (index: ProjectIndex, asking: Int) {
        var paths: [String] = []
        var inputs: [ProjectIndex.Input] = []
        var modules: [Module] = []
        var owners: [String: [Int]] = [:]
        for number in 0..<count {
            let path = "Pkg/Sources/Feature\(number)/Store.swift"
            paths.append(path)
            inputs.append(ProjectIndex.Input(path: path, text: """
                import Security
                final class Store\(number) {
                    func makeAccess(flags: SecAccessControlCreateFlags) -> SecAccessControl? {
                        SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenUnlockedThisDeviceOnly, probe(flags), nil)
                    }
                    func save() -> SecAccessControl? {
                        makeAccess(flags: \(number == 3 ? ".biometryCurrentSet" : ".biometryAny"))
                    }
                }
                """))
            modules.append(Module(name: "Feature\(number)", kind: .packageTarget, role: .library, platforms: [], manifest: "Pkg/Package.swift"))
            owners[path] = [number]
        }
        let index = ProjectIndex(inputs: inputs)
        let model = ProjectModel(modules: modules, fileModules: owners, diagnostics: [])
        index.scope = ModuleScope(model: model, paths: paths, imports: { _ in ["Security"] })
        return (index, 3)
    }

    private static func probe(in file: SourceFile) -> ExprSyntax? {
        file.tree.tokens(viewMode: .sourceAccurate).first { $0.text == "probe" }?
            .parent?.as(DeclReferenceExprSyntax.self)?.parent?.as(FunctionCallExprSyntax.self)?.arguments.first?.expression
    }

    @Test("a helper named alike in many modules: its module's callers only, without the scan-wide search")
    func searchedInItsModule() throws {
        let (index, asking) = Self.storesIndex()
        let file = index.file(at: asking)
        let expression = try #require(Self.probe(in: file))
        let scoped = ValueResolver(index: index).resolve(expression, in: file)
        #expect(scoped.descriptions.count == 1)
        #expect(scoped.descriptions.allSatisfy { $0.contains("biometryCurrentSet") }, "\(scoped.descriptions)")
        #expect(!index.hasSearchedCallSites(named: "makeAccess"), "the calls of every module were searched")

        // The same question after the scan-wide search of the name's calls: the same answer.
        let (searchedIndex, _) = Self.storesIndex()
        _ = searchedIndex.callSites(named: "makeAccess")
        #expect(searchedIndex.hasSearchedCallSites(named: "makeAccess"))
        let searchedFile = searchedIndex.file(at: asking)
        let searchedExpression = try #require(Self.probe(in: searchedFile))
        let global = ValueResolver(index: searchedIndex).resolve(searchedExpression, in: searchedFile)
        #expect(global == scoped)
    }

    @Test("a helper most files naming it can see is searched across the scan")
    func searchedAcrossTheScan() throws {
        // Without a module model every file may call every other.
        let (index, asking) = Self.storesIndex(count: 4)
        index.scope = nil
        let file = index.file(at: asking)
        let expression = try #require(Self.probe(in: file))
        let answer = ValueResolver(index: index).resolve(expression, in: file)
        // The other stores' calls are inside types that declare their own `makeAccess`.
        #expect(answer.descriptions.count == 1)
        #expect(answer.descriptions.allSatisfy { $0.contains("biometryCurrentSet") }, "\(answer.descriptions)")
        #expect(index.hasSearchedCallSites(named: "makeAccess"))
    }
}
