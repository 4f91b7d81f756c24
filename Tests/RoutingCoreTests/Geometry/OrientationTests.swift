// SPDX-License-Identifier: Apache-2.0
import Testing
import TestSupport
@testable import RoutingCore

@Suite("Exact orientation predicate")
struct OrientationTests {
    @Test func basicTurns() {
        #expect(PlanarOrientation.of(0, 0, 1, 0, 0, 1) == .counterclockwise)
        #expect(PlanarOrientation.of(0, 0, 1, 0, 0, -1) == .clockwise)
        #expect(PlanarOrientation.of(0, 0, 1, 1, 2, 2) == .collinear)
        #expect(PlanarOrientation.of(0, 0, 0, 0, 5, 7) == .collinear, "coincident a and b")
        #expect(PlanarOrientation.of(0, 0, 1, 0, 0, 1).sign == 1)
        #expect(PlanarOrientation.of(0, 0, 1, 0, 0, -1).sign == -1)
    }

    /// G15: in doubles 0.7+0.3, 0.8+0.2 and 0.6+0.4 all round to 1, yet the exact answers differ.
    @Test func triangleHypotenuseIsDecidedExactly() {
        // Directed edge (1,0) → (0,1): the triangle's interior is on its left.
        #expect(PlanarOrientation.of(1, 0, 0, 1, 0.7, 0.3) == .counterclockwise)
        #expect(PlanarOrientation.of(1, 0, 0, 1, 0.8, 0.2) == .clockwise)
        #expect(PlanarOrientation.of(1, 0, 0, 1, 0.6, 0.4) == .collinear)
        // What makes this hard: forming x + y rounds all three sums to exactly 1.
        #expect(0.7 + 0.3 == 1.0)
        #expect(0.8 + 0.2 == 1.0)
        #expect(0.6 + 0.4 == 1.0)
    }

    @Test func symmetries() {
        let points: [(Double, Double)] = [(0.1, 0.2), (12.5, -3.25), (-179.9, 89.5), (0.3, 0.6), (1e-9, 3e-9)]
        for a in points {
            for b in points {
                for c in points {
                    let abc = PlanarOrientation.of(a.0, a.1, b.0, b.1, c.0, c.1).sign
                    #expect(PlanarOrientation.of(b.0, b.1, a.0, a.1, c.0, c.1).sign == -abc)
                    #expect(PlanarOrientation.of(b.0, b.1, c.0, c.1, a.0, a.1).sign == abc)
                    #expect(PlanarOrientation.of(c.0, c.1, a.0, a.1, b.0, b.1).sign == abc)
                }
            }
        }
    }

    /// Points on dyadic grids make the exact determinant an integer, so Int arithmetic is the oracle.
    /// Near-collinear triples stress the exact stage.
    @Test func agreesWithIntegerOracleOnNearlyCollinearPoints() {
        var rng = SplitMix64(seed: 0xC0FFEE)
        let scale = 1.0 / 1_048_576  // 2^-20: every coordinate is k · 2^-20 with |k| < 2^28
        for _ in 0..<20_000 {
            let ax = Int64(rng.next() % 200_000_000) - 100_000_000
            let ay = Int64(rng.next() % 200_000_000) - 100_000_000
            let dx = Int64(rng.next() % 2_000_000) - 1_000_000
            let dy = Int64(rng.next() % 2_000_000) - 1_000_000
            let t = Int64(rng.next() % 64) - 16
            let bx = ax + dx, by = ay + dy
            // c on the line through a and b, nudged by at most one grid step.
            let cx = ax + t * dx + Int64(rng.next() % 3) - 1
            let cy = ay + t * dy + Int64(rng.next() % 3) - 1
            let exact = (ax - cx) * (by - cy) - (ay - cy) * (bx - cx)
            let expected = exact > 0 ? 1 : (exact < 0 ? -1 : 0)
            let got = PlanarOrientation.of(
                Double(ax) * scale, Double(ay) * scale, Double(bx) * scale, Double(by) * scale,
                Double(cx) * scale, Double(cy) * scale
            ).sign
            #expect(got == expected, "a=(\(ax),\(ay)) b=(\(bx),\(by)) c=(\(cx),\(cy))")
        }
    }

    /// Tiny (subnormal) and huge values take the exact-integer path; scaling by a power of two never
    /// changes the sign, so both paths must agree.
    @Test func exactIntegerPathAgreesWithExpansionPath() {
        var rng = SplitMix64(seed: 42)
        for _ in 0..<2_000 {
            var v: [Double] = []
            for _ in 0..<6 { v.append(Double(Int64(rng.next() % 2001) - 1000) / 7.0) }
            // Make some triples collinear on purpose.
            if rng.next() % 2 == 0 { v[4] = v[0] + 2 * (v[2] - v[0]); v[5] = v[1] + 2 * (v[3] - v[1]) }
            let base = PlanarOrientation.of(v[0], v[1], v[2], v[3], v[4], v[5])
            let up = v.map { $0 * 0x1p600 }
            let down = v.map { $0 * 0x1p-1000 }
            #expect(PlanarOrientation.of(up[0], up[1], up[2], up[3], up[4], up[5]) == base)
            // Scaling down to 2^-1000 can round subnormals, so only check when nothing was lost.
            if zip(down, v).allSatisfy({ $0 * 0x1p1000 == $1 }) {
                #expect(PlanarOrientation.of(down[0], down[1], down[2], down[3], down[4], down[5]) == base)
            }
        }
        let tiny = Double.leastNonzeroMagnitude
        #expect(PlanarOrientation.of(0, 0, tiny, 0, 0, tiny) == .counterclockwise)
        #expect(PlanarOrientation.of(0, 0, tiny, tiny, 2 * tiny, 2 * tiny) == .collinear)
        #expect(PlanarOrientation.of(0, 0, 1e300, 1e300, 1e300, -1e300) == .clockwise)
    }

    @Test func nonFiniteInputsAreCollinear() {
        #expect(PlanarOrientation.of(.nan, 0, 1, 0, 0, 1) == .collinear)
        #expect(PlanarOrientation.of(0, 0, .infinity, 0, 0, 1) == .collinear)
    }
}

