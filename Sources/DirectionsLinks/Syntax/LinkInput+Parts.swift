// SPDX-License-Identifier: Apache-2.0
extension LinkInput {
    /// A link split by RFC 3986 §3 into its parts, without percent-decoding anything.
    ///
    /// `scheme` is lowercased. With an authority (`scheme://host…`), `host` is lowercased, without port
    /// or trailing dot; userinfo stays in it so `evil@maps.apple.com` never matches a known host.
    /// Otherwise `host` is empty and `path` runs up to `?` (`geo:48.2,16.3;u=40` → `48.2,16.3;u=40`).
    ///
    /// The parts are ``LinkInput`` slices of the link's bytes (``bytes``), valid during the parse only.
    struct Parts {
        /// The scheme, lowercased (`https`, `geo`, `om`).
        var scheme: String
        /// Whether `rest` starts with `//` (a hierarchical link with an authority).
        var hasAuthority: Bool
        /// The host, lowercased, without port and trailing dot; empty without an authority.
        var host: String
        /// Whether the link has a `?`.
        var hasQuery: Bool
        /// The index of ``host`` in ``DirectionsURLParser/hostEntries``, or -1 when it is not a known host.
        var hostEntry: Int
        /// The raw parts, as bytes of ``original``.
        var bytes: Parts

        /// The raw parts of a link, as bytes (still percent-encoded).
        struct Parts {
            /// The whole link.
            var link: LinkInput
            /// Everything after `scheme:`.
            var rest: LinkInput
            /// The host as written (any case), without port and trailing dot; empty without an authority.
            var host: LinkInput
            /// The path.
            var path: LinkInput
            /// The query after `?`; empty when there is no `?` (see ``LinkInput.Parts/hasQuery``).
            var query: LinkInput
            /// The fragment after `#`, or nil.
            var fragment: LinkInput?
        }

        /// Everything after `scheme:`, raw.
        var rest: Substring { substring(bytes.rest) }
        /// The path, raw (still percent-encoded).
        var path: Substring { substring(bytes.path) }
        /// The query after `?`, raw; empty when there is no `?` (see ``hasQuery``).
        var query: Substring { substring(bytes.query) }
        /// The fragment after `#`, raw, or nil.
        var fragment: Substring? { bytes.fragment.map { substring($0) } }

        /// `part` (a slice of ``bytes``' link) as a new `Substring`, for the `Character` readings.
        func substring(_ part: LinkInput) -> Substring {
            Substring(part.string)
        }

        /// Splits the link whose bytes are `link` (pinned for the parse) after the colon at `colon`;
        /// with `lookUpHost` (http and https), finds ``hostEntry`` in the known hosts, else -1.
        init(link: LinkInput, scheme: String, colon: Int, lookUpHost: Bool) {
            let rest = link.suffix(from: colon &+ 1)
            let bytes = rest
            let n = bytes.count
            var pos = 0
            var host = ""
            var hostEntry = -1
            var authority = false
            var hostText = rest.slice(0, 0)
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
                let hostBytes = rest.slice(2, hostEnd)
                hostText = hostBytes
                // A known host (the usual case) is its table's literal: nothing is built.
                if lookUpHost { hostEntry = DirectionsURLParser.hostEntry(hostBytes) }
                if hostEntry >= 0 {
                    host = DirectionsURLParser.hostEntries[hostEntry].name
                } else if !hostBytes.isASCII {
                    host = hostBytes.string.lowercased()
                } else if !hostBytes.isLowercaseASCII {
                    host = hostBytes.lowercasedASCII
                } else {
                    host = hostBytes.string
                }
                pos = a
            }
            // The first '?' or '#' after the authority; a '#' after the '?' ends the query.
            let (q, hash) = LinkInput.queryAndFragment(in: bytes, from: pos, to: n)
            let end = hash
            self.scheme = scheme
            self.hasAuthority = authority
            self.host = host
            self.hasQuery = q < end
            self.hostEntry = hostEntry
            self.bytes = Parts(
                link: link,
                rest: rest,
                host: hostText,
                path: rest.slice(pos, Swift.min(q, end)),
                query: q < end ? rest.slice(q &+ 1, end) : rest.slice(end, end),
                fragment: hash < n ? rest.slice(hash &+ 1, n) : nil)
        }
    }
}
