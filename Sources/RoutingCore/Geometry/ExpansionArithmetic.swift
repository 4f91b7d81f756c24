// SPDX-License-Identifier: Apache-2.0
/// Exact floating-point arithmetic after J. R. Shewchuk, "Adaptive Precision Floating-Point
/// Arithmetic and Fast Robust Geometric Predicates" (Discrete & Computational Geometry 18, 1997):
/// TwoSum, TwoProduct (with a fused multiply-add) and non-overlapping expansions. Shared by the
/// exact predicates ``PlanarOrientation`` and ``RingWinding``.

/// True when products of this value with any other safe value are exact as TwoProduct pairs.
@inline(__always)
func isSafeForExpansion(_ x: Double) -> Bool {
    let m = x.magnitude
    return m == 0 || (m >= 0x1p-450 && m <= 0x1p450)
}

/// Knuth's TwoSum: `s + e == a + b` exactly, `s` the rounded sum.
@inline(__always)
func twoSum(_ a: Double, _ b: Double) -> (sum: Double, error: Double) {
    let s = a + b
    let bVirtual = s - a
    let aVirtual = s - bVirtual
    let bRoundoff = b - bVirtual
    let aRoundoff = a - aVirtual
    return (s, aRoundoff + bRoundoff)
}

/// TwoProduct with a fused multiply-add: `p + e == a · b` exactly when nothing under- or overflows.
@inline(__always)
func twoProduct(_ a: Double, _ b: Double) -> (product: Double, error: Double) {
    let p = a * b
    // (-p) + a·b with one rounding; the true residual is representable, so it is exact.
    let e = (-p).addingProduct(a, b)
    return (p, e)
}

/// Shewchuk's Grow-Expansion with zero elimination: adds `b` to a non-overlapping expansion whose
/// components are ordered by increasing magnitude, keeping both properties.
func growExpansion(_ e: inout [Double], _ b: Double) {
    var q = b
    var out: [Double] = []
    out.reserveCapacity(e.count + 1)
    for component in e {
        let (s, err) = twoSum(q, component)
        if err != 0 { out.append(err) }
        q = s
    }
    if q != 0 { out.append(q) }
    e = out
}

/// The sign of a non-overlapping expansion is the sign of its largest (last) non-zero component.
func expansionSign(_ e: [Double]) -> Int {
    for component in e.reversed() where component != 0 { return component > 0 ? 1 : -1 }
    return 0
}
