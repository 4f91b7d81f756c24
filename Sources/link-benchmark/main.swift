// SPDX-License-Identifier: Apache-2.0
import Glibc
import RoutingCore

// link-benchmark: in-process parsing throughput of a mixed set of realistic links (BenchmarkLinks),
// on one thread, with the default lenient parser. Not a test: `swift run -c release link-benchmark`.
//
//   link-benchmark [--seconds S] [--rounds N] [--per-format] [--only PREFIX]
//                                                             time it (best of N rounds of S seconds),
//                                                             maybe only the links starting with PREFIX
//   link-benchmark --print-links                              print the links, one per line (for a peer)
//   link-benchmark --link URL [--link URL …]                  time these links instead of the set
//   link-benchmark --passes N [--only PREFIX | --link URL]    parse the set exactly N times, untimed
//                                                             (for instruction counts: callgrind, perf stat)
//   link-benchmark --dump FILE                                parse each line of FILE, lenient and strict, and print one line
//                                                             per link (format, request, warnings, or the
//                                                             error): diff two builds' output to check
//                                                             that a change keeps behaviour
//   link-benchmark --dump-build FILE                          parse each line of FILE (lenient) and, when it
//                                                             parses, write the request in every format
//                                                             the builder knows: one line per link

func now() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}

func text(_ value: Double, decimals: Int = 0) -> String {
    let scale = Double([1, 10, 100, 1000][min(decimals, 3)])
    let rounded = (value * scale).rounded() / scale
    var s = decimals == 0 ? String(Int(rounded)) : String(rounded)
    if decimals == 0 {
        // Thousands separators.
        var out = ""
        for (i, c) in s.reversed().enumerated() {
            if i > 0 && i % 3 == 0 && c != "-" { out.append(",") }
            out.append(c)
        }
        s = String(out.reversed())
    }
    return s
}

var seconds = 1.0
var rounds = 5
var perFormat = false
var only = ""
var extraLinks: [String] = []
var passes = 0
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--print-links":
        for link in BenchmarkLinks.all { print(link) }
        exit(0)
    case "--seconds": seconds = Double(arguments.popFirst() ?? "") ?? seconds
    case "--rounds": rounds = Int(arguments.popFirst() ?? "") ?? rounds
    case "--per-format": perFormat = true
    case "--only": only = arguments.popFirst() ?? ""
    case "--link": extraLinks.append(arguments.popFirst() ?? "")
    case "--passes": passes = Int(arguments.popFirst() ?? "") ?? passes
    case "--dump":
        dump(path: arguments.popFirst() ?? "")
        exit(0)
    case "--dump-build":
        dump(path: arguments.popFirst() ?? "", build: true)
        exit(0)
    default:
        print("usage: link-benchmark [--seconds S] [--rounds N] [--per-format] [--only PREFIX] [--link URL]... [--passes N] | --print-links | --dump FILE | --dump-build FILE")
        exit(2)
    }
}

let parser = DirectionsURLParser()

