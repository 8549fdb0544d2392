import EntryKit
import Testing

/// Counts of what EntryKit keeps alive: compare a snapshot before and after a piece of work.
public struct LiveObjects: Equatable, CustomStringConvertible {
    public let wrappers: Int
    public let closures: Int

    public static var now: LiveObjects {
        LiveObjects(wrappers: GObjectReference.liveCount, closures: SignalClosures.liveCount)
    }

    public var description: String { "\(wrappers) wrappers, \(closures) signal closures" }
}

/// Records a test issue unless every probe's object has been finalized on the GTK thread.
package func expectFinalized(_ probes: [GObjectFinalizationProbe], _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let alive = probes.count { !$0.isFinalized }
    #expect(alive == 0, "\(alive) of \(probes.count) \(what) still alive", sourceLocation: sourceLocation)
    let elsewhere = probes.count { $0.isFinalized && !$0.wasFinalizedInGtkContext }
    #expect(elsewhere == 0, "\(elsewhere) \(what) finalized off the GTK thread", sourceLocation: sourceLocation)
}
