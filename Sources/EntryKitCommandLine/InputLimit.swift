import Glibc

/// How much standard input `choose` and `pick` take. Past it they stop reading and fail (status
/// 2, a message naming the option that raises it) instead of growing until memory runs out
/// (`yes | entrykit choose`). The defaults hold five times a million-line list.
public struct InputLimit: Equatable, Sendable {
    /// The most lines.
    public var lines = 5_000_000
    /// The most bytes.
    public var bytes = 256 << 20

    public init() {}

    public init(lines: Int, bytes: Int) {
        self.lines = lines
        self.bytes = bytes
    }

    /// What input of `bytes` bytes holding `lineEnds` line ends exceeds, or nil.
    func excess(bytes: Int, lineEnds: Int) -> InputFailure? {
        if bytes > self.bytes { return .tooManyBytes(limit: self.bytes) }
        if lineEnds > lines { return .tooManyLines(limit: lines) }
        return nil
    }

    /// `--max-lines`: a whole number above 0.
    mutating func setLines(_ value: String) throws(UsageError) {
        lines = try positiveInteger(value, for: "--max-lines")
    }

    /// `--max-bytes`: a whole number above 0, with an optional K, M or G suffix.
    mutating func setBytes(_ value: String) throws(UsageError) {
        let multipliers: [Character: Int] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30]
        let multiplier = value.last.flatMap { multipliers[Character($0.uppercased())] }
        let digits = multiplier == nil ? Substring(value) : value.dropLast()
        guard let count = Int(digits), count > 0, count <= Int.max / (multiplier ?? 1) else {
            throw UsageError("--max-bytes needs a size above 0 (bytes, or with K, M or G), not '\(value)'")
        }
        bytes = count * (multiplier ?? 1)
    }
}

/// Why an input gave nothing to use.
public enum InputFailure: Error, Equatable, CustomStringConvertible, Sendable {
    /// Reading failed (a directory, a closed descriptor).
    case unreadable(SystemError)
    /// More bytes than ``InputLimit/bytes``.
    case tooManyBytes(limit: Int)
    /// More lines than ``InputLimit/lines``.
    case tooManyLines(limit: Int)

    /// Said of standard input, naming the option that raises a limit.
    public var description: String {
        switch self {
        case .unreadable(let error): "cannot read standard input: \(error)"
        case .tooManyBytes(let limit): "standard input is larger than \(limit) bytes (--max-bytes raises the limit)"
        case .tooManyLines(let limit): "standard input has more than \(limit) lines (--max-lines raises the limit)"
        }
    }
}

/// The one loop that reads a descriptor to its end: interrupted reads retried, stopped past a
/// limit, larger reads once the input is large.
enum DescriptorReader {
    /// All the bytes of `descriptor` until its end. `afterEachRead` sees the bytes so far, after
    /// every read that brought some (to announce the first ones, or to pause).
    static func readToEnd(
        _ descriptor: Int32, limit: InputLimit, afterEachRead: (_ bytesSoFar: Int) -> Void = { _ in }
    ) throws(InputFailure) -> [UInt8] {
        var bytes: [UInt8] = []
        var lineEnds = 0
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(SystemError(errno: errno))
            }
            if count == 0 { return bytes }
            lineEnds += chunk[..<count].lazy.filter { $0 == 0x0A }.count
            if let excess = limit.excess(bytes: bytes.count + count, lineEnds: lineEnds) { throw excess }
            bytes.append(contentsOf: chunk[..<count])
            afterEachRead(bytes.count)
            if bytes.count >= 1 << 20 && chunk.count < 1 << 20 {
                chunk = [UInt8](repeating: 0, count: 1 << 20)  // a large input: fewer reads
            }
        }
    }
}
