// SPDX-License-Identifier: Apache-2.0
extension DirectionsURLParser {
    /// RFC 3986 §2.1 percent-decoding to UTF-8 text, done once.
    enum PercentDecoding {
        /// The `malformed-url` error of a failed decoding of the `what` (`name`, `value`) of `parameter`.
        static func decodingError(_ failure: PercentDecoding.Failure, parameter: String, what: String) -> DirectionsURLError {
            switch failure {
            case .badEscape(let escape):
                return DirectionsURLError(.malformedURL, parameter, "the \(what) of '\(parameter)' has a malformed percent-escape '\(escape)'; "
                    + "write '%' as %25 and escapes as %XX with two hex digits")
            case .invalidUTF8:
                return DirectionsURLError(.malformedURL, parameter,
                    "the \(what) of '\(parameter)' does not decode to UTF-8 text; percent-encode the UTF-8 bytes of the text")
            }
        }

        /// A `%` not followed by two hex digits (with at most three characters of it), or invalid decoded UTF-8.
        enum Failure: Error, Hashable { case badEscape(String), invalidUTF8 }

        /// What ``decode(_:plusAsSpace:)`` would give, found without building text (except to validate
        /// escaped bytes ≥ 0x80): nothing to decode, a changed text, or its failure.
        enum Check { case plain, needsDecoding, failure(Failure) }

        static func check(_ bytes: LinkInput, plusAsSpace: Bool) -> Check {
            switch escapes(bytes, plusAsSpace: plusAsSpace) {
            case nil: return .plain
            case .failure(let failure)?: return .failure(failure)
            case .success(let found)?:
                if found.high, case .failure(let failure)? = decode(bytes, plusAsSpace: plusAsSpace) { return .failure(failure) }
                return .needsDecoding
            }
        }

        /// Decodes bytes already checked by ``check(_:plusAsSpace:)``, as ``decode(_:plusAsSpace:)`` would.
        static func decodeChecked(_ bytes: LinkInput, plusAsSpace: Bool) -> String {
            // Every '%' starts a checked escape, so the decoded length is exact.
            let count = max(0, bytes.count &- 2 &* LinkInput.count(of: UInt8(ascii: "%"), in: bytes))
            return LinkInput.string(capacity: count) { out in writeDecoded(bytes, into: out, plusAsSpace: plusAsSpace) }
        }

        /// Decodes `bytes`; nil when nothing needs decoding (the caller copies the text as is).
        static func decode(_ bytes: LinkInput, plusAsSpace: Bool) -> Result<String, Failure>? {
            switch escapes(bytes, plusAsSpace: plusAsSpace) {
            case nil: return nil
            case .failure(let failure)?: return .failure(failure)
            case .success(let found)?:
                let count = bytes.count - 2 * found.count
                guard found.high else {
                    // ASCII escapes in valid UTF-8 text: the result is valid UTF-8.
                    return .success(LinkInput.string(capacity: count) { out in writeDecoded(bytes, into: out, plusAsSpace: plusAsSpace) })
                }
                // An escaped byte ≥ 0x80 may make invalid UTF-8, which is an error: validate (rare).
                let decoded = LinkInput.withScratch(capacity: count) { out in
                    String(validating: out.prefix(writeDecoded(bytes, into: out, plusAsSpace: plusAsSpace)), as: UTF8.self)
                }
                guard let decoded else { return .failure(.invalidUTF8) }
                return .success(decoded)
            }
        }

        /// The escapes of `bytes`: nil when nothing decodes (no `%`, nor `+` with `plusAsSpace`); else
        /// how many there are and whether one is `%80` or above, or the first malformed one.
        private static func escapes(_ bytes: LinkInput, plusAsSpace: Bool) -> Result<(count: Int, high: Bool), Failure>? {
            let n = bytes.count
            var i = plusAsSpace
                ? LinkInput.firstOffset(of: UInt8(ascii: "%"), or: UInt8(ascii: "+"), in: bytes, from: 0, to: n)
                : LinkInput.firstOffset(of: UInt8(ascii: "%"), in: bytes, from: 0, to: n)
            if i == n { return nil }
            var count = 0
            var high = false
            while i < n {
                if bytes[i] == UInt8(ascii: "%") {
                    guard i + 2 < n, let hi = hexValue(bytes[i + 1]), hexValue(bytes[i + 2]) != nil else {
                        return .failure(.badEscape(bytes.slice(i, min(i + 3, n)).string))
                    }
                    if hi >= 8 { high = true }
                    count &+= 1
                    i &+= 3
                } else {
                    i &+= 1
                }
            }
            return .success((count, high))
        }

        /// Writes the decoded `bytes` into `out` (escapes checked; a malformed one is kept), a raw `+`
        /// as a space with `plusAsSpace`, until `out` is full. Returns the number of bytes written.
        @inline(__always)
        static func writeDecoded(_ bytes: LinkInput, into out: LinkInput.Scratch, plusAsSpace: Bool) -> Int {
            let n = bytes.count
            var o = 0
            var i = 0
            while i < n && o < out.count {
                let b = bytes[i]
                if b == UInt8(ascii: "%"), i + 2 < n, let hi = hexValue(bytes[i + 1]), let lo = hexValue(bytes[i + 2]) {
                    out[o] = hi << 4 | lo
                    i &+= 3
                } else {
                    out[o] = plusAsSpace && b == UInt8(ascii: "+") ? UInt8(ascii: " ") : b
                    i &+= 1
                }
                o &+= 1
            }
            return o
        }

        private static func hexValue(_ b: UInt8) -> UInt8? {
            if b &- UInt8(ascii: "0") < 10 { return b &- UInt8(ascii: "0") }
            let letter = (b | 0x20) &- UInt8(ascii: "a")
            return letter < 6 ? letter &+ 10 : nil
        }
    }
}
