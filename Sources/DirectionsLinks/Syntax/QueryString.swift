// SPDX-License-Identifier: Apache-2.0
extension DirectionsURLParser {
    /// A URL query split by hand, keeping every parameter in order (repeated `daddr`/`waypoint`
    /// parameters are ordered stops, so a last-wins dictionary would lose them).
    ///
    /// Rules: the raw query (without `?`, without `#fragment`) is split on `&`; each piece is split into
    /// name and value at its first `=` (a piece without `=` has an empty value); empty pieces (`a=1&&b=2`)
    /// are skipped. Name and value are percent-decoded exactly once, as UTF-8. When `plusAsSpace` is true
    /// (form-encoded formats: Apple, Google, the `q` of `geo:`) a raw `+` becomes a space; an encoded
    /// `%2B` always stays a literal `+`. Names are looked up ignoring ASCII case.
    ///
    /// Foundation's `URLComponents` is deliberately not used: it never turns `+` into a space.
    ///
    /// Storage: one array of parameters, each its lowercased key (an inline `String` for short
    /// names), the raw query and byte offsets into it; values and names are sliced and decoded only
    /// when read.
    struct QueryString: Hashable, Sendable {
        /// One `name=value` pair.
        ///
        /// Only the lowercased look-up ``key`` is stored (short names are inline `String`s, no
        /// allocation) with the raw value; ``name`` and ``value`` are decoded on access. Every escape
        /// and the UTF-8 of the decoded bytes were checked when the query was split, so decoding on
        /// access cannot fail and errors are thrown where they always were.
        struct Parameter: Hashable, Sendable {
            /// The decoded name lowercased, for look-ups.
            var key: String
            /// The raw query this parameter is part of.
            private var raw: Substring
            /// Where the parameter lies in `raw`'s bytes.
            private var slot: Slot
            /// ``Flags``.
            private var flags: UInt8 { slot.flags }

            fileprivate init(key: String, raw: Substring, slot: Slot) {
                self.key = key
                self.raw = raw
                self.slot = slot
            }

            /// The value before percent-decoding (needed where `+` is sometimes literal, e.g. Plus Codes).
            var rawValue: Substring { slice(hasEquals ? slot.equals &+ 1 : slot.end, slot.end) }

            /// Calls `body` with the bytes of ``rawValue`` (no `Substring` is built: prefer this, or
            /// ``rawValueContains(_:)``, to reading ``rawValue`` in a loop).
            func withRawValueBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
                let slot = slot
                let from = slot.equals < slot.end ? slot.equals &+ 1 : slot.end
                var bytesOfRaw = raw
                return bytesOfRaw.withUTF8 { bytes in body(UnsafeBufferPointer(rebasing: bytes[from..<slot.end])) }
            }

            /// Whether ``rawValue`` contains `byte` (scans the bytes: no `Substring` is built).
            func rawValueContains(_ byte: UInt8) -> Bool {
                withRawValueBytes { bytes in
                    UTF8Text.firstOffset(of: byte, in: bytes, from: 0, to: bytes.count) < bytes.count
                }
            }

            /// `raw`'s bytes `from..<to` (ASCII-delimited, so on scalar boundaries).
            private func slice(_ from: Int, _ to: Int) -> Substring {
                let utf8 = raw.utf8
                let start = utf8.index(raw.startIndex, offsetBy: from)
                return raw.base[start..<utf8.index(start, offsetBy: to &- from)]
            }

            /// Whether the piece had an `=` at all.
            var hasEquals: Bool { flags & Flags.hasEquals != 0 }

            /// The decoded value (made from the bytes: no `Substring` is built).
            var value: String {
                let slot = slot
                let from = slot.equals < slot.end ? slot.equals &+ 1 : slot.end
                var bytesOfRaw = raw
                return bytesOfRaw.withUTF8 { bytes in
                    let value = UnsafeBufferPointer(rebasing: bytes[from..<slot.end])
                    if slot.flags & Flags.valueNeedsDecoding == 0 { return UTF8Text.string(value) }
                    return PercentDecoding.decodeChecked(value, plusAsSpace: slot.flags & Flags.plusAsSpace != 0)
                }
            }

            /// The name before percent-decoding.
            private var rawName: Substring { slice(slot.start, slot.equals) }

