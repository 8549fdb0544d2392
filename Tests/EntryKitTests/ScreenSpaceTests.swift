import Testing

@testable import EntryKit

/// The height a window may take: a window manager's work area as it is, an unknown one (Wayland,
/// a bare X server: GDK then gives the whole monitor) less room for unseen panels.
@Suite struct ScreenSpaceTests {
    @Test func aWorkAreaSmallerThanTheMonitorIsTheWindowManagersWord() {
        #expect(ScreenSpace.usableHeight(monitorHeight: 1080, workAreaHeight: 1012) == 1012)
    }

    @Test func aWorkAreaAsBigAsTheMonitorKeepsRoomForPanels() {
        #expect(ScreenSpace.usableHeight(monitorHeight: 800, workAreaHeight: 800) == 800 - ScreenSpace.minimumUnseenChrome)
        #expect(ScreenSpace.usableHeight(monitorHeight: 2160, workAreaHeight: 2160) == 2160 - 216)
    }

    @Test func tinyAndMissingMonitorsStillLeaveAWindow() {
        #expect(ScreenSpace.usableHeight(monitorHeight: 100, workAreaHeight: 100) == 50)
        #expect(ScreenSpace.usableHeight(monitorHeight: 0, workAreaHeight: 0) == 1)
        #expect(ScreenSpace.usableHeight(monitorHeight: 0, workAreaHeight: 600) == 600)
    }
}
