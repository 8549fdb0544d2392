import Foundation

/// A throw-away directory of test files, removed with the object.
final class TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("entrykit-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// A directory holding `<language>.lproj/<table>.strings` for each language in `tables`.
    convenience init(tables: [String: String], table: String = "EntryKit") throws {
        try self.init()
        for (language, contents) in tables { try writeTable(contents, language: language, table: table) }
    }

    /// Writes `contents` at `relativePath`, making folders as needed, and returns the full path.
    @discardableResult
    func write(_ relativePath: String, _ contents: String) throws -> String {
        try write(relativePath, Data(contents.utf8))
    }

    @discardableResult
    func write(_ relativePath: String, _ data: Data) throws -> String {
        let file = url.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: file)
        return file.path
    }

    func writeTable(_ contents: String, language: String, table: String = "EntryKit") throws {
        try write("\(language).lproj/\(table).strings", contents)
    }

    func path(_ relativePath: String) -> String {
        url.appendingPathComponent(relativePath).path
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}
