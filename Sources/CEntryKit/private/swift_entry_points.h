#ifndef ENTRYKIT_SWIFT_ENTRY_POINTS_H
#define ENTRYKIT_SWIFT_ENTRY_POINTS_H

/* What the C classes call in Swift: functions defined in Swift under these names (@_cdecl), in
 * Sources/EntryKit. For C only: Swift has them already. */

#include "entrykit/entrykit_account_panel.h"
#include "entrykit/entrykit_chooser_field.h"

G_BEGIN_DECLS

/* Each class's class_init: installs the class's properties (declared in Swift, each once, with
 * the state it sets) and points set_property and get_property at them. */
void ek_chooser_field_install_properties(GObjectClass *klass);
void ek_drop_down_field_install_properties(GObjectClass *klass);
void ek_picker_field_install_properties(GObjectClass *klass);
void ek_account_panel_install_properties(GObjectClass *klass);

/* Each field class's EkChooserFieldClass.create_implementation: the field's behaviour, retained
 * for the object, which releases it in dispose. */
void *ek_drop_down_field_implementation_new(EkChooserField *field);
void *ek_picker_field_implementation_new(EkChooserField *field);
void ek_chooser_field_implementation_release(void *implementation);

/* The panel's state and behaviour, made in constructed and released in finalize. */
void *ek_account_panel_implementation_new(EkAccountPanel *panel);
void ek_account_panel_implementation_release(void *implementation);
/* Shows the panel; the implementation answers once with ek_account_panel_complete(task, ...). */
void ek_account_panel_implementation_ask(void *implementation, GtkWindow *parent, GTask *task);
/* The task's cancellable was cancelled: close its panel (or drop it from the queue). */
void ek_account_panel_implementation_cancel(void *implementation, GTask *task);
/* Shows the panel and returns its answer once it closes, running the one nested main loop Swift's
 * AccountPanel.run runs; the outputs may be NULL. */
gboolean ek_account_panel_implementation_run(void *implementation, GtkWindow *parent, gchar **username,
                                             EkPassword **password);

G_END_DECLS

#endif
