#ifndef ENTRYKIT_CGLIB_SHIM_H
#define ENTRYKIT_CGLIB_SHIM_H

/* GLib alone, for GTK-free targets: the list model takes Unicode normalization from it
   (Foundation's needs ICU, tens of megabytes in a static binary; GLib is loaded with GTK anyway). */
#include <glib.h>

#endif
