#ifndef ENTRYKIT_FIELD_IMPLEMENTATION_H
#define ENTRYKIT_FIELD_IMPLEMENTATION_H

/* How the C types reach their one implementation, EntryKit's Swift classes (DropDownField,
 * PickerField, AccountPanel). Not public API: the library's users see properties, signals and
 * methods; the Swift side fills in EkImplementation once and C calls through it. */

#include "entrykit_account_panel.h"
#include "entrykit_drop_down_field.h"
#include "entrykit_picker_field.h"

G_BEGIN_DECLS

/* The fields' GObject properties, one numbering for both classes (each installs its subset). */
typedef enum {
    EK_FIELD_PROPERTY_NONE,
    EK_FIELD_PROPERTY_ITEMS,
    EK_FIELD_PROPERTY_SELECTED_INDEX,
    EK_FIELD_PROPERTY_PICKED_INDEX,
    EK_FIELD_PROPERTY_VISIBLE_ROW_COUNT,
    EK_FIELD_PROPERTY_ROW_HEIGHT,
    EK_FIELD_PROPERTY_LIST_BORDER_COLOR,
    EK_FIELD_PROPERTY_LIST_FONT,
    EK_FIELD_PROPERTY_FREE_TEXT,
    EK_FIELD_PROPERTY_IS_OPEN,
    EK_FIELD_PROPERTY_COUNT
} EkFieldProperty;

typedef struct {
    /* A field was made outside Swift (C, a language binding, GtkBuilder): give it its behaviour.
     * NULL where Swift makes and wraps every field itself (a Swift application). */
    void (*field_constructed)(GObject *field);
    /* A property was set or read (g_object_set, GtkBuilder, a binding). FALSE when the field
     * has no Swift wrapper (yet): C keeps the value until ek_field_apply_pending. */
    gboolean (*field_set_property)(GObject *field, EkFieldProperty property, const GValue *value);
    gboolean (*field_get_property)(GObject *field, EkFieldProperty property, GValue *value);
    /* Opens (TRUE) or closes the field's list. */
    void (*field_set_open)(GObject *field, gboolean open);
    /* Shows the panel; the implementation answers once with ek_account_panel_complete(task, ...). */
    void (*panel_ask)(EkAccountPanel *panel, GtkWindow *parent, GTask *task);
    /* The task's cancellable was cancelled: close its panel (or drop it from the queue). */
    void (*panel_cancel)(GTask *task);
} EkImplementation;

/* Installs the implementation (copied); called once, before any field or panel is used. */
void ek_set_implementation(const EkImplementation *implementation);
/* Whether fields made outside Swift get their behaviour when constructed. */
gboolean ek_implementation_attaches_fields(void);

/* Gives a new wrapper the values set before it existed (a builder file's properties, in a Swift
 * application that wraps builder objects itself), in the order of EkFieldProperty. */
void ek_field_apply_pending(GObject *field);

/* What the Swift side reports back. */
void ek_field_notify(GObject *field, EkFieldProperty property);
/* "selected" on a drop-down, "picked" on a picker. */
void ek_field_emit_chosen(GObject *field, gint index, const gchar *item);
void ek_field_emit_opened(GObject *field);
void ek_field_emit_closed(GObject *field);

/* Reports a refused call or a misuse as a GLib warning in the "EntryKit" domain. */
void ek_warn(const char *message);

/* Ends an ask: `username` is copied; `password` (may be NULL) is taken over. */
void ek_account_panel_complete(GTask *task, gboolean accepted, const gchar *username, EkPassword *password);
/* The panel the task belongs to. */
EkAccountPanel *ek_account_panel_of_task(GTask *task);
/* Emits "validate" with a copy of the password in locked memory, wiped when the handlers have
 * returned. Returns the first message a handler gave (g_free it), or NULL to accept. */
gchar *ek_account_panel_validate(EkAccountPanel *panel, const gchar *username, const guint8 *password, gsize length);
/* Whether anyone connected to "validate". */
gboolean ek_account_panel_validates(EkAccountPanel *panel);

G_END_DECLS

#endif
