// SPDX-License-Identifier: Apache-2.0
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Sine, cosine, arcsine and arctangent in radians, from the C math library (libm): correctly
/// argument-reduced and accurate to about 1 ulp. The only C module RoutingCore uses; it does no I/O.
/// One place for the distance (``GreatCircle``) and area (``SphericalArea``) computations.
enum Trigonometry {
    @inline(__always) static func sin(_ x: Double) -> Double { libmSin(x) }
    @inline(__always) static func cos(_ x: Double) -> Double { libmCos(x) }
    @inline(__always) static func asin(_ x: Double) -> Double { libmAsin(x) }
    @inline(__always) static func atan2(_ y: Double, _ x: Double) -> Double { libmAtan2(y, x) }
    @inline(__always) static func atan(_ t: Double) -> Double { libmAtan(t) }
}

@inline(__always) private func libmSin(_ x: Double) -> Double { sin(x) }
@inline(__always) private func libmCos(_ x: Double) -> Double { cos(x) }
@inline(__always) private func libmAsin(_ x: Double) -> Double { asin(x) }
@inline(__always) private func libmAtan2(_ y: Double, _ x: Double) -> Double { atan2(y, x) }
@inline(__always) private func libmAtan(_ t: Double) -> Double { atan(t) }
