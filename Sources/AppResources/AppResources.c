#include "AppResources.h"

/* SwiftPM names a target's bundle <package>_<target>.resources. */
const char *splitview_resource_bundle_name(void) { return "SplitView_AppResources.resources"; }
