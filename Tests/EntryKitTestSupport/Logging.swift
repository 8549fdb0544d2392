import CGtk

/// The criticals `body` logs in the "EntryKit" domain, not fatal meanwhile (the suite runs
/// with G_DEBUG=fatal-criticals).
package func loggedCriticals(_ body: () -> Void) -> [String] {
    final class Messages { var all: [String] = [] }
    let messages = Messages()
    let fatal = g_log_set_always_fatal(G_LOG_LEVEL_ERROR)
    let handler = g_log_set_handler(
        "EntryKit", GLogLevelFlags(G_LOG_LEVEL_CRITICAL.rawValue),
        { _, _, message, data in
            Unmanaged<Messages>.fromOpaque(data!).takeUnretainedValue().all.append(String(cString: message!))
        }, Unmanaged.passUnretained(messages).toOpaque())
    body()
    g_log_remove_handler("EntryKit", handler)
    g_log_set_always_fatal(fatal)
    return messages.all
}
