/* libdbus-1, loaded when the accessibility bus is joined rather than when the program
 * starts: the program links no D-Bus library, so a start maps none of libdbus and its
 * libsystemd chain (eight libraries), and a desktop without a bus never loads them.
 *
 * The types are D-Bus's own public ones under SV names, with the same layouts (a
 * DBusMessageIter and a DBusError live on the caller's stack); each function calls the one
 * of the same name that dlsym found in libdbus-1.so.3. Call sv_dbus_load() first, and none of
 * the others unless it returned 1. */
#ifndef CDBUSLOADER_H
#define CDBUSLOADER_H

#include <stdint.h>

typedef struct SVDBusConnection SVDBusConnection;
typedef struct SVDBusMessage SVDBusMessage;

/* As struct DBusMessageIter (dbus-message.h). */
typedef struct {
    void *dummy1;
    void *dummy2;
    uint32_t dummy3;
    int dummy4, dummy5, dummy6, dummy7, dummy8, dummy9, dummy10, dummy11;
    int pad1;
    void *pad2;
    void *pad3;
} SVDBusMessageIter;

/* As struct DBusError (dbus-errors.h). */
typedef struct {
    const char *name;
    const char *message;
    unsigned int dummy1 : 1;
    unsigned int dummy2 : 1;
    unsigned int dummy3 : 1;
    unsigned int dummy4 : 1;
    unsigned int dummy5 : 1;
    void *padding1;
} SVDBusError;

typedef enum { SV_DBUS_BUS_SESSION, SV_DBUS_BUS_SYSTEM, SV_DBUS_BUS_STARTER } SVDBusBusType;
typedef enum {
    SV_DBUS_HANDLER_RESULT_HANDLED,
    SV_DBUS_HANDLER_RESULT_NOT_YET_HANDLED,
    SV_DBUS_HANDLER_RESULT_NEED_MEMORY
} SVDBusHandlerResult;
typedef enum { SV_DBUS_DISPATCH_DATA_REMAINS, SV_DBUS_DISPATCH_COMPLETE, SV_DBUS_DISPATCH_NEED_MEMORY } SVDBusDispatchStatus;

#define SV_DBUS_MESSAGE_TYPE_INVALID 0
#define SV_DBUS_MESSAGE_TYPE_METHOD_CALL 1
#define SV_DBUS_MESSAGE_TYPE_METHOD_RETURN 2
#define SV_DBUS_MESSAGE_TYPE_ERROR 3
#define SV_DBUS_MESSAGE_TYPE_SIGNAL 4

typedef SVDBusHandlerResult (*SVDBusHandleMessageFunction)(SVDBusConnection *connection, SVDBusMessage *message, void *user_data);
typedef void (*SVDBusFreeFunction)(void *memory);

/* As struct DBusObjectPathVTable (dbus-connection.h). */
typedef struct {
    void (*unregister_function)(SVDBusConnection *connection, void *user_data);
    SVDBusHandlerResult (*message_function)(SVDBusConnection *connection, SVDBusMessage *message, void *user_data);
    void (*dbus_internal_pad1)(void *);
    void (*dbus_internal_pad2)(void *);
    void (*dbus_internal_pad3)(void *);
    void (*dbus_internal_pad4)(void *);
} SVDBusObjectPathVTable;

/* Loads libdbus-1.so.3 and finds every function below, once (later calls answer at once,
 * from any thread); 1 when all were found, 0 otherwise. */
int sv_dbus_load(void);
/* Why the load failed (dlopen's or dlsym's words), or NULL. */
const char *sv_dbus_load_error(void);

