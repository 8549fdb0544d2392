import Glibc
import Testing

@testable import EntryKitCommandLine

/// What `choose`, `pick`, `login` and `entrykit` itself take, with the messages scripts and
/// users see (the end-to-end tests check the same ones through the binary).
@Suite struct CommandOptionsTests {
    func parse<Options>(_ syntax: CommandSyntax<Options>, _ initial: Options, _ words: [String]) -> Result<Options?, UsageError> {
        Result { () throws(UsageError) -> Options? in
            guard case .run(let options) = try syntax.parse(words, from: initial) else { return nil }
            return options
        }
    }

    func choose(_ words: String...) -> Result<ChooseOptions?, UsageError> { parse(ChooseOptions.syntax, ChooseOptions(), words) }
    func pick(_ words: String...) -> Result<PickOptions?, UsageError> { parse(PickOptions.syntax, PickOptions(), words) }
    func login(_ words: String...) -> Result<LoginOptions?, UsageError> { parse(LoginOptions.syntax, LoginOptions(), words) }

    func message<Options>(_ result: Result<Options?, UsageError>) -> String? {
        guard case .failure(let error) = result else { return nil }
        return error.message
    }

    @Test func chooseTakesItsOptionsAndItems() throws {
        let options = try #require(
            try choose(
                "--title=Files", "--text", "Which?", "--rows", "3", "--editable", "--timeout", "1.5",
                "--max-lines", "7", "--max-bytes", "2M", "a", "--", "-b"
            ).get())
        #expect(options.title == "Files" && options.text == "Which?" && options.rows == 3 && options.editable)
        #expect(options.timeout == 1.5 && options.inputLimit == InputLimit(lines: 7, bytes: 2 << 20))
        #expect(options.items == ["a", "-b"])
        #expect(try choose().get() == ChooseOptions(), "the defaults: 10 rows, not editable, items from standard input")
    }

    @Test func chooseRefusesWhatItCannotTake() {
        #expect(message(choose("--bogus", "a"))?.hasPrefix("unknown option '--bogus'") == true)
        #expect(message(choose("--title")) == "--title needs a value")
        #expect(message(choose("--editable=yes", "a")) == "--editable takes no value")
        #expect(message(choose("--rows=many", "a")) == "--rows needs a whole number above 0, not 'many'")
        #expect(message(choose("--timeout", "nan", "a")) == "--timeout needs a positive number of seconds, not 'nan'")
        #expect(message(choose("--timeout=-1", "a")) == "--timeout needs a positive number of seconds, not '-1'")
        #expect(message(choose("--timeout", "inf")) == "--timeout needs a positive number of seconds, not 'inf'")
        for bad in ["0", "-1", "M", "1.5G", "99999999999999999999G"] {
            #expect(message(choose("--max-bytes", bad)) == "--max-bytes needs a size above 0 (bytes, or with K, M or G), not '\(bad)'")
        }
        #expect(message(choose("--max-lines", "0")) == "--max-lines needs a whole number above 0, not '0'")
    }

    /// A stray dash-word was an item for `pick` and an unknown option for `choose`: now the same
    /// for both, and `--` lets an item start with a dash.
    @Test func pickReadsDashWordsAsChooseDoes() throws {
        #expect(message(pick("-x", "a")) == "unknown option '-x' (put '--' before ITEMs that start with '-')")
        #expect(message(pick("--colour", "red")) == "unknown option '--colour' (put '--' before ITEMs that start with '-')")
        #expect(try pick("--", "-x", "a").get()?.items == ["-x", "a"])
        #expect(try pick("-", "a").get()?.items == ["-", "a"], "a lone dash is an item")
    }

    @Test func pickTakesItsOptions() throws {
        let options = try #require(try pick("--index", "2", "--print-index", "--title", "T", "--text=M", "a", "b", "c").get())
        #expect(options.index == 2 && options.printsIndex && options.title == "T" && options.text == "M")
        #expect(options.indexProblem(itemCount: 3) == nil)
        #expect(options.indexProblem(itemCount: 2)?.message == "--index 2 is out of range: there are 2 items (0 to 1)")
        #expect(options.indexProblem(itemCount: 1)?.message == "--index 2 is out of range: there is 1 item (0 to 0)")
        #expect(message(pick("--index", "-1", "a")) == "--index needs an item number from 0, not '-1'")
        #expect(message(pick("--timeout")) == "--timeout needs a value")
        #expect(message(pick("--print-index=yes", "a")) == "--print-index takes no value")
    }

    @Test func loginChoosesOneOutput() throws {
        #expect(try login().get()?.output == .separated("|"))
        #expect(try login("--separator", ":").get()?.output == .separated(":"))
        #expect(try login("--json", "--json").get()?.output == .json, "the same option twice is no conflict")
        #expect(try login("--null").get()?.output == .null)
        #expect(message(login("--null", "--json")) == "--null and --json cannot be used together")
        #expect(message(login("--separator", ":", "--null")) == "--separator and --null cannot be used together")
        #expect(message(login("--separator=")) == "--separator cannot be empty: the two fields would run together")
    }

    @Test func loginRefusesWhatItCannotTake() throws {
        #expect(message(login("--bogus")) == "unknown option '--bogus'")
        #expect(message(login("-x")) == "unknown option '-x'")
        #expect(message(login("stray")) == "unexpected argument 'stray'")
        #expect(
            message(login("--password", "hunter2"))
                == "the password is never taken from arguments; use the dialog (or --password-fd to receive it)")
        #expect(message(login("--password-fd", "x")) == "--password-fd needs a file descriptor number, not 'x'")
        for (fd, name) in [(0, "input"), (1, "output"), (2, "error")] {
            #expect(message(login("--password-fd", "\(fd)"))?.hasPrefix("--password-fd \(fd) is standard \(name): ") == true)
        }
        let longest = String(repeating: "é", count: LoginOptions.maximumUsernameBytes / 2)
        #expect(try login("--username", longest).get()?.username == longest)
        #expect(
            message(login("--username", longest + "a"))
                == "--username is 65535 bytes long; the field holds at most 65534 bytes of UTF-8 text")
        #expect(message(login("--timeout", "soon")) == "--timeout needs a positive number of seconds, not 'soon'")
    }

    @Test func thePasswordDescriptorIsCheckedBeforeAnythingShows() throws {
        var options = LoginOptions()
        options.passwordFD = 99
        #expect(options.passwordFDProblem()?.message == "--password-fd 99 is not an open file descriptor")
        let readOnly = open("/dev/null", O_RDONLY)
        defer { close(readOnly) }
        options.passwordFD = readOnly
        #expect(options.passwordFDProblem()?.message == "--password-fd \(readOnly) is not open for writing")
        let writable = open("/dev/null", O_WRONLY)
        defer { close(writable) }
        options.passwordFD = writable
        #expect(options.passwordFDProblem() == nil)
    }

    @Test func everyHelpListsItsOptionsAndEndsWithTheExitStatusTable() {
        let helps = [
            (
                ChooseOptions.syntax.help,
                ["--title", "--text", "--rows", "--editable", "--timeout", "--max-lines", "--max-bytes", "(default: 10)"]
            ),
            (
                PickOptions.syntax.help,
                ["--title", "--text", "--index", "--print-index", "--timeout", "--max-lines", "--max-bytes", "Pick an Item"]
            ),
            (
                LoginOptions.syntax.help,
                ["--json", "--null", "--separator SEP", "--title", "--text", "--username NAME", "--password-fd N", "--timeout", "Sign In"]
            ),
            (AppCommand.syntax.help, ["-V, --version", "strings lookup", "ENTRYKIT_RESOURCES", "'--' ends the options"]),
        ]
        for (help, words) in helps {
            #expect(help.contains("  -h, --help "), "\(help.prefix(40))")
            #expect(help.contains("\n\n" + EntryKitCommandLine.ExitStatus.help + "\n"), "\(help.prefix(40))")
            for word in words { #expect(help.contains(word), "\(word) in \(help.prefix(40))") }
        }
        #expect(!LoginOptions.syntax.help.contains("\n  --password "), "the refused option is not offered")
        #expect(ChooseOptions.syntax.help.hasSuffix("seq 1000000 | entrykit choose --editable\n"), "the examples come last")
        #expect(AppCommand.syntax.help.hasPrefix("Usage: entrykit [COMMAND]\n"))
    }
}

