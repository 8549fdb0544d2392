#include "entrykit_account_panel.h"
#include "entrykit_chooser_entry.h"
#include "entrykit_drop_down_field.h"
#include "entrykit_list_view.h"
#include "entrykit_password_entry.h"
#include "entrykit_picker_field.h"
#include "entrykit_types.h"

void ek_register_types(void) {
    g_type_ensure(EK_TYPE_CHOOSER_ENTRY);
    g_type_ensure(EK_TYPE_CHOOSER_FIELD);
    g_type_ensure(EK_TYPE_DROP_DOWN_FIELD);
    g_type_ensure(EK_TYPE_PICKER_FIELD);
    g_type_ensure(EK_TYPE_PASSWORD_ENTRY);
    g_type_ensure(EK_TYPE_LIST_VIEW);
    g_type_ensure(EK_TYPE_ACCOUNT_PANEL);
}
