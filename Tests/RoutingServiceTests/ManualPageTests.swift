// SPDX-License-Identifier: Apache-2.0
import Glibc
import RoutingCore
import RoutingService
import Testing
import TestSupport

/// The manual pages in `man/` say what the built programs do: each page's options (the tags of its
/// `.TP` paragraphs) are the options the program's `--help` lists, command by command for routingctl;
/// routingd.routingapp(5) lists the manifest keys and link formats the code knows; and every page
/// names the version.
@Suite struct ManualPageTests {
    // MARK: the programs' help

    static func help(_ program: String, _ arguments: [String]) -> String {
        let path = OpenCommandTests.routingctlPath.replacing("/routingctl", with: "/" + program)
        let run = OpenCommandTests.run([path] + arguments, environment: ["PATH=/usr/bin:/bin", "LANG=C.UTF-8"])
        #expect(run.status == 0, "\(program) \(arguments.joined(separator: " ")): \(run.stderr)")
        return run.stdout
    }

    /// Every `--name` in `text` (a letter, then letters, digits and `-`).
    static func options(in text: String) -> Set<String> {
        var found: Set<String> = []
        let bytes = Array(text.utf8)
        var i = 0
        while i + 2 < bytes.count {
            let boundary = i == 0 || !(bytes[i - 1] == UInt8(ascii: "-") || isWordByte(bytes[i - 1]))
            if boundary, bytes[i] == UInt8(ascii: "-"), bytes[i + 1] == UInt8(ascii: "-"), isLetter(bytes[i + 2]) {
                var j = i + 2
                while j < bytes.count, isWordByte(bytes[j]) || bytes[j] == UInt8(ascii: "-") { j += 1 }
                var name = Array(bytes[i..<j])
                while name.last == UInt8(ascii: "-") { name.removeLast() }
                found.insert(String(decoding: name, as: UTF8.self))
                i = j
            } else {
                i += 1
            }
        }
        return found
    }

    static func isLetter(_ b: UInt8) -> Bool { (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) }
    static func isWordByte(_ b: UInt8) -> Bool { isLetter(b) || (b >= 0x30 && b <= 0x39) }

