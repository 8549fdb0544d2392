import Glibc

/// What the command-line dialogs share: reading their words and writing their answers.
enum CommandLineWords {
    /// `--name=value` as (`--name`, `value`); `--name` alone as (`--name`, nil). Both spellings
    /// of an option's value are accepted: `--title T` and `--title=T`.
    static func splitOption(_ word: String) -> (String, String?) {
        guard let equals = word.firstIndex(of: "=") else { return (word, nil) }
        return (String(word[..<equals]), String(word[word.index(after: equals)...]))
    }

    /// `--timeout`'s value, checked: a finite number of seconds above 0, or what is wrong.
    static func timeoutSeconds(_ value: String) -> Result<Double, TimeoutMisuse> {
        guard let seconds = Double(value), seconds > 0, seconds.isFinite else { return .failure(TimeoutMisuse(value: value)) }
        return .success(seconds)
    }

    /// A word that means nothing, or a value out of range: `message` says which.
    struct Misuse: Error, Equatable {
        let message: String
    }

    struct TimeoutMisuse: Error {
        let value: String
        var message: String { "--timeout needs a positive number of seconds, not '\(value)'" }
    }
}

/// Reading or writing failed; `description` is the system's reason (`Broken pipe`).
struct SystemError: Error, CustomStringConvertible {
    let description: String

    init(errno code: Int32) { description = String(cString: strerror(code)) }
}

/// All the bytes `fd` gives until its end; nil when `timeout` seconds pass first.
func readAll(_ fd: Int32, timeout: Double? = nil, limit: InputLimit = InputLimit()) throws(InputFailure) -> [UInt8]? {
    let deadline = timeout.map { ContinuousClock.now + .seconds(min($0, 1e9)) }  // a Duration holds no more
    var bytes: [UInt8] = []
    var lineEnds = 0
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        if let deadline {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { return nil }
            var watch = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(min(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1, Int64(Int32.max)))
            if poll(&watch, 1, milliseconds) == 0 { continue }  // nothing yet: the deadline is checked again
        }
        let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if count < 0 {
            if errno == EINTR { continue }
            throw .unreadable(SystemError(errno: errno))
        }
        if count == 0 { return bytes }
        lineEnds += chunk[..<count].lazy.filter { $0 == 0x0A }.count
        if let excess = limit.excess(bytes: bytes.count + count, lineEnds: lineEnds) { throw .tooLarge(excess) }
        bytes.append(contentsOf: chunk[..<count])
    }
}

/// Why standard input gave no items.
enum InputFailure: Error, CustomStringConvertible, Sendable {
    /// Reading failed (a directory, a closed descriptor).
    case unreadable(SystemError)
    /// More than ``InputLimit`` allows; the message names the option that raises it.
    case tooLarge(String)

    var description: String {
        switch self {
        case .unreadable(let error): "cannot read standard input: \(error)"
        case .tooLarge(let message): message
        }
    }
}

/// Writes all of `text` to `fd`, retrying short writes, and throws when it cannot: a script
/// must never take a lost answer (a closed pipe, a full disk) for one given.
func writeAnswer(_ fd: Int32, _ text: String) throws(SystemError) {
    var text = text
    let failure: Int32? = text.withUTF8 { bytes in
        var offset = 0
        while offset < bytes.count {
            let written = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += written
        }
        return nil
    }
    if let failure { throw SystemError(errno: failure) }
}

/// Writes a message (help, a diagnostic) to `fd`; a failure there has nowhere to be told.
func writeAll(_ fd: Int32, _ text: String) {
    try? writeAnswer(fd, text)
}

/// Makes sure descriptors 0, 1 and 2 are open before anything (GTK's display connection, a
/// file) can take their numbers: a dialog started with standard output closed would otherwise
/// write its answer into the X connection. A closed standard output stays unwritable.
/// Returns the descriptors it put `/dev/null` on: they were closed, and nothing the user asked
/// to be written (a `--password-fd`) may go there.
@discardableResult
func keepStandardDescriptorsApart() -> Set<Int32> {
    var substituted: Set<Int32> = []
    for (descriptor, flags) in [(STDIN_FILENO, O_RDONLY), (STDOUT_FILENO, O_RDONLY), (STDERR_FILENO, O_WRONLY)]
    where fcntl(descriptor, F_GETFD) == -1 {
        let opened = open("/dev/null", flags)
        if opened >= 0 && opened != descriptor {
            dup2(opened, descriptor)
            close(opened)
        }
        if opened >= 0 { substituted.insert(descriptor) }
    }
    return substituted
}

/// The descriptors ``keepStandardDescriptorsApart()`` found closed at start.
@MainActor var descriptorsClosedAtStart: Set<Int32> = []
