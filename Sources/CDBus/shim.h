/* libdbus-1 for Swift: the accessibility bus (AT-SPI) is reached through the system's D-Bus
 * library, never through wire code of our own. */
#ifndef CDBUS_SHIM_H
#define CDBUS_SHIM_H
#include <dbus/dbus.h>
#endif