    /// The lines of a `--help` block that starts with `header` (e.g. `Options:`), up to a blank line.
    static func block(_ header: String, of help: String) -> [Substring] {
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.hasPrefix(header) }) else { return [] }
        return Array(lines[(start + 1)...].prefix(while: { !$0.isEmpty }))
    }

    // MARK: the pages

    /// A page's roff source as plain text: `\-` is `-`, font escapes (`\fB`, `\fR`, …) gone.
    static func page(_ name: String) throws -> String {
        let text = try #require(RepositoryFile.text("man/" + name), "cannot read man/\(name)")
        return text.replacing("\\-", with: "-").replacing(/\\f[BIRP]/, with: "")
    }

    /// The `.TP` tags of each part of a page: the key is the `.SS` title (its first word) inside a
    /// `.SH`, else the `.SH` title.
    static func tags(_ page: String) -> [String: [String]] {
        var result: [String: [String]] = [:]
        var section = ""
        var subsection: String? = nil
        var afterTP = false
        for line in page.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix(".SH ") {
                section = line.dropFirst(4).trimmingCharacters(in: "\"")
                subsection = nil
            } else if line.hasPrefix(".SS ") {
                subsection = line.dropFirst(4).trimmingCharacters(in: "\"").split(separator: " ").first.map(String.init)
            } else if afterTP {
                result[subsection ?? section, default: []].append(String(line))
            }
            afterTP = line == ".TP"
        }
        return result
    }

    static func taggedOptions(_ tags: [String]?) -> Set<String> {
        options(in: (tags ?? []).joined(separator: "\n"))
    }

    /// The words of the first run of bold lines (`.B word`, `.BR word ,`) in the paragraph of the
    /// first `.TP` tag that contains `tag`: a list such as the link formats.
    static func boldWords(afterTag tag: String, in page: String) -> Set<String> {
        let lines = page.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.indices.first(where: { lines[$0] == ".TP" && $0 + 1 < lines.count && lines[$0 + 1].contains(tag) })
        else { return [] }
        let bold = { (line: Substring) in line.hasPrefix(".B ") || line.hasPrefix(".BR ") }
        let paragraph = lines[(start + 2)...].prefix(while: { $0 != ".TP" && !$0.hasPrefix(".SH") && !$0.hasPrefix(".PP") })
        return Set(paragraph.drop(while: { !bold($0) }).prefix(while: bold)
            .compactMap { $0.split(separator: " ").dropFirst().first.map(String.init) })
    }

    // MARK: tests

    @Test func routingdOptionsAreItsHelps() throws {
        let help = Self.help("routingd", ["--help"])
        let tags = Self.tags(try Self.page("routingd.8"))
        #expect(!Self.options(in: help).isEmpty)
        #expect(Self.taggedOptions(tags["OPTIONS"]) == Self.options(in: help))
    }

    @Test func routingctlGlobalOptionsAreItsHelps() throws {
        let help = Self.help("routingctl", ["--help"])
        let listed = Self.options(in: Self.block("Options:", of: help).filter { $0.hasPrefix("  --") }.joined(separator: "\n"))
        #expect(listed.contains("--socket"))
        let tags = Self.tags(try Self.page("routingctl.1"))
        #expect(Self.taggedOptions(tags["OPTIONS"]) == listed)
        // Every option the overview names is documented somewhere in the page.
        let everywhere = Self.taggedOptions(tags.values.flatMap { $0 })
        #expect(Self.options(in: help).subtracting(everywhere).isEmpty, "\(Self.options(in: help).subtracting(everywhere))")
    }

    @Test func routingctlCommandsAndTheirOptionsAreTheirHelps() throws {
        let help = Self.help("routingctl", ["--help"])
        let commands = Set(Self.block("Commands:", of: help).compactMap { line -> String? in
            guard line.hasPrefix("  "), let first = line.dropFirst(2).first, first.isLetter else { return nil }
            return line.split(separator: " ").first.map(String.init)
        })
        #expect(commands.contains("validate") && commands.contains("location"))
        let page = try Self.page("routingctl.1")
        let tags = Self.tags(page)
        let subsections = Set(page.split(separator: "\n").filter { $0.hasPrefix(".SS ") }
            .compactMap { $0.dropFirst(4).split(separator: " ").first.map(String.init) })
        #expect(subsections == commands)
        for command in commands.sorted() {
            let own = Self.options(in: Self.help("routingctl", [command, "--help"])).subtracting(["--help"])
            #expect(Self.taggedOptions(tags[command]).subtracting(["--help"]) == own, "routingctl \(command)")
        }
    }

    @Test func theManifestPageListsTheKeysAndLinkFormatsTheCodeKnows() throws {
        let page = try Self.page("routingd.routingapp.5")
        let keys = (Self.tags(page)["KEYS"] ?? []).compactMap { $0.split(separator: " ").dropFirst().first.map(String.init) }
        #expect(keys == AppManifest.knownKeys)
        let formats = Set(DirectionsLinkBuilder.formats.map(\.rawValue))
        #expect(Self.boldWords(afterTag: "LinkFormat", in: page) == formats)
        // routingctl(1) lists the same formats under link --format.
        #expect(Self.boldWords(afterTag: "--format \" FORMAT", in: try Self.page("routingctl.1")).subtracting(["all"]) == formats)
    }

    @Test(arguments: ["routingd.8", "routingctl.1", "routingd.routingapp.5"])
    func eachPageNamesTheVersion(_ name: String) throws {
        let page = try Self.page(name)
        let th = try #require(page.split(separator: "\n").first { $0.hasPrefix(".TH ") })
        #expect(th.contains("\"routingd \(RoutingDaemon.version)\""), "\(th)")
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in character: Character) -> String {
        var s = self
        while s.first == character { s = s.dropFirst() }
        while s.last == character { s = s.dropLast() }
        return String(s)
    }
}
