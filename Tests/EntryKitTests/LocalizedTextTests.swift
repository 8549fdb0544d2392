import CGtk
@testable import EntryKit
import XCTest

final class LocalizedTextTests: DisplayTestCase {
    override func tearDown() async throws {
        await MainActor.run { LocalizedText.localization.setLanguage(nil) }
        try await super.tearDown()
    }

    func testBoundLabelRelabelsOnLanguageChange() {
        let strings = LocalizedText.localization
        strings.setLanguage("en")
        let label = Label()
        LocalizedText.bind(label) { label, strings in label.text = strings.string("Cancel") }
        XCTAssertEqual(label.text, "Cancel")
        strings.setLanguage("ja")
        XCTAssertEqual(label.text, "キャンセル")
        strings.setLanguage("en")
        XCTAssertEqual(label.text, "Cancel")
    }

    func testLanguageChangedOffTheMainThreadRelabelsOnIt() {
        let strings = LocalizedText.localization
        strings.setLanguage("en")
        let label = Label()
        LocalizedText.bind(label) { label, strings in
            XCTAssertTrue(Thread.isMainThread)
            label.text = strings.string("Password")
        }
        let changed = expectation(description: "changed on another thread")
        Thread.detachNewThread {
            strings.setLanguage("ja")
            changed.fulfill()
        }
        XCTAssertTrue(MainLoop.run(until: { label.text == "パスワード" }, timeout: 5))
        wait(for: [changed], timeout: 5)
    }

    func testBindingEndsWithItsOwner() {
        let strings = LocalizedText.localization
        let before = LocalizedText.liveBindingCount
        var applied = 0
        do {
            let label = Label()
            LocalizedText.bind(label) { _, _ in applied += 1 }
            XCTAssertEqual(LocalizedText.liveBindingCount, before + 1)
        }
        XCTAssertEqual(LocalizedText.liveBindingCount, before)
        strings.setLanguage("ja")
        XCTAssertEqual(applied, 1, "a released owner's binding must not run again")
    }

    func testFormatFillsPlaceholders() {
        LocalizedText.localization.setLanguage("ja")
        XCTAssertEqual(LocalizedText.localization.format("Current language: %@", "日本語"), "現在の言語: 日本語")
    }
}
