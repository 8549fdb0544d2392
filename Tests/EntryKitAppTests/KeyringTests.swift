import CEntryKitPrompts
import EntryKit
import EntryKitCommandLine
import Glibc
import Testing

@testable import entrykit

/// The prompts' keyring calls return at once and answer from the main loop, whatever the keyring
/// does; git's request is read into locked memory up to its blank line. (The keyring itself, a
/// real gnome-keyring, is driven end to end in Tests/EndToEnd/test_keyring.py.)
@MainActor @Suite(.serialized) struct KeyringTests {
    /// Runs `body` in an environment that names no session bus (no address, no runtime folder):
    /// the process's bus connection, made by earlier tests, is not the keyring's to use.
    private func withoutASessionBus<Result>(_ body: () -> Result) -> Result {
        let names = ["DBUS_SESSION_BUS_ADDRESS", "XDG_RUNTIME_DIR"]
        let saved = names.map { getenv($0).map { String(cString: $0) } }
        names.forEach { unsetenv($0) }
        defer {
            for (name, value) in zip(names, saved) {
                if let value { setenv(name, value, 1) }
            }
        }
        return body()
    }

    /// Every call returns at once and answers from the main loop, here that there is no keyring.
    @Test func aCallReturnsAtOnceAndAnswersFromTheMainLoop() {
        let item = KeyringItem.gnupgPassphrase(keyInfo: "n/0123")
        var outcome: Keyring.Outcome?
        withoutASessionBus {
            Array("secret".utf8).withUnsafeBytes { Keyring.startStoring(item, secret: $0) { outcome = $0 } }
            #expect(outcome == nil, "the store answered inside the call")
            #expect(MainLoop.run(until: { outcome != nil }, timeout: 30))
        }
        #expect(outcome == .unavailable("no session bus"))
        #expect(outcome?.problem == "no keyring (no session bus)")
        #expect(withoutASessionBus { Keyring.remove(item) } == .unavailable("no session bus"))
        guard case .missing(.unavailable("no session bus")) = withoutASessionBus({ Keyring.lookUp(item) }) else {
            Issue.record("a lookup with no session bus found something")
            return
        }
    }

    /// git's request is read up to its blank line (git may keep the pipe open) into locked
    /// memory, and no further than the limit.
    @Test func gitsRequestIsReadIntoLockedMemoryUpToItsBlankLine() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let request = "protocol=https\nhost=example.org\npassword=p w\n\nnot read\n"
        _ = request.withCString { write(ends[1], $0, strlen($0)) }
        let answer = SecureAnswer()
        // The write end stays open: only the blank line ends the read.
        #expect(answer.withUnsafeAnswer { ek_secret_input_read_request($0, ends[0], 1 << 20) } == 0)
        let read = answer.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
        #expect(read.hasPrefix("protocol=https\nhost=example.org\npassword=p w\n\n"))
        let credential = answer.withUnsafeBytes { GitCredential(parsing: $0) }
        #expect(credential["host"] == "example.org" && credential.secretRanges["password"] != nil)
        close(ends[1])

        #expect(pipe(&ends) == 0)
        _ = String(repeating: "x", count: 5000).withCString { write(ends[1], $0, strlen($0)) }
        close(ends[1])
        let tooLong = SecureAnswer()
        #expect(tooLong.withUnsafeAnswer { ek_secret_input_read_request($0, ends[0], 4096) } == E2BIG)
        close(ends[0])
    }
}
