#ifndef ENTRYKIT_FIELD_PRIVATE_H
#define ENTRYKIT_FIELD_PRIVATE_H

#include "entrykit_field_implementation.h"

/* The Swift entry points (@_cdecl) the C types call: the factories, the properties (declared in
 * Swift with the behaviour they set; the typed accessors of the public headers are defined there
 * too). */

/* Each field class's EkChooserFieldClass.create_implementation: the field's behaviour, retained
 * for the object, which releases it in dispose. */
void *ek_drop_down_field_implementation_new(EkChooserField *field);
void *ek_picker_field_implementation_new(EkChooserField *field);
void ek_chooser_field_implementation_release(void *field);

/* Each class's class_init: installs the class's properties and its set_property/get_property. */
void ek_chooser_field_install_properties(GObjectClass *klass);
void ek_drop_down_field_install_properties(GObjectClass *klass);
void ek_picker_field_install_properties(GObjectClass *klass);

#endif