            /// The decoded name as written.
            var name: String {
                if flags & Flags.nameIsKey != 0 { return key }
                switch PercentDecoding.decode(rawName, plusAsSpace: flags & Flags.plusAsSpace != 0) {
                case .success(let text): return text
                case .failure: return String(rawName)  // not reached: checked when the query was split
                }
            }

            static func == (a: Parameter, b: Parameter) -> Bool {
                a.key == b.key && a.rawValue == b.rawValue && a.hasEquals == b.hasEquals && a.name == b.name
                    && a.value == b.value
            }

            func hash(into hasher: inout Hasher) {
                hasher.combine(name)
                hasher.combine(key)
                hasher.combine(value)
                hasher.combine(rawValue)
                hasher.combine(hasEquals)
            }
        }

        /// Bits of a parameter's flags.
        fileprivate enum Flags {
            static let hasEquals: UInt8 = 1
            /// The decoded name is the key (no escape, no `+`, no uppercase, ASCII).
            static let nameIsKey: UInt8 = 2
            /// The value has an escape, or a `+` that becomes a space.
            static let valueNeedsDecoding: UInt8 = 4
            static let plusAsSpace: UInt8 = 8
            /// The name is ASCII without escapes (and without `+` when `plusAsSpace`): its key is its
            /// bytes with ASCII uppercase lowered.
            static let namePlain: UInt8 = 16
        }

        /// Where one parameter lies in the raw query's bytes (plain data, no references).
        fileprivate struct Slot: Sendable {
            /// The offset of the name.
            var start = 0
            /// The offset of the `=`, or ``end`` when the piece has none.
            var equals = 0
            /// The offset after the value.
            var end = 0
            /// ``Flags``.
            var flags: UInt8 = 0
        }

        /// All parameters, in URL order.
        var parameters: [Parameter] = []

        /// Splits `raw`, checking every escape and the UTF-8 of every decoded name and value.
        /// - Throws: `malformed-url` naming the parameter when a `%` escape is malformed or the decoded
        ///   bytes are not UTF-8.
        init(_ raw: Substring, plusAsSpace: Bool) throws(DirectionsURLError) {
            if raw.isEmpty { return }
            var parameters: [Parameter] = []
            // One pass per piece over the contiguous bytes: '&' and '=' are ASCII, so the offsets found
            // are valid Substring offsets, and no grapheme breaking is done. A parameter keeps offsets
            // into `raw`; its value and name are sliced only when read.
            var bytesOfRaw = raw
            let failure: DirectionsURLError? = bytesOfRaw.withUTF8 { bytes -> DirectionsURLError? in
                let n = bytes.count
                parameters.reserveCapacity(1 &+ UTF8Text.count(of: UInt8(ascii: "&"), in: bytes))
                var start = 0
                while start < n {
                    let end = UTF8Text.firstOffset(of: UInt8(ascii: "&"), in: bytes, from: start, to: n)
                    let equals = UTF8Text.firstOffset(of: UInt8(ascii: "="), in: bytes, from: start, to: end)
                    let pieceStart = start
                    start = end &+ 1
                    if end == pieceStart { continue }
                    var slot = Slot(start: pieceStart, equals: equals, end: end)
                    switch Self.check(bytes, slot, plusAsSpace: plusAsSpace) {
                    case .success(let (flags, decodedKey)):
                        slot.flags = flags
                        parameters.append(Parameter(key: decodedKey ?? Self.plainKey(bytes, slot), raw: raw, slot: slot))
                    case .failure(let error):
                        return error
                    }
                }
                return nil
            }
            if let failure { throw failure }
            self.parameters = parameters
        }

