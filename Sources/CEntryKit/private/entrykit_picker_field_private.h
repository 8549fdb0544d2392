#ifndef ENTRYKIT_PICKER_FIELD_PRIVATE_H
#define ENTRYKIT_PICKER_FIELD_PRIVATE_H

/* What the picker's Swift behaviour calls in EkPickerField beyond its public API. */

#include "entrykit/entrykit_picker_field.h"

G_BEGIN_DECLS

void ek_picker_field_emit_picked(EkPickerField *field, gint index, const gchar *item);

G_END_DECLS

#endif
