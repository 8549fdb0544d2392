import Testing

@testable import EntryKitCommandLine

/// The one rule every command reads its words by, on a small declared command.
@Suite struct CommandSyntaxTests {
    struct Options: Equatable {
        var title: String?
        var count = 0
        var loud = false
        var items: [String] = []
    }

    static let syntax = CommandSyntax<Options>(
        command: "entrykit test", synopsis: "[OPTION...] [ITEM...]", summary: "Tests the parser.",
        options: [
            .text("--title", \.title, help: "a title"),
            .value("--count", "N", help: "how many,\nat least 1") { options, value throws(UsageError) in
                options.count = try positiveInteger(value, for: "--count")
            },
            .flag("-l", "--loud", help: "louder") { $0.loud = true },
            .refused("--secret", because: "secrets are never taken from arguments"),
        ],
        operand: .init(name: "ITEM") { options, item in options.items.append(item) },
        notes: ["A note."],
        examples: "Examples:\n  entrykit test a b")

    static let noOperands = CommandSyntax<Options>(command: "entrykit bare", synopsis: "[OPTION...]", summary: "No items.", options: [])

    func parse(_ words: [String], _ syntax: CommandSyntax<Options> = syntax) throws(UsageError) -> Options? {
        guard case .run(let options) = try syntax.parse(words, from: Options()) else { return nil }
        return options
    }

    func problem(_ words: [String], _ syntax: CommandSyntax<Options> = syntax) -> String? {
        do {
            _ = try parse(words, syntax)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func valuesFollowTheirOptionOrAnEqualsSign() throws {
        #expect(try parse(["--title", "T", "--count=3"]) == Options(title: "T", count: 3))
        #expect(try parse(["--title=a=b"])?.title == "a=b", "only the first '=' divides")
        #expect(try parse(["--title="])?.title == "", "an empty value is a value")
        #expect(try parse(["--title", "-x"])?.title == "-x", "the next word is the value, whatever it is")
    }

    @Test func operandsMixWithOptionsAndDoubleDashEndsTheOptions() throws {
        #expect(try parse(["a", "--loud", "b"]) == Options(loud: true, items: ["a", "b"]))
        #expect(try parse(["-"])?.items == ["-"], "a lone dash is an operand (standard input, for a FILE)")
        #expect(try parse(["--", "-x", "--loud", "--"])?.items == ["-x", "--loud", "--"])
        #expect(try parse(["--"])?.items == [])
    }

    @Test func aDashWordThatIsNoOptionIsAUsageError() {
        #expect(problem(["--bogus", "a"]) == "unknown option '--bogus' (put '--' before ITEMs that start with '-')")
        #expect(problem(["-x"]) == "unknown option '-x' (put '--' before ITEMs that start with '-')")
        #expect(problem(["--bogus=1"])?.hasPrefix("unknown option '--bogus'") == true)
        #expect(problem(["-x"], Self.noOperands) == "unknown option '-x'", "no hint where nothing can follow --")
        #expect(problem(["stray"], Self.noOperands) == "unexpected argument 'stray'")
    }

    @Test func valuesAreChecked() {
        #expect(problem(["--title"]) == "--title needs a value")
        #expect(problem(["--loud=yes"]) == "--loud takes no value")
        #expect(problem(["--count", "0"]) == "--count needs a whole number above 0, not '0'")
        #expect(problem(["--secret", "x"]) == "secrets are never taken from arguments")
        #expect(problem(["--secret=x"]) == "secrets are never taken from arguments")
    }

    @Test func helpIsTakenWhenReachedAndAnEarlierErrorWins() throws {
        for words in [["--help"], ["-h"], ["a", "--loud", "--help", "--bogus"]] {
            guard case .help = try Self.syntax.parse(words, from: Options()) else {
                Issue.record("\(words) asks for help")
                continue
            }
        }
        #expect(problem(["--bogus", "--help"])?.hasPrefix("unknown option '--bogus'") == true)
        #expect(problem(["--help=x"]) == "--help takes no value")
        #expect(try parse(["--", "--help"])?.items == ["--help"])
    }

    @Test func helpIsGeneratedFromTheDeclarations() {
        #expect(
            Self.syntax.help == """
                Usage: entrykit test [OPTION...] [ITEM...]

                Tests the parser.

                Options:
                  --title TEXT  a title
                  --count N     how many,
                                at least 1
                  -l, --loud    louder
                  -h, --help    show this help and exit

                A note.

                \(EntryKitCommandLine.ExitStatus.help)

                Examples:
                  entrykit test a b

                """)
        #expect(!Self.syntax.help.contains("--secret"), "a refused option is not offered")
    }
}

@Suite struct ExitStatusTests {
    @Test func everyStatusHasItsNumberInTheTable() {
        let statuses: [(EntryKitCommandLine.ExitStatus, String)] = [
            (.answered, "0  answered"), (.cancelled, "1  cancelled"), (.usage, "2  bad arguments"),
            (.cannotShowDialog, "3  no dialog"), (.timedOut, "5  --timeout"),
        ]
        for (status, row) in statuses {
            #expect(
                EntryKitCommandLine.ExitStatus.help.contains("  \(status.code)  ") && EntryKitCommandLine.ExitStatus.help.contains(row),
                "\(status)")
        }
        #expect(
            EntryKitCommandLine.ExitStatus.failed.code == EntryKitCommandLine.ExitStatus.cancelled.code,
            "a failed tool, like a cancel, printed nothing usable")
    }
}
