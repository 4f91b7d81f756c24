// SPDX-License-Identifier: Apache-2.0
import DesktopSession
import Glibc
import Testing
import TestSupport

/// register and unregister against a temporary HOME: the real files, written and put back.
@Suite struct HandlerFilesTests {
    final class Home {
        let path: String
        init() {
            var template = Array("/tmp/routingd-desktop-test-XXXXXX".utf8CString)
            path = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
        }
        deinit { _ = ChildProcess.run(["rm", "-rf", "--", path]) }

        func write(_ relative: String, _ text: String) {
            let full = path + "/" + relative
            var prefix = ""
            for part in full.split(separator: "/").dropLast() {
                prefix += "/" + part
                mkdir(prefix, 0o700)
            }
            let file = fopen(full, "w")!
            fputs(text, file)
            fclose(file)
        }

        func read(_ relative: String) -> String? {
            guard let file = fopen(path + "/" + relative, "r") else { return nil }
            defer { fclose(file) }
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let n = fread(&buffer, 1, buffer.count, file)
                if n <= 0 { break }
                bytes += buffer[0..<n]
            }
            return String(decoding: bytes, as: UTF8.self)
        }

        var directories: XDGDirectories {
            XDGDirectories(environment: ["HOME": path, "XDG_DATA_DIRS": path + "/nowhere"])!
        }
    }

    static let userList = "# mine\n[Default Applications]\nx-scheme-handler/maps=pretend-maps.desktop\ntext/html=browser.desktop\nx-scheme-handler/https=browser.desktop\nx-scheme-handler/http=browser.desktop\n"

    static func setUp() throws -> Home {
        let home = Home()
        let entry = try #require(RepositoryFileBytes.entry)
        home.write(".local/share/applications/routingd-open.desktop", String(decoding: entry, as: UTF8.self))
        home.write(".local/share/applications/pretend-maps.desktop", "[Desktop Entry]\nType=Application\nName=Pretend Maps\nExec=pretend-maps %u\n")
        home.write(".local/share/applications/browser.desktop", "[Desktop Entry]\nType=Application\nName=Browser\nExec=browser %U\n")
        home.write(".config/mimeapps.list", userList)
        return home
    }

    @Test func registerThenUnregisterPutsEverythingBack() throws {
        let home = try Self.setUp()
        // xdg-mime would find the geo: handler through the desktop files; here it is asked directly.
        let files = HandlerFiles(directories: home.directories, queryDefault: { $0 == "x-scheme-handler/geo" ? "pretend-maps.desktop" : nil })
        guard case .success = files.register(https: true) else { Issue.record("register failed"); return }
        let list = try #require(home.read(".config/mimeapps.list"))
        #expect(list.contains("x-scheme-handler/geo=routingd-open.desktop;\n"))
        #expect(list.contains("x-scheme-handler/maps=routingd-open.desktop;\n"))
        #expect(list.contains("x-scheme-handler/https=routingd-open-https.desktop;\n"))
        #expect(list.hasPrefix("# mine\n[Default Applications]\n"))
        let records = try #require(home.read(".local/state/routingd/handlers"))
        #expect(records.contains("x-scheme-handler/geo\tpretend-maps.desktop\t-\n"))
        #expect(records.contains("x-scheme-handler/maps\tpretend-maps.desktop\t=pretend-maps.desktop\n"))
        #expect(records.contains("x-scheme-handler/https\tbrowser.desktop\t=browser.desktop\n"))
        #expect(records.contains("x-scheme-handler/waze\t\t-\n"))
        #expect(home.read(".local/share/applications/routingd-open-https.desktop")?.contains("MimeType=x-scheme-handler/http;x-scheme-handler/https;\n") == true)

        // The hand-off target of a maps: link is the recorded handler.
        guard case .success(let target?) = HandOffLaunch.target(for: "maps:q=Cafe", files: files) else {
            Issue.record("no hand-off target for maps:")
            return
        }
        #expect(target.id == "pretend-maps.desktop" && target.name == "Pretend Maps")
        #expect(HandOffLaunch.commands(for: target, link: "maps:q=Cafe").first == ["gio", "launch", target.path, "maps:q=Cafe"])
        guard case .success(nil) = HandOffLaunch.target(for: "waze://?ll=1,2", files: files) else {
            Issue.record("waze: had no handler before, yet one was found")
            return
        }

        // Registering again changes nothing.
        guard case .success = files.register(https: true) else { Issue.record("second register failed"); return }
        #expect(home.read(".local/state/routingd/handlers") == records)
        #expect(home.read(".config/mimeapps.list") == list)

        guard case .success = files.unregister() else { Issue.record("unregister failed"); return }
        #expect(home.read(".config/mimeapps.list") == Self.userList)
        #expect(home.read(".local/state/routingd/handlers") == nil)
        #expect(home.read(".local/share/applications/routingd-open-https.desktop") == nil)
    }

    @Test func httpsIsRefusedWithoutTouchingAnything() throws {
        let home = try Self.setUp()
        let list = Self.userList.replacing("x-scheme-handler/https=browser.desktop", with: "x-scheme-handler/https=routingd-open-https.desktop")
        home.write(".config/mimeapps.list", list)
        home.write(".local/share/applications/routingd-open-https.desktop", "[Desktop Entry]\nType=Application\nName=x\nExec=routingctl open %u\n")
        let files = HandlerFiles(directories: home.directories, queryDefault: { _ in nil })
        guard case .failure(let failure) = files.register(https: true) else { Issue.record("register --https was not refused"); return }
        #expect(failure.description.contains("routingd's own entry"))
        #expect(home.read(".config/mimeapps.list") == list)
        #expect(home.read(".local/state/routingd/handlers") == nil)
    }

    @Test func aHandlerThatRunsRoutingctlIsNeverUsed() throws {
        let home = try Self.setUp()
        home.write(".local/share/applications/sneaky.desktop", "[Desktop Entry]\nType=Application\nName=Sneaky\nExec=/usr/bin/routingctl open %u\n")
        home.write(".local/state/routingd/handlers", "x-scheme-handler/geo\tsneaky.desktop\t-\nx-scheme-handler/maps\troutingd-open.desktop\t-\n")
        let files = HandlerFiles(directories: home.directories, queryDefault: { _ in nil })
        guard case .failure(let sneaky) = HandOffLaunch.target(for: "geo:1,2", files: files) else { Issue.record("sneaky.desktop was used"); return }
        #expect(sneaky.description.contains("runs routingctl itself"))
        guard case .failure(let own) = HandOffLaunch.target(for: "maps:q=x", files: files) else { Issue.record("routingd-open was used"); return }
        #expect(own.description.contains("routingd's own entry"))
    }

    /// Without the desktop entry, register says how to install it, with the command that exists.
    @Test func registerWithoutTheEntryNamesTheInstallScript() throws {
        let home = Home()
        home.write(".config/mimeapps.list", Self.userList)
        let files = HandlerFiles(directories: home.directories, queryDefault: { _ in nil })
        guard case .failure(let failure) = files.register(https: false) else { Issue.record("register without the entry succeeded"); return }
        #expect(failure.description.contains("routingd-open.desktop is not installed in any applications directory"))
        #expect(failure.description.contains("scripts/install"))
        #expect(!failure.description.contains("make install"))
        #expect(failure.description.contains("copy systemd/routingd-open.desktop to \(home.path)/.local/share/applications"))
        #expect(home.read(".config/mimeapps.list") == Self.userList)
    }

    @Test func unregisterWithNothingRecorded() throws {
        let home = try Self.setUp()
        let files = HandlerFiles(directories: home.directories, queryDefault: { _ in nil })
        guard case .success(let report) = files.unregister() else { Issue.record("unregister failed"); return }
        #expect(report.lines.first?.hasPrefix("nothing to undo") == true)
        #expect(home.read(".config/mimeapps.list") == Self.userList)
    }

    @Test func xdgDirectories() {
        let d = XDGDirectories(environment: ["HOME": "/h", "XDG_CONFIG_HOME": "relative", "XDG_STATE_HOME": "/s", "XDG_CURRENT_DESKTOP": "GNOME:ubuntu"])!
        #expect(d.configHome == "/h/.config" && d.stateHome == "/s" && d.dataHome == "/h/.local/share")
        #expect(d.handlerRecordsFile == "/s/routingd/handlers" && d.preferencesFile == "/h/.config/routingd/preferences")
        #expect(d.mimeAppsFiles.prefix(3) == ["/h/.config/gnome-mimeapps.list", "/h/.config/ubuntu-mimeapps.list", "/h/.config/mimeapps.list"])
        #expect(d.desktopFileCandidates("org.gnome.Maps.desktop").first == "/h/.local/share/applications/org.gnome.Maps.desktop")
        #expect(XDGDirectories(environment: [:]) == nil)
    }
}
