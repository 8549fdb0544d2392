/* EkChooserField: the properties and signals both fields share, declared once, and the calls
 * straight through to the field's Swift implementation. */

#include "entrykit_chooser_field_private.h"
#include "swift_entry_points.h"

/**
 * EkChooserField:
 *
 * What #EkDropDownField and #EkPickerField share: the items, the open list's size, font,
 * border and placeholder text, whether it is open, and the #EkChooserField::opened and
 * #EkChooserField::closed signals. Each field adds its own choice.
 */

typedef struct {
    void *implementation; /* the Swift field, made in constructed, released in dispose */
} EkChooserFieldPrivate;

G_DEFINE_TYPE_WITH_PRIVATE(EkChooserField, ek_chooser_field, EK_TYPE_CHOOSER_ENTRY)

enum { SIGNAL_OPENED, SIGNAL_CLOSED, N_SIGNALS };
static guint signals[N_SIGNALS];

static EkChooserFieldPrivate *private_of(EkChooserField *field) { return ek_chooser_field_get_instance_private(field); }

void *ek_chooser_field_implementation(EkChooserField *field) { return private_of(field)->implementation; }

/* The field gets its behaviour before anything can set a property or call a method on it:
 * g_object_new sets the properties after constructed, whatever made the field (Swift, C, a
 * binding, GtkBuilder). */
static void field_constructed(GObject *object) {
    G_OBJECT_CLASS(ek_chooser_field_parent_class)->constructed(object);
    EkChooserField *field = EK_CHOOSER_FIELD(object);
    EkChooserFieldClass *klass = EK_CHOOSER_FIELD_GET_CLASS(field);
    g_return_if_fail(klass->create_implementation != NULL);
    private_of(field)->implementation = klass->create_implementation(field);
}

/* Released once GTK's dispose has run: a field destroyed while its list is open is unmapped there,
 * and its behaviour closes the list as for any other dismissal (onClose, "closed"). Dispose may run
 * twice. */
static void field_dispose(GObject *object) {
    G_OBJECT_CLASS(ek_chooser_field_parent_class)->dispose(object);
    void *implementation = g_steal_pointer(&private_of(EK_CHOOSER_FIELD(object))->implementation);
    if (implementation) ek_chooser_field_implementation_release(implementation);
}

static void ek_chooser_field_class_init(EkChooserFieldClass *klass) {
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    object_class->constructed = field_constructed;
    object_class->dispose = field_dispose;
    gtk_widget_class_set_css_name(GTK_WIDGET_CLASS(klass), "entry");
    /* The properties are declared with their behaviour, in Swift. */
    ek_chooser_field_install_properties(object_class);
    /**
     * EkChooserField::opened:
     * @field: the field
     *
     * The list opened.
     */
    signals[SIGNAL_OPENED] =
        g_signal_new("opened", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
    /**
     * EkChooserField::closed:
     * @field: the field
     *
     * The list closed.
     */
    signals[SIGNAL_CLOSED] =
        g_signal_new("closed", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void ek_chooser_field_init(EkChooserField *field) { (void)field; }

void ek_chooser_field_emit_opened(EkChooserField *field) { g_signal_emit(field, signals[SIGNAL_OPENED], 0); }

void ek_chooser_field_emit_closed(EkChooserField *field) { g_signal_emit(field, signals[SIGNAL_CLOSED], 0); }
