import Testing
@testable import KeychainLintAnalysis

@Suite("Module scope: imports")
struct ModuleScopeImportTests {
    @Test("import lines name modules, with attributes, access levels and declaration kinds")
    func importLines() {
        let text = """
            import Foundation
            @testable import Vault
            @_implementationOnly import Hidden
            public import Shared
            import struct Kit.Config
            import Deep.Sub
            // import Commented
            let importance = 1
            func important() {}
            """
        let names = ModuleScope.imports(in: text)
        #expect(names == ["Foundation", "Vault", "Hidden", "Shared", "Kit", "Deep"])
    }
}
