#ifndef ENTRYKIT_CPOLKITAGENT_SHIM_H
#define ENTRYKIT_CPOLKITAGENT_SHIM_H

/* libpolkit-agent-1 through pkg-config (polkit-agent-1): the include path and libraries of the
 * polkit agent. Swift reads these declarations through CEntryKitPolkit, whose header imports GTK's
 * module first, so GLib's declarations stay in one module. */

#define POLKIT_AGENT_I_KNOW_API_IS_SUBJECT_TO_CHANGE
#include <polkitagent/polkitagent.h>

#endif
