/// The Assuan protocol's plain parts, as gpg-agent speaks it to a pinentry (`info pinentry`):
/// lines of at most 1000 bytes, arguments and data percent-escaped, answers `OK`, `D`, `S`,
/// `ERR`. No GTK here: the pinentry command adds only the dialogs.
public enum Assuan {
    /// The longest line a peer may send or receive, without its line feed (libassuan's
    /// `ASSUAN_LINELENGTH` less the line end).
    public static let maximumLineLength = 1000

    /// The `%XX` escapes decoded; a `%` not followed by two hex digits stays as it is
    /// (libassuan's `strcpy_escaped` does the same).
    public static func percentDecoded<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> [UInt8] {
        let bytes = Array(bytes)
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
                let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
            {
                decoded.append(high << 4 | low)
                index += 3
            } else {
                decoded.append(bytes[index])
                index += 1
            }
        }
        return decoded
    }

    /// `text` as Assuan writes it: `%`, CR and LF (which would end or break the line) as `%XX`.
    public static func percentEncoded(_ text: String) -> String {
        String(decoding: encodedBytes(Array(text.utf8)), as: UTF8.self)
    }

    /// `text` as `D` lines: escaped, and split so that no line passes
    /// ``maximumLineLength`` (an escape or a character is never split), as libassuan sends data.
    public static func dataLines(_ text: String) -> [String] {
        var lines: [String] = []
        var line: [UInt8] = Array("D ".utf8)
        // Split between characters, never inside one: each line stays valid UTF-8.
        for scalar in text.unicodeScalars {
            let piece = encodedBytes(Array(String(scalar).utf8))
            if line.count + piece.count > maximumLineLength {
                lines.append(String(decoding: line, as: UTF8.self))
                line = Array("D ".utf8)
            }
            line += piece
        }
        lines.append(String(decoding: line, as: UTF8.self))
        return lines
    }

    /// The escaped bytes of `bytes` (what ``percentEncoded(_:)`` writes).
    public static func encodedBytes(_ bytes: [UInt8]) -> [UInt8] {
        var encoded: [UInt8] = []
        encoded.reserveCapacity(bytes.count)
        let digits = Array("0123456789ABCDEF".utf8)
        for byte in bytes {
            if byte == UInt8(ascii: "%") || byte == 0x0A || byte == 0x0D {
                encoded += [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 0xF)]]
            } else {
                encoded.append(byte)
            }
        }
        return encoded
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

/// An `ERR` answer: gpg-error's number (source << 24 | code) and its text, spelled as
/// pinentry 1.2.1 with libassuan spells them (recorded from Debian's `pinentry-curses`), so a
/// client that matches numbers or text sees what it knows.
public struct AssuanError: Error, Equatable, Sendable {
    public let code: UInt32
    public let text: String

    public init(code: UInt32, text: String) {
        self.code = code
        self.text = text
    }

    /// The answer line, without its line feed.
    public var line: String { "ERR \(code) \(text)" }

    /// gpg-error's sources: what libassuan itself answers is the user-defined source 1
    /// (pinentry tells libassuan so); what pinentry answers is source 5, "Pinentry".
    private static let assuanSource: UInt32 = 32 << 24
    private static let pinentrySource: UInt32 = 5 << 24

