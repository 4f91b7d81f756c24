// SPDX-License-Identifier: Apache-2.0
/// A 128-bit fingerprint of a file's bytes, to tell on reload whether a coverage file changed
/// since it was last validated (``AppRegistry/init(sources:previous:)``).
///
/// Two independent multiply-rotate lanes over eight bytes at a time, plus the length; not a
/// cryptographic hash. The files come from the admin who also edits them, so only accidental
/// collisions matter, and for two different files those have a chance of about 2⁻¹²⁸. Hashing runs
/// at several GB/s in a release build, far faster than validating the file again.
public struct ContentDigest: Hashable, Sendable {
    /// The byte count.
    public let count: Int
    let a: UInt64
    let b: UInt64

    /// The digest of `bytes`.
    public init(_ bytes: [UInt8]) {
        var a: UInt64 = 0x9E37_79B9_7F4A_7C15
        var b: UInt64 = 0xC2B2_AE3D_27D4_EB4F
        let count = bytes.count
        bytes.withUnsafeBytes { raw in
            let words = count / 8
            var i = 0
            while i < words {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i &* 8, as: UInt64.self))
                a = ((a ^ word) &* 0xFF51_AFD7_ED55_8CCD).rotated(31)
                b = ((b &+ word) &* 0xC4CE_B9FE_1A85_EC53).rotated(27) ^ a
                i &+= 1
            }
            var tail: UInt64 = 0
            var shift: UInt64 = 0
            for offset in (words &* 8)..<count {
                tail |= UInt64(raw[offset]) << shift
                shift &+= 8
            }
            a = ((a ^ tail) &* 0xFF51_AFD7_ED55_8CCD).rotated(31)
            b = ((b &+ tail) &* 0xC4CE_B9FE_1A85_EC53).rotated(27) ^ a
        }
        self.count = count
        self.a = a ^ UInt64(truncatingIfNeeded: count)
        self.b = b
    }
}

extension UInt64 {
    fileprivate func rotated(_ bits: UInt64) -> UInt64 { (self << bits) | (self >> (64 &- bits)) }
}
