#ifndef ENTRYKIT_TYPES_H
#define ENTRYKIT_TYPES_H

#include <glib.h>

G_BEGIN_DECLS

/* Registers every EntryKit type a GtkBuilder file can name (EkDropDownField, EkPickerField, and
 * the EkChooserEntry, EkPasswordEntry and EkListView they are made of), so builder files find
 * them by name before any is made. */
void ek_register_types(void);

G_END_DECLS

#endif
