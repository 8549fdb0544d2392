import EntryKit
import Foundation

@main
struct EntryKitMain {
    @MainActor
    static func main() {
        let status: Int32
        switch AppCommand(arguments: Array(CommandLine.arguments.dropFirst())) {
        case .gallery:
            status = GalleryApplication().run()
        case .help:
            print(AppCommand.usage, terminator: "")
            status = 0
        case .version:
            print("entrykit \(EntryKit.version)")
            status = 0
        case .login(let arguments):
            status = LoginCommand.run(arguments)
        case .pick(let arguments):
            status = PickCommand.run(arguments)
        case .strings(let arguments):
            status = StringsCommand.run(arguments)
        case .choose(let arguments):
            status = ChooseDialog.run(arguments)
        case .misuse(let message):
            FileHandle.standardError.write(Data("entrykit: \(message)\nTry 'entrykit --help' for more information.\n".utf8))
            status = 2
        }
        exit(status)
    }
}
