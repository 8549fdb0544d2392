import CGtk
import EntryKitTestSupport
import Foundation
import Testing

@testable import EntryKit

@MainActor @Suite(.serialized) struct LocalizedTextTests {
    init() throws { try TestDisplay.require() }

    @Test func boundLabelRelabelsOnLanguageChange() {
        let strings = LocalizedText.localization
        defer { strings.setLanguage(nil) }  // leave the language as the environment chose it
        strings.setLanguage("en")
        let label = Label()
        LocalizedText.bind(label) { label, strings in label.text = strings.string("Cancel") }
        #expect(label.text == "Cancel")
        strings.setLanguage("ja")
        #expect(label.text == "キャンセル")
        strings.setLanguage("en")
        #expect(label.text == "Cancel")
    }

    @Test func languageChangedOffTheMainThreadRelabelsOnIt() {
        let strings = LocalizedText.localization
        defer { strings.setLanguage(nil) }  // leave the language as the environment chose it
        strings.setLanguage("en")
        let label = Label()
        LocalizedText.bind(label) { label, strings in
            #expect(GtkRuntime.isInGtkContext)
            label.text = strings.string("Password")
        }
        Thread.detachNewThread { strings.setLanguage("ja") }
        #expect(MainLoop.run(until: { label.text == "パスワード" }, timeout: 5))
    }

    @Test func bindingEndsWithItsOwner() {
        let strings = LocalizedText.localization
        defer { strings.setLanguage(nil) }  // leave the language as the environment chose it
        let before = LocalizedText.liveBindingCount
        var applied = 0
        do {
            let label = Label()
            LocalizedText.bind(label) { _, _ in applied += 1 }
            #expect(LocalizedText.liveBindingCount == before + 1)
        }
        #expect(LocalizedText.liveBindingCount == before)
        strings.setLanguage("ja")
        #expect(applied == 1, "a released owner's binding must not run again")
    }

    @Test func formatFillsPlaceholders() {
        defer { LocalizedText.localization.setLanguage(nil) }
        LocalizedText.localization.setLanguage("ja")
        #expect(LocalizedText.localization.format("Current language: %@", "日本語") == "現在の言語: 日本語")
    }
}
