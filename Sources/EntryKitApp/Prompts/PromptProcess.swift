import EntryKit
import EntryKitCommandLine
import Glibc

/// What every command that asks for a secret (`login`, `pinentry`, `askpass`, `credential`) does
/// before it asks: the process keeps its memory to itself (undumpable, no core file; it already
/// is from its first instruction, see `process_protection.c`), a crash signal ends it at once
/// with no crash report, and a write past the file size limit or into a closed pipe fails
/// (`EFBIG`, `EPIPE`) instead of killing it half way through an answer, so that the answer is
/// reported incomplete.
@MainActor
enum PromptProcess {
    /// Returns false, having said why on standard error as `command`, when the system refused.
    static func protect(for command: String) -> Bool {
        do {
            try ProcessProtection.keepMemoryPrivate()
            try ProcessProtection.endOnCrashSignals()
        } catch {
            Output.say("\(command): cannot keep the password's memory private: \(error)")
            return false
        }
        signal(SIGXFSZ, SIG_IGN)
        signal(SIGPIPE, SIG_IGN)
        return true
    }

    /// Whether a prompt holds the keyboard while it is up (an X11 grab, a Wayland overlay):
    /// yes, unless `ENTRYKIT_NO_GRAB` is set (pinentry: unless gpg-agent says `OPTION no-grab`).
    static var grabsKeyboard: Bool { getenv("ENTRYKIT_NO_GRAB") == nil }

    /// Writes `answer` whole to `fd`; when it cannot, says on standard error that the answer is
    /// incomplete and must not be used.
    static func write(_ answer: SecureAnswer, to fd: Int32 = STDOUT_FILENO, for command: String) -> Bool {
        do {
            try answer.write(to: fd)
            return true
        } catch {
            let place = fd == STDOUT_FILENO ? "standard output" : "file descriptor \(fd)"
            Output.say("\(command): the answer on \(place) is incomplete (\(error)); do not use it")
            return false
        }
    }
}
