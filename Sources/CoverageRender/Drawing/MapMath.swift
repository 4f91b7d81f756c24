// SPDX-License-Identifier: Apache-2.0
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The C math library's functions the projections need (libm; no I/O), as in RoutingCore's
/// `Trigonometry`.
enum MapMath {
    static func cos(_ x: Double) -> Double { libmCos(x) }
    static func tan(_ x: Double) -> Double { libmTan(x) }
    static func atan(_ x: Double) -> Double { libmAtan(x) }
    static func exp(_ x: Double) -> Double { libmExp(x) }
    static func log(_ x: Double) -> Double { libmLog(x) }
    static func log10(_ x: Double) -> Double { libmLog10(x) }
    static func pow10(_ x: Double) -> Double { libmPow(10, x) }
}

private func libmCos(_ x: Double) -> Double { cos(x) }
private func libmTan(_ x: Double) -> Double { tan(x) }
private func libmAtan(_ x: Double) -> Double { atan(x) }
private func libmExp(_ x: Double) -> Double { exp(x) }
private func libmLog(_ x: Double) -> Double { log(x) }
private func libmLog10(_ x: Double) -> Double { log10(x) }
private func libmPow(_ x: Double, _ y: Double) -> Double { pow(x, y) }