/// `--dump`: one line per input line, tab-separated, newlines and tabs escaped. `--dump-build`
/// (`build`): the lenient parse's request written in each of ``DirectionsLinkBuilder/formats``.
func dump(path: String, build: Bool = false) {
    let parser = DirectionsURLParser()
    let strictParser = DirectionsURLParser(strict: true)
    guard let file = fopen(path, "r") else {
        print("link-benchmark: cannot open \(path)")
        exit(2)
    }
    defer { fclose(file) }
    func clean(_ s: String) -> String {
        var out = ""
        for c in s.unicodeScalars {
            switch c {
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }
    var line: UnsafeMutablePointer<CChar>? = nil
    var capacity = 0
    while getline(&line, &capacity, file) > 0 {
        guard let line else { break }
        var link = String(cString: line)
        if link.hasSuffix("\n") { link.removeLast() }
        var out = ""
        if build {
            // Lenient parse, then every builder, on one line.
            do {
                let request = try parser.parseLink(link).request
                for format in DirectionsLinkBuilder.formats {
                    do {
                        let built = try DirectionsLinkBuilder.build(request, as: format)
                        out += "\t\(format.rawValue)\tOK\t\(clean(built.url))\t\(clean(String(describing: built.omitted)))"
                    } catch {
                        out += "\t\(format.rawValue)\tERR\t\(clean(String(describing: error)))"
                    }
                }
            } catch {
                out += "ERR\t\(error.code.rawValue)"
            }
            print(out)
            continue
        }
        // Lenient, then strict, on one line.
        for parser in [parser, strictParser] {
            do {
                let result = try parser.parseLink(link)
                out += "OK\t\(result.format.rawValue)\t\(clean(String(describing: result.request)))\t\(clean(String(describing: result.warnings)))"
            } catch {
                out += "ERR\t\(error.code.rawValue)\t\(clean(error.parameter ?? "-"))\t\(clean(error.message))"
            }
            if parser.strict == false { out += "\t|\t" }
        }
        print(out)
    }
    free(line)
}
let links = extraLinks.isEmpty ? BenchmarkLinks.all.filter { only.isEmpty || $0.hasPrefix(only) } : extraLinks

/// Parses `set` repeatedly for about `seconds`; returns links per second and a checksum that keeps
/// the optimiser from dropping the work.
func measure(_ set: [String], seconds: Double) -> (rate: Double, checksum: Int) {
    var checksum = 0
    var parsed = 0
    let start = now()
    var elapsed = 0.0
    repeat {
        for _ in 0..<200 {
            for link in set {
                do {
                    let result = try parser.parseLink(link)
                    checksum &+= result.request.waypoints.count &+ result.warnings.count &+ 1
                    if case .coordinate(let c, _, _, _) = result.request.destination { checksum &+= Int(c.latitude) }
                } catch {
                    checksum &+= error.message.utf8.count
                }
            }
            parsed += set.count
        }
        elapsed = now() - start
    } while elapsed < seconds
    return (Double(parsed) / elapsed, checksum)
}

var parsedCount = 0
var failures: [String] = []
for link in links {
    do {
        _ = try parser.parseLink(link)
        parsedCount += 1
    } catch {
        failures.append("  \(link.prefix(60))…: \(error.code.rawValue)")
    }
}
print("\(links.count) links, \(parsedCount) parsed, \(links.count - parsedCount) refused")
for failure in failures { print(failure) }

if passes > 0 {
    // Untimed: exactly `passes` parses of each link, so an instruction count divides exactly.
    var checksum = 0
    for _ in 0..<passes {
        for link in links {
            do {
                let result = try parser.parseLink(link)
                checksum &+= result.request.waypoints.count &+ result.warnings.count &+ 1
            } catch {
                checksum &+= error.message.utf8.count
            }
        }
    }
    print("\(passes) passes of \(links.count) links: \(passes * links.count) parses; checksum \(checksum % 1000)")
    exit(0)
}

_ = measure(links, seconds: 0.2)  // warm-up
var best = 0.0
var all: [String] = []
var checksum = 0
for _ in 0..<rounds {
    let (rate, sum) = measure(links, seconds: seconds)
    best = max(best, rate)
    checksum &+= sum
    all.append(text(rate))
}
print("mixed set: \(text(best)) links/s (best of \(rounds) rounds of \(text(seconds, decimals: 1)) s: \(all.joined(separator: ", "))); \(text(1e9 / best)) ns per link; checksum \(checksum % 1000)")

if perFormat {
    var byFormat: [String: [String]] = [:]
    for link in links {
        let name = (try? parser.parseLink(link).format.rawValue) ?? "(refused)"
        byFormat[name, default: []].append(link)
    }
    for (name, set) in byFormat.sorted(by: { $0.key < $1.key }) {
        let (rate, _) = measure(set, seconds: seconds / 2)
        print("  \(name): \(text(rate)) links/s, \(text(1e9 / rate)) ns per link (\(set.count) links)")
    }
}
