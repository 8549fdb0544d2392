/// How much standard input `choose` and `pick` take. Past it they stop reading and fail (status
/// 2, a message naming the option that raises it) instead of growing until memory runs out
/// (`yes | entrykit choose`). The defaults hold five times a million-line list.
struct InputLimit: Equatable, Sendable {
    /// The most lines.
    var lines = 5_000_000
    /// The most bytes.
    var bytes = 256 << 20

    /// Why input of `bytes` bytes holding `lineEnds` line ends is past the limit, or nil.
    func excess(bytes: Int, lineEnds: Int) -> String? {
        if bytes > self.bytes {
            return "standard input is larger than \(self.bytes) bytes (--max-bytes raises the limit)"
        }
        if lineEnds > lines {
            return "standard input has more than \(lines) lines (--max-lines raises the limit)"
        }
        return nil
    }

    /// Reads `--max-lines` and `--max-bytes` (the latter with a K, M or G suffix); nil when
    /// `name` is neither. Throws the message for a value that is no whole number above 0.
    mutating func set(_ name: String, to value: String) throws(CommandLineWords.Misuse) -> Bool {
        switch name {
        case "--max-lines":
            guard let count = Int(value), count > 0 else { throw .init(message: "--max-lines needs a whole number above 0, not '\(value)'") }
            lines = count
        case "--max-bytes":
            let multipliers: [Character: Int] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30]
            let multiplier = value.last.flatMap { multipliers[Character($0.uppercased())] }
            let digits = multiplier == nil ? Substring(value) : value.dropLast()
            guard let count = Int(digits), count > 0, count <= Int.max / (multiplier ?? 1) else {
                throw .init(message: "--max-bytes needs a size above 0 (bytes, or with K, M or G), not '\(value)'")
            }
            bytes = count * (multiplier ?? 1)
        default:
            return false
        }
        return true
    }

    /// The options' lines for `--help`.
    static let usage = """
          --max-lines N      read at most N lines from standard input (default: 5000000)
          --max-bytes SIZE   read at most SIZE bytes from standard input (default: 256M;
                             K, M and G suffixes)
        """
}
