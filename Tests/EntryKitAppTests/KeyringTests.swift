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
    /// Runs `body` with the session bus address set to `address`, or unset.
    private func withSessionBus<Result>(_ address: String?, _ body: () -> Result) -> Result {
        let saved = getenv("DBUS_SESSION_BUS_ADDRESS").map { String(cString: $0) }
        if let address { setenv("DBUS_SESSION_BUS_ADDRESS", address, 1) } else { unsetenv("DBUS_SESSION_BUS_ADDRESS") }
        defer {
            if let saved { setenv("DBUS_SESSION_BUS_ADDRESS", saved, 1) } else { unsetenv("DBUS_SESSION_BUS_ADDRESS") }
        }
        return body()
    }

    /// A bus that cannot be reached is no keyring: said from the main loop, not in the call.
    @Test func aCallReturnsAtOnceAndAnswersFromTheMainLoop() {
        let item = KeyringItem.gnupgPassphrase(keyInfo: "n/0123")
        var outcome: Keyring.Outcome?
        withSessionBus("unix:path=/nonexistent/entrykit-test-bus") {
            Array("secret".utf8).withUnsafeBytes { Keyring.startStoring(item, secret: $0) { outcome = $0 } }
            #expect(outcome == nil, "the store answered inside the call")
            #expect(MainLoop.run(until: { outcome != nil }, timeout: 30))
        }
        guard case .unavailable(let why)? = outcome else {
            Issue.record("expected no keyring, got \(String(describing: outcome))")
            return
        }
        #expect(why.contains("connect"), "the reason is GIO's: \(why)")
        #expect(outcome?.problem?.hasPrefix("no keyring (") == true)

        let removed = withSessionBus("unix:path=/nonexistent/entrykit-test-bus") { Keyring.remove(item) }
        #expect(removed.problem != nil)
        guard case .missing(.unavailable)? = Optional(withSessionBus("unix:path=/nonexistent/entrykit-test-bus") { Keyring.lookUp(item) })
        else {
            Issue.record("a lookup on no bus found something")
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
