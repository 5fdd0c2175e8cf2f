/// Declaration nodes: types as far as the rules need them, variables, functions, and the
/// Objective-C containers (`@interface`, `@implementation`, `@protocol`, categories).
///
/// Types are kept as a normalised spelling plus the few facts rules ask about (the base type
/// name, pointer depth, a block type): the analyzer needs to skip types correctly and tell
/// `NSString *` from `CFDictionaryRef`, not to type-check C.

/// A type as written: `NSString *`, `NSDictionary<NSString *, id> *`, `void (^)(BOOL, NSError *)`.
public struct ObjCTypeName: Sendable, Hashable, CustomStringConvertible {
    /// The tokens joined with single spaces, `*` after a space, no space inside `<>` and `()`
    /// edges: `NSDictionary<NSString *, id> *`, `const char *`.
    public var spelling: String
    /// The last type word before any `*` or declarator (`NSDictionary`, `CFErrorRef`, `int`);
    /// nil when none was found.
    public var baseName: String?
    /// Qualifiers and storage words that were part of the type (`const`, `__nullable`,
    /// `static`, `__block`, `unsigned`), in order.
    public var qualifiers: [String]
    /// The `*`s of the declarator.
    public var pointerDepth: Int
    /// A block type (`void (^)(BOOL)`) or block variable (`void (^handler)(BOOL)`).
    public var isBlock: Bool
    public var range: ObjCSourceRange

    public var description: String { spelling }

    /// `const` anywhere in the type (on the pointee or on the pointer).
    public var isConst: Bool { qualifiers.contains("const") }

    /// The class an object pointer type names: `Vault` for `Vault *` and `Vault * _Nonnull`;
    /// nil for `id`, C types and blocks (a class name starts with an upper-case letter, as for a
    /// class message's receiver).
    public static func className(_ type: ObjCTypeName) -> String? {
        guard type.pointerDepth == 1, !type.isBlock, let name = type.baseName, let first = name.unicodeScalars.first,
            ("A"..."Z").contains(first)
        else { return nil }
        return name
    }
}

/// A function, method-type or block parameter: `NSString *name`, `BOOL success`, `int` alone.
public struct ObjCParameter: Sendable, Hashable {
    public var name: String?
    public var type: ObjCTypeName
    public var range: ObjCSourceRange
}

/// One name of a declaration: `*query = [NSMutableDictionary dictionary]` in
/// `NSMutableDictionary *query = …, *other;`.
public struct ObjCDeclarator: Sendable, Hashable {
    public var name: String
    public var nameRange: ObjCSourceRange
    /// The full type of this name (base type plus this declarator's pointers).
    public var type: ObjCTypeName
    public var initializer: ObjCExpr?
    /// Parameters when the declarator declares a function (`OSStatus Save(NSString *value)`).
    public var functionParameters: [ObjCParameter]?
    public var range: ObjCSourceRange
}

/// `static NSString * const kService = @"x";`, `CFErrorRef error = NULL;`, a prototype, a typedef.
public struct ObjCDeclaration: Sendable, Hashable {
    /// Storage-class words: `static`, `extern`, `typedef`, `__block`, `register`,
    /// `FOUNDATION_EXPORT`-style macros are not storage and stay in the type's qualifiers.
    public var storage: [String]
    public var declarators: [ObjCDeclarator]
    public var range: ObjCSourceRange

    public var isStatic: Bool { storage.contains("static") }
    public var isExtern: Bool { storage.contains("extern") }
    public var isTypedef: Bool { storage.contains("typedef") }
}

/// A C function with a body.
public struct ObjCFunctionDefinition: Sendable, Hashable {
    public var name: String
    public var nameRange: ObjCSourceRange
    public var storage: [String]
    public var returnType: ObjCTypeName
    public var parameters: [ObjCParameter]
    /// A compound statement.
    public var body: ObjCStmt
    public var range: ObjCSourceRange
}

/// One piece of a method's selector: `bar:(int)b` in `- (void)foo:(NSString *)a bar:(int)b`.
public struct ObjCMethodParameter: Sendable, Hashable {
    /// The selector piece (`bar`); empty for an unnamed piece (`:(int)b`).
    public var label: String
    /// nil when the type is omitted (it is then `id`).
    public var type: ObjCTypeName?
    public var name: String
    public var range: ObjCSourceRange
}

