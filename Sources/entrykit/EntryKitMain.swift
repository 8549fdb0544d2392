import CGtk
import EntryKit
import Glibc

@main
struct EntryKitMain {
    @MainActor
    static func main() {
        descriptorsClosedAtStart = keepStandardDescriptorsApart()
        var status: Int32
        switch AppCommand(arguments: Array(CommandLine.arguments.dropFirst())) {
        case .gallery:
            do {
                try GtkRuntime.initialize()
                status = GalleryApplication().run()
            } catch {
                writeAll(STDERR_FILENO, "entrykit: \(error)\n")
                status = ExitStatus.cannotShowDialog
            }
        case .help:
            print(AppCommand.usage, terminator: "")
            status = ExitStatus.answered
        case .version:
            print("entrykit \(EntryKit.version)")
            status = ExitStatus.answered
        case .login(let arguments):
            status = LoginCommand.run(arguments)
        case .pick(let arguments):
            status = PickCommand.run(arguments)
        case .strings(let arguments):
            status = StringsCommand.run(arguments)
        case .choose(let arguments):
            status = ChooseDialog.run(arguments)
        case .misuse(let message):
            writeAll(STDERR_FILENO, "entrykit: \(message)\nTry 'entrykit --help' for more information.\n")
            status = ExitStatus.usage
        }
        // Text printed through the C library (help, `strings dump`) is checked here, once.
        if entrykit_flush_standard_output_failed() != 0 {
            writeAll(STDERR_FILENO, "entrykit: cannot write to standard output: \(String(cString: strerror(errno)))\n")
            if status == ExitStatus.answered { status = ExitStatus.cancelled }
        }
        exit(status)
    }
}
