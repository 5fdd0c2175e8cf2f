import Testing
@testable import KeychainLintAnalysis

/// Callers grouped by what they see answer exactly as asking `mayCall(from:into:)` caller by
/// caller, in the callers' order.
@Suite("Module scope: callers grouped by what they see")
struct ModuleScopeCallerGroupsTests {
    static let paths = [
        "Pkg/Sources/Kit/A.swift",  // 0: Kit
        "Pkg/Sources/Kit/B.swift",  // 1: Kit
        "Pkg/Sources/Feature/C.swift",  // 2: Feature, depends on Kit
        "Pkg/Tests/KitTests/T.swift",  // 3: Kit's tests
        "Other/Sources/Other/D.swift",  // 4: an unrelated package
        "Loose/E.swift",  // 5: code no manifest claims, imports Kit
        "Loose/F.swift",  // 6: code no manifest claims, imports Other
        "Pkg/Extra/G.swift",  // 7: under Pkg's folder, claimed by no target
        "Unknown.swift",  // 8: unknown to the model
        "Shared/H.swift",  // 9: compiled into Kit and Other
        "Loose/Tests/U.swift",  // 10: a test folder no manifest claims
    ]

    static func scope() -> ModuleScope {
        let modules = [
            Module(name: "Kit", kind: .packageTarget, role: .library, platforms: [], manifest: "Pkg/Package.swift"),
            Module(name: "Feature", kind: .packageTarget, role: .library, platforms: [], manifest: "Pkg/Package.swift", dependencies: [0]),
            Module(name: "KitTests", kind: .packageTest, role: .test, platforms: [], manifest: "Pkg/Package.swift", dependencies: [0]),
            Module(name: "Other", kind: .packageTarget, role: .library, platforms: [], manifest: "Other/Package.swift"),
            Module(name: "Loose", kind: .folder, role: .app, platforms: [], manifest: nil),
            Module(name: "Pkg", kind: .folder, role: .app, platforms: [], manifest: nil),
            Module(name: "Loose/Tests", kind: .folder, role: .test, platforms: [], manifest: nil),
        ]
        let owners: [String: [Int]] = [
            paths[0]: [0], paths[1]: [0], paths[2]: [1], paths[3]: [2], paths[4]: [3], paths[5]: [4],
            paths[6]: [4], paths[7]: [5], paths[9]: [0, 3], paths[10]: [6],
        ]
        let model = ProjectModel(modules: modules, fileModules: owners, diagnostics: [])
        let imports: [Int: [String]] = [5: ["Kit"], 6: ["Other"], 10: ["Kit"]]
        return ModuleScope(model: model, paths: paths, imports: { imports[$0] ?? [] })
    }

    @Test("each callee gets the callers mayCall admits, in order, for call sites and for files")
    func sameAsCallerByCaller() {
        let scope = Self.scope()
        // Several call sites in one file, files out of order, every kind of file.
        let callSites = [0, 0, 2, 1, 3, 3, 4, 5, 2, 6, 7, 8, 8, 9, 10, 0, 5]
        let files = Array(Self.paths.indices)
        for (callers, isCallSites) in [(callSites, true), (files, false)] {
            let groups = scope.callerGroups(ModuleScope.CallersKey(name: "run", isCallSites: isCallSites)) { callers }
            for callee in Self.paths.indices {
                let expected = callers.indices.filter { scope.mayCall(from: callers[$0], into: callee) }
                #expect(scope.positions(in: groups, mayCallInto: callee) == expected, "callee \(Self.paths[callee])")
            }
        }
    }

    @Test("the grouping is made once per name and kind of caller list")
    func madeOnce() {
        let scope = Self.scope()
        var made = 0
        for _ in 0..<3 {
            _ = scope.callerGroups(ModuleScope.CallersKey(name: "run", isCallSites: true)) {
                made += 1
                return [0, 2, 4]
            }
        }
        #expect(made == 1)
    }
}
