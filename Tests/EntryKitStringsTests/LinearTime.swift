import Foundation
import Testing

/// Checks that `work` takes time linear in its size, told by how its cost grows rather than by
/// a wall-clock limit (speed is the benchmarks' business, and a loaded machine must not decide):
/// four times the size may take at most ten times the CPU time of this thread (a quadratic
/// algorithm takes sixteen), best of three runs of each size.
func expectLinearTime(_ what: String, size: Int, sourceLocation: SourceLocation = #_sourceLocation, _ work: (Int) -> Void) {
    func threadCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
    func best(_ size: Int) -> Double {
        (0..<3).map { _ in
            let start = threadCPUSeconds()
            work(size)
            return threadCPUSeconds() - start
        }.min()!
    }
    let small = best(size / 4), large = best(size)
    #expect(
        large < small * 10, "\(what): size \(size / 4) took \(small) s, size \(size) took \(large) s of CPU", sourceLocation: sourceLocation
    )
}
