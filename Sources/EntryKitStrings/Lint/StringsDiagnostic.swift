/// What `entrykit strings lint` reports about a table: the parser's errors and warnings, and
/// what Apple's tools accept but is almost always a mistake (a key defined twice, a value whose
/// `printf` conversions differ from its key's).
public struct StringsDiagnostic: Sendable, Equatable {
    public var position: SourcePosition
    public var isError: Bool
    public var message: String

    public init(position: SourcePosition, isError: Bool, message: String) {
        self.position = position
        self.isError = isError
        self.message = message
    }

    /// `FILE:LINE:COL: error: ...` or `...: warning: ...`, as editors read it.
    public func line(in file: String) -> String {
        "\(file):\(position.line):\(position.column): \(isError ? "error" : "warning"): \(message)"
    }

    /// The line that ends a file's `lint` report: `FILE: OK`, or how many errors and warnings
    /// it has (`FILE: 1 error, 9 warnings`).
    public static func summary(of found: [StringsDiagnostic], in file: String) -> String {
        let errors = found.filter(\.isError).count
        let warnings = found.count - errors
        guard errors + warnings > 0 else { return "\(file): OK" }
        func count(_ number: Int, _ word: String) -> String { "\(number) \(word)\(number == 1 ? "" : "s")" }
        return "\(file): \(count(errors, "error")), \(count(warnings, "warning"))"
    }
}

extension StringsDocument {
    /// Errors and warnings of the document, in file order (errors first where both stand).
    public var diagnostics: [StringsDiagnostic] {
        var found = errors.map { StringsDiagnostic(position: $0.position, isError: true, message: $0.message) }
        found += warnings.map { StringsDiagnostic(position: $0.position, isError: false, message: $0.message) }
        found += duplicates.map { duplicate in
            StringsDiagnostic(
                position: duplicate.duplicate, isError: false,
                message: "duplicate key \(JSONString.quoted(duplicate.key)) (first defined at \(duplicate.first)); the last definition wins"
            )
        }
        found += ignoredRecoveries.map { ignored in
            StringsDiagnostic(
                position: ignored.duplicate, isError: false,
                message: "key \(JSONString.quoted(ignored.key)) was read by Apple's parser at \(ignored.first), before it stops reading; "
                    + "this later definition is ignored, as on Apple's platforms")
        }
        found += formatWarnings
        return found.enumerated().sorted { a, b in
            if a.element.position != b.element.position { return a.element.position < b.element.position }
            if a.element.isError != b.element.isError { return a.element.isError }
            return a.offset < b.offset
        }.map(\.element)
    }

    /// Values whose `printf` conversions differ from their key's: at run time the key's text
    /// is shown instead, so the translator should hear of it.
    var formatWarnings: [StringsDiagnostic] {
        entries.compactMap { entry -> StringsDiagnostic? in
            guard let value = entry.value.string else { return nil }
            let expected = FormatSpecifiers(entry.key)
            guard !expected.isEmpty else { return nil }
            let found = FormatSpecifiers(value)
            guard found != expected else { return nil }
            return StringsDiagnostic(
                position: entry.position, isError: false,
                message: "the value's format conversions (\(found)) differ from the key's (\(expected)); the key's text is shown instead")
        }
    }
}
