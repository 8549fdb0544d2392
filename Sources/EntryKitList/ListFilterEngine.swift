import Dispatch
import Synchronization

/// The outcome of one filter run: which items a query kept.
public struct ListFilterResult: Sendable {
    /// The query this result answers.
    public let query: ListQuery
    /// The kept items, in item order.
    public let matches: ListMatches
    /// The items filtered; compare with what the view shows before applying the result.
    public let items: ListItems
    /// Which call asked for this result; every `filter`, `filterNow`, `update`, `setItems` and
    /// `cancel` takes the next number.
    public let generation: UInt64
}

/// Filters a list as the user types: each keystroke's query refines the last result where it
/// can, runs off the caller's thread, and a newer keystroke cancels an older one.
///
/// Results of recent queries are kept, so typing on refines the previous result and
/// Backspace returns a kept result at once.
///
/// From the GTK thread, hand each result back to it and drop stale ones:
///
///     let engine = ListFilterEngine(items: items)
///     engine.filter("ite") { result in
///         MainLoop.idle { if engine.isCurrent(result) { view.show(result.matches) } }
///     }
///
/// or from async code: `if let result = await engine.update(query: "ite") { … }`. Up to about
/// 100,000 items a keystroke takes under a millisecond, so `filterNow` on the GTK thread is
/// simpler there.
public final class ListFilterEngine: Sendable {
    private struct State {
        var items: ListItems
        var generation: UInt64 = 0
        /// Recent results, newest last.
        var kept: [(query: ListQuery, matches: ListMatches)] = []
    }

    /// How many recent results are kept for refining and for Backspace.
    static let keptResultCount = 8

    private let state: Mutex<State>
    /// The newest generation, read by running scans to notice they are stale without a lock.
    private let latestGeneration = Atomic<UInt64>(0)
    private let queue = DispatchQueue(label: "EntryKit.ListFilterEngine", qos: .userInitiated)

    /// An engine filtering `items`.
    public init(items: ListItems = ListItems()) {
        state = Mutex(State(items: items))
        Self.prepareAhead(items)
    }

    /// Starts the preparation for search of items that are worth it (see
    /// `ListItems.prepareForSearch()`): below `preparedAheadBytes` of text a search reads the text
    /// in microseconds, and handing the work to another thread would cost the set more than it
    /// spares the first key (the first search starts it then).
    private static func prepareAhead(_ items: ListItems) {
        if items.utf8ByteCount >= preparedAheadBytes { items.prepareForSearch() }
    }

    /// Whether `setItems` starts the preparation for search of items of some size (the
    /// default); off for a list that is never filtered, whose items would only be prepared for
    /// nothing (a search would start it all the same).
    public var preparesItemsAhead: Bool {
        get { preparesAhead.load(ordering: .relaxed) }
        set { preparesAhead.store(newValue, ordering: .relaxed) }
    }
    private let preparesAhead = Atomic<Bool>(true)

    static let preparedAheadBytes = 64 << 10

    /// The items being filtered.
    public var items: ListItems { state.withLock { $0.items } }

    /// Replaces the items; runs under way for the old items are cancelled and never deliver,
    /// and kept results are dropped. Filter again with the current query afterwards.
    ///
    /// New items of some size are prepared for search off the calling thread at once (see
    /// `ListItems.prepareForSearch()`), so the first keystroke finds them ready; the old ones'
    /// preparation, if still under way, is cancelled.
    public func setItems(_ items: ListItems) {
        if preparesItemsAhead { Self.prepareAhead(items) }
        state.withLock { state in
            if state.items.storage !== items.storage { state.items.cancelSearchPreparation() }
            state.items = items
            state.kept = []
            state.generation += 1
            latestGeneration.store(state.generation, ordering: .releasing)
        }
    }

    /// Whether `result` answers the latest query for the current items.
    public func isCurrent(_ result: ListFilterResult) -> Bool {
        latestGeneration.load(ordering: .acquiring) == result.generation
    }

    /// Cancels any run under way; it will not deliver.
    public func cancel() {
        state.withLock { state in
            state.generation += 1
            latestGeneration.store(state.generation, ordering: .releasing)
        }
    }

    /// Whether `filterNow(text)` answers without reading the items' text: a kept result (the
    /// query typed before, Backspace), or a query of one letter, digit or space on items whose
    /// presence masks are made (a word per item, about a millisecond at a million). Then the
    /// calling thread may as well filter itself: a hop to another thread and back costs more,
    /// and on a busy machine can take longer than a frame.
    public func answersWithoutScanning(_ text: String) -> Bool {
        let query = ListQuery(text)
        return state.withLock { state in
            state.kept.contains { $0.query.folded == query.folded } || ListFilter.presenceAnswer(to: query, in: state.items) != nil
        }
    }

