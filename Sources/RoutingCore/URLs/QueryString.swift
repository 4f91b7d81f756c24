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
            /// The value before percent-decoding (needed where `+` is sometimes literal, e.g. Plus Codes).
            var rawValue: Substring
            /// Where the raw name starts in `rawValue.base`.
            private var nameStart: String.Index
            /// ``Flags``.
            private var flags: UInt8

            /// Bits of ``flags``.
            private enum Flags {
                static let hasEquals: UInt8 = 1
                /// The decoded name is ``key`` (no escape, no `+`, no uppercase, ASCII).
                static let nameIsKey: UInt8 = 2
                /// The value has an escape, or a `+` that becomes a space.
                static let valueNeedsDecoding: UInt8 = 4
                static let plusAsSpace: UInt8 = 8
            }

            fileprivate init(key: String, rawValue: Substring, nameStart: String.Index, flags: UInt8) {
                self.key = key
                self.rawValue = rawValue
                self.nameStart = nameStart
                self.flags = flags
            }

            /// Whether the piece had an `=` at all.
            var hasEquals: Bool { flags & Flags.hasEquals != 0 }

            /// The decoded value.
            var value: String {
                if flags & Flags.valueNeedsDecoding == 0 { return String(rawValue) }
                return PercentDecoding.decodeChecked(rawValue, plusAsSpace: flags & Flags.plusAsSpace != 0)
            }

            /// The name before percent-decoding.
            private var rawName: Substring {
                let base = rawValue.base
                let nameEnd = hasEquals ? base.utf8.index(before: rawValue.startIndex) : rawValue.startIndex
                return base[nameStart..<nameEnd]
            }

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

            /// Builds the parameter of one piece of `raw`, checking its escapes and UTF-8.
            /// `bytes` are the bytes of `raw`; the offsets are into them.
            fileprivate static func make(
                _ raw: Substring, _ bytes: UnsafeBufferPointer<UInt8>,
                pieceStart: Int, nameEnd: Int, valueStart: Int, end: Int, hasEquals: Bool, plusAsSpace: Bool
            ) -> Result<Parameter, DirectionsURLError> {
                let nameBytes = UnsafeBufferPointer(rebasing: bytes[pieceStart..<nameEnd])
                let valueBytes = UnsafeBufferPointer(rebasing: bytes[valueStart..<end])
                var flags: UInt8 = hasEquals ? Flags.hasEquals : 0
                if plusAsSpace { flags |= Flags.plusAsSpace }
                let key: String
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
                    if nameHasUpper {
                        key = String(unsafeUninitializedCapacity: nameBytes.count) { out in
                            var i = 0
                            while i < nameBytes.count && i < out.count {
                                out[i] = UTF8Text.lower(nameBytes[i])
                                i &+= 1
                            }
                            return i
                        }
                    } else {
                        key = String(decoding: nameBytes, as: UTF8.self)
                        flags |= Flags.nameIsKey
                    }
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
                    key = QueryString.lowercasedKey(name)
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
                let utf8 = raw.base.utf8
                let nameStart = utf8.index(raw.startIndex, offsetBy: pieceStart)
                let rawStart = utf8.index(raw.startIndex, offsetBy: valueStart)
                let rawValue = raw.base[rawStart..<utf8.index(rawStart, offsetBy: end &- valueStart)]
                return .success(Parameter(key: key, rawValue: rawValue, nameStart: nameStart, flags: flags))
            }
        }

        /// All parameters, in URL order.
        var parameters: [Parameter]

        /// Splits `raw`, checking every escape and the UTF-8 of every decoded name and value.
        /// - Throws: `malformed-url` naming the parameter when a `%` escape is malformed or the decoded
        ///   bytes are not UTF-8.
        init(_ raw: Substring, plusAsSpace: Bool) throws(DirectionsURLError) {
            var parameters: [Parameter] = []
            if raw.isEmpty {
                self.parameters = parameters
                return
            }
            // One pass per piece over the contiguous bytes: '&' and '=' are ASCII, so the offsets found
            // are valid Substring offsets, and no grapheme breaking is done.
            var bytesOfRaw = raw
            let failure: DirectionsURLError? = bytesOfRaw.withUTF8 { bytes -> DirectionsURLError? in
                let n = bytes.count
                parameters.reserveCapacity(1 &+ UTF8Text.count(of: UInt8(ascii: "&"), in: bytes))
                var start = 0
                while start < n {
                    let end = UTF8Text.firstOffset(of: UInt8(ascii: "&"), in: bytes, from: start, to: n)
                    let equals = UTF8Text.firstOffset(of: UInt8(ascii: "="), in: bytes, from: start, to: end)
                    let eq = equals < end ? equals : -1
                    let pieceStart = start
                    start = end &+ 1
                    if end == pieceStart { continue }
                    switch Parameter.make(
                        raw, bytes, pieceStart: pieceStart, nameEnd: eq >= 0 ? eq : end,
                        valueStart: eq >= 0 ? eq &+ 1 : end, end: end, hasEquals: eq >= 0, plusAsSpace: plusAsSpace)
                    {
                    case .success(let parameter): parameters.append(parameter)
                    case .failure(let error): return error
                    }
                }
                return nil
            }
            if let failure { throw failure }
            self.parameters = parameters
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
        func all(_ key: String) -> [Parameter] { parameters.filter { $0.key == key } }

        /// Every value of `key` (any case), in order.
        func values(_ key: String) -> [String] { all(key).map(\.value) }

        /// Whether `key` (any case) appears at all.
        func contains(_ key: String) -> Bool { parameters.contains { $0.key == key } }

        /// The only parameter called `key`, or nil when absent.
        /// - Throws: `duplicate-parameter` when it appears more than once.
        func single(_ key: String, format: String) throws(DirectionsURLError) -> Parameter? {
            var found: Int? = nil
            var count = 0
            for i in parameters.indices where parameters[i].key == key {
                if found == nil { found = i }
                count += 1
            }
            guard let found else { return nil }
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
            for p in parameters where p.key == key { return p }
            return nil
        }

        /// How many parameters are called `key` (any case).
        func count(_ key: String) -> Int {
            var n = 0
            for p in parameters where p.key == key { n += 1 }
            return n
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
            UTF8Text.withBytes(text) { bytes in
                let n = bytes.count
                // Every '%' starts a checked escape, so the decoded length is exact (short texts stay
                // inline); the initializer checks the UTF-8 again (valid: the check decoded the same bytes).
                let count = max(0, n &- 2 &* UTF8Text.count(of: UInt8(ascii: "%"), in: bytes))
                return String(unsafeUninitializedCapacity: count) { out in
                    write(bytes, into: out, plusAsSpace: plusAsSpace)
                }
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
