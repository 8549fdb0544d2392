import CGtk
import EntryKitTestSupport
import Testing

@testable import EntryKit

@MainActor @Suite(.serialized) struct SignalTests {
    init() throws { try TestDisplay.require() }

    private func makeButton() -> Widget { Widget(transferFull: gtk_button_new_with_label("Press")) }

    @Test func handlerRunsOnEmission() {
        let button = makeButton()
        var presses = 0
        button.connect("clicked") { presses += 1 }
        gtk_button_clicked(button.cast())
        gtk_button_clicked(button.cast())
        #expect(presses == 2)
    }

    @Test func handlerReceivesTheSignalArgument() {
        let label = Label("a")
        var notified: [String] = []
        label.connect(
            "notify::label",
            withPointer: { pspec in
                let spec = pspec!.assumingMemoryBound(to: GParamSpec.self)
                notified.append(String(cString: spec.pointee.name))
            })
        label.text = "b"
        #expect(notified == ["label"])
    }

    @Test func closuresAreReleasedWhenTheObjectIsFinalized() {
        let before = SignalClosures.liveCount
        var button: Widget? = makeButton()
        for _ in 0..<5 { button!.connect("clicked") {} }
        button!.connectEvent("key-press-event") { _ in false }
        #expect(SignalClosures.liveCount == before + 6)
        button!.destroy()
        button = nil
        #expect(SignalClosures.liveCount == before)
    }

    @Test func disconnectReleasesTheClosureAtOnce() {
        let before = SignalClosures.liveCount
        let button = makeButton()
        var presses = 0
        let connection = button.connect("clicked") { presses += 1 }
        connection.disconnect()
        connection.disconnect()  // a second disconnect is harmless
        gtk_button_clicked(button.cast())
        #expect(presses == 0)
        #expect(SignalClosures.liveCount == before)
    }

    @Test func disconnectAfterTheObjectIsGoneDoesNothing() {
        let before = SignalClosures.liveCount
        var button: Widget? = makeButton()
        let probe = GObjectFinalizationProbe(button!)
        let connection = button!.connect("clicked") {}
        button = nil
        #expect(probe.isFinalized)
        connection.disconnect()  // must not touch the freed object
        #expect(SignalClosures.liveCount == before)
    }

    @Test func weakCaptureLetsTheOwnerGo() {
        @MainActor final class Owner {
            let button = Widget(transferFull: gtk_button_new())
            var presses = 0
            init() { button.connect("clicked") { [weak self] in self?.presses += 1 } }
        }
        let wrappersBefore = GObjectReference.liveCount
        let closuresBefore = SignalClosures.liveCount
        weak var weakOwner: Owner?
        do {
            let owner = Owner()
            weakOwner = owner
            gtk_button_clicked(owner.button.cast())
            #expect(owner.presses == 1)
        }
        #expect(weakOwner == nil)
        #expect(GObjectReference.liveCount == wrappersBefore)
        #expect(SignalClosures.liveCount == closuresBefore)
    }

    @Test func everyShapeReachesItsSignal() {
        let dialog = Window(window: gtk_dialog_new())
        defer { dialog.destroy() }
        var responses: [Int32] = []
        dialog.connect("response", withInteger: { responses.append($0) })
        gtk_dialog_response(dialog.cast(), GTK_RESPONSE_OK.rawValue)
        #expect(responses == [GTK_RESPONSE_OK.rawValue], "the gint argument arrives as it was emitted")

        let button = makeButton()
        var popups = 0
        button.connect(
            "popup-menu",
            returningBool: {
                popups += 1
                return true
            })
        var instance = [GValue()]
        g_value_init(&instance[0], ek_type_of(button.object))
        g_value_set_object(&instance[0], button.object)
        var handled = GValue()
        g_value_init(&handled, FundamentalType.boolean.type)
        g_signal_emitv(&instance, g_signal_lookup("popup-menu", gtk_widget_get_type()), 0, &handled)
        #expect(popups == 1 && g_value_get_boolean(&handled) == 1, "the handler's Bool comes back to the emitter")
        g_value_unset(&instance[0])
    }

    /// A class makes its signals when it is first referenced: the check must find them on a type
    /// nothing has made an instance of yet. Nothing in EntryKit or its tests makes an info bar.
    @Test func signalsOfAClassNothingHasReferencedAreFound() {
        let infoBar = gtk_info_bar_get_type()
        #expect(g_type_class_peek(infoBar) == nil, "an info bar was made before: this test no longer sees an unreferenced class")
        #expect(SignalShape.integerArgument.mismatch(with: "response", on: infoBar) == nil)
        #expect(
            SignalShape.pointerArgument.mismatch(with: "response", on: infoBar)?.hasPrefix(
                "GtkInfoBar::response has the signature (gint) -> void") == true)
    }

    @Test func handlerOfTheWrongShapeIsRefusedWithTheRealSignature() {
        let dialog = gtk_dialog_get_type()
        #expect(SignalShape.integerArgument.mismatch(with: "response", on: dialog) == nil)
        let asPointer = SignalShape.pointerArgument.mismatch(with: "response", on: dialog)
        #expect(
            asPointer == "GtkDialog::response has the signature (gint) -> void; a handler for (gpointer) -> void cannot be connected to it")
        #expect(SignalShape.noArgument.mismatch(with: "response", on: dialog) != nil, "an argument would be dropped")

        let widget = gtk_widget_get_type()
        #expect(SignalShape.event.mismatch(with: "key-press-event", on: widget) == nil)
        #expect(SignalShape.noArgument.mismatch(with: "key-press-event", on: widget)?.contains("(GdkEvent) -> gboolean") == true)
        #expect(SignalShape.noArgumentReturningBool.mismatch(with: "popup-menu", on: widget) == nil)
        #expect(SignalShape.noArgument.mismatch(with: "popup-menu", on: widget) != nil, "a gboolean return must be given")
        #expect(
            SignalShape.pointerArgument.mismatch(with: "notify::label", on: gtk_label_get_type()) == nil, "detailed names are looked up")
        #expect(SignalShape.noArgument.mismatch(with: "no-such-signal", on: widget) == "GtkWidget has no signal \"no-such-signal\"")
    }

    @Test func connectingAHandlerOfTheWrongShapeStopsTheProgram() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                try? GtkRuntime.initialize()
                let dialog = Window(window: gtk_dialog_new())
                dialog.connect("response", withPointer: { _ in })
            }
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(
            stderr.contains("GtkDialog::response has the signature (gint) -> void"), "the message names the signal: \(stderr.prefix(300))")
    }

    @Test func blockedHandlerMissesWhatTheCodeItselfDoes() {
        let entry = Widget(transferFull: gtk_entry_new())
        var changes = 0
        let connection = entry.connect("changed") { changes += 1 }
        connection.whileBlocked { gtk_entry_set_text(entry.cast(), "set by code") }
        #expect(changes == 0)
        gtk_entry_set_text(entry.cast(), "typed")
        #expect(changes == 1, "the handler is unblocked afterwards")
        connection.disconnect()
        connection.whileBlocked { gtk_entry_set_text(entry.cast(), "after disconnect") }  // harmless
    }
}
