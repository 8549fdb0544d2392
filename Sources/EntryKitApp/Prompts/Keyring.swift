import CEntryKitPrompts
import EntryKit
import EntryKitCommandLine
import Glibc

/// The desktop's keyring as the prompts use it (C: `entrykit_keyring.h`). Every call is the
/// Secret Service's asynchronous one; the waiting ones wait in the main loop, so a dialog on
/// screen keeps drawing and answering meanwhile, and so does the service's own unlock prompt.
///
/// ```swift
/// switch Keyring.lookUp(.gnupgPassphrase(keyInfo: key)) {
/// case .found(let secret, _): secret.withUnsafeBytes { answer.appendAssuanData($0) }
/// case .notFound: …ask, and Keyring.store(item, secret: bytes) if the box is ticked
/// case .unavailable(let why), .failed(let why): …ask, without the box
/// case .locked: …ask, without the box (the person declined to unlock)
/// }
/// ```
@MainActor
enum Keyring {
    /// How a call went.
    enum Outcome: Equatable {
        /// Stored, or removed.
        case done
        /// Nothing matched (a lookup), nothing was removed (a removal).
        case notFound
        /// An item matched but stayed locked: the person cancelled the unlock.
        case locked
        /// No keyring: no libsecret, no session bus, no Secret Service on it.
        case unavailable(String)
        /// The service refused or failed.
        case failed(String)

        /// Why the keyring could not be used, for one line on standard error; nil when it could.
        var problem: String? {
            switch self {
            case .unavailable(let why): "no keyring (\(why))"
            case .failed(let why): "the keyring failed (\(why))"
            case .done, .notFound, .locked: nil
            }
        }
    }

    /// A lookup's answer: the secret and the attributes asked for, or why there is none.
    enum Lookup {
        case found(Secret, attributes: [String: String])
        case missing(Outcome)
    }

    /// A secret found, where libsecret keeps it (locked, wiped when the last reference goes).
    final class Secret {
        private let secret: OpaquePointer

        fileprivate init(retaining secret: OpaquePointer) {
            self.secret = ek_keyring_secret_ref(secret)
        }

        deinit { ek_keyring_secret_unref(secret) }

