// SPDX-License-Identifier: Apache-2.0
/// Whether one routing app can serve one directions request, and why not.
///
/// `eligible` is three-valued, as the question sometimes has no answer yet:
/// - `true`: the app serves the mode and every endpoint lies in its coverage;
/// - `false`: at least one endpoint lies outside, or the mode is not served (``reasons`` lists all);
/// - `nil`: nothing rules the app out, but some endpoint has no coordinate yet: the current location
///   is not known, or an address has not been geocoded (routingd never geocodes).
public struct AppVerdict: Hashable, Sendable {
    public var appID: String
    public var eligible: Bool?
    /// Every reason the app is not (or not yet) eligible, in endpoint order. An eligible app has
    /// none, or only notes (``EligibilityReason/Rule/isNote``: the current location is near the
    /// coverage boundary).
    public var reasons: [EligibilityReason]

    public init(appID: String, eligible: Bool?, reasons: [EligibilityReason]) {
        self.appID = appID
        self.eligible = eligible
        self.reasons = reasons
    }
}

/// One reason behind a verdict, naming the endpoint (or the mode) it is about.
public struct EligibilityReason: Hashable, Sendable {
    /// The endpoint concerned, or nil for a reason about the mode.
    public var role: EndpointRole?
    public var rule: Rule
    /// One line for people, e.g. "destination 48.8584, 2.2945 is outside the coverage of London".
    public var message: String

    public init(role: EndpointRole?, rule: Rule, message: String) {
        self.role = role
        self.rule = rule
        self.message = OneLine.escaped(message)
    }

    /// Kinds of reason; raw values are stable ids.
    public enum Rule: String, Hashable, Sendable, CaseIterable {
        /// A coordinate endpoint lies outside every polygon of the coverage. Rules the app out.
        case outsideCoverage = "outside-coverage"
        /// The request's mode (or transport type) is not among the app's modes. Rules the app out.
        case modeNotSupported = "mode-not-supported"
        /// The endpoint is the current location and the daemon does not know it. Undetermined.
        case currentLocationUnknown = "current-location-unknown"
        /// The endpoint is an address that has not been resolved to a coordinate. Undetermined.
        case addressUnresolved = "address-unresolved"
        /// The current location is covered, but the coverage boundary is within its accuracy: the
        /// person may be outside. A note: the app stays eligible, flagged.
        case nearCoverageBoundary = "near-coverage-boundary"
        /// A covered endpoint is only the centre of a map view the link showed (precision
        /// `approximate`): the place meant may lie elsewhere on that map. A note: the app stays eligible, flagged.
        case approximatePoint = "approximate-point"

        /// True for the rules that make a verdict `false`; the others make it undetermined.
        public var rulesOut: Bool { self == .outsideCoverage || self == .modeNotSupported }

        /// True for the rules that only inform: the verdict stays what the other reasons make it.
        public var isNote: Bool { self == .nearCoverageBoundary || self == .approximatePoint }
    }
}
