#ifndef ENTRYKIT_DROP_DOWN_FIELD_PRIVATE_H
#define ENTRYKIT_DROP_DOWN_FIELD_PRIVATE_H

/* What the drop-down's Swift behaviour calls in EkDropDownField beyond its public API. */

#include "entrykit/entrykit_drop_down_field.h"

G_BEGIN_DECLS

void ek_drop_down_field_emit_selected(EkDropDownField *field, gint index, const gchar *item);

G_END_DECLS

#endif
