import KeychainLintModel
import Foundation
import KeychainLintCore
import SwiftSyntax

/// Where a declaration's syntax is: its file and its position in the file's tree. Declarations
/// keep this instead of the syntax itself, so that the index can let trees go and still answer
/// questions by name, type and labels from what it collected (`ProjectIndex`); the syntax is
/// fetched on use, from the file as the index holds it or parses it again.
public struct SyntaxReference: @unchecked Sendable {
    unowned let index: ProjectIndex
    public let fileIndex: Int
    let position: SyntaxIdentifier.SyntaxIndexInTree

    init(index: ProjectIndex, fileIndex: Int, node: some SyntaxProtocol) {
        self.index = index
        self.fileIndex = fileIndex
        self.position = node.id.indexInTree
    }

    public var file: SourceFile { index.file(at: fileIndex) }
    public var key: NodeKey { NodeKey(fileIndex: fileIndex, position: position) }

    public var node: Syntax { resolved.node }

    /// The file and the node, from one parse of the file.
    public var resolved: (file: SourceFile, node: Syntax) {
        guard let found = index.node(at: position, inFile: fileIndex) else {
            preconditionFailure("a syntax reference's position holds no node: the file was parsed differently")
        }
        return found
    }
}

/// A property, global or static constant declared at file or type level.
public struct VariableDeclaration: @unchecked Sendable {
    let reference: SyntaxReference
    public let name: String
    /// Name of the enclosing type or extended type; nil for globals.
    public let enclosingType: String?
    public let isStatic: Bool
    public let isConstant: Bool
    /// Written type annotation, without optionality (`SecAccessControlCreateFlags`).
    public let typeName: String?

    public var file: SourceFile { reference.file }
    /// The binding's key (without fetching its syntax).
    public var key: NodeKey { reference.key }
    public var binding: PatternBindingSyntax { reference.node.cast(PatternBindingSyntax.self) }
    /// `let a = 1, b = 2`: the declaration holding the binding (binding → list → declaration).
    public var declaration: VariableDeclSyntax {
        guard let declaration = binding.parent?.parent?.as(VariableDeclSyntax.self) else {
            preconditionFailure("a pattern binding outside a variable declaration")
        }
        return declaration
    }
}

/// How a caller can pass one parameter: what `ValueResolver.matchArguments` needs, without the syntax.
public struct ParameterShape: Sendable, Equatable {
    /// The argument label (`nil` for `_`).
    public let label: String?
    public let hasDefault: Bool
    public let isVariadic: Bool

    public init(_ parameter: FunctionParameterSyntax) {
        label = parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.text
        hasDefault = parameter.defaultValue != nil
        isVariadic = parameter.ellipsis != nil
    }
}

/// A function, method or initializer declared in the scan.
public struct FunctionDeclaration: @unchecked Sendable {
    let reference: SyntaxReference
    /// Base name; `init` for initializers.
    public let name: String
    public let enclosingType: String?
    public let isStatic: Bool
    public let shapes: [ParameterShape]
    public let hasBody: Bool

    public var file: SourceFile { reference.file }
    /// The declaration's key (without fetching its syntax).
    public var key: NodeKey { reference.key }
    /// The `FunctionDeclSyntax` or `InitializerDeclSyntax`.
    public var node: Syntax { reference.node }

    /// The syntax of the declaration, from one parse of its file.
    public var syntax: (node: Syntax, parameters: FunctionParameterListSyntax, body: CodeBlockSyntax?) {
        let node = node
        guard let (parameters, body) = SyntaxQueries.signature(of: node) else {
            preconditionFailure("a function declaration that is neither a function nor an initializer")
        }
        return (node, parameters, body)
    }

    public var parameters: FunctionParameterListSyntax { syntax.parameters }
    public var body: CodeBlockSyntax? { syntax.body }

    /// Argument labels as a caller writes them (`nil` for `_`).
    public var labels: [String?] { shapes.map(\.label) }
}

/// A type, or an extension of one.
public struct TypeDeclaration: @unchecked Sendable {
    let reference: SyntaxReference
    public let name: String
    public let enumCases: Set<String>
    public let isExtension: Bool
    public let isProtocol: Bool

    public var file: SourceFile { reference.file }
    public var node: Syntax { reference.node }
}

/// Declarations of one file (not locals), collected in one pass.
struct FileDeclarations {
    var variables: [String: [VariableDeclaration]] = [:]
    var functions: [String: [FunctionDeclaration]] = [:]
    var types: [String: [TypeDeclaration]] = [:]
    /// Type aliases of a function type (`typealias Completion = (Bool) -> Void`), by name.
    var functionTypeAliases: Set<String> = []
}