@Suite struct AppCommandTests {
    @Test func theFirstWordNamesTheCommand() {
        #expect(AppCommand(arguments: []) == .gallery)
        #expect(AppCommand(arguments: ["choose", "--bogus"]) == .choose(["--bogus"]), "each command reads its own words")
        #expect(AppCommand(arguments: ["pick", "a"]) == .pick(["a"]))
        #expect(AppCommand(arguments: ["pinentry"]) == .pinentry([]))
        #expect(AppCommand(arguments: ["askpass", "Password: "]) == .askpass(["Password: "]))
        #expect(AppCommand(arguments: ["credential", "get"]) == .credential(["get"]))
        // Installed under other names, the program name is the command.
        #expect(AppCommand(programPath: "/usr/bin/pinentry-entrykit", arguments: ["--display", ":0"]) == .pinentry(["--display", ":0"]))
        #expect(AppCommand(programPath: "/usr/libexec/entrykit/entrykit-askpass", arguments: ["Pass: "]) == .askpass(["Pass: "]))
        #expect(AppCommand(programPath: "git-credential-entrykit", arguments: ["get"]) == .credential(["get"]))
        #expect(AppCommand(programPath: "/usr/bin/entrykit", arguments: ["pick", "a"]) == .pick(["a"]))
        #expect(AppCommand(arguments: ["login"]) == .login([]))
        #expect(AppCommand(arguments: ["strings", "lint", "x"]) == .strings(["lint", "x"]))
        for help in [["help"], ["--help"], ["-h"], ["-V", "--help"]] { #expect(AppCommand(arguments: help) == .help, "\(help)") }
        #expect(AppCommand(arguments: ["--version"]) == .version)
        #expect(AppCommand(arguments: ["-V"]) == .version)
    }

    @Test func wordsThatMeanNothingAreUsageErrors() {
        #expect(AppCommand(arguments: ["--bogus"]) == .misuse(UsageError("unknown option '--bogus'")))
        #expect(AppCommand(arguments: ["frobnicate"]) == .misuse(UsageError("unknown command 'frobnicate'")))
        #expect(AppCommand(arguments: ["-V", "extra"]) == .misuse(UsageError("unexpected argument 'extra'")))
        #expect(AppCommand(arguments: ["--version=1"]) == .misuse(UsageError("--version takes no value")))
    }

    /// A byte that is no UTF-8 would become U+FFFD: the name shown and printed would not be the one given.
    @Test func aWordThatIsNotUTF8IsAUsageErrorNotARepairedText() {
        let latin1Name: [UInt8] = [0x72, 0xE9, 0x6E, 0xE9]  // "réné" in Latin-1
        #expect(
            AppCommand(programPath: "entrykit", argumentBytes: [Array("login".utf8), Array("--username".utf8), latin1Name])
                == .misuse(UsageError("argument 3 ('r\u{FFFD}n\u{FFFD}') is not valid UTF-8 text")))
        #expect(
            AppCommand(programPath: "entrykit", argumentBytes: [Array("login".utf8), Array("--username=rené".utf8)])
                == .login(["--username=rené"]))
    }
}
