import EntryKit
import EntryKitCommandLine
import Glibc

@main
struct EntryKitMain {
    @MainActor
    static func main() {
        StandardDescriptors.keepApart()
        let status: ExitStatus
        let words = (1..<Int(CommandLine.argc)).map { index in
            CommandLine.unsafeArgv[index].map {
                Array(UnsafeBufferPointer(start: UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self), count: strlen($0)))
            } ?? []
        }
        switch AppCommand(programPath: CommandLine.arguments[0], argumentBytes: words) {
        case .gallery:
            guard startGtk(for: "entrykit") else { exit(ExitStatus.cannotShowDialog.code) }
            exit(GalleryApplication().run())  // GApplication's status: 0, or 1 when it failed
        case .help:
            status = Output.print(AppCommand.syntax.help, for: "entrykit")
        case .version:
            status = Output.print("entrykit \(EntryKit.version)\n", for: "entrykit")
        case .login(let arguments):
            status = LoginCommand.run(arguments)
        case .pick(let arguments):
            status = PickCommand.run(arguments)
        case .strings(let arguments):
            status = StringsCommand.run(arguments)
        case .choose(let arguments):
            status = ChooseDialog.run(arguments)
        case .pinentry(let arguments):
            status = PinentryCommand.run(arguments)
        case .askpass(let arguments):
            status = AskpassCommand.run(arguments)
        case .credential(let arguments):
            status = CredentialCommand.run(arguments)
        case .polkitAgent(let arguments):
            status = PolkitAgentCommand.run(arguments)
        case .misuse(let error):
            status = error.report(for: "entrykit")
        }
        exit(status.code)
    }
}

/// Connects GTK to the display; when it cannot, says why in one line on standard error, named
/// for `command` (the caller exits with ``ExitStatus/cannotShowDialog``).
@MainActor func startGtk(for command: String) -> Bool {
    takeTheActivationToken()
    do {
        try GtkRuntime.initialize()
        return true
    } catch {
        Output.say("\(command): \(error)")
        return false
    }
}

/// A Wayland launcher hands the program its activation token (xdg-activation) in
/// `XDG_ACTIVATION_TOKEN`; GTK 3 reads a token only from `DESKTOP_STARTUP_ID`, and activates the
/// first window it presents with it. A token is good for one activation: it is not passed on to
/// the programs this one starts.
private func takeTheActivationToken() {
    guard let token = getenv("XDG_ACTIVATION_TOKEN") else { return }
    if getenv("WAYLAND_DISPLAY") != nil, getenv("DESKTOP_STARTUP_ID") == nil {
        setenv("DESKTOP_STARTUP_ID", token, 1)
    }
    unsetenv("XDG_ACTIVATION_TOKEN")
}
