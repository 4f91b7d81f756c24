// swift-tools-version: 6.0
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
        // Request model, directions-URL parsing, coverage parsing/validation,
        // geometry and eligibility. Pure: values in, values out, no I/O.
        .target(name: "RoutingCore", dependencies: ["StrictJSON"], swiftSettings: strict, linkerSettings: libm),
        // The varlink protocol: message codec, errors, org.varlink.service, dispatch. Pure.
        .target(name: "Varlink", dependencies: ["StrictJSON"], swiftSettings: strict, linkerSettings: libm),
        // What Glibc's Swift module lacks: accept4, struct ucred, epoll, signalfd.
        .target(name: "CSystemShim"),
        // The I/O shell: sockets, event loop, coverage directory, the daemon's interfaces.
        .target(
            name: "RoutingService",
            dependencies: ["RoutingCore", "Varlink", "StrictJSON", "CSystemShim"],
            swiftSettings: strict
        ),
        .executableTarget(name: "routingd", dependencies: ["RoutingService"], swiftSettings: strict),
        .executableTarget(name: "routingctl", dependencies: ["RoutingService"], swiftSettings: strict),
        .executableTarget(name: "geomharness", dependencies: ["RoutingCore", "StrictJSON"]),
        .testTarget(name: "StrictJSONTests", dependencies: ["StrictJSON"]),
        .testTarget(name: "RoutingCoreTests", dependencies: ["RoutingCore", "StrictJSON"]),
        .testTarget(name: "VarlinkTests", dependencies: ["Varlink", "StrictJSON"]),
        .testTarget(
            name: "RoutingServiceTests",
            dependencies: ["RoutingService", "RoutingCore", "Varlink", "StrictJSON"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