        /// Checks one piece's escapes and UTF-8; returns its flags, and its key when the name is not
        /// plain.
        private static func check(
            _ bytes: UnsafeBufferPointer<UInt8>, _ slot: Slot, plusAsSpace: Bool
        ) -> Result<(UInt8, String?), DirectionsURLError> {
            let hasEquals = slot.equals < slot.end
            let nameBytes = UnsafeBufferPointer(rebasing: bytes[slot.start..<slot.equals])
            let valueBytes = UnsafeBufferPointer(rebasing: bytes[(hasEquals ? slot.equals &+ 1 : slot.end)..<slot.end])
            var flags: UInt8 = hasEquals ? Flags.hasEquals : 0
            if plusAsSpace { flags |= Flags.plusAsSpace }
            var decodedKey: String? = nil
            var nameHasUpper = false
            var nameIsPlain = true
            for b in nameBytes {
                if b >= 0x80 || b == UInt8(ascii: "%") || (plusAsSpace && b == UInt8(ascii: "+")) {
                    nameIsPlain = false
                    break
                }
                if b &- 65 < 26 { nameHasUpper = true }
            }
            if nameIsPlain {
                flags |= Flags.namePlain
                if !nameHasUpper { flags |= Flags.nameIsKey }
            } else {
                let name: String
                switch PercentDecoding.decode(nameBytes, plusAsSpace: plusAsSpace) {
                case nil: name = String(decoding: nameBytes, as: UTF8.self)
                case .success(let text)?: name = text
                case .failure(let failure)?:
                    return .failure(QueryString.decodingError(
                        failure, parameter: nameBytes.isEmpty ? "query" : String(decoding: nameBytes, as: UTF8.self),
                        what: "name"))
                }
                decodedKey = QueryString.lowercasedKey(name)
            }
            switch PercentDecoding.check(valueBytes, plusAsSpace: plusAsSpace) {
            case .plain: break
            case .needsDecoding: flags |= Flags.valueNeedsDecoding
            case .failure(let failure):
                // The message names the decoded name (built on this error path only).
                var name: String
                switch PercentDecoding.decode(nameBytes, plusAsSpace: plusAsSpace) {
                case .success(let text)?: name = text
                default: name = String(decoding: nameBytes, as: UTF8.self)
                }
                if name.isEmpty { name = "query" }
                return .failure(QueryString.decodingError(failure, parameter: name, what: "value"))
            }
            return .success((flags, decodedKey))
        }

        /// The key of a plain name: its bytes, ASCII uppercase lowered (short keys are inline
        /// `String`s: no allocation).
        private static func plainKey(_ bytes: UnsafeBufferPointer<UInt8>, _ slot: Slot) -> String {
            let name = UnsafeBufferPointer(rebasing: bytes[slot.start..<slot.equals])
            return String(unsafeUninitializedCapacity: name.count) { out in
                var i = 0
                while i < name.count && i < out.count {
                    out[i] = UTF8Text.lower(name[i])
                    i &+= 1
                }
                return i
            }
        }

        /// Calls `body` with the index of each parameter whose key is `key`, in order, until it
        /// returns false.
        @inline(__always)
        private func forEachIndex(of key: String, _ body: (Int) -> Bool) {
            var i = 0
            let n = parameters.count
            while i < n {
                if parameters[i].key == key && !body(i) { return }
                i &+= 1
            }
        }

        /// `name` lowercased; ASCII names without Unicode case mapping, and without a copy when
        /// they are lowercase already (the usual case).
        static func lowercasedKey(_ name: String) -> String {
            var upper = false
            for b in name.utf8 {
                if b >= 0x80 { return name.lowercased() }
                if b &- 65 < 26 { upper = true }
            }
            guard upper else { return name }
            return UTF8Text.lowercased(name[...])
        }

        /// Every parameter called `key` (any case), in order.
        func all(_ key: String) -> [Parameter] {
            var found: [Parameter] = []
            forEachIndex(of: key) { i in
                found.append(parameters[i])
                return true
            }
            return found
        }

        /// Every value of `key` (any case), in order.
        func values(_ key: String) -> [String] {
            var found: [String] = []
            forEachIndex(of: key) { i in
                found.append(parameters[i].value)
                return true
            }
            return found
        }

        /// Whether `key` (any case) appears at all.
        func contains(_ key: String) -> Bool {
            var found = false
            forEachIndex(of: key) { _ in
                found = true
                return false
            }
            return found
        }

        /// The only parameter called `key`, or nil when absent.
        /// - Throws: `duplicate-parameter` when it appears more than once.
        func single(_ key: String, format: String) throws(DirectionsURLError) -> Parameter? {
            var found = -1
            var count = 0
            forEachIndex(of: key) { i in
                if found < 0 { found = i }
                count &+= 1
                return true
            }
            guard found >= 0 else { return nil }
            if count > 1 {
                throw DirectionsURLError(
                    code: .duplicateParameter,
                    message: "'\(key)' appears \(count) times in this \(format); give it once",
                    parameter: key)
            }
            return parameters[found]
        }

