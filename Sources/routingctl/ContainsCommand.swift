import RoutingCore
import RoutingService

extension RoutingCtl {
    // MARK: contains

    /// `routingctl contains [--json] FILE LAT LON [LAT LON ...]`.
    /// SKELETON: filled in by the geometry work (issue 3); must not land as is.
    static func contains(_ arguments: [String]) throws(Arguments.UsageError) -> Int32 {
        usageError("contains is not built yet", command: "contains")
    }
}
