import Glibc
import Testing

@testable import EntryKitCommandLine

/// What `entrykit polkit-agent` decides without polkit or a display: its options, whether a
/// process may be served, how users and details are named.
@Suite struct PolkitAgentTests {
    func agent(_ words: String...) -> Result<PolkitAgentOptions?, UsageError> {
        Result { () throws(UsageError) -> PolkitAgentOptions? in
            guard case .run(let options) = try PolkitAgentOptions.syntax.parse(words, from: PolkitAgentOptions()) else { return nil }
            return options
        }
    }

    func message(_ result: Result<PolkitAgentOptions?, UsageError>) -> String? {
        guard case .failure(let error) = result else { return nil }
        return error.message
    }

    @Test func theCommandIsRunByItsWordAndItsInstalledName() {
        #expect(AppCommand(arguments: ["polkit-agent", "--fallback"]) == .polkitAgent(["--fallback"]))
        #expect(AppCommand(programPath: "/usr/libexec/entrykit/entrykit-polkit-agent", arguments: []) == .polkitAgent([]))
        #expect(AppCommand.programNames.contains("entrykit-polkit-agent"))
        #expect(AppCommand.syntax.help.contains("polkit-agent [OPTIONS]"))
    }

    @Test func optionsAreReadAsPkttyagentReadsThem() throws {
        let options = try #require(try agent("--process", "1234,5678", "--fallback", "--notify-fd=7").get())
        #expect(options.process == ProcessReference(pid: 1234, startTime: 5678))
        #expect(options.isFallback && options.notifyFD == 7)
        #expect(try agent("--process", "42").get()?.process == ProcessReference(pid: 42))
        #expect(try agent().get() == PolkitAgentOptions(), "the default: the login session, no fallback, nothing to close")
    }

    @Test func badWordsAreUsageErrors() {
        #expect(message(agent("--process")) == "--process needs a value")
        #expect(message(agent("--process", "abc"))?.hasPrefix("--process needs PID or PID,START-TIME") == true)
        #expect(message(agent("--process", "0"))?.hasPrefix("--process needs PID") == true)
        #expect(message(agent("--process", "-5"))?.hasPrefix("--process needs PID") == true)
        #expect(message(agent("--process", "1,2,3"))?.hasPrefix("--process needs PID") == true)
        #expect(message(agent("--process", "1,x")) == "--process: the start time in '1,x' is not a whole number of clock ticks")
        #expect(message(agent("--notify-fd", "x")) == "--notify-fd needs a file descriptor number, not 'x'")
        #expect(message(agent("--notify-fd", "1")) == "--notify-fd 1 is standard output; use 3 or above")
        #expect(message(agent("--fallback=yes")) == "--fallback takes no value")
        #expect(message(agent("stray")) == "unexpected argument 'stray'")
    }

