#ifndef ENTRYKIT_PICKER_FIELD_H
#define ENTRYKIT_PICKER_FIELD_H

#include "entrykit_chooser_entry.h"

G_BEGIN_DECLS

/* EkPickerField: the chooser entry EntryKit's PickerField wraps, registered under its own name
 * so GtkBuilder files can say <object class="EkPickerField">.
 *
 * Its keys are handled in the class's own key-press handler, which emits "picker-key-press"
 * (GdkEvent) -> gboolean before GtkEntry's key bindings: an application's key-press-event
 * handlers on the entry run first and see every key, as on any GtkEntry; a key the picker does
 * not use (TRUE from a handler) goes on to the entry's bindings (Return still emits "activate"). */
#define EK_TYPE_PICKER_FIELD (ek_picker_field_get_type())
G_DECLARE_FINAL_TYPE(EkPickerField, ek_picker_field, EK, PICKER_FIELD, EkChooserEntry)

GtkWidget *ek_picker_field_new(void);

/* Reports a refused call (an out-of-range index) as a GLib warning in the "EntryKit" domain. */
void ek_picker_field_warn(const char *message);

G_END_DECLS

#endif
