#ifndef ENTRYKIT_CENTRYKITPOLKIT_H
#define ENTRYKIT_CENTRYKITPOLKIT_H

/* The polkit authentication agent's C module: the listener subclass and the few calls Swift
 * cannot make (GLib's macros and variadic functions). GLib and GTK come from the CGtk module, as
 * in CEntryKit; polkit's headers are read here, after them. */

#if __has_feature(modules)
#pragma clang module import CGtk
#endif
#include "entrykit_polkit_agent.h"

#endif
