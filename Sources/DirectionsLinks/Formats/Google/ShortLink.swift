// SPDX-License-Identifier: Apache-2.0
extension DirectionsURLParser {
    /// Map short links (`maps.app.goo.gl/…`, `goo.gl/maps/…`, `share.google/…`, `g.co/kgs/…`,
    /// `maps.apple/p/…`): the real link hides behind an HTTP redirect, which the daemon (no network)
    /// cannot follow. Every one gets the same `unresolvable-offline` error, naming the service and host.
    enum ShortLink {
        /// `unresolvable-offline` (parameter `host`): `a Google Maps short link (share.google) …`, `an Apple Maps …`, with
        /// how to follow it (`routingctl resolve --expand-short-links URL`, client side).
        static func error(service: String, host: String) -> DirectionsURLError {
            let article = service.first.map { "AEIOU".contains($0) } == true ? "an" : "a"
            return DirectionsURLError(
                .unresolvableOffline, "host",
                "\(article) \(service) short link (\(host)) hides the real link behind an HTTP redirect and cannot be read offline; "
                    + "routingctl's --expand-short-links (with resolve, link or open) follows it, or open it once and pass the link it leads to")
        }
    }
}
