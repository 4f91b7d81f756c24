// SPDX-License-Identifier: Apache-2.0
extension LinkInput {
    /// A link split by RFC 3986 §3 into its parts, without percent-decoding anything. `scheme` is lowercased.
    /// With an authority (`scheme://host…`), `host` is lowercased, without port or trailing dot; userinfo stays
    /// in it so `evil@maps.apple.com` never matches a known host. Otherwise `host` is empty and `path` runs up
    /// to `?` (`geo:48.2,16.3;u=40` → `48.2,16.3;u=40`).
    struct Parts {
        var scheme: String
        /// Whether `rest` starts with `//` (a hierarchical link with an authority).
        var hasAuthority: Bool
        var host: String
        /// The index of ``host`` in ``DirectionsURLParser/hostEntries``, or -1 when it is not a known host.
        var hostEntry: Int
        var bytes: Parts

        /// The raw parts, slices of the link's bytes (still percent-encoded): the whole link, everything
        /// after `scheme:`, the path, the query after `?` (empty when there is none), the fragment after `#`.
        struct Parts {
            var link: LinkInput
            var rest: LinkInput
            var path: LinkInput
            var query: LinkInput
            var fragment: LinkInput?
        }

        /// Splits the link whose bytes are `link` (pinned for the parse) after the colon at `colon`;
        /// with `lookUpHost` (http and https), finds ``hostEntry`` in the known hosts, else -1.
        init(link: LinkInput, scheme: String, colon: Int, lookUpHost: Bool) {
            let bytes = link.suffix(from: colon &+ 1)
            let n = bytes.count
            var pos = 0
            var host = ""
            var hostEntry = -1
            var authority = false
            if n >= 2 && bytes[0] == UInt8(ascii: "/") && bytes[1] == UInt8(ascii: "/") {
                authority = true
                // The authority ends at the first '/', '?' or '#'.
                let a = LinkInput.firstOffset(of: UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"), in: bytes, from: 2, to: n)
                // Without a numeric port (`:8080`, also a bare `:`) and without one trailing dot.
                var hostEnd = a
                var j = a
                while j > 2 {
                    let b = bytes[j &- 1]
                    if b == UInt8(ascii: ":") {
                        hostEnd = j &- 1
                        break
                    }
                    guard b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") else { break }
                    j &-= 1
                }
                if hostEnd > 2 && bytes[hostEnd &- 1] == UInt8(ascii: ".") { hostEnd &-= 1 }
                let hostText = bytes.slice(2, hostEnd)
                // A known host (the usual case) is its table's literal: nothing is built.
                if lookUpHost { hostEntry = DirectionsURLParser.hostTable.index(of: hostText) }
                host = hostEntry >= 0 ? DirectionsURLParser.hostEntries[hostEntry].name : LinkInput.lowercased(hostText.string)
                pos = a
            }
            // The first '?' or '#' after the authority; a '#' after the '?' ends the query.
            let (q, end) = LinkInput.queryAndFragment(in: bytes, from: pos, to: n)
            (self.scheme, self.hasAuthority, self.host, self.hostEntry) = (scheme, authority, host, hostEntry)
            self.bytes = Parts(
                link: link, rest: bytes, path: bytes.slice(pos, Swift.min(q, end)), query: q < end ? bytes.slice(q &+ 1, end) : bytes.slice(end, end),
                fragment: end < n ? bytes.slice(end &+ 1, n) : nil)
        }
    }
}
