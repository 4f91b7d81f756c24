import RoutingCore
import RoutingService

extension RoutingCtl {
    // MARK: validate --fix

    /// `routingctl validate --fix [--output FILE] [--swap-axes] [--dry-run] FILE`.
    /// SKELETON: filled in by the fixer work (issue 3); must not land as is.
    static func fix(_ arguments: [String]) throws(Arguments.UsageError) -> Int32 {
        usageError("--fix is not built yet", command: "validate")
    }
}
