/* The functions of CDBusLoader.h: libdbus-1's, found with dlsym when the bus is joined. */
#include "CDBusLoader.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int loaded;
static const char *failure;

static void (*p_dbus_bus_add_match)(SVDBusConnection *connection, const char *rule, SVDBusError *error);
static SVDBusConnection * (*p_dbus_bus_get_private)(SVDBusBusType type, SVDBusError *error);
static const char* (*p_dbus_bus_get_unique_name)(SVDBusConnection *connection);
static uint32_t (*p_dbus_bus_register)(SVDBusConnection *connection, SVDBusError *error);
static uint32_t (*p_dbus_connection_add_filter)(SVDBusConnection *connection, SVDBusHandleMessageFunction function, void *user_data, SVDBusFreeFunction free_data_function);
static void (*p_dbus_connection_close)(SVDBusConnection *connection);
static SVDBusDispatchStatus (*p_dbus_connection_dispatch)(SVDBusConnection *connection);
static uint32_t (*p_dbus_connection_get_is_connected)(SVDBusConnection *connection);
static uint32_t (*p_dbus_connection_get_unix_fd)(SVDBusConnection *connection, int *fd);
static uint32_t (*p_dbus_connection_has_messages_to_send)(SVDBusConnection *connection);
static SVDBusConnection* (*p_dbus_connection_open_private)(const char *address, SVDBusError *error);
static uint32_t (*p_dbus_connection_read_write)(SVDBusConnection *connection, int timeout_milliseconds);
static uint32_t (*p_dbus_connection_register_fallback)(SVDBusConnection *connection, const char *path, const SVDBusObjectPathVTable *vtable, void *user_data);
static uint32_t (*p_dbus_connection_register_object_path)(SVDBusConnection *connection, const char *path, const SVDBusObjectPathVTable *vtable, void *user_data);
static uint32_t (*p_dbus_connection_send)(SVDBusConnection *connection, SVDBusMessage *message, uint32_t *client_serial);
static SVDBusMessage * (*p_dbus_connection_send_with_reply_and_block)(SVDBusConnection *connection, SVDBusMessage *message, int timeout_milliseconds, SVDBusError *error);
static void (*p_dbus_connection_set_exit_on_disconnect)(SVDBusConnection *connection, uint32_t exit_on_disconnect);
static void (*p_dbus_connection_unref)(SVDBusConnection *connection);
static void (*p_dbus_error_free)(SVDBusError *error);
static void (*p_dbus_error_init)(SVDBusError *error);
static const char* (*p_dbus_message_get_interface)(SVDBusMessage *message);
static const char* (*p_dbus_message_get_member)(SVDBusMessage *message);
static const char* (*p_dbus_message_get_path)(SVDBusMessage *message);
static const char* (*p_dbus_message_get_signature)(SVDBusMessage *message);
static int (*p_dbus_message_get_type)(SVDBusMessage *message);
static uint32_t (*p_dbus_message_iter_append_basic)(SVDBusMessageIter *iter, int type, const void *value);
static uint32_t (*p_dbus_message_iter_close_container)(SVDBusMessageIter *iter, SVDBusMessageIter *sub);
static int (*p_dbus_message_iter_get_arg_type)(SVDBusMessageIter *iter);
static void (*p_dbus_message_iter_get_basic)(SVDBusMessageIter *iter, void *value);
static uint32_t (*p_dbus_message_iter_init)(SVDBusMessage *message, SVDBusMessageIter *iter);
static void (*p_dbus_message_iter_init_append)(SVDBusMessage *message, SVDBusMessageIter *iter);
static uint32_t (*p_dbus_message_iter_next)(SVDBusMessageIter *iter);
static uint32_t (*p_dbus_message_iter_open_container)(SVDBusMessageIter *iter, int type, const char *contained_signature, SVDBusMessageIter *sub);
static void (*p_dbus_message_iter_recurse)(SVDBusMessageIter *iter, SVDBusMessageIter *sub);
static SVDBusMessage* (*p_dbus_message_new)(int message_type);
static SVDBusMessage* (*p_dbus_message_new_error)(SVDBusMessage *reply_to, const char *error_name, const char *error_message);
static SVDBusMessage* (*p_dbus_message_new_method_call)(const char *bus_name, const char *path, const char *iface, const char *method);
static SVDBusMessage* (*p_dbus_message_new_method_return)(SVDBusMessage *method_call);
static SVDBusMessage* (*p_dbus_message_new_signal)(const char *path, const char *iface, const char *name);
static void (*p_dbus_message_unref)(SVDBusMessage *message);
static void (*p_dbus_message_set_no_reply)(SVDBusMessage *message, uint32_t no_reply);
static uint32_t (*p_dbus_threads_init_default)(void);

