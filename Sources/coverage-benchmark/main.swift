// SPDX-License-Identifier: Apache-2.0
import Glibc
import RoutingCore

// Point-in-coverage throughput, in process, on one thread. Not a test: scripts/benchmark-contains
// runs it side by side with shapely (see BENCHMARKS.md).
//
// Usage: coverage-benchmark COVERAGE.geojson POINTS.f64 [--scan]
//   POINTS.f64: little-endian float64 pairs longitude, latitude (numpy's tofile of an (n, 2) array).
//   Validates the coverage (geojson profile), builds its indexes (Coverage.indexed(); --scan skips
//   them), then locates every point once. Prints one JSON line:
//   {"points":N,"covered":N,"indexSeconds":S,"seconds":S,"pointsPerSecond":R}

func now() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}

func fail(_ message: String) -> Never {
    let line = Array("coverage-benchmark: \(message)\n".utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    exit(2)
}

func readFile(_ path: String) -> [UInt8] {
    guard let file = fopen(path, "rb") else { fail("cannot open \(path)") }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let n = fread(&buffer, 1, buffer.count, file)
        if n <= 0 { break }
        bytes.append(contentsOf: buffer[0..<n])
    }
    return bytes
}

let arguments = Array(CommandLine.arguments.dropFirst())
let scan = arguments.contains("--scan")
let files = arguments.filter { $0 != "--scan" }
guard files.count == 2 else {
    fail("usage: coverage-benchmark COVERAGE.geojson POINTS.f64 [--scan]")
}
let validation = CoverageValidator.validate(readFile(files[0]), profile: .geojson)
guard let plain = validation.coverage else { fail("\(files[0]) is not a valid coverage file") }
let raw = readFile(files[1])
guard raw.count % 16 == 0 else { fail("\(files[1]): \(raw.count) bytes is not a whole number of float64 pairs") }
var points: [Coordinate] = []
points.reserveCapacity(raw.count / 16)
raw.withUnsafeBytes { bytes in
    for i in stride(from: 0, to: raw.count, by: 16) {
        let x = Double(bitPattern: UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self)))
        let y = Double(bitPattern: UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self)))
        points.append(Coordinate(latitude: y, longitude: x))
    }
}

let indexStart = now()
let coverage = scan ? plain : plain.indexed()
let indexSeconds = now() - indexStart
/// The timed loop, in a function: top-level code would reach `coverage` as a global at every point.
func countCovered(_ points: [Coordinate], by coverage: Coverage) -> Int {
    var covered = 0
    for point in points where coverage.contains(point) { covered += 1 }
    return covered
}
let start = now()
let covered = countCovered(points, by: coverage)
let seconds = now() - start
print("{\"points\":\(points.count),\"covered\":\(covered),\"indexSeconds\":\(indexSeconds),\"seconds\":\(seconds),\"pointsPerSecond\":\(Double(points.count) / seconds)}")
