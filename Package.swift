// swift-tools-version: 6.2
// SPDX-License-Identifier: Apache-2.0
// 6.2: the code uses InlineArray, Span (String.UTF8View.span, Array.span) and SendableMetatype, all Swift 6.2;
// nothing needs 6.3.
// routingd: iOS-style routing-app integration for Linux.
// One pure library (no I/O) per concept group, one I/O library, two thin executables.
import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]

// Pure targets import no C module, so libm's rounding functions must be linked by name.
let libm: [LinkerSetting] = [.linkedLibrary("m")]

let package = Package(
    name: "routingd",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "routingd", targets: ["routingd"]),
        .executable(name: "routingctl", targets: ["routingctl"]),
        .library(name: "RoutingCore", targets: ["RoutingCore"]),
    ],
    targets: [
        // Strict RFC 8259 / I-JSON parser with line:column positions, and a writer. Pure.
        .target(name: "StrictJSON", swiftSettings: strict, linkerSettings: libm),
        // The request model and directions links: reading every link format into a DirectionsRequest
        // and writing one back. Pure: bytes in, values out, no I/O.
        .target(name: "DirectionsLinks", dependencies: ["StrictJSON"], swiftSettings: strict, linkerSettings: libm),
        // Coverage parsing/validation, geometry and eligibility; re-exports DirectionsLinks.
        // Pure: values in, values out, no I/O.
        .target(
            name: "RoutingCore", dependencies: ["DirectionsLinks", "StrictJSON"], swiftSettings: strict,
            linkerSettings: libm),
        // The varlink protocol: message codec, errors, org.varlink.service, dispatch. Pure.
        .target(name: "Varlink", dependencies: ["StrictJSON"], swiftSettings: strict, linkerSettings: libm),
        // What Glibc's Swift module lacks: accept4, struct ucred, epoll, signalfd.
        .target(name: "CSystemShim"),
        // sd-bus from libsystemd.so.0, loaded with dlopen (no libsystemd-dev needed to build).
        .target(name: "CSDBus", linkerSettings: [.linkedLibrary("dl")]),
        // One HTTPS request through libcurl.so.4, loaded with dlopen (no libcurl-dev needed to
        // build), for routingctl --expand-short-links only.
        .target(name: "CCurl", linkerSettings: [.linkedLibrary("dl")]),
        // The I/O shell: sockets, event loop, coverage directory, the daemon's interfaces.
        .target(
            name: "RoutingService",
            dependencies: ["RoutingCore", "Varlink", "StrictJSON", "CSystemShim"],
            swiftSettings: strict
        ),
        // How routingctl shows validation findings: GCC-style lines with the source line and a caret,
        // and SARIF 2.1.0. Pure: diagnostics and bytes in, text out.
        .target(name: "CoverageReports", dependencies: ["RoutingCore", "StrictJSON"], swiftSettings: strict),
        // `routingctl render`: coverage files, their findings and a request drawn as an SVG map over
        // Natural Earth outlines and the gazetteer's places. Pure: values in, SVG bytes out.
        .target(
            name: "CoverageRender", dependencies: ["RoutingCore", "StrictJSON"], swiftSettings: strict,
            linkerSettings: libm),
        // The desktop user's session: D-Bus (GeoClue2, notifications), URL handlers, the app chooser.
        .target(
            name: "DesktopSession",
            dependencies: ["RoutingCore", "RoutingService", "CSDBus", "CSystemShim"],
            swiftSettings: strict
        ),
        .executableTarget(name: "routingd", dependencies: ["RoutingCore", "RoutingService"], swiftSettings: strict),
        .executableTarget(
            name: "routingctl", dependencies: ["RoutingService", "CoverageReports", "CoverageRender", "DesktopSession", "CCurl"],
            swiftSettings: strict),
        // Test only, not installed (scripts/install builds routingd and routingctl): org.varlink.certification
        // served with the Varlink library, and the certification client; .ci/run checks both against python-varlink.
        .executableTarget(
            name: "varlink-certification", dependencies: ["RoutingService", "Varlink", "StrictJSON"],
            swiftSettings: strict),
        // Not a test: link-parsing throughput, `swift run -c release link-benchmark` (see BENCHMARKS.md).
        .executableTarget(name: "link-benchmark", dependencies: ["RoutingCore"], swiftSettings: strict),
        // Not a test: point-in-coverage throughput, run by scripts/benchmark-contains (see BENCHMARKS.md).
        .executableTarget(name: "coverage-benchmark", dependencies: ["RoutingCore"], swiftSettings: strict),
        // Helpers shared by the test targets (a seeded generator, a child-process runner); tests only.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "StrictJSONTests", dependencies: ["StrictJSON"]),
        .testTarget(
            name: "RoutingCoreTests", dependencies: ["RoutingCore", "DirectionsLinks", "StrictJSON", "TestSupport"]),
        .testTarget(name: "VarlinkTests", dependencies: ["Varlink", "StrictJSON", "TestSupport"]),
        .testTarget(
            name: "CoverageReportsTests", dependencies: ["CoverageReports", "RoutingCore", "StrictJSON", "TestSupport"]),
        .testTarget(
            name: "CoverageRenderTests", dependencies: ["CoverageRender", "RoutingCore", "TestSupport"],
            exclude: ["Golden"]),
        .testTarget(
            name: "DesktopSessionTests", dependencies: ["DesktopSession", "RoutingCore", "TestSupport"]),
        .testTarget(
            name: "RoutingServiceTests",
            dependencies: ["RoutingService", "RoutingCore", "Varlink", "StrictJSON", "TestSupport"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// libFuzzer targets (Fuzz/README.md): one executable, `routingd-fuzz TARGET`, built by scripts/fuzz
// with `-sanitize=fuzzer,address`. Declared only when ROUTINGD_FUZZ=1, so that `swift build` and
// `swift test` neither build it nor need libFuzzer.
if Context.environment["ROUTINGD_FUZZ"] == "1" {
    package.targets += [
        // Declares libFuzzer's LLVMFuzzerRunDriver (compiler-rt); no code of its own.
        .target(name: "CFuzzDriver", path: "Fuzz/Sources/CFuzzDriver"),
        .executableTarget(
            name: "routingd-fuzz",
            dependencies: ["CFuzzDriver", "RoutingCore", "RoutingService", "Varlink", "StrictJSON"],
            path: "Fuzz/Sources/routingd-fuzz",
            swiftSettings: strict
        ),
    ]
    package.products.append(.executable(name: "routingd-fuzz", targets: ["routingd-fuzz"]))
}
