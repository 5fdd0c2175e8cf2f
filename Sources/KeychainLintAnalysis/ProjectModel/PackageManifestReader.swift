import KeychainLintModel
import SwiftSyntax

/// Reads a `Package.swift` as data: its syntax tree, never running it (a manifest is code, and
/// running a scanned repository's code is not a linter's business). What it finds:
/// `.target/.executableTarget/.testTarget/.plugin/.macro(name:path:dependencies:…)` wherever
/// they are written (in `targets:`, in a variable that `targets:` names, in `package.targets +=`),
/// `.library/.executable(name:targets:)` products and the `platforms:` list. Names and paths must
/// be string literals; a target named by an expression is not seen.
public enum PackageManifestReader {
    public struct Manifest: Sendable, Hashable {
        public var packageName: String?
        public var targets: [Target]
        public var products: [Product]
        public var platforms: [Platform]
    }

    public struct Target: Sendable, Hashable {
        public var name: String
        public var kind: ModuleKind
        /// `path:` as written, relative to the package folder; nil for the conventional folder.
        public var path: String?
        public var dependencies: [Dependency]
    }

    public enum Dependency: Sendable, Hashable {
        /// `"Name"`, `.target(name:)` or `.byName(name:)`: a target of this package (or a product).
        case byName(String)
        /// `.product(name:package:)`: a product of another package.
        case product(String)
    }

    public struct Product: Sendable, Hashable {
        public var name: String
        public var targets: [String]
        /// Set for an app product (`.iOSApplication(name:targets:…)` of `AppleProductTypes`, as
        /// Swift Playgrounds and Xcode write for an app described by the manifest alone): its
        /// Info.plist is made from the product's arguments, not kept as a file.
        public var application: ApplicationProduct? = nil
    }

    /// What an app product declares that the rules read.
    public struct ApplicationProduct: Sendable, Hashable {
        /// The Face ID capability's `purposeString:` (`capabilities: [.faceID(purposeString: "…")]`),
        /// which becomes the app's NSFaceIDUsageDescription; nil when no capability asks for Face ID.
        public var faceIDPurpose: FaceIDPurpose?

        public enum FaceIDPurpose: Sendable, Hashable {
            /// A string literal (possibly empty).
            case literal(String)
            /// An expression the reader does not evaluate: the key is set to something.
            case expression
        }
    }

    static let targetKinds: [String: ModuleKind] = [
        "target": .packageTarget, "executableTarget": .packageExecutable, "testTarget": .packageTest,
        "plugin": .packagePlugin, "macro": .packageMacro,
    ]

    static let platformNames: [String: Platform] = [
        "iOS": .iOS, "macOS": .macOS, "macCatalyst": .iOS, "tvOS": .tvOS, "watchOS": .watchOS, "visionOS": .visionOS,
    ]

    /// Reads a parsed manifest. `file` went through the scan's parse limits (`SourceFile`); a
    /// manifest they cut short yields what the rest of the tree holds.
    public static func read(_ file: SourceFile) -> Manifest {
        let collector = Collector(viewMode: .sourceAccurate)
        collector.walk(file.tree)
        return Manifest(
            packageName: collector.packageName, targets: collector.targets, products: collector.products,
            platforms: Array(collector.platforms).sorted())
    }

    /// The folders SwiftPM looks in for a target without `path:` (the first that exists wins;
    /// the scan does not look at the disk, so each is a candidate).
    public static func conventionalFolders(for target: Target) -> [String] {
        switch target.kind {
        case .packageTest: ["Tests/\(target.name)"]
        case .packagePlugin: ["Plugins/\(target.name)"]
        default: ["Sources", "Source", "src", "srcs"].map { "\($0)/\(target.name)" }
        }
    }