public struct ObjCMethod: Sendable, Hashable {
    /// `+` methods.
    public var isClassMethod: Bool
    /// nil when omitted (it is then `id`).
    public var returnType: ObjCTypeName?
    /// `foo:bar:`, or `applicationPasswordExample` for a method without parameters.
    public var selector: String
    public var parameters: [ObjCMethodParameter]
    /// `, ...` after the last parameter.
    public var isVariadic: Bool
    /// A compound statement in an `@implementation`; nil for a declaration.
    public var body: ObjCStmt?
    public var range: ObjCSourceRange
}

/// `getter=isEnabled`, `nonatomic`, `setter=setFoo:`.
public struct ObjCPropertyAttribute: Sendable, Hashable {
    public var name: String
    public var value: String?
}

public struct ObjCProperty: Sendable, Hashable {
    public var attributes: [ObjCPropertyAttribute]
    /// The type and the name(s): `@property (nonatomic) NSString *a, *b;` has two declarators.
    public var declaration: ObjCDeclaration
    public var range: ObjCSourceRange

    public var names: [String] { declaration.declarators.map(\.name) }
}

public struct ObjCContainer: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case interface, implementation, `protocol`
        /// `@interface Name (Category)` / `@implementation Name (Category)`.
        case category(String), categoryImplementation(String)
        /// `@interface Name ()`.
        case `extension`
    }

    public var kind: Kind
    public var name: String
    public var nameRange: ObjCSourceRange
    public var superclass: String?
    public var protocols: [String]
    /// Instance variables in `{ … }` after the header.
    public var instanceVariables: [ObjCDeclaration]
    public var properties: [ObjCProperty]
    public var methods: [ObjCMethod]
    /// `@synthesize` / `@dynamic` (property = ivar pairs, ivar nil when not renamed).
    public var synthesized: [ObjCSynthesize]
    /// C functions, globals and other declarations written inside the container.
    public var nested: [ObjCTopLevelItem]
    /// False when the file ended before `@end`.
    public var hasEnd: Bool
    public var range: ObjCSourceRange
}

public struct ObjCSynthesize: Sendable, Hashable {
    public var property: String
    public var instanceVariable: String?
    public var isDynamic: Bool
}

/// An item at file scope (or nested in a container).
public struct ObjCTopLevelItem: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// Globals, prototypes, typedefs, `extern` constants.
        case declaration(ObjCDeclaration)
        case function(ObjCFunctionDefinition)
        case container(ObjCContainer)
        /// `@class A, B;`
        case classForward([String])
        /// `@protocol A;`
        case protocolForward([String])
        /// `@import Foundation;`
        case moduleImport(String)
        /// Tokens skipped (a diagnostic says why): an unknown construct or stray tokens.
        case unparsed
    }

    public var kind: Kind
    public var range: ObjCSourceRange
}

/// `#define NAME value` or `#define NAME(a, b) value`.
/// One constant of an `enum` body (`typedef NS_OPTIONS(NSUInteger, Policy) { PolicyBiometry = 1 << 1, … }`):
/// its value as written, or, without one, the previous constant's plus one (the first is 0).
public struct ObjCEnumerator: Sendable, Hashable {
    public var name: String
    public var nameRange: ObjCSourceRange
    /// The expression after `=`; nil when none is written, or when it is not an expression.
    public var value: ObjCExpr?
    /// Whether `=` is written (then a nil `value` could not be read).
    public var hasWrittenValue: Bool
    /// The constant before it in the same body, for one without a written value.
    public var previous: String?
    /// The type the body declares (`Policy`), when the macro, the tag or a typedef names it.
    public var typeName: String? = nil
}

public struct ObjCMacroDefinition: Sendable, Hashable {
    public var name: String
    public var nameRange: ObjCSourceRange
    /// nil for an object-like macro; the parameter names (`...` for a variadic one) otherwise.
    public var parameters: [String]?
    /// The replacement tokens as written.
    public var body: [ObjCToken]
    /// The body read as one expression, when it is one (`(kSecAccessControlBiometryAny |
    /// kSecAccessControlOr)`, `@"service"`); nil for an empty body, statements or fragments.
    public var value: ObjCExpr?
    /// The whole directive.
    public var range: ObjCSourceRange
}