        /// The first parameter called `key` (any case), or nil; no array is built.
        func first(_ key: String) -> Parameter? {
            var found = -1
            forEachIndex(of: key) { i in
                found = i
                return false
            }
            return found >= 0 ? parameters[found] : nil
        }

        /// The last parameter called `key` (any case), or nil; no array is built.
        func last(_ key: String) -> Parameter? {
            var found = -1
            forEachIndex(of: key) { i in
                found = i
                return true
            }
            return found >= 0 ? parameters[found] : nil
        }

        /// How many parameters are called `key` (any case).
        func count(_ key: String) -> Int {
            var n = 0
            forEachIndex(of: key) { _ in
                n &+= 1
                return true
            }
            return n
        }

        /// The position in ``parameters`` of the first parameter called `key` (any case), or nil.
        func firstIndex(of key: String) -> Int? {
            var found: Int? = nil
            forEachIndex(of: key) { i in
                found = i
                return false
            }
            return found
        }

        /// Percent-decodes once, throwing `malformed-url` naming `parameter`.
        static func decode(
            _ raw: Substring, plusAsSpace: Bool, parameter: String, what: String = "value"
        ) throws(DirectionsURLError) -> String {
            switch PercentDecoding.decode(raw, plusAsSpace: plusAsSpace) {
            case .success(let text):
                return text
            case .failure(let failure):
                throw decodingError(failure, parameter: parameter, what: what)
            }
        }

