import Glibc

/// `entrykit polkit-agent [OPTION...]`, parsed: plain Swift, so a usage error costs no display
/// and no bus.
///
/// ```swift
/// let parsed = try PolkitAgentOptions.syntax.parse(["--process", "1234", "--notify-fd", "5"], from: PolkitAgentOptions())
/// ```
public struct PolkitAgentOptions: Equatable, Sendable {
    /// The process to register for (`--process`); nil registers for the caller's login session.
    public var process: ProcessReference?
    /// Whether polkit asks this agent only when no other is registered for the subject.
    public var isFallback = false
    /// A descriptor closed once the agent is registered, so that whoever started it knows.
    public var notifyFD: Int32?

    public init() {}

    /// Why ``notifyFD`` cannot be closed as promised, checked before anything else happens.
    /// (Descriptors 0 to 2, which ``StandardDescriptors/keepApart()`` may have put `/dev/null`
    /// on, are refused as options.)
    public func notifyFDProblem() -> UsageError? {
        guard let fd = notifyFD else { return nil }
        return fcntl(fd, F_GETFD) == -1 ? UsageError("--notify-fd \(fd) is not an open file descriptor") : nil
    }

    /// The table the agent's `--help` ends with: a resident program, not a dialog.
    public static let exitStatus = """
        Exit status:
          0  stopped by SIGTERM, SIGINT or SIGHUP
          1  polkit refused the registration (another agent serves the session or
             process), or could not be reached
          2  bad arguments, or a process that is not there or not the user's
             (nothing shown)
          3  no dialog could be shown (no display, or it refused the connection)
          4  no login session to register for (no logind, or the process is in
             none): use --process
        """

    public static let syntax = CommandSyntax<PolkitAgentOptions>(
        command: "entrykit polkit-agent",
        synopsis: "[OPTION...]",
        summary: """
            A polkit authentication agent: registers with polkit and asks for an administrator's
            password (or the user's own) whenever a program needs one (pkexec, systemctl, a
            software installer, a disk to mount), in EntryKit's dialog. It runs until stopped.
            By default it serves the caller's login session, as a desktop's autostart runs it;
            installed also as /usr/libexec/entrykit/entrykit-polkit-agent.
            """,
        options: [
            .value(
                "--process", "PID[,START-TIME]",
                help:
                    "serve one process instead of the session (as pkttyagent\n--process): one of the user's own, or any for root;\nSTART-TIME (clock ticks after boot, /proc/PID/stat's 22nd\nfield) pins it against a reused PID"
            ) { options, value throws(UsageError) in
                options.process = try ProcessReference(parsing: value)
            },
            .flag("--fallback", help: "serve only when no other agent is registered for the session\nor process (as pkttyagent --fallback)")
            {
                options throws(UsageError) in options.isFallback = true
            },
            .value("--notify-fd", "FD", help: "close file descriptor FD once registered (how a script or\nsystemctl waits for an agent)") {
                options, value throws(UsageError) in
                guard let fd = Int32(value), fd >= 0 else {
                    throw UsageError("--notify-fd needs a file descriptor number, not '\(value)'")
                }
                guard fd > STDERR_FILENO else {
                    throw UsageError("--notify-fd \(fd) is standard \(["input", "output", "error"][Int(fd)]); use 3 or above")
                }
                options.notifyFD = fd
            },
        ],
        notes: [
            """
            One authentication at a time: one asked for while a dialog is up waits its turn.
            polkit localizes the action's message from LANG; the dialog's own words follow
            LANGUAGE as every entrykit dialog's. On X11 the dialog holds the keyboard while it
            is up, on a Wayland compositor with a layer shell it is an overlay above full-screen
            windows; ENTRYKIT_NO_GRAB=1 turns that off.
            """,
            """
            In a sway, i3 or Hyprland configuration:
              exec /usr/libexec/entrykit/entrykit-polkit-agent
            """,
        ],
        exitStatus: exitStatus
    )
}

/// A process named on the command line (`PID` or `PID,START-TIME`), as polkit's process
/// subjects name one: the start time tells a process from a later one given the same PID.
public struct ProcessReference: Equatable, Sendable {
    public var pid: Int32
    /// Clock ticks after boot (`/proc/PID/stat`'s 22nd field); nil when not given.
    public var startTime: UInt64?

    public init(pid: Int32, startTime: UInt64? = nil) {
        self.pid = pid
        self.startTime = startTime
    }

    init(parsing value: String) throws(UsageError) {
        let parts = value.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count <= 2, let pid = Int32(parts[0]), pid > 0 else {
            throw UsageError("--process needs PID or PID,START-TIME (positive whole numbers), not '\(value)'")
        }
        var startTime: UInt64?
        if parts.count == 2 {
            guard let time = UInt64(parts[1]) else {
                throw UsageError("--process: the start time in '\(value)' is not a whole number of clock ticks")
            }
            startTime = time
        }
        self.init(pid: pid, startTime: startTime)
    }

    /// What `/proc` says of a running process: who owns it and when it started.
    public struct Found: Equatable, Sendable {
        public var uid: uid_t
        public var startTime: UInt64
    }

    /// The process as it runs now, checked for an agent running as `agentUID`: it must exist,
    /// have started at ``startTime`` when one is given, and belong to the agent's user (polkit
    /// lets only root register for another user's process). `procRoot` is where `/proc` is.
    public func check(agentUID: uid_t, procRoot: String = "/proc") throws(UsageError) -> Found {
        guard let found = Self.read(pid: pid, procRoot: procRoot) else {
            throw UsageError("--process \(pid): no such process")
        }
        if let startTime, startTime != found.startTime {
            throw UsageError(
                "--process \(pid),\(startTime): that process started at \(found.startTime), not \(startTime) (its PID was given to another)"
            )
        }
        if agentUID != 0, found.uid != agentUID {
            throw UsageError(
                "--process \(pid): the process is user \(found.uid)'s; an agent serves only its own user's processes (root: any)")
        }
        return found
    }

    /// The owner (the real user id in `status`) and start time (`stat`'s 22nd field, counted
    /// after the command name, which may hold spaces and parentheses) of process `pid`.
    static func read(pid: Int32, procRoot: String) -> Found? {
        guard let stat = readText("\(procRoot)/\(pid)/stat"), let status = readText("\(procRoot)/\(pid)/status"),
            let nameEnd = stat.lastIndex(of: ")")
        else { return nil }
        // After the name: state (3rd field) onwards; the start time is the 22nd.
        let fields = stat[stat.index(after: nameEnd)...].split(separator: " ")
        guard fields.count > 19, let startTime = UInt64(fields[19]) else { return nil }
        guard let uidLine = status.split(separator: "\n").first(where: { $0.hasPrefix("Uid:") }),
            let uid = uidLine.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first.flatMap({ uid_t($0) })
        else { return nil }
        return Found(uid: uid, startTime: startTime)
    }

    private static func readText(_ path: String) -> String? {
        readBytes(path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The bytes of a small file (a `/proc` entry, which has no size to ask for), up to `limit`;
    /// nil when it cannot be opened.
    static func readBytes(_ path: String, limit: Int = 1 << 20) -> [UInt8]? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while bytes.count < limit {
            let count = fread(&chunk, 1, chunk.count, file)
            if count == 0 { break }
            bytes += chunk[..<count]
        }
        return bytes
    }
}
