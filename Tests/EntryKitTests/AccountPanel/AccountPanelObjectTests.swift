import CEntryKit
import CGtk
import EntryKitTestSupport
import Testing

@testable import EntryKit

extension AccountPanelTests {
    /// `EkAccountPanel` and its Swift handle are one object: its state lives in the implementation
    /// made in `constructed`, which C's getters and setters, `g_object_get`/`set` and every
    /// ``AccountPanel`` handle reach, and each ask (from C or Swift) shows those values.
    ///
    /// Nested in ``AccountPanelTests``, whose serialization it shares: both show panels through the
    /// one queue, so neither may run while the other waits.
    @MainActor @Suite struct Object {
        init() throws {
            try TestDisplay.require()
            LocalizedText.localization.setLanguage("en")
        }

        private func finishCleanly() {
            AccountPanel.cancelAll()
            LocalizedText.localization.setLanguage(nil)
            MainLoop.drain()
        }

        private func boolean(_ object: UnsafeMutablePointer<GObject>, _ name: String) -> Bool {
            var value = GValue()
            g_value_init(&value, FundamentalType.boolean.type)
            defer { g_value_unset(&value) }
            g_object_get_property(object, name, &value)
            return g_value_get_boolean(&value) != 0
        }

        private func setBoolean(_ object: UnsafeMutablePointer<GObject>, _ name: String, _ boolean: Bool) {
            var value = GValue()
            g_value_init(&value, FundamentalType.boolean.type)
            g_value_set_boolean(&value, boolean ? 1 : 0)
            g_object_set_property(object, name, &value)
            g_value_unset(&value)
        }

        /// The names of the properties `object` notifies, in order.
        private func recordNotifications(_ panel: GObjectReference) -> NotificationLog {
            let log = NotificationLog()
            panel.connect(
                "notify",
                withPointer: { spec in
                    log.names.append(String(cString: g_param_spec_get_name(spec!.assumingMemoryBound(to: GParamSpec.self))))
                })
            return log
        }

        private func text(_ pointer: UnsafePointer<gchar>?) -> String? { pointer.map { String(cString: $0) } }

        // MARK: One state

        @Test func aHandlesPropertiesAreTheObjectsAndEachChangeNotifiesOnce() {
            let panel = AccountPanel(title: "Sign in")
            let log = recordNotifications(panel)
            #expect(string(panel.object, "title") == "Sign in" && text(ek_account_panel_get_title(panel.opaque)) == "Sign in")
            #expect(panel.message == nil && panel.username == nil && !panel.requiresUsername && !panel.requiresPassword)

            // Swift sets, the object reads.
            panel.message = "mail.example.org"
            panel.username = "ada"
            panel.requiresPassword = true
            #expect(
                string(panel.object, "message") == "mail.example.org"
                    && text(ek_account_panel_get_message(panel.opaque)) == "mail.example.org")
            #expect(string(panel.object, "username") == "ada" && text(ek_account_panel_get_username(panel.opaque)) == "ada")
            #expect(boolean(panel.object, "requires-password") && ek_account_panel_get_requires_password(panel.opaque) != 0)

            // The object sets (by name and through C's typed setters), Swift reads.
            setString(panel.object, "username", "bob")
            ek_account_panel_set_requires_username(panel.opaque, 1)
            setString(panel.object, "message", nil)
            ek_account_panel_set_title(panel.opaque, "Mail")
            #expect(panel.username == "bob" && panel.requiresUsername && panel.message == nil && panel.title == "Mail")

