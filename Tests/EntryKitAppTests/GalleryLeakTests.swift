import CGtk
import EntryKitTestSupport
import Testing

@testable import EntryKit
@testable import entrykit

@MainActor @Suite(.serialized) struct GalleryLeakTests {
    init() throws { try TestDisplay.require() }

    /// Every language change rebuilds the main menu; none of the old menus, and nothing else the
    /// window made, may outlive the window.
    @Test func languageSwitchesLeaveNothingBehind() {
        let strings = LocalizedText.localization
        defer { strings.setLanguage(nil) }
        let application = TestApplication.shared
        MainLoop.drain()
        let before = LiveObjects.now
        var probes: [GObjectFinalizationProbe] = []
        do {
            let window = GalleryWindow(application: application)
            MainLoop.drain()
            for round in 0..<100 {
                strings.setLanguage(round.isMultiple(of: 2) ? "ja" : "en")
                let menu = window.mainMenuButton.menu!
                probes.append(GObjectFinalizationProbe(menu))
                #expect(window.mainMenuButton.accessibleName == strings.string("Main Menu"))
            }
            MainLoop.drain()
            probes.append(GObjectFinalizationProbe(window))
            window.destroy()
        }
        MainLoop.drain()
        expectFinalized(probes, "menus and the window")
        #expect(LiveObjects.now == before, "wrappers and closures come back to where they started")
    }
}