static void load(void) {
    void *library = dlopen("libdbus-1.so.3", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        failure = dlerror();
        return;
    }
    if ((*(void **)&p_dbus_bus_add_match = dlsym(library, "dbus_bus_add_match")) == NULL) {
        failure = dlerror();
        return;
    }
    if ((*(void **)&p_dbus_bus_get_private = dlsym(library, "dbus_bus_get_private")) == NULL) {
        failure = dlerror();
        return;
    }
    if ((*(void **)&p_dbus_bus_get_unique_name = dlsym(library, "dbus_bus_get_unique_name")) == NULL) {
        failure = dlerror();
        return;
    }
    if ((*(void **)&p_dbus_bus_register = dlsym(library, "dbus_bus_register")) == NULL) {
        failure = dlerror();
        return;
    }
    if ((*(void **)&p_dbus_connection_add_filter = dlsym(library, "dbus_connection_add_filter")) == NULL) {
        failure = dlerror();
        return;
    }
    if ((*(void **)&p_dbus_connection_close = dlsym(library, "dbus_connection_close")) == NULL) {
        failure = dlerror();
        return;
    }
    if ((*(void **)&p_dbus_connection_dispatch = dlsym(library, "dbus_connection_dispatch")) == NULL) {
        failure = dlerror();
        return;
    }
    if ((*(void **)&p_dbus_connection_get_is_connected = dlsym(library, "dbus_connection_get_is_connected")) == NULL) {
        failure = dlerror();
        return;
    }
    if ((*(void **)&p_dbus_connection_get_unix_fd = dlsym(library, "dbus_connection_get_unix_fd")) == NULL) {
        failure = dlerror();
        return;
    }
    if ((*(void **)&p_dbus_connection_has_messages_to_send = dlsym(library, "dbus_connection_has_messages_to_send")) == NULL) {
        failure = dlerror();
        return;
    }
    if ((*(void **)&p_dbus_connection_open_private = dlsym(library, "dbus_connection_open_private")) == NULL) {
        failure = dlerror();
        return;
    }
    if ((*(void **)&p_dbus_connection_read_write = dlsym(library, "dbus_connection_read_write")) == NULL) {
        failure = dlerror();
        return;
    }
    if ((*(void **)&p_dbus_connection_register_fallback = dlsym(library, "dbus_connection_register_fallback")) == NULL) {
        failure = dlerror();
        return;
    }
    if ((*(void **)&p_dbus_connection_register_object_path = dlsym(library, "dbus_connection_register_object_path")) == NULL) {
        failure = dlerror();
        return;
    }
    if ((*(void **)&p_dbus_connection_send = dlsym(library, "dbus_connection_send")) == NULL) {
        failure = dlerror();
        return;
    }
    if ((*(void **)&p_dbus_connection_send_with_reply_and_block = dlsym(library, "dbus_connection_send_with_reply_and_block")) == NULL) {
        failure = dlerror();
        return;
    }
    if ((*(void **)&p_dbus_connection_set_exit_on_disconnect = dlsym(library, "dbus_connection_set_exit_on_disconnect")) == NULL) {
        failure = dlerror();
        return;
    }
    if ((*(void **)&p_dbus_connection_unref = dlsym(library, "dbus_connection_unref")) == NULL) {
        failure = dlerror();
        return;
    }
    if ((*(void **)&p_dbus_error_free = dlsym(library, "dbus_error_free")) == NULL) {
        failure = dlerror();
        return;
    }
    if ((*(void **)&p_dbus_error_init = dlsym(library, "dbus_error_init")) == NULL) {
        failure = dlerror();
        return;
    }
    if ((*(void **)&p_dbus_message_get_interface = dlsym(library, "dbus_message_get_interface")) == NULL) {
        failure = dlerror();
        return;
    }
    if ((*(void **)&p_dbus_message_get_member = dlsym(library, "dbus_message_get_member")) == NULL) {
        failure = dlerror();
        return;
    }
    if ((*(void **)&p_dbus_message_get_path = dlsym(library, "dbus_message_get_path")) == NULL) {
        failure = dlerror();
        return;
    }
    if ((*(void **)&p_dbus_message_get_signature = dlsym(library, "dbus_message_get_signature")) == NULL) {
        failure = dlerror();
        return;
    }
    if ((*(void **)&p_dbus_message_get_type = dlsym(library, "dbus_message_get_type")) == NULL) {
        failure = dlerror();
        return;
    }
    if ((*(void **)&p_dbus_message_iter_append_basic = dlsym(library, "dbus_message_iter_append_basic")) == NULL) {
        failure = dlerror();
        return;
    }
    if ((*(void **)&p_dbus_message_iter_close_container = dlsym(library, "dbus_message_iter_close_container")) == NULL) {
        failure = dlerror();
        return;
    }
    if ((*(void **)&p_dbus_message_iter_get_arg_type = dlsym(library, "dbus_message_iter_get_arg_type")) == NULL) {
        failure = dlerror();
        return;
    }
    if ((*(void **)&p_dbus_message_iter_get_basic = dlsym(library, "dbus_message_iter_get_basic")) == NULL) {
        failure = dlerror();
        return;
    }
    if ((*(void **)&p_dbus_message_iter_init = dlsym(library, "dbus_message_iter_init")) == NULL) {
        failure = dlerror();
        return;
    }
    if ((*(void **)&p_dbus_message_iter_init_append = dlsym(library, "dbus_message_iter_init_append")) == NULL) {
        failure = dlerror();
        return;
    }
    if ((*(void **)&p_dbus_message_iter_next = dlsym(library, "dbus_message_iter_next")) == NULL) {
        failure = dlerror();
        return;
    }
    if ((*(void **)&p_dbus_message_iter_open_container = dlsym(library, "dbus_message_iter_open_container")) == NULL) {
        failure = dlerror();
        return;
    }
    if ((*(void **)&p_dbus_message_iter_recurse = dlsym(library, "dbus_message_iter_recurse")) == NULL) {
        failure = dlerror();
        return;
    }
    if ((*(void **)&p_dbus_message_new = dlsym(library, "dbus_message_new")) == NULL) {
        failure = dlerror();
        return;
    }
    if ((*(void **)&p_dbus_message_new_error = dlsym(library, "dbus_message_new_error")) == NULL) {
        failure = dlerror();
        return;
    }
    if ((*(void **)&p_dbus_message_new_method_call = dlsym(library, "dbus_message_new_method_call")) == NULL) {
        failure = dlerror();
        return;
    }
    if ((*(void **)&p_dbus_message_new_method_return = dlsym(library, "dbus_message_new_method_return")) == NULL) {
        failure = dlerror();
        return;
    }
    if ((*(void **)&p_dbus_message_new_signal = dlsym(library, "dbus_message_new_signal")) == NULL) {
        failure = dlerror();
        return;
    }
    if ((*(void **)&p_dbus_message_unref = dlsym(library, "dbus_message_unref")) == NULL) {
        failure = dlerror();
        return;
    }
    if ((*(void **)&p_dbus_message_set_no_reply = dlsym(library, "dbus_message_set_no_reply")) == NULL) {
        failure = dlerror();
        return;
    }
    if ((*(void **)&p_dbus_threads_init_default = dlsym(library, "dbus_threads_init_default")) == NULL) {
        failure = dlerror();
        return;
    }
    loaded = 1;
}

