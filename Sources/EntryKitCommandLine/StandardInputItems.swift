import Dispatch
import EntryKitList
import Glibc
import Synchronization

/// The one reader of standard input: its lines read to the end and made into items on a thread
/// of their own, so that `seq 1000000 | entrykit choose` shows its dialog as soon as it does with
/// three items, and the items follow.
///
/// A small input is read while GTK starts. A large one (past ``pauseAfterBytes``) waits for
/// ``resume()`` before reading on: reading and splitting a million lines beside GTK's start-up
/// slows both down on a machine with few cores, and the window is what the user waits to see.
///
/// ```swift
/// let input = StandardInputItems()              // starts reading at once
/// guard input.waitForInput() else { fail() }    // blocks until the first bytes, or an empty end
/// input.whenFinished { items in MainLoop.post { dialog.load(items) } }
/// showTheWindow(); input.resume()
/// ```
public final class StandardInputItems: Sendable {
    /// Bytes read before waiting for ``resume()``: 100,000 short lines come in before that.
    static let pauseAfterBytes = 1 << 20

    private struct State {
        var hasInput = false
        var outcome: Result<ListItems, InputFailure>?
        var whenFinished: (@Sendable (Result<ListItems, InputFailure>) -> Void)?
    }

    private let state = Mutex(State())
    private let inputOrEnd = DispatchSemaphore(value: 0)
    private let ended = DispatchSemaphore(value: 0)
    private let resumed = DispatchSemaphore(value: 0)

    /// Starts reading `descriptor` to its end on a thread of its own, stopping past `limit`.
    public init(descriptor: Int32 = STDIN_FILENO, limit: InputLimit = InputLimit()) {
        DispatchQueue(label: "entrykit.standard-input").async { [self] in read(descriptor, limit: limit) }
    }

    /// Waits for the first bytes or the end of the input; false when it ended with nothing,
    /// nil when `timeout` seconds passed first.
    public func waitForInput(timeout: Double? = nil) -> Bool? {
        guard inputOrEnd.wait(timeout: Self.deadline(after: timeout)) == .success else { return nil }
        inputOrEnd.signal()  // later waits return at once
        return state.withLock { $0.hasInput }
    }

    /// Waits for the end of the input (reading on without a pause) and gives the outcome; nil
    /// when `timeout` seconds passed first.
    public func waitForItems(timeout: Double? = nil) -> Result<ListItems, InputFailure>? {
        resume()
        guard ended.wait(timeout: Self.deadline(after: timeout)) == .success else { return nil }
        ended.signal()
        return state.withLock { $0.outcome }
    }

    private static func deadline(after seconds: Double?) -> DispatchTime {
        seconds.map { DispatchTime.now() + $0 } ?? .distantFuture  // `+` clamps what no clock holds
    }

    /// Why reading stopped, when it was not the end of the input (a directory, a closed
    /// descriptor, more than the limit): then there are no items.
    public var failure: InputFailure? {
        guard case .failure(let failure)? = state.withLock({ $0.outcome }) else { return nil }
        return failure
    }

    /// Lets a large input be read on (the window is up).
    public func resume() { resumed.signal() }

    /// The items, once the input has ended.
    public var finishedItems: ListItems? { try? state.withLock { $0.outcome }?.get() }

    /// Calls `body` on the reading thread when the input has ended, or reading failed (at
    /// once if it has).
    public func whenFinished(_ body: @escaping @Sendable (Result<ListItems, InputFailure>) -> Void) {
        let outcome = state.withLock { state -> Result<ListItems, InputFailure>? in
            if state.outcome == nil { state.whenFinished = body }
            return state.outcome
        }
        if let outcome { body(outcome) }
    }

    private func read(_ descriptor: Int32, limit: InputLimit) {
        var announced = false
        var paused = false
        let outcome = Result { () throws(InputFailure) in
            let bytes = try DescriptorReader.readToEnd(descriptor, limit: limit) { bytesSoFar in
                if !announced {
                    announced = true
                    state.withLock { $0.hasInput = true }
                    inputOrEnd.signal()
                }
                if !paused && bytesSoFar >= Self.pauseAfterBytes {
                    paused = true
                    resumed.wait()
                }
            }
            return ListItems(lines: bytes)  // on a failure, what was read goes with this scope
        }
        finish(outcome)
    }

    /// Keeps the outcome, wakes a wait for the first input (an input that ended at once) and
    /// for the end, and hands the outcome to whoever asked for it.
    private func finish(_ outcome: Result<ListItems, InputFailure>) {
        let (hadInput, body) = state.withLock { state in
            state.outcome = outcome
            defer { state.whenFinished = nil }
            return (state.hasInput, state.whenFinished)
        }
        if !hadInput { inputOrEnd.signal() }
        ended.signal()
        body?(outcome)
    }
}

/// Where a dialog's items come from: its arguments, or the lines of standard input.
public enum ItemSource {
    case arguments(ListItems)
    case standardInput(StandardInputItems)

    /// `items` when there are any; else standard input, which starts being read at once. A
    /// terminal there is a usage error: nobody meant to type the items in.
    public init(items: [String], limit: InputLimit, standardInput: Int32 = STDIN_FILENO) throws(UsageError) {
        if !items.isEmpty {
            self = .arguments(ListItems(items))
        } else if isatty(standardInput) != 0 {
            throw Self.noItems
        } else {
            self = .standardInput(StandardInputItems(descriptor: standardInput, limit: limit))
        }
    }

    /// No items in the arguments nor on standard input.
    public static let noItems = UsageError("no items: give them as arguments or one per line on standard input")
}
