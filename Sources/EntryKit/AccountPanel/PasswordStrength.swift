import Glibc

/// A rough strength estimate for a password, read where its bytes lie (no copy): the bits a
/// guesser must cover if it knew only the length and which kinds of characters are used
/// (lower case, upper case, digits, other ASCII, anything beyond ASCII), as 0...1 of
/// ``strongBits``. It knows no dictionary: "Password1" scores as any nine mixed characters;
/// it is a bar to grow while typing, not a verdict.
public enum PasswordStrength {
    /// The bits at which the bar is full (a random 13-character mixed password).
    public static let strongBits = 80.0

    /// The estimate in 0...1 for the UTF-8 `bytes` of a password.
    public static func estimate(_ bytes: UnsafeRawBufferPointer) -> Double {
        var characters = 0
        var pool = 0
        var seen: Set<Int> = []
        for byte in bytes where byte & 0xC0 != 0x80 {  // each byte that starts a character
            characters += 1
            let (kind, size) =
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"): (0, 26)
                case UInt8(ascii: "A")...UInt8(ascii: "Z"): (1, 26)
                case UInt8(ascii: "0")...UInt8(ascii: "9"): (2, 10)
                case 0x20..<0x7F: (3, 33)
                default: (4, 100)
                }
            if seen.insert(kind).inserted { pool += size }
        }
        guard characters > 0 else { return 0 }
        let bits = Double(characters) * log2(Double(max(pool, 2)))
        return min(1, bits / strongBits)
    }
}
