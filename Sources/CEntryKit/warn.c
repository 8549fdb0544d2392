#include "entrykit_warn.h"

void ek_warn(const char *message) { g_log("EntryKit", G_LOG_LEVEL_WARNING, "%s", message); }
