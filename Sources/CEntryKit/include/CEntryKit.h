#ifndef ENTRYKIT_CENTRYKIT_H
#define ENTRYKIT_CENTRYKIT_H

/* EntryKit's C module: GObject subclasses Swift cannot declare. */
#include "entrykit_chooser_entry.h"
#include "entrykit_list_view.h"
#include "entrykit_picker_field.h"
#include "entrykit_secure_buffer.h"

#endif