    @Test func aNotifyDescriptorMustBeOpen() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]) }
        var options = PolkitAgentOptions()
        options.notifyFD = fds[1]
        #expect(options.notifyFDProblem() == nil)
        close(fds[1])
        #expect(options.notifyFDProblem() == UsageError("--notify-fd \(fds[1]) is not an open file descriptor"))
    }

    @Test func aProcessIsCheckedForExistenceStartAndOwner() throws {
        let me = ProcessReference(pid: getpid())
        let found = try me.check(agentUID: getuid())
        #expect(found.uid == getuid() && found.startTime > 0)
        #expect(try ProcessReference(pid: getpid(), startTime: found.startTime).check(agentUID: getuid()) == found)
        #expect(
            throws: UsageError("--process \(getpid()),1: that process started at \(found.startTime), not 1 (its PID was given to another)")
        ) {
            try ProcessReference(pid: getpid(), startTime: 1).check(agentUID: getuid())
        }
        #expect(throws: UsageError("--process 2147483647: no such process")) {
            try ProcessReference(pid: Int32.max).check(agentUID: getuid())
        }
        // Process 1 is root's: another user may not serve it; root may serve any.
        let initUID = try ProcessReference(pid: 1).check(agentUID: 0).uid
        let stranger: uid_t = initUID == 4242 ? 4243 : 4242
        #expect(
            throws: UsageError("--process 1: the process is user \(initUID)'s; an agent serves only its own user's processes (root: any)")
        ) {
            try ProcessReference(pid: 1).check(agentUID: stranger)
        }
    }

    @Test func aCommandNameWithSpacesAndParenthesesDoesNotShiftTheStartTime() throws {
        let stat = "7 (a) b (c) S 1 7 7 0 -1 4194560 100 0 0 0 1 2 0 0 20 0 1 0 98765 1000 10"
        try withProc(pid: 7, stat: stat, uid: 1000) { root in
            let found = try ProcessReference(pid: 7).check(agentUID: 1000, procRoot: root)
            #expect(found == .init(uid: 1000, startTime: 98765))
        }
    }

    @Test func usersAreNamedAsPeopleKnowThem() {
        #expect(PolkitAccount(uid: 1000, userName: "ada", realName: "Ada Lovelace").displayName == "Ada Lovelace (ada)")
        #expect(PolkitAccount(uid: 1000, userName: "ada", realName: nil).displayName == "ada")
        #expect(PolkitAccount.realName(gecos: "Ada Lovelace,Room 1,,", userName: "ada") == "Ada Lovelace")
        #expect(PolkitAccount.realName(gecos: "& Smith", userName: "bob") == "Bob Smith", "finger(1)'s &: the user name, capitalized")
        #expect(PolkitAccount.realName(gecos: ",,,", userName: "ada") == nil)
        #expect(PolkitAccount.realName(gecos: "ada", userName: "ada") == nil, "the user name again says nothing more")
        #expect(PolkitAccount(uid: 0).userName == "root")
        #expect(PolkitAccount(uid: 4_000_000_000).displayName == "4000000000", "a user id with no entry is named by its number")
    }

    @Test func pamsPasswordPromptIsThePanelsOwnWordAndOthersAreShownAsTheyAre() {
        #expect(PolkitPrompt.label(for: "Password: ") == nil)
        #expect(PolkitPrompt.label(for: "Password:") == nil)
        #expect(PolkitPrompt.label(for: "Verification code: ") == "Verification code:")
        #expect(PolkitPrompt.label(for: "one_time_code:") == "one__time__code:", "no underscore read as a mnemonic")
    }

    @Test func thePersonRunningTheAgentIsPreselectedWhenOffered() {
        let accounts = [PolkitAccount(uid: 1001, userName: "bob", realName: nil), PolkitAccount(uid: 1000, userName: "ada", realName: nil)]
        #expect(PolkitAccount.preselected(accounts, runningAs: 1000) == 1)
        #expect(PolkitAccount.preselected(accounts, runningAs: 0) == 0, "not offered: the first")
    }

    @Test func detailsNameTheCallerAndTheSubjectByTheirCommandLines() {
        let lines: [Int32: String] = [42: "pkexec /usr/bin/id -u", 41: "sh"]
        let rows = PolkitDetailRows.rows(
            ["polkit.caller-pid": "42", "polkit.subject-pid": "41", "polkit.message": "x", "program": "/usr/bin/id"]) { lines[$0] }
        #expect(rows.map(\.name) == [.word("Program"), .word("On behalf of"), .key("program")])
        #expect(rows.map(\.value) == ["pkexec /usr/bin/id -u", "sh", "/usr/bin/id"])
        // The same process asking for itself is named once; one gone is left out.
        #expect(PolkitDetailRows.rows(["polkit.caller-pid": "42", "polkit.subject-pid": "42"]) { lines[$0] }.count == 1)
        #expect(PolkitDetailRows.rows(["polkit.caller-pid": "7"]) { lines[$0] }.isEmpty)
    }

    @Test func aCommandLineIsQuotedSoNoWordPassesForTwoOrRunsBackwards() {
        func line(_ words: String...) -> String? { PolkitDetailRows.commandLine(fromProc: Array(words.joined(separator: "\0").utf8) + [0]) }
        #expect(line("pkexec", "/usr/bin/id", "-u") == "pkexec /usr/bin/id -u")
        #expect(line("sh", "-c", "read go; exit $?") == "sh -c 'read go; exit $?'")
        #expect(line("echo", "it's") == "echo 'it'\\''s'")
        #expect(line("rm", "") == "rm ''")
        #expect(line("evil", "\u{202E}txt.exe") == "evil '\\u{202E}txt.exe'")
        #expect(line("two\nlines") == "'two\\u{A}lines'")
        #expect(PolkitDetailRows.commandLine(fromProc: []) == nil, "a process with no command line (a kernel thread)")
        #expect(PolkitDetailRows.commandLine(ofProcess: getpid())?.isEmpty == false)
    }
}

/// Runs `body` with a folder laid out as /proc for one made-up process, removed after.
private func withProc(pid: Int32, stat: String, uid: uid_t, _ body: (String) throws -> Void) throws {
    var template = Array("/tmp/entrykit-proc-XXXXXX".utf8CString)
    let root = try #require(mkdtemp(&template).map { String(cString: $0) })
    let folder = "\(root)/\(pid)"
    let files = ["\(folder)/stat": stat + "\n", "\(folder)/status": "Name:\ta\nUid:\t\(uid)\t\(uid)\t\(uid)\t\(uid)\n"]
    mkdir(folder, 0o700)
    for (path, text) in files {
        let file = fopen(path, "w")
        fputs(text, file)
        fclose(file)
    }
    defer {
        for path in files.keys { unlink(path) }
        rmdir(folder)
        rmdir(root)
    }
    try body(root)
}
