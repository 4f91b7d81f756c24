// SPDX-License-Identifier: Apache-2.0
import CFuzzDriver
import Glibc

/// `routingd-fuzz TARGET [libFuzzer options and files…]`: runs libFuzzer on one target.
/// The target can also be given as `ROUTINGD_FUZZ_TARGET=TARGET`; `routingd-fuzz list` names them.
/// Built only with `ROUTINGD_FUZZ=1` (Package.swift); see Fuzz/README.md and scripts/fuzz.
@main
enum FuzzMain {
    static func main() {
        var arguments = CommandLine.arguments
        var name = getenv("ROUTINGD_FUZZ_TARGET").map { String(cString: $0) }
        if name == nil, arguments.count > 1, !arguments[1].hasPrefix("-") {
            name = arguments.remove(at: 1)
        }
        guard let name, name != "list", let target = FuzzTargets.all.first(where: { $0.name == name }) else {
            let list = FuzzTargets.all.map { "  \($0.name): \($0.summary)" }.joined(separator: "\n")
            let problem = name.map { $0 == "list" ? "" : "routingd-fuzz: no target named '\(FuzzCheck.escaped($0))'\n" } ?? "routingd-fuzz: name a target\n"
            FuzzCheck.printError("\(problem)usage: routingd-fuzz TARGET [libFuzzer options] [corpus dirs or files]\ntargets:\n\(list)\n")
            exit(name == "list" ? 0 : 2)
        }
        FuzzTargets.selected = target
        // libFuzzer's -fork, -jobs and -minimize_crash run this program again with the options only.
        setenv("ROUTINGD_FUZZ_TARGET", target.name, 1)
        target.setUp?()
        // libFuzzer keeps argv for its own use (and for -fork/-jobs children): strings that live forever.
        var argc = Int32(arguments.count)
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = .allocate(capacity: arguments.count + 1)
        for (i, argument) in arguments.enumerated() { argv![i] = strdup(argument) }
        argv![arguments.count] = nil
        exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in
            let bytes = size == 0 || data == nil ? [] : Array(UnsafeBufferPointer(start: data, count: size))
            FuzzTargets.selected!.run(bytes)
            return 0
        })
    }
}

/// libFuzzer's usual entry point. The runtime's own `main` (linked in whole by `-sanitize=fuzzer`,
/// but not used: SwiftPM points `main` at ``FuzzMain``) refers to it, so it must exist; it runs the
/// selected target like the callback given to LLVMFuzzerRunDriver.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let target = FuzzTargets.selected else { return 0 }
    target.run(size == 0 || data == nil ? [] : Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
