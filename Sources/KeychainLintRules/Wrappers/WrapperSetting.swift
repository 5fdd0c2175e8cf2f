import KeychainLintAnalysis
import SwiftSyntax

/// What one wrapper call sets for one role (its accessibility, its access-control flags): the
/// argument as written, and every value it can have read through the library's model, each with
/// the path it took. Only calls that configure an instance or write are settings: a search's
/// argument only selects items (a read's `withAccessibility: .always` stores nothing), and so
/// does a configuration used at once only by a search.
struct WrapperSetting {
    let site: WrapperCallSite
    let argument: WrapperArgument
    /// The argument as written at the call: findings are reported here.
    let expression: ExprSyntax
    let values: [(option: WrapperOption, trace: [TraceStep])]
    /// The resolution, for `--verbose` when no value could be read.
    let resolution: Resolution

    /// The setting of `role` made by the call `input` is, when it is a modelled library call.
    static func of(_ input: RuleInput, role: WrapperArgumentRole, in context: RuleContext) -> WrapperSetting? {
        guard case .call(let syntax) = input, let site = WrapperCallSite.match(syntax, in: context), site.call.effect != .search,
            !site.onlyConfiguresASearch,
            let (argument, expression) = site.argument(for: role)
        else { return nil }
        return of(site, argument: argument, expression: expression, in: context)
    }

    /// The setting `argument` (written as `expression`) makes at `site`.
    static func of(_ site: WrapperCallSite, argument: WrapperArgument, expression: ExprSyntax, in context: RuleContext) -> WrapperSetting {
        let resolution = context.resolve(expression)
        var values: [(WrapperOption, [TraceStep])] = []
        for traced in resolution.values {
            guard let option = WrapperOption.read(traced.value, for: argument, of: site.model) else { continue }
            values.append((option, traced.trace))
        }
        return WrapperSetting(site: site, argument: argument, expression: expression, values: values, resolution: resolution)
    }

    /// The option as the app writes it at this call, and the library:
    /// "`.accessibility(.always)` (KeychainAccess)", "`accessControl: .userPresence` (Valet)".
    func written(_ option: WrapperOption) -> String {
        let call: String
        switch argument.place {
        case .label(let label): call = "\(label): \(option.spelling)"
        case .position:
            let name = site.call.name == "init" ? site.call.type : "." + site.call.name
            call = "\(name)(\(option.spelling))"
        }
        return "`\(call)` (\(site.model.library))"
    }
}
