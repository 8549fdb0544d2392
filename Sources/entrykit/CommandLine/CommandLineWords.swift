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

    struct TimeoutMisuse: Error {
        let value: String
        var message: String { "--timeout needs a positive number of seconds, not '\(value)'" }
    }
}

/// Writes all of `text` to `fd`, retrying short writes; output errors end with the status the
/// shell sees from the caller (a closed pipe stops the process with SIGPIPE, as `cat` does).
func writeAll(_ fd: Int32, _ text: String) {
    var text = text
    text.withUTF8 { bytes in
        var offset = 0
        while offset < bytes.count {
            let written = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += written
        }
    }
}