        /// Calls `body` with the secret's bytes where they lie; do not copy them into a
        /// `String`, an `Array` or `Data`.
        func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
            var length: gsize = 0
            let bytes = ek_keyring_secret_get_bytes(secret, &length)
            return try body(UnsafeRawBufferPointer(start: bytes, count: Int(length)))
        }
    }

    /// The first item of `item`'s searches that finds one, with the values of the attributes
    /// `reading` (git's `user`); waits in the main loop.
    static func lookUp(_ item: KeyringItem, reading names: [String] = []) -> Lookup {
        for search in item.searches {
            var answer: Lookup?
            call(search) { attributes, callback, data in
                ek_keyring_lookup(attributes, callback, data)
            } finished: { result in
                let outcome = outcome(of: result)
                guard outcome == .done, let secret = ek_keyring_result_get_secret(result) else {
                    answer = .missing(outcome)
                    return
                }
                var values: [String: String] = [:]
                for name in names {
                    if let value = ek_keyring_result_get_attribute(result, name) { values[name] = String(cString: value) }
                }
                answer = .found(Secret(retaining: secret), attributes: values)
            }
            let found = wait(for: { answer })
            if case .missing(.notFound) = found { continue }
            return found
        }
        return .missing(.notFound)
    }

    /// Stores `secret` (bytes in locked memory, copied into libsecret's before this returns) as
    /// `item`, and returns at once; `finished` runs with the outcome from the main loop. For a
    /// completion that must not run a loop of its own (a panel's: see ``wait(for:)``).
    static func startStoring(_ item: KeyringItem, secret: UnsafeRawBufferPointer, finished: @escaping @MainActor (Outcome) -> Void) {
        let label = item.label
        call(item.stored) { attributes, callback, data in
            ek_keyring_store(
                attributes, label, secret.baseAddress?.assumingMemoryBound(to: CChar.self), gsize(secret.count), callback, data)
        } finished: { result in
            finished(outcome(of: result))
        }
    }

    /// Stores `secret` as `item`, waiting in the main loop.
    static func store(_ item: KeyringItem, secret: UnsafeRawBufferPointer) -> Outcome {
        var outcome: Outcome?
        startStoring(item, secret: secret) { outcome = $0 }
        return wait(for: { outcome })
    }

    /// A store started from a panel's completion, which must not run a loop of its own (it may
    /// run inside an assistive technology's action), and waited for once the panel has closed.
    @MainActor
    final class PendingStore {
        private var outcome: Outcome?

        /// Starts storing `secret` (bytes in locked memory, copied before this returns) as `item`.
        init(_ item: KeyringItem, secret: UnsafeRawBufferPointer) {
            Keyring.startStoring(item, secret: secret) { [weak self] in self?.outcome = $0 }
        }

        /// Waits for the keyring; says on standard error, as `command`, when it did not keep the
        /// secret, and what that means (`consequence`).
        func finish(as command: String, _ consequence: String) {
            let outcome = Keyring.wait { self.outcome }
            if let problem = outcome.problem { Output.say("\(command): \(consequence): \(problem)") }
        }
    }

    /// Removes what each of `item`'s searches finds, waiting in the main loop: ``Outcome/done``
    /// when anything was removed.
    static func remove(_ item: KeyringItem) -> Outcome {
        var removedAny = false
        for search in item.searches {
            var outcome: Outcome?
            call(search) { attributes, callback, data in
                ek_keyring_clear(attributes, callback, data)
            } finished: { result in
                outcome = Keyring.outcome(of: result)
            }
            switch wait(for: { outcome }) {
            case .done: removedAny = true
            case .notFound, .locked: continue
            case let problem: return problem
            }
        }
        return removedAny ? .done : .notFound
    }

    /// Runs the main loop until `value` gives something, and returns it.
    static func wait<Value>(for value: () -> Value?) -> Value {
        MainLoop.wait(until: { value() != nil }, timeout: nil)
        return value()!
    }

    private static func outcome(of result: OpaquePointer) -> Outcome {
        let message = ek_keyring_result_get_message(result).map { String(cString: $0) } ?? "no reason given"
        switch ek_keyring_result_get_status(result) {
        case EK_KEYRING_DONE: return .done
        case EK_KEYRING_NOT_FOUND: return .notFound
        case EK_KEYRING_LOCKED: return .locked
        case EK_KEYRING_UNAVAILABLE: return .unavailable(message)
        default: return .failed(message)
        }
    }

    /// The C call's callback and its data: `finished` once, with the result while it is valid.
    private final class Call {
        let finished: @MainActor (OpaquePointer) -> Void
        init(_ finished: @escaping @MainActor (OpaquePointer) -> Void) { self.finished = finished }
    }

    /// Starts `start` with `attributes` as C's name-value list and a callback that hands the
    /// result to `finished`.
    private static func call(
        _ attributes: [String: String],
        start: (UnsafePointer<UnsafePointer<CChar>?>, EkKeyringCallback, UnsafeMutableRawPointer) -> Void,
        finished: @escaping @MainActor (OpaquePointer) -> Void
    ) {
        let copies = KeyringItem.flattened(attributes).map { strdup($0)! }
        defer { copies.forEach { free($0) } }
        let pointers = copies.map { UnsafePointer($0) } + [nil]
        let data = Unmanaged.passRetained(Call(finished)).toOpaque()
        pointers.withUnsafeBufferPointer { list in
            start(
                list.baseAddress!,
                { result, data in
                    let call = Unmanaged<Call>.fromOpaque(data!).takeRetainedValue()
                    MainActor.assumeIsolated { call.finished(result!) }
                }, data)
        }
    }
}