    private final class Collector: SyntaxVisitor {
        var packageName: String?
        var targets: [Target] = []
        var products: [Product] = []
        var platforms: Set<Platform> = []

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            let name = SyntaxQueries.calleeName(of: node) ?? ""
            if name == "Package", node.calledExpression.is(DeclReferenceExprSyntax.self) {
                packageName = packageName ?? stringArgument("name", of: node)
            } else if let kind = targetKinds[name], isMemberCall(node),
                !["dependencies", "plugins", "products"].contains(where: { isInside(node, label: $0) }),
                let targetName = stringArgument("name", of: node)
            {
                targets.append(
                    Target(
                        name: targetName, kind: kind, path: stringArgument("path", of: node),
                        dependencies: dependencies(of: node)))
            } else if name == "library" || name == "executable", isMemberCall(node),
                let productName = stringArgument("name", of: node)
            {
                let listed = SyntaxQueries.argument(labeled: "targets", of: node).map { strings(in: $0.expression) } ?? []
                products.append(Product(name: productName, targets: listed))
            } else if name == "iOSApplication", isMemberCall(node), isInside(node, label: "products"),
                let productName = stringArgument("name", of: node)
            {
                let listed = SyntaxQueries.argument(labeled: "targets", of: node).map { strings(in: $0.expression) } ?? []
                products.append(
                    Product(name: productName, targets: listed, application: ApplicationProduct(faceIDPurpose: faceIDPurpose(of: node))))
            } else if let platform = platformNames[name], isMemberCall(node), isInside(node, label: "platforms"),
                !isInside(node, label: "condition")
            {
                platforms.insert(platform)
            }
            return .visitChildren
        }

        /// The purpose of a `.faceID(purposeString:)` among the app product's `capabilities:`
        /// (also inside a conditional capability, `.faceID(…)` as written anywhere in the list).
        private func faceIDPurpose(of product: FunctionCallExprSyntax) -> ApplicationProduct.FaceIDPurpose? {
            guard let capabilities = SyntaxQueries.argument(labeled: "capabilities", of: product)?.expression else { return nil }
            for token in capabilities.tokens(viewMode: .sourceAccurate) where token.text == "faceID" {
                guard let call = token.parent?.parent?.as(MemberAccessExprSyntax.self)?.parent?.as(FunctionCallExprSyntax.self),
                    let purpose = SyntaxQueries.argument(labeled: "purposeString", of: call)
                else { continue }
                return literal(purpose.expression).map { .literal($0) } ?? .expression
            }
            return nil
        }

        /// `.target(…)` or `Target.target(…)`, not a free function of that name.
        private func isMemberCall(_ call: FunctionCallExprSyntax) -> Bool {
            call.calledExpression.is(MemberAccessExprSyntax.self)
        }

        private func isInside(_ node: some SyntaxProtocol, label: String) -> Bool {
            var current = node.parent
            while let parent = current {
                if let argument = parent.as(LabeledExprSyntax.self), argument.label?.text == label { return true }
                current = parent.parent
            }
            return false
        }

        private func stringArgument(_ label: String, of call: FunctionCallExprSyntax) -> String? {
            SyntaxQueries.argument(labeled: label, of: call).flatMap { literal($0.expression) }
        }

        private func dependencies(of call: FunctionCallExprSyntax) -> [Dependency] {
            guard let list = SyntaxQueries.argument(labeled: "dependencies", of: call)?.expression.as(ArrayExprSyntax.self)
            else { return [] }
            return list.elements.compactMap { element in
                if let name = literal(element.expression) { return .byName(name) }
                guard let inner = element.expression.as(FunctionCallExprSyntax.self),
                    let name = stringArgument("name", of: inner)
                else { return nil }
                return SyntaxQueries.calleeName(of: inner) == "product" ? .product(name) : .byName(name)
            }
        }

        private func strings(in expression: ExprSyntax) -> [String] {
            expression.as(ArrayExprSyntax.self)?.elements.compactMap { literal($0.expression) } ?? []
        }

        /// A string literal without interpolation.
        private func literal(_ expression: ExprSyntax) -> String? {
            guard let string = expression.as(StringLiteralExprSyntax.self) else { return nil }
            var text = ""
            for segment in string.segments {
                guard let plain = segment.as(StringSegmentSyntax.self) else { return nil }
                text += plain.content.text
            }
            return text
        }
    }
}
