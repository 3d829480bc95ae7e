#ifndef SPLITVIEW_APP_RESOURCES_H
#define SPLITVIEW_APP_RESOURCES_H

/* The top-level Resources/ folder is bundled by this target ("../../Resources"); SwiftPM copies
 * it next to the executable as <bundle>/Resources. The target is written in C because SwiftPM
 * gives a Swift target with resources an accessor that imports Foundation, which would cost
 * the app about 6 MiB of memory for one path. */

/* The bundle folder's name next to the executable: "SplitView_AppResources.resources". */
const char *splitview_resource_bundle_name(void);

#endif
