#ifndef ENTRYKIT_PROMPTS_BASE_H
#define ENTRYKIT_PROMPTS_BASE_H

/* GTK and the secure answer belong to the CGtk and CEntryKit modules: imported, not included
 * again, so that Swift sees their declarations in one module each (see CEntryKit.h). */
#if __has_feature(modules)
#pragma clang module import CGtk
#pragma clang module import CEntryKit
#else
#include <gtk/gtk.h>
#include "../../CEntryKit/private/entrykit_secure_answer.h"
#endif

#endif
