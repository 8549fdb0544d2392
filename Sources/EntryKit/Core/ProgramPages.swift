import CEntryKit

/// Memory a program that waits for a person can give back once its window is up.
///
/// A dialog runs most of its code once, to start: GTK, the Swift runtime's set-up, building the
/// window. With the runtime linked in, that code lies scattered over megabytes of the program's
/// file, and the kernel maps it in 64 KiB around every page touched, so the waiting dialog would
/// hold most of its own file mapped for as long as it waits. Those pages are read-only and
/// never written: giving them back loses nothing, and the few that answering a key needs come
/// back from the page cache (which keeps the file while memory allows) on their next access.
///
///     window.afterFirstDraw { ProgramPages.release() }
public enum ProgramPages {
    /// Unmaps the program's own read-only pages (not a library's); returns the bytes of the
    /// ranges given back.
    @discardableResult
    public static func release() -> Int { Int(ek_release_program_pages()) }
}
