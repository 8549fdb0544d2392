#ifndef ENTRYKIT_CHOOSER_FIELD_PRIVATE_H
#define ENTRYKIT_CHOOSER_FIELD_PRIVATE_H

/* What the fields' Swift behaviour calls in EkChooserField beyond its public API. */

#include "entrykit/entrykit_chooser_field.h"

G_BEGIN_DECLS

/* The Swift field behind `field`, made when it was constructed (unretained): every typed setter
 * and getter calls it directly. NULL once the field is disposed (destroyed): calls then do
 * nothing. */
void *ek_chooser_field_implementation(EkChooserField *field);

void ek_chooser_field_emit_opened(EkChooserField *field);
void ek_chooser_field_emit_closed(EkChooserField *field);

G_END_DECLS

#endif