    /// GPG_ERR_ASS_UNKNOWN_CMD.
    public static let unknownCommand = AssuanError(code: assuanSource | 275, text: "Unknown IPC command <User defined source 1>")
    /// GPG_ERR_ASS_LINE_TOO_LONG: a line past ``Assuan/maximumLineLength``.
    public static let lineTooLong = AssuanError(code: assuanSource | 263, text: "Line passed to IPC too long <User defined source 1>")
    /// GPG_ERR_ASS_SYNTAX, as libassuan answers `OPTION` without a name; also a line holding NUL.
    public static func syntax(_ detail: String) -> AssuanError {
        AssuanError(code: assuanSource | 276, text: "IPC syntax error <User defined source 1> - \(detail)")
    }
    /// GPG_ERR_NOT_IMPLEMENTED, for `CANCEL`, `END` and `AUTH` outside an inquiry.
    public static let notImplemented = AssuanError(code: assuanSource | 69, text: "Not implemented <User defined source 1>")
    /// GPG_ERR_UNKNOWN_OPTION.
    public static let unknownOption = AssuanError(code: pinentrySource | 174, text: "Unknown option <Pinentry>")
    /// GPG_ERR_ASS_PARAMETER: `GETINFO` of something unknown, or none.
    public static let parameter = AssuanError(code: pinentrySource | 280, text: "IPC parameter error <Pinentry>")
    /// GPG_ERR_ASS_GENERAL: `CLEARPASSPHRASE` when the keyring cannot be asked.
    public static let general = AssuanError(code: pinentrySource | 257, text: "General IPC error <Pinentry>")
    /// GPG_ERR_ASS_INV_VALUE: `CLEARPASSPHRASE` of a key whose passphrase the keyring does not hold.
    public static let invalidValue = AssuanError(code: pinentrySource | 261, text: "Invalid value passed to IPC <Pinentry>")
    /// GPG_ERR_CANCELED: Cancel, Escape or the window closed. gpg-agent reads this number as
    /// "the user cancelled".
    public static let cancelled = AssuanError(code: pinentrySource | 99, text: "Operation cancelled <Pinentry>")
    /// GPG_ERR_NOT_CONFIRMED: the `SETNOTOK` button of `CONFIRM`.
    public static let notConfirmed = AssuanError(code: pinentrySource | 114, text: "Not confirmed <Pinentry>")
    /// GPG_ERR_TIMEOUT: `SETTIMEOUT` ran out.
    public static let timeout = AssuanError(code: pinentrySource | 62, text: "Timeout <Pinentry>")
    /// GPG_ERR_ENOTTY, what pinentry-curses answers without a terminal: a pinentry without its
    /// display fails the same way, so gpg-agent reports it and gpg can fall back to loopback.
    public static let noDisplay = AssuanError(code: pinentrySource | 0x8000 | 102, text: "Inappropriate ioctl for device <Pinentry>")
}

/// Splits a byte stream into Assuan lines: each at most ``Assuan/maximumLineLength`` bytes,
/// a line that is longer or holds a NUL reported as such (its rest skipped up to its line feed)
/// so the server answers `ERR` and reads on.
public struct AssuanLineReader {
    /// One line, or why there is none.
    public enum Line: Equatable {
        case line([UInt8])
        case tooLong
        case containsNul
    }

    private var pending: [UInt8] = []
    /// Inside a line already too long: bytes are dropped up to its line feed.
    private var discarding = false
    private var sawNul = false

    public init() {}

    /// Adds `bytes` and returns the lines they complete.
    public mutating func feed<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> [Line] {
        var lines: [Line] = []
        for byte in bytes {
            if byte == 0x0A {
                if discarding {
                    lines.append(.tooLong)
                } else if sawNul {
                    lines.append(.containsNul)
                } else {
                    // A CR before the LF belongs to the line end (libassuan accepts CRLF).
                    if pending.last == 0x0D { pending.removeLast() }
                    lines.append(.line(pending))
                }
                pending.removeAll(keepingCapacity: true)
                discarding = false
                sawNul = false
                continue
            }
            guard !discarding else { continue }
            if byte == 0 { sawNul = true }
            pending.append(byte)
            if pending.count > Assuan.maximumLineLength {
                discarding = true
                pending.removeAll(keepingCapacity: true)
            }
        }
        return lines
    }

    /// At the end of the stream: a last line without its line feed is not a command (libassuan
    /// drops an incomplete line), so nothing is returned; true when bytes were left over.
    public var hasIncompleteLine: Bool { !pending.isEmpty || discarding }
}