            // The same values again, from every side: nothing changes, no one is told.
            panel.username = "bob"
            setString(panel.object, "username", "bob")
            ek_account_panel_set_requires_username(panel.opaque, 1)
            setBoolean(panel.object, "requires-password", true)
            panel.message = nil
            ek_account_panel_set_title(panel.opaque, "Mail")
            panel.title = "Mail"
            #expect(
                log.names == ["message", "username", "requires-password", "username", "requires-username", "message", "title"])
        }

        /// What GObject shows of the properties is what the C class declared: the title's default
        /// is the empty string, the others' none or false.
        @Test func theDeclaredDefaultsAreTheOnesCDeclared() throws {
            let panel = AccountPanel(title: "Defaults")
            let objectClass = UnsafeMutableRawPointer(panel.object.pointee.g_type_instance.g_class!).assumingMemoryBound(
                to: GObjectClass.self)
            func defaultValue(_ name: String) throws -> UnsafePointer<GValue> {
                try #require(g_param_spec_get_default_value(try #require(g_object_class_find_property(objectClass, name))))
            }
            let title = try defaultValue("title"), message = try defaultValue("message"), username = try defaultValue("username")
            let requiresUsername = try defaultValue("requires-username"), requiresPassword = try defaultValue("requires-password")
            #expect(text(g_value_get_string(title)) == "")
            #expect(g_value_get_string(message) == nil && g_value_get_string(username) == nil)
            #expect(g_value_get_boolean(requiresUsername) == 0 && g_value_get_boolean(requiresPassword) == 0)
        }

        /// The C getters return strings the panel owns, as a struct's field would be: the same
        /// pointer, valid and unchanged, until the value itself changes.
        @Test func cGettersLendTheirStringUntilTheValueChanges() {
            let panel = AccountPanel(title: "Sign in")
            ek_account_panel_set_username(panel.opaque, "ada")
            let lent = ek_account_panel_get_username(panel.opaque)
            panel.username = "ada"
            setString(panel.object, "username", "ada")
            panel.title = "Other"
            panel.message = "m"
            #expect(ek_account_panel_get_username(panel.opaque) == lent && text(lent) == "ada")
            ek_account_panel_set_username(panel.opaque, nil)
            #expect(ek_account_panel_get_username(panel.opaque) == nil && panel.username == nil)
            ek_account_panel_set_title(panel.opaque, nil)
            #expect(text(ek_account_panel_get_title(panel.opaque)) == "" && panel.title == "", "NULL is the empty title")
        }

        /// The accessors check the instance's type as the fields' do (and the C ones did): a critical
        /// naming the accessor, nothing changed, the type's zero value returned.
        @Test func anAccessorGivenAnotherTypeReportsItAndChangesNothing() {
            let entry = Widget(transferFull: gtk_entry_new())
            let notAPanel = OpaquePointer(entry.widget)
            var title: UnsafePointer<gchar>?
            let criticals = loggedCriticals {
                ek_account_panel_set_username(notAPanel, "ada")
                title = ek_account_panel_get_title(notAPanel)
            }
            #expect(
                criticals == [
                    "ek_account_panel_set_username: assertion 'G_TYPE_CHECK_INSTANCE_TYPE (object, EkAccountPanel)' failed",
                    "ek_account_panel_get_title: assertion 'G_TYPE_CHECK_INSTANCE_TYPE (object, EkAccountPanel)' failed",
                ])
            #expect(title == nil)
        }

        // MARK: Handles

        @Test func aHandleMadeInSwiftOwnsItsObjectAndReleasesItOnTheGtkThread() {
            let before = GObjectReference.liveCount
            var panel: AccountPanel? = AccountPanel(title: "Owned")
            let probe = GObjectFinalizationProbe(panel!)
            #expect(panel!.referenceCount == 1, "transfer full: the constructor's reference is the handle's")
            panel = nil
            #expect(probe.isFinalized && probe.wasFinalizedInGtkContext)
            #expect(GObjectReference.liveCount == before, "the implementation goes with the object")
        }

        /// The last handle may go on any thread; the object, and the implementation it releases in
        /// finalize (main-actor code), still go on the GTK thread.
        @Test func aHandleReleasedOffTheGtkThreadFinalizesThePanelOnIt() async {
            /// Carries the only reference to another thread.
            final class Handoff: @unchecked Sendable { var panel: AccountPanel? }
            let handoff = Handoff()
            handoff.panel = AccountPanel(title: "Handed off")
            handoff.panel!.username = "ada"
            let probe = GObjectFinalizationProbe(handoff.panel!)
            let releasedOffGtkThread = await Task.detached {
                handoff.panel = nil
                return !GtkRuntime.isInGtkContext
            }.value
            #expect(releasedOffGtkThread)
            for _ in 0..<1000 where !probe.isFinalized { await Task.yield() }
            expectFinalized([probe], "a panel released from a detached task")
        }

        @Test func wrappingAPanelMadeInCAdoptsItsStateAndAddsOneReference() {
            let panel = ek_account_panel_new("From C")!
            ek_account_panel_set_username(panel, "ada")
            ek_account_panel_set_requires_password(panel, 1)
            let object = UnsafeMutableRawPointer(panel).assumingMemoryBound(to: GObject.self)
            let probe = GObjectFinalizationProbe(object: object)
            do {
                let handle = AccountPanel(wrapping: object)
                #expect(object.pointee.ref_count == 2, "transfer none: the handle adds its own")
                #expect(handle.title == "From C" && handle.username == "ada" && handle.requiresPassword)
                handle.message = "set in Swift"
                #expect(text(ek_account_panel_get_message(panel)) == "set in Swift")
                let other = AccountPanel(wrapping: object)
                other.username = "bob"
                #expect(handle.username == "bob", "one object, one state, however many handles")
            }
            #expect(object.pointee.ref_count == 1 && !probe.isFinalized)
            g_object_unref(object)
            #expect(probe.isFinalized)
        }

        // MARK: From construction

        /// `g_object_new` with the properties in any order: each reaches the implementation, which
        /// exists before the first is set.
        @Test func constructPropertiesInAnyOrderReachThePanel() throws {
            let names = ["username", "requires-password", "message", "title"]
            var values = [GValue](repeating: GValue(), count: 4)
            for (index, type) in [FundamentalType.string, .boolean, .string, .string].enumerated() {
                g_value_init(&values[index], type.type)
            }
            g_value_set_string(&values[0], "ada")
            g_value_set_boolean(&values[1], 1)
            g_value_set_string(&values[2], "imap.example.org")
            g_value_set_string(&values[3], "Made by name")
            defer { for index in values.indices { g_value_unset(&values[index]) } }
            let object = try #require(
                names.withCStrings { cNames in
                    g_object_new_with_properties(ek_account_panel_get_type(), guint(names.count), cNames, values)
                })
            defer { g_object_unref(object) }
            #expect(ek_account_panel_implementation(OpaquePointer(object)) != nil, "no panel exists without its implementation")
            let panel = AccountPanel(wrapping: object)
            #expect(
                panel.username == "ada" && panel.requiresPassword && panel.message == "imap.example.org" && panel.title == "Made by name")
        }

        /// A handler connected right after the object is made may already set properties.
        @Test func aNotifyHandlerConnectedAtOnceCanSetAnotherProperty() {
            let panel = ek_account_panel_new("First")!
            defer { g_object_unref(UnsafeMutableRawPointer(panel)) }
            let retitle: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = {
                object, _, _ in
                ek_account_panel_set_username(OpaquePointer(object), "set from notify::title")
            }
            g_signal_connect_data(
                UnsafeMutableRawPointer(panel).assumingMemoryBound(to: GObject.self), "notify::title",
                unsafeBitCast(retitle, to: GCallback.self), nil, nil, GConnectFlags(0))
            ek_account_panel_set_title(panel, "Second")
            #expect(text(ek_account_panel_get_username(panel)) == "set from notify::title")
        }

        @Test func aBuilderPanelHasItsPropertiesBeforeAnyHandleWrapsIt() throws {
            let xml = """
                <interface><object class="EkAccountPanel" id="panel">
                  <property name="requires-username">True</property>
                  <property name="username">ada</property>
                  <property name="title">From a builder</property>
                </object></interface>
                """
            let builder = GObjectReference(transferFull: gtk_builder_new_from_string(xml, -1)!)
            let object = try #require(gtk_builder_get_object(builder.cast(), "panel"))
            #expect(text(ek_account_panel_get_title(OpaquePointer(object))) == "From a builder")
            let panel = AccountPanel(wrapping: object)
            #expect(panel.title == "From a builder" && panel.username == "ada" && panel.requiresUsername)
        }

        // MARK: Asking

        @Test func anAskFromCShowsThePanelsValuesAndAnswersThroughItsTask() throws {
            defer { finishCleanly() }
            var handle: AccountPanel? = AccountPanel(title: "From C")
            handle!.username = "ada"
            handle!.message = "imap.example.org"
            handle!.requiresPassword = true
            let panel = handle!.opaque
            let probe = GObjectFinalizationProbe(handle!)
            let result = AskResult()
            ek_account_panel_ask(panel, nil, nil, AskResult.store, Unmanaged.passUnretained(result).toOpaque())
            handle = nil
            #expect(!probe.isFinalized, "the ask keeps the panel")
            do {
                let dialog = try #require(AccountPanel.current)
                #expect(dialog.title == "From C" && dialog.usernameText == "ada" && dialog.messageLabel.text == "imap.example.org")
                #expect(!dialog.canAccept, "the password is required")
                gtk_entry_set_text(dialog.passwordEntry.cast(), "s3cret")
                gtk_button_clicked(dialog.okButton.cast())
            }
            MainLoop.run(until: { result.value != nil }, timeout: 5)
            var username: UnsafeMutablePointer<gchar>?
            var password: OpaquePointer?
            let answer = try #require(result.value)
            #expect(ek_account_panel_ask_finish(panel, answer, &username, &password, nil) != 0)
            #expect(text(username) == "ada" && password.map { ek_password_get_length($0) } == 6)
            g_free(username)
            password.map { ek_password_unref($0) }
            result.release()
            MainLoop.drain()
            #expect(probe.isFinalized, "the task's and the closed panel's references were the last")
        }

        @Test func aCancellableClosesAPanelAskedFromC() throws {
            defer { finishCleanly() }
            let panel = AccountPanel(title: "Cancelled")
            let cancellable = GObjectReference(transferFull: g_cancellable_new()!)
            let result = AskResult()
            ek_account_panel_ask(panel.opaque, nil, cancellable.cast(), AskResult.store, Unmanaged.passUnretained(result).toOpaque())
            #expect(AccountPanel.current?.title == "Cancelled")
            g_cancellable_cancel(cancellable.cast())
            MainLoop.run(until: { result.value != nil }, timeout: 5)
            var error: UnsafeMutablePointer<GError>?
            let answer = try #require(result.value)
            #expect(ek_account_panel_ask_finish(panel.opaque, answer, nil, nil, &error) == 0)
            #expect(error.map { g_error_matches($0, g_io_error_quark(), gint(G_IO_ERROR_CANCELLED.rawValue)) != 0 } == true)
            g_error_free(error)
            result.release()
            #expect(AccountPanel.current == nil && AccountPanel.openCount == 0)
        }

        /// On OK the handle's check runs first, then the object's `validate` handlers; the first
        /// message keeps the panel open.
        @Test func theSwiftCheckAndTheObjectsValidateHandlersBothKeepThePanelOpen() throws {
            defer { finishCleanly() }
            let panel = AccountPanel(title: "Checked")
            let log = ValidationLog()
            panel.validate = { _, password in
                log.asked.append("swift")
                return password.count < 5 ? "Too short" : nil
            }
            let refuse:
                @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<gchar>?, OpaquePointer?, UnsafeMutableRawPointer?) ->
                    UnsafeMutablePointer<gchar>? = {
                        _, _, password, data in
                        Unmanaged<ValidationLog>.fromOpaque(data!).takeUnretainedValue().asked.append("signal")
                        var length: gsize = 0
                        let bytes = ek_password_peek(password, &length)
                        let right = Array(UnsafeBufferPointer(start: bytes, count: Int(length))) == Array("right".utf8)
                        return right ? nil : g_strdup("Wrong password")
                    }
            g_signal_connect_data(
                panel.object, "validate", unsafeBitCast(refuse, to: GCallback.self), Unmanaged.passUnretained(log).toOpaque(), nil,
                GConnectFlags(0))
            var answers: [AccountAnswer] = []
            panel.show { accepted, username, password in
                answers.append(AccountAnswer(accepted: accepted, username: username, password: password))
            }
            let dialog = try #require(AccountPanel.current)
            for (password, shown) in [("abc", "Too short"), ("wrong", "Wrong password")] {
                gtk_entry_set_text(dialog.passwordEntry.cast(), password)
                gtk_button_clicked(dialog.okButton.cast())
                #expect(dialog.errorLabel.text == shown && AccountPanel.current === dialog)
            }
            gtk_entry_set_text(dialog.passwordEntry.cast(), "right")
            gtk_button_clicked(dialog.okButton.cast())
            #expect(log.asked == ["swift", "swift", "signal", "swift", "signal"])
            #expect(answers == [AccountAnswer(accepted: true, username: nil, password: "right")])
        }

        @Test func theInstanceRunsWithThePanelsValues() {
            defer { finishCleanly() }
            let panel = AccountPanel(title: "Instance")
            panel.username = "ada"
            func answerOnceShown(with password: String) {
                MainLoop.idle {
                    guard let dialog = AccountPanel.current, dialog.title == "Instance" else { return }
                    gtk_entry_set_text(dialog.passwordEntry.cast(), password)
                    gtk_button_clicked(dialog.okButton.cast())
                }
            }
            answerOnceShown(with: "pw")
            #expect(panel.run() == AccountAnswer(accepted: true, username: "ada", password: "pw"))
            answerOnceShown(with: "longer")
            #expect(panel.runSecurely { accepted, _, password in accepted ? password?.count : nil } == 6)
        }

        /// Every closed panel is gone (its window destroyed, its wrappers released) before the
        /// test waits: a suite that runs meanwhile and counts live wrappers sees none of it go.
        @Test func theInstanceAskAwaitsWithThePanelsValuesWhenItStarts() async throws {
            defer { finishCleanly() }
            let panel = AccountPanel(title: "Awaited")
            panel.username = "ada"
            let task = Task { await panel.ask() }
            // Bounded: a panel that never shows fails the test instead of hanging the run.
            for _ in 0..<10_000 where AccountPanel.current == nil { await Task.yield() }
            panel.username = nil
            do {
                let dialog = try #require(AccountPanel.current)
                #expect(dialog.title == "Awaited" && dialog.usernameText == "ada", "the values as they are when the ask starts")
                gtk_button_clicked(dialog.cancelButton.cast())
            }
            MainLoop.drain()
            #expect(await task.value == .cancelled)
        }

        /// A handle dropped while its panel is up: the panel keeps the object (its `validate`
        /// handlers may still run), and lets it go when it closes.
        @Test func aPanelOnScreenKeepsItsObjectUntilItCloses() throws {
            defer { finishCleanly() }
            var panel: AccountPanel? = AccountPanel(title: "Dropped")
            let probe = GObjectFinalizationProbe(panel!)
            var answered = false
            panel!.show { _, _, _ in answered = true }
            panel = nil
            MainLoop.drain()
            #expect(!probe.isFinalized)
            do {
                let dialog = try #require(AccountPanel.current)
                gtk_button_clicked(dialog.cancelButton.cast())
            }
            MainLoop.drain()
            #expect(answered && probe.isFinalized)
        }
    }
}

private final class NotificationLog {
    var names: [String] = []
}

private final class ValidationLog {
    var asked: [String] = []
}

/// The `GAsyncResult` an ask's callback received, kept until the test finishes it.
private final class AskResult {
    var value: OpaquePointer?

    static let store: GAsyncReadyCallback = { _, result, data in
        Unmanaged<AskResult>.fromOpaque(data!).takeUnretainedValue().value = OpaquePointer(g_object_ref(UnsafeMutableRawPointer(result)))
    }

    func release() {
        value.map { g_object_unref(UnsafeMutableRawPointer($0)) }
        value = nil
    }
}

extension Array where Element == String {
    /// The strings as a C array of C strings, for `body` only.
    fileprivate func withCStrings<Result>(_ body: (UnsafeMutablePointer<UnsafePointer<CChar>?>) -> Result) -> Result {
        var pointers = map { UnsafePointer(g_strdup($0)) }
        defer { for pointer in pointers { g_free(UnsafeMutableRawPointer(mutating: pointer)) } }
        return pointers.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
    }
}