void sv_dbus_bus_add_match(SVDBusConnection *connection, const char *rule, SVDBusError *error);
SVDBusConnection * sv_dbus_bus_get_private(SVDBusBusType type, SVDBusError *error);
const char* sv_dbus_bus_get_unique_name(SVDBusConnection *connection);
uint32_t sv_dbus_bus_register(SVDBusConnection *connection, SVDBusError *error);
uint32_t sv_dbus_connection_add_filter(SVDBusConnection *connection, SVDBusHandleMessageFunction function, void *user_data, SVDBusFreeFunction free_data_function);
void sv_dbus_connection_close(SVDBusConnection *connection);
SVDBusDispatchStatus sv_dbus_connection_dispatch(SVDBusConnection *connection);
uint32_t sv_dbus_connection_get_is_connected(SVDBusConnection *connection);
uint32_t sv_dbus_connection_get_unix_fd(SVDBusConnection *connection, int *fd);
uint32_t sv_dbus_connection_has_messages_to_send(SVDBusConnection *connection);
SVDBusConnection* sv_dbus_connection_open_private(const char *address, SVDBusError *error);
uint32_t sv_dbus_connection_read_write(SVDBusConnection *connection, int timeout_milliseconds);
uint32_t sv_dbus_connection_register_fallback(SVDBusConnection *connection, const char *path, const SVDBusObjectPathVTable *vtable, void *user_data);
uint32_t sv_dbus_connection_register_object_path(SVDBusConnection *connection, const char *path, const SVDBusObjectPathVTable *vtable, void *user_data);
uint32_t sv_dbus_connection_send(SVDBusConnection *connection, SVDBusMessage *message, uint32_t *client_serial);
SVDBusMessage * sv_dbus_connection_send_with_reply_and_block(SVDBusConnection *connection, SVDBusMessage *message, int timeout_milliseconds, SVDBusError *error);
void sv_dbus_connection_set_exit_on_disconnect(SVDBusConnection *connection, uint32_t exit_on_disconnect);
void sv_dbus_connection_unref(SVDBusConnection *connection);
void sv_dbus_error_free(SVDBusError *error);
void sv_dbus_error_init(SVDBusError *error);
const char* sv_dbus_message_get_interface(SVDBusMessage *message);
const char* sv_dbus_message_get_member(SVDBusMessage *message);
const char* sv_dbus_message_get_path(SVDBusMessage *message);
const char* sv_dbus_message_get_signature(SVDBusMessage *message);
int sv_dbus_message_get_type(SVDBusMessage *message);
uint32_t sv_dbus_message_iter_append_basic(SVDBusMessageIter *iter, int type, const void *value);
uint32_t sv_dbus_message_iter_close_container(SVDBusMessageIter *iter, SVDBusMessageIter *sub);
int sv_dbus_message_iter_get_arg_type(SVDBusMessageIter *iter);
void sv_dbus_message_iter_get_basic(SVDBusMessageIter *iter, void *value);
uint32_t sv_dbus_message_iter_init(SVDBusMessage *message, SVDBusMessageIter *iter);
void sv_dbus_message_iter_init_append(SVDBusMessage *message, SVDBusMessageIter *iter);
uint32_t sv_dbus_message_iter_next(SVDBusMessageIter *iter);
uint32_t sv_dbus_message_iter_open_container(SVDBusMessageIter *iter, int type, const char *contained_signature, SVDBusMessageIter *sub);
void sv_dbus_message_iter_recurse(SVDBusMessageIter *iter, SVDBusMessageIter *sub);
SVDBusMessage* sv_dbus_message_new(int message_type);
SVDBusMessage* sv_dbus_message_new_error(SVDBusMessage *reply_to, const char *error_name, const char *error_message);
SVDBusMessage* sv_dbus_message_new_method_call(const char *bus_name, const char *path, const char *iface, const char *method);
SVDBusMessage* sv_dbus_message_new_method_return(SVDBusMessage *method_call);
SVDBusMessage* sv_dbus_message_new_signal(const char *path, const char *iface, const char *name);
void sv_dbus_message_unref(SVDBusMessage *message);
void sv_dbus_message_set_no_reply(SVDBusMessage *message, uint32_t no_reply);
uint32_t sv_dbus_threads_init_default(void);

#endif
