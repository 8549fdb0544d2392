import Glibc

/// Descriptors 0, 1 and 2 at start-up.
public enum StandardDescriptors {
    /// Makes sure descriptors 0, 1 and 2 are open before anything (GTK's display connection, a
    /// file) can take their numbers: a dialog started with standard output closed would otherwise
    /// write its answer into the X connection. A closed standard output stays unwritable.
    /// Returns the descriptors it put `/dev/null` on: they were closed, and nothing the user asked
    /// to be written (a `--password-fd`) may go there.
    @discardableResult
    public static func keepApart() -> Set<Int32> {
        var substituted: Set<Int32> = []
        for (descriptor, flags) in [(STDIN_FILENO, O_RDONLY), (STDOUT_FILENO, O_RDONLY), (STDERR_FILENO, O_WRONLY)]
        where fcntl(descriptor, F_GETFD) == -1 {
            let opened = open("/dev/null", flags)
            if opened >= 0 && opened != descriptor {
                dup2(opened, descriptor)
                close(opened)
            }
            if opened >= 0 { substituted.insert(descriptor) }
        }
        return substituted
    }
}
