import CGtk
import FoundationEssentials

/// Keeps visible text in the current language: each binding runs now and after every language
/// change, for as long as its owner lives.
///
/// ```swift
/// LocalizedText.bind(label) { label, strings in label.text = strings.string("Username") }
/// Localization.shared.setLanguage("ja")   // the label now reads "ユーザー名"
/// ```
@MainActor
public enum LocalizedText {
    private struct Binding {
        weak var owner: AnyObject?
        let apply: @MainActor (Localization) -> Void
    }

    /// Where bound text comes from; EntryKit's widgets and the app use the shared tables.
    public static let localization = Localization.shared
    private static var bindings: [Binding] = []
    private static var observation: LanguageObservation?

    /// Calls `apply(owner, localization)` now and after each language change while `owner` lives.
    public static func bind<Owner: AnyObject>(_ owner: Owner, _ apply: @escaping @MainActor (Owner, Localization) -> Void) {
        startObserving()
        bindings.append(
            Binding(owner: owner) { [weak owner] localization in
                if let owner { apply(owner, localization) }
            })
        apply(owner, localization)
    }

    /// The number of bindings whose owners are still alive.
    public static var liveBindingCount: Int { bindings.count { $0.owner != nil } }

    /// Re-applies every live binding; called on language change.
    public static func relabelAll() {
        bindings.removeAll { $0.owner == nil }
        // A binding may add bindings (a page built on relabel); iterate over a snapshot.
        for binding in bindings { binding.apply(localization) }
    }

    private static func startObserving() {
        guard observation == nil else { return }
        observation = localization.observeLanguageChange {
            // Widgets live on GTK's thread; a change made elsewhere is applied there.
            if GtkRuntime.isInGtkContext {
                MainActor.assumeIsolated { LocalizedText.relabelAll() }
            } else {
                g_idle_add(
                    { _ in
                        MainActor.assumeIsolated { LocalizedText.relabelAll() }
                        return 0
                    }, nil)
            }
        }
    }
}
