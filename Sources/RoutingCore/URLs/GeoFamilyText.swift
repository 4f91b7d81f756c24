/// Byte-level text helpers of the geo/OSM/OsmAnd/Organic/ge0 parsers.
///
/// Links are almost always plain ASCII (percent-encoded), and in ASCII text every separator byte is a
/// whole Character (the only multi-scalar ASCII grapheme, CR LF, holds no separator), so a byte scan
/// finds exactly what a Character scan finds, without grapheme breaking. Text with other bytes is
/// scanned by Characters as before, so a separator that a combining mark joins to is still not one.
enum GeoFamilyText {
    static func isASCII(_ s: Substring) -> Bool {
        if let all = s.utf8.withContiguousStorageIfAvailable({ buffer in buffer.allSatisfy { $0 < 0x80 } }) { return all }
        return s.utf8.allSatisfy { $0 < 0x80 }
    }

    /// The index of the first `byte` (an ASCII separator) in `s`: the byte scan for ASCII text, else
    /// the first Character equal to it (whose index is the byte's, the next index one byte on).
    static func find(_ s: Substring, _ byte: UInt8, ascii: Bool) -> Substring.Index? {
        ascii ? firstByte(s, byte) : s.firstIndex(of: Character(Unicode.Scalar(byte)))
    }

    /// The index of the first `byte` in `s`'s UTF-8, scanning the contiguous bytes when there are.
    static func firstByte(_ s: Substring, _ byte: UInt8) -> Substring.Index? {
        let u = s.utf8
        if let offset = u.withContiguousStorageIfAvailable({ buffer in buffer.firstIndex(of: byte) }) {
            return offset.map { u.index(u.startIndex, offsetBy: $0) }
        }
        return u.firstIndex(of: byte)
    }

    /// `s.split(separator: Character(byte), omittingEmptySubsequences: false)`.
    static func split(_ s: Substring, _ byte: UInt8, ascii: Bool) -> [Substring] {
        guard ascii else { return s.split(separator: Character(Unicode.Scalar(byte)), omittingEmptySubsequences: false) }
        var pieces: [Substring] = []
        var start = s.startIndex
        var i = s.startIndex
        let u = s.utf8
        while i < u.endIndex {
            if u[i] == byte {
                pieces.append(s[start..<i])
                start = u.index(after: i)
            }
            i = u.index(after: i)
        }
        pieces.append(s[start...])
        return pieces
    }

    /// `a.lowercased() == b.lowercased()`, comparing bytes when both are ASCII.
    static func equalIgnoringCase(_ a: String, _ b: String) -> Bool {
        let ua = a.utf8
        let ub = b.utf8
        guard ua.allSatisfy({ $0 < 0x80 }), ub.allSatisfy({ $0 < 0x80 }) else { return a.lowercased() == b.lowercased() }
        guard ua.count == ub.count else { return false }
        return zip(ua, ub).allSatisfy { lower($0) == lower($1) }
    }

    /// `s.lowercased()`, without a copy when ASCII text has no uppercase letter.
    static func lowercased(_ s: String) -> String {
        let u = s.utf8
        if u.allSatisfy({ $0 < 0x80 && !($0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z")) }) { return s }
        return s.lowercased()
    }

    @inline(__always) static func lower(_ b: UInt8) -> UInt8 {
        b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z") ? b | 0x20 : b
    }
}