        /// The `malformed-url` error of a failed decoding (built only on the error path).
        static func decodingError(
            _ failure: PercentDecoding.Failure, parameter: String, what: String
        ) -> DirectionsURLError {
            switch failure {
            case .badEscape(let escape):
                return DirectionsURLError(
                    code: .malformedURL,
                    message: "the \(what) of '\(parameter)' has a malformed percent-escape '\(escape)'; write '%' as %25 and escapes as %XX with two hex digits",
                    parameter: parameter)
            case .invalidUTF8:
                return DirectionsURLError(
                    code: .malformedURL,
                    message: "the \(what) of '\(parameter)' does not decode to UTF-8 text; percent-encode the UTF-8 bytes of the text",
                    parameter: parameter)
            }
        }
    }

    /// RFC 3986 §2.1 percent-decoding to UTF-8 text, done once.
    enum PercentDecoding {
        enum Failure: Error, Hashable {
            /// A `%` not followed by two hex digits; carries the offending text (at most three characters).
            case badEscape(String)
            /// The decoded bytes are not valid UTF-8.
            case invalidUTF8
        }

        /// Decodes `%XX` escapes; with `plusAsSpace`, a raw `+` becomes U+0020.
        static func decode(_ text: Substring, plusAsSpace: Bool) -> Result<String, Failure> {
            let decoded: Result<String, Failure>? = UTF8Text.withBytes(text) { bytes in
                decode(bytes, plusAsSpace: plusAsSpace)
            }
            return decoded ?? .success(String(text))
        }

        /// What decoding `bytes` would give, without building the text.
        enum Check {
            /// Nothing to decode: the text is the bytes as they are.
            case plain
            /// Decoding succeeds and changes the text.
            case needsDecoding
            /// Decoding fails, as `decode` would.
            case failure(Failure)
        }

        /// Checks `bytes` as ``decode(_:plusAsSpace:)`` would decode them, building text only when an
        /// escaped byte ≥ 0x80 needs UTF-8 validation (rare).
        static func check(_ bytes: UnsafeBufferPointer<UInt8>, plusAsSpace: Bool) -> Check {
            let n = bytes.count
            let first = plusAsSpace
                ? UTF8Text.firstOffset(of: UInt8(ascii: "%"), or: UInt8(ascii: "+"), in: bytes, from: 0, to: n)
                : UTF8Text.firstOffset(of: UInt8(ascii: "%"), in: bytes, from: 0, to: n)
            if first == n { return .plain }
            var i = first
            while i < n {
                if bytes[i] == UInt8(ascii: "%") {
                    guard i + 2 < n, let hi = hexValue(bytes[i + 1]), hexValue(bytes[i + 2]) != nil else {
                        break  // decode builds the failure
                    }
                    if hi >= 8 { break }  // decode validates the UTF-8
                    i &+= 3
                } else {
                    i &+= 1
                }
            }
            if i >= n { return .needsDecoding }
            switch decode(bytes, plusAsSpace: plusAsSpace) {
            case .failure(let failure)?: return .failure(failure)
            default: return .needsDecoding
            }
        }

        /// Decodes text whose escapes and decoded UTF-8 were already checked (by ``check(_:plusAsSpace:)``),
        /// in one pass. Gives what ``decode(_:plusAsSpace:)`` gives for such text.
        static func decodeChecked(_ text: Substring, plusAsSpace: Bool) -> String {
            UTF8Text.withBytes(text) { bytes in decodeChecked(bytes, plusAsSpace: plusAsSpace) }
        }

        /// ``decodeChecked(_:plusAsSpace:)`` of bytes.
        static func decodeChecked(_ bytes: UnsafeBufferPointer<UInt8>, plusAsSpace: Bool) -> String {
            let n = bytes.count
            // Every '%' starts a checked escape, so the decoded length is exact (short texts stay
            // inline); the initializer checks the UTF-8 again (valid: the check decoded the same bytes).
            let count = max(0, n &- 2 &* UTF8Text.count(of: UInt8(ascii: "%"), in: bytes))
            return String(unsafeUninitializedCapacity: count) { out in
                write(bytes, into: out, plusAsSpace: plusAsSpace)
            }
        }

        /// Decodes `bytes`; nil when nothing needs decoding (the caller copies the text as is).
        static func decode(_ bytes: UnsafeBufferPointer<UInt8>, plusAsSpace: Bool) -> Result<String, Failure>? {
            let n = bytes.count
            var first = 0
            while first < n {
                let b = bytes[first]
                if b == UInt8(ascii: "%") || (plusAsSpace && b == UInt8(ascii: "+")) { break }
                first &+= 1
            }
            if first == n { return nil }
            // Check every escape first, so the output can be written in one pass into a String.
            var i = first
            var escapes = 0
            var highBytes = false
            while i < n {
                if bytes[i] == UInt8(ascii: "%") {
                    guard i + 2 < n, let hi = hexValue(bytes[i + 1]), hexValue(bytes[i + 2]) != nil else {
                        let end = min(i + 3, n)
                        let snippet = String(decoding: UnsafeBufferPointer(rebasing: bytes[i..<end]), as: UTF8.self)
                        return .failure(.badEscape(snippet))
                    }
                    if hi >= 8 { highBytes = true }
                    escapes &+= 1
                    i &+= 3
                } else {
                    i &+= 1
                }
            }
            let count = n - 2 * escapes
            if highBytes {
                // An escaped byte ≥ 0x80 may make invalid UTF-8, which is an error: validate (rare).
                let out = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
                    initialized = write(bytes, into: buffer, plusAsSpace: plusAsSpace)
                }
                guard let decoded = String(validating: out, as: UTF8.self) else { return .failure(.invalidUTF8) }
                return .success(decoded)
            }
            // Every escape is ASCII and the other bytes come from valid UTF-8 text: the result is
            // valid UTF-8, written once.
            let decoded = String(unsafeUninitializedCapacity: count) { out in
                write(bytes, into: out, plusAsSpace: plusAsSpace)
            }
            return .success(decoded)
        }

        /// Writes the decoded form of `bytes` into `out` (see ``write(_:into:plusAsSpace:)``); returns
        /// the number of bytes written (at most `bytes.count`).
        @inline(__always)
        static func writeDecoded(
            _ bytes: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt8>, plusAsSpace: Bool
        ) -> Int {
            write(bytes, into: out, plusAsSpace: plusAsSpace)
        }

        /// Writes the decoded form of `bytes` into `out` (escapes already checked, or skipped when
        /// malformed as the checking callers never pass them), a raw `+` as a space with
        /// `plusAsSpace`; stops when `out` is full. Returns the number of bytes written.
        @inline(__always)
        private static func write(
            _ bytes: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt8>, plusAsSpace: Bool
        ) -> Int {
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
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): b - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): b - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): b - UInt8(ascii: "A") + 10
            default: nil
            }
        }
    }
}