int sv_dbus_load(void) {
    pthread_once(&once, load);
    return loaded;
}

const char *sv_dbus_load_error(void) {
    pthread_once(&once, load);
    return loaded ? NULL : failure;
}

void sv_dbus_bus_add_match(SVDBusConnection *connection, const char *rule, SVDBusError *error) { p_dbus_bus_add_match(connection, rule, error); }
SVDBusConnection * sv_dbus_bus_get_private(SVDBusBusType type, SVDBusError *error) { return p_dbus_bus_get_private(type, error); }
const char* sv_dbus_bus_get_unique_name(SVDBusConnection *connection) { return p_dbus_bus_get_unique_name(connection); }
uint32_t sv_dbus_bus_register(SVDBusConnection *connection, SVDBusError *error) { return p_dbus_bus_register(connection, error); }
uint32_t sv_dbus_connection_add_filter(SVDBusConnection *connection, SVDBusHandleMessageFunction function, void *user_data, SVDBusFreeFunction free_data_function) { return p_dbus_connection_add_filter(connection, function, user_data, free_data_function); }
void sv_dbus_connection_close(SVDBusConnection *connection) { p_dbus_connection_close(connection); }
SVDBusDispatchStatus sv_dbus_connection_dispatch(SVDBusConnection *connection) { return p_dbus_connection_dispatch(connection); }
uint32_t sv_dbus_connection_get_is_connected(SVDBusConnection *connection) { return p_dbus_connection_get_is_connected(connection); }
uint32_t sv_dbus_connection_get_unix_fd(SVDBusConnection *connection, int *fd) { return p_dbus_connection_get_unix_fd(connection, fd); }
uint32_t sv_dbus_connection_has_messages_to_send(SVDBusConnection *connection) { return p_dbus_connection_has_messages_to_send(connection); }
SVDBusConnection* sv_dbus_connection_open_private(const char *address, SVDBusError *error) { return p_dbus_connection_open_private(address, error); }
uint32_t sv_dbus_connection_read_write(SVDBusConnection *connection, int timeout_milliseconds) { return p_dbus_connection_read_write(connection, timeout_milliseconds); }
uint32_t sv_dbus_connection_register_fallback(SVDBusConnection *connection, const char *path, const SVDBusObjectPathVTable *vtable, void *user_data) { return p_dbus_connection_register_fallback(connection, path, vtable, user_data); }
uint32_t sv_dbus_connection_register_object_path(SVDBusConnection *connection, const char *path, const SVDBusObjectPathVTable *vtable, void *user_data) { return p_dbus_connection_register_object_path(connection, path, vtable, user_data); }
uint32_t sv_dbus_connection_send(SVDBusConnection *connection, SVDBusMessage *message, uint32_t *client_serial) { return p_dbus_connection_send(connection, message, client_serial); }
SVDBusMessage * sv_dbus_connection_send_with_reply_and_block(SVDBusConnection *connection, SVDBusMessage *message, int timeout_milliseconds, SVDBusError *error) { return p_dbus_connection_send_with_reply_and_block(connection, message, timeout_milliseconds, error); }
void sv_dbus_connection_set_exit_on_disconnect(SVDBusConnection *connection, uint32_t exit_on_disconnect) { p_dbus_connection_set_exit_on_disconnect(connection, exit_on_disconnect); }
void sv_dbus_connection_unref(SVDBusConnection *connection) { p_dbus_connection_unref(connection); }
void sv_dbus_error_free(SVDBusError *error) { p_dbus_error_free(error); }
void sv_dbus_error_init(SVDBusError *error) { p_dbus_error_init(error); }
const char* sv_dbus_message_get_interface(SVDBusMessage *message) { return p_dbus_message_get_interface(message); }
const char* sv_dbus_message_get_member(SVDBusMessage *message) { return p_dbus_message_get_member(message); }
const char* sv_dbus_message_get_path(SVDBusMessage *message) { return p_dbus_message_get_path(message); }
const char* sv_dbus_message_get_signature(SVDBusMessage *message) { return p_dbus_message_get_signature(message); }
int sv_dbus_message_get_type(SVDBusMessage *message) { return p_dbus_message_get_type(message); }
uint32_t sv_dbus_message_iter_append_basic(SVDBusMessageIter *iter, int type, const void *value) { return p_dbus_message_iter_append_basic(iter, type, value); }
uint32_t sv_dbus_message_iter_close_container(SVDBusMessageIter *iter, SVDBusMessageIter *sub) { return p_dbus_message_iter_close_container(iter, sub); }
int sv_dbus_message_iter_get_arg_type(SVDBusMessageIter *iter) { return p_dbus_message_iter_get_arg_type(iter); }
void sv_dbus_message_iter_get_basic(SVDBusMessageIter *iter, void *value) { p_dbus_message_iter_get_basic(iter, value); }
uint32_t sv_dbus_message_iter_init(SVDBusMessage *message, SVDBusMessageIter *iter) { return p_dbus_message_iter_init(message, iter); }
void sv_dbus_message_iter_init_append(SVDBusMessage *message, SVDBusMessageIter *iter) { p_dbus_message_iter_init_append(message, iter); }
uint32_t sv_dbus_message_iter_next(SVDBusMessageIter *iter) { return p_dbus_message_iter_next(iter); }
uint32_t sv_dbus_message_iter_open_container(SVDBusMessageIter *iter, int type, const char *contained_signature, SVDBusMessageIter *sub) { return p_dbus_message_iter_open_container(iter, type, contained_signature, sub); }
void sv_dbus_message_iter_recurse(SVDBusMessageIter *iter, SVDBusMessageIter *sub) { p_dbus_message_iter_recurse(iter, sub); }
SVDBusMessage* sv_dbus_message_new(int message_type) { return p_dbus_message_new(message_type); }
SVDBusMessage* sv_dbus_message_new_error(SVDBusMessage *reply_to, const char *error_name, const char *error_message) { return p_dbus_message_new_error(reply_to, error_name, error_message); }
SVDBusMessage* sv_dbus_message_new_method_call(const char *bus_name, const char *path, const char *iface, const char *method) { return p_dbus_message_new_method_call(bus_name, path, iface, method); }
SVDBusMessage* sv_dbus_message_new_method_return(SVDBusMessage *method_call) { return p_dbus_message_new_method_return(method_call); }
SVDBusMessage* sv_dbus_message_new_signal(const char *path, const char *iface, const char *name) { return p_dbus_message_new_signal(path, iface, name); }
void sv_dbus_message_unref(SVDBusMessage *message) { p_dbus_message_unref(message); }
void sv_dbus_message_set_no_reply(SVDBusMessage *message, uint32_t no_reply) { p_dbus_message_set_no_reply(message, no_reply); }
uint32_t sv_dbus_threads_init_default(void) { return p_dbus_threads_init_default(); }