    /// Filters on the calling thread and returns at once; for small lists, where a hop to
    /// another thread costs more than the scan. Cancels any run under way.
    public func filterNow(_ text: String) -> ListFilterResult {
        let (generation, items, base, query) = begin(text)
        // Nothing cancels a run on the caller's own thread (other threads only move the generation on).
        let matches = base.exact ?? ListFilter.matches(of: query, in: items, within: base.refined) ?? .all(0)
        finish(query: query, matches: matches, generation: generation)
        return ListFilterResult(query: query, matches: matches, items: items, generation: generation)
    }

    /// Filters off the calling thread and calls `deliver` on the engine's queue with the result,
    /// unless another `filter`, `filterNow`, `setItems` or `cancel` call came first: then the run
    /// stops early and `deliver` is never called. So an older query never delivers after a
    /// newer one was asked for.
    public func filter(_ text: String, deliver: @escaping @Sendable (ListFilterResult) -> Void) {
        run(text) { result in
            if let result { deliver(result) }
        }
    }

    /// Filters off the calling thread; nil if a newer query (or new items, or a cancel) came
    /// first or the calling task was cancelled.
    public func update(query text: String) async -> ListFilterResult? {
        let generation = Mutex<UInt64?>(nil)
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<ListFilterResult?, Never>) in
                let started = run(text) { continuation.resume(returning: $0) }
                generation.withLock { $0 = started }
                // A cancel that came before the run started found no generation to cancel.
                if Task.isCancelled { cancel(ifStillAt: started) }
            }
        } onCancel: {
            if let started = generation.withLock({ $0 }) { cancel(ifStillAt: started) }
        }
    }

    // MARK: Testing

    /// Holds runs back until `resumeRunsForTesting`, so tests can order calls and runs.
    func suspendRunsForTesting() { queue.suspend() }
    func resumeRunsForTesting() { queue.resume() }
    var generationForTesting: UInt64 { latestGeneration.load(ordering: .acquiring) }

    // MARK: Running

    /// Starts a run; `completion` gets the result, or nil when the run was superseded.
    @discardableResult
    private func run(_ text: String, completion: @escaping @Sendable (ListFilterResult?) -> Void) -> UInt64 {
        let (generation, items, base, query) = begin(text)
        queue.async { [self] in
            guard latestGeneration.load(ordering: .acquiring) == generation else { return completion(nil) }
            let matches =
                base.exact
                ?? ListFilter.matches(of: query, in: items, within: base.refined) {
                    latestGeneration.load(ordering: .relaxed) != generation
                }
            guard let matches, finish(query: query, matches: matches, generation: generation) else {
                return completion(nil)
            }
            completion(ListFilterResult(query: query, matches: matches, items: items, generation: generation))
        }
        return generation
    }

    private func cancel(ifStillAt generation: UInt64) {
        state.withLock { state in
            guard state.generation == generation else { return }
            state.generation += 1
            latestGeneration.store(state.generation, ordering: .releasing)
        }
    }

    /// Where a run starts: a kept result for the same folded query, or the smallest kept
    /// result the query refines (nil: all items).
    private struct Base {
        var exact: ListMatches?
        var refined: ListMatches?
    }

    /// Takes a new generation and picks the run's base among the kept results.
    private func begin(_ text: String) -> (UInt64, ListItems, Base, ListQuery) {
        let query = ListQuery(text)
        return state.withLock { state in
            state.generation += 1
            latestGeneration.store(state.generation, ordering: .releasing)
            var base = Base()
            for kept in state.kept {
                if kept.query.folded == query.folded {
                    base.exact = kept.matches
                } else if query.refines(kept.query), base.refined == nil || kept.matches.count < base.refined!.count {
                    base.refined = kept.matches
                }
            }
            return (state.generation, state.items, base, query)
        }
    }

    /// Keeps the result if it is still the latest; returns whether it is.
    @discardableResult
    private func finish(query: ListQuery, matches: ListMatches, generation: UInt64) -> Bool {
        state.withLock { state in
            guard state.generation == generation else { return false }
            state.kept.removeAll { $0.query.folded == query.folded }
            state.kept.append((query, matches))
            // Keep a few, and at most about two lists' worth of indices.
            var indexBudget = 2 * max(state.items.count, 1)
            var keep = 0
            for kept in state.kept.reversed() {
                let cost = kept.matches.isAll ? 0 : kept.matches.count
                guard keep < Self.keptResultCount, cost <= indexBudget else { break }
                indexBudget -= cost
                keep += 1
            }
            state.kept.removeFirst(state.kept.count - keep)
            return true
        }
    }
}
