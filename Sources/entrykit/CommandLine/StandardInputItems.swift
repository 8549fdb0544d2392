import EntryKit
import Dispatch
import Glibc
import Synchronization

/// The lines of a file descriptor (standard input) read to the end and made into items on a
/// thread of their own, so that `seq 1000000 | entrykit choose` shows its dialog as soon as it
/// does with three items, and the items follow.
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
final class StandardInputItems: Sendable {
    /// Bytes read before waiting for ``resume()``: 100,000 short lines come in before that.
    static let pauseAfterBytes = 1 << 20

    private struct State {
        var hasInput = false
        var failure: InputFailure?
        var items: ListItems?
        var whenFinished: (@Sendable (Result<ListItems, InputFailure>) -> Void)?
    }

    private let state = Mutex(State())
    private let inputOrEnd = DispatchSemaphore(value: 0)
    private let resumed = DispatchSemaphore(value: 0)

    private let limit: InputLimit

    /// Starts reading `descriptor` to its end on a new thread, stopping past `limit`.
    init(descriptor: Int32 = STDIN_FILENO, limit: InputLimit = InputLimit()) {
        self.limit = limit
        // A serial queue of its own has a thread of its own: the blocking reads starve nothing.
        DispatchQueue(label: "entrykit.standard-input").async { [self] in read(descriptor) }
    }

    /// Waits for the first bytes or the end of the input; false when it ended with nothing,
    /// nil when `timeout` seconds passed first.
    func waitForInput(timeout: Double? = nil) -> Bool? {
        let deadline = timeout.map { DispatchTime.now() + $0 } ?? .distantFuture
        guard inputOrEnd.wait(timeout: deadline) == .success else { return nil }
        inputOrEnd.signal()  // later waits return at once
        return state.withLock { $0.hasInput }
    }

    /// Why reading stopped, when it was not the end of the input (a directory, a closed
    /// descriptor, more than the limit): then there are no items.
    var failure: InputFailure? { state.withLock { $0.failure } }

    /// Lets a large input be read on (the window is up).
    func resume() { resumed.signal() }

    /// The items, once the input has ended.
    var finishedItems: ListItems? { state.withLock { $0.items } }

    /// Calls `body` on the reading thread when the input has ended, or reading failed (at
    /// once if it has).
    func whenFinished(_ body: @escaping @Sendable (Result<ListItems, InputFailure>) -> Void) {
        let outcome = state.withLock { state -> Result<ListItems, InputFailure>? in
            if let failure = state.failure { return .failure(failure) }
            if let items = state.items { return .success(items) }
            state.whenFinished = body
            return nil
        }
        if let outcome { body(outcome) }
    }

    private func read(_ descriptor: Int32) {
        var bytes: [UInt8] = []
        var lineEnds = 0
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var paused = false
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count < 0 {
                finish(failing: .unreadable(SystemError(errno: errno)))
                return
            }
            guard count > 0 else { break }
            lineEnds += chunk[..<count].lazy.filter { $0 == 0x0A }.count
            if let excess = limit.excess(bytes: bytes.count + count, lineEnds: lineEnds) {
                finish(failing: .tooLarge(excess))  // what was read goes with this scope
                return
            }
            bytes.append(contentsOf: chunk[..<count])
            if bytes.count == count {
                state.withLock { $0.hasInput = true }
                inputOrEnd.signal()
            }
            if !paused && bytes.count >= Self.pauseAfterBytes {
                paused = true
                resumed.wait()
                chunk = [UInt8](repeating: 0, count: 1 << 20)  // fewer reads from here on
            }
        }
        finish(.success(ListItems(lines: bytes)))
    }

    private func finish(failing failure: InputFailure) { finish(.failure(failure)) }

    /// Keeps the outcome, wakes a wait for the first input (an input that ended at once), and
    /// hands the outcome to whoever asked for it.
    private func finish(_ outcome: Result<ListItems, InputFailure>) {
        let (hadInput, body) = state.withLock { state in
            switch outcome {
            case .success(let items): state.items = items
            case .failure(let failure): state.failure = failure
            }
            defer { state.whenFinished = nil }
            return (state.hasInput, state.whenFinished)
        }
        if !hadInput { inputOrEnd.signal() }
        body?(outcome)
    }
}
