import CEntryKit
import CGtk
@testable import EntryKit
@testable import entrykit
import EntryKitTestSupport
import Foundation
import Testing

/// `entrykit choose` reading standard input beside its window's start-up.
@Suite struct StandardInputItemsTests {
    /// The read end of a pipe whose write end `write` fills on a thread of its own, then closes.
    private func pipe(writing write: @escaping @Sendable (FileHandle) -> Void) -> Int32 {
        var ends: [Int32] = [0, 0]
        precondition(Glibc.pipe(&ends) == 0)
        let writeEnd = ends[1]
        Thread { write(FileHandle(fileDescriptor: writeEnd, closeOnDealloc: true)) }.start()
        return ends[0]
    }

    @Test func anEmptyInputIsKnownBeforeAnythingIsShown() {
        let input = StandardInputItems(descriptor: pipe { _ in })
        #expect(!input.waitForInput())
        #expect(input.finishedItems?.isEmpty == true)
    }

    @Test func aSmallInputIsReadWithoutWaiting() async {
        let input = StandardInputItems(descriptor: pipe { $0.write(Data("apple\nbanana\r\ncherry".utf8)) })
        #expect(input.waitForInput())
        let items = await withCheckedContinuation { done in input.whenFinished { done.resume(returning: $0) } }
        #expect(Array(items) == ["apple", "banana", "cherry"])
    }

    @Test func aLargeInputWaitsForTheWindowBeforeReadingOn() async throws {
        let lines = 300_000  // "123456\n": about 2 MiB, past the pause
        let input = StandardInputItems(descriptor: pipe { handle in
            handle.write(Data((0..<lines).map { String(100_000 + $0) + "\n" }.joined().utf8))
        })
        #expect(input.waitForInput())
        try await Task.sleep(for: .milliseconds(300))
        #expect(input.finishedItems == nil, "paused after the first MiB until the window is up")
        input.resume()
        let items = await withCheckedContinuation { done in input.whenFinished { done.resume(returning: $0) } }
        #expect(items.count == lines)
        #expect(items[lines - 1] == String(100_000 + lines - 1))
    }
}

@MainActor @Suite(.serialized) struct ChooseDialogLoadingTests {
    init() throws { try TestDisplay.require() }

    @Test func whileReadingTheFieldAndOKWaitThenTheFirstItemIsChosen() throws {
        let strings = LocalizedText.localization
        defer { strings.setLanguage(nil) }
        strings.setLanguage("en")
        let dialog = ChooseDialog(options: try ChooseOptions(arguments: []), items: nil)
        defer { dialog.window.destroy() }
        dialog.window.showAll()
        #expect(!dialog.isLoaded)
        #expect(gtk_widget_get_sensitive(dialog.field.widget) == 0)
        #expect(dialog.field.placeholderText == "Reading the items…")
        strings.setLanguage("ja")
        MainLoop.drain()
        #expect(dialog.field.placeholderText == "項目を読み込んでいます…")

        dialog.load(ListItems(["red", "green", "blue"]))
        #expect(dialog.isLoaded)
        #expect(gtk_widget_get_sensitive(dialog.field.widget) != 0)
        #expect(dialog.field.placeholderText == nil)
        #expect(dialog.field.text == "red", "a select shows its first option")
        #expect(gtk_widget_has_focus(dialog.field.widget) != 0 || gtk_window_get_focus(dialog.window.cast()) == dialog.field.widget)
        strings.setLanguage("en")
        MainLoop.drain()
        #expect(dialog.field.placeholderText == nil, "a language change after loading does not bring the note back")
    }
}
