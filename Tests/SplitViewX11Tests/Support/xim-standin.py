#!/usr/bin/python3
"""xim-standin: a tiny XIM input method server for SplitView's window tests.

Usage:  xim-standin.py NAME LOGFILE [--styles callbacks,position,nothing]
        (DISPLAY comes from the environment; run it with /usr/bin/python3,
        it needs python3-xlib.)

An application started with XMODIFIERS=@im=NAME reaches this server through
libX11's XIM client (modules/im/ximcp). What it speaks:

  * Preconnection: owns the selection "@server=NAME", appends that atom to
    the root window's XIM_SERVERS property and answers the LOCALES
    ("@locale=...") and TRANSPORT ("@transport=X/") selection targets.
  * X transport, version 0.0 ("only-CM & Property-with-CM"): the
    _XIM_XCONNECT handshake gives every client a communication window of its
    own; _XIM_PROTOCOL ClientMessages carry messages of up to 20 bytes,
    longer ones travel in a window property announced by a format-32
    _XIM_PROTOCOL ClientMessage. _XIM_MOREDATA pieces are reassembled too.
  * The XIM protocol 1.0: CONNECT, OPEN, QUERY_EXTENSION (none offered),
    ENCODING_NEGOTIATION (COMPOUND_TEXT), GET/SET_IM_VALUES, CREATE_IC,
    SET/GET_IC_VALUES (nested preedit/status attributes), SET_EVENT_MASK
    (static event flow: KeyPress forwarded synchronously), SET/UNSET_IC_FOCUS,
    FORWARD_EVENT both ways, SYNC/SYNC_REPLY, COMMIT, PREEDIT_START/DRAW/DONE
    (callbacks-style ICs only), RESET_IC, DESTROY_IC, CLOSE, DISCONNECT and
    XIM_ERROR for whatever it does not understand.

Text encoding: libX11 offers "<locale codeset>" and "COMPOUND_TEXT", but
whatever index the server picks it always decodes committed and preedit text
with its COMPOUND_TEXT converters (see _XimGetEncoding in imDefIm.c).  So the
stand-in negotiates COMPOUND_TEXT and encodes text as: ASCII as is, Latin-1 in
the default ISO8859-1 right half, everything else as UTF-8 inside the
registered "ESC % G ... ESC % @" segment, which libX11's CT parser maps to
ISO10646-1.

The input method: lower-case letters build a preedit; BackSpace/Escape edit or
cancel it; space/Return commit its conversion (see CONVERSIONS).  Every other
key goes back to the application unchanged.  While a preedit exists an
override-redirect window named "xim-standin candidates" is mapped at root
(spotX, spotY + 4), the spot being translated from the focus window (or the
client window when there is none).

LOGFILE gets one JSON object per line (see Log below for the events).
"""

import json
import os
import select
import signal
import struct
import sys

from Xlib import X, Xatom, display as xdisplay, error as xerror
from Xlib.protocol import event as xevent

# --------------------------------------------------------------------------
# Protocol constants (from "The Input Method Protocol" 1.0 / XimProto.h)

XIM_CONNECT, XIM_CONNECT_REPLY = 1, 2
XIM_DISCONNECT, XIM_DISCONNECT_REPLY = 3, 4
XIM_AUTH_REQUIRED, XIM_AUTH_NG = 10, 14
XIM_ERROR = 20
XIM_OPEN, XIM_OPEN_REPLY, XIM_CLOSE, XIM_CLOSE_REPLY = 30, 31, 32, 33
XIM_TRIGGER_NOTIFY, XIM_TRIGGER_NOTIFY_REPLY = 35, 36
XIM_SET_EVENT_MASK = 37
XIM_ENCODING_NEGOTIATION, XIM_ENCODING_NEGOTIATION_REPLY = 38, 39
XIM_QUERY_EXTENSION, XIM_QUERY_EXTENSION_REPLY = 40, 41
XIM_SET_IM_VALUES, XIM_SET_IM_VALUES_REPLY = 42, 43
XIM_GET_IM_VALUES, XIM_GET_IM_VALUES_REPLY = 44, 45
XIM_CREATE_IC, XIM_CREATE_IC_REPLY = 50, 51
XIM_DESTROY_IC, XIM_DESTROY_IC_REPLY = 52, 53
XIM_SET_IC_VALUES, XIM_SET_IC_VALUES_REPLY = 54, 55
XIM_GET_IC_VALUES, XIM_GET_IC_VALUES_REPLY = 56, 57
XIM_SET_IC_FOCUS, XIM_UNSET_IC_FOCUS = 58, 59
XIM_FORWARD_EVENT, XIM_SYNC, XIM_SYNC_REPLY, XIM_COMMIT = 60, 61, 62, 63
XIM_RESET_IC, XIM_RESET_IC_REPLY = 64, 65
XIM_STR_CONVERSION_REPLY = 72
XIM_PREEDIT_START, XIM_PREEDIT_START_REPLY = 73, 74
XIM_PREEDIT_DRAW = 75
XIM_PREEDIT_CARET_REPLY = 77
XIM_PREEDIT_DONE = 78

# XIM_ERROR flags and codes
IMID_VALID, ICID_VALID = 0x1, 0x2
BAD_STYLE, BAD_PROTOCOL, BAD_SOMETHING = 2, 13, 999

# XIM_FORWARD_EVENT / XIM_COMMIT flags
SYNCHRONOUS, LOOKUP_CHARS = 0x1, 0x2

# PREEDIT_DRAW status bits and feedback
DRAW_NO_STRING, DRAW_NO_FEEDBACK = 0x1, 0x2
XIM_UNDERLINE = 0x2

# Attribute value types
T_SEPARATOR, T_CARD8, T_CARD16, T_CARD32, T_STRING8, T_WINDOW = 0, 1, 2, 3, 4, 5
T_STYLES, T_RECT, T_POINT, T_FONTSET, T_NEST = 10, 11, 12, 13, 0x7FFF

# Input styles
PREEDIT_CALLBACKS, PREEDIT_POSITION, PREEDIT_NOTHING = 0x0002, 0x0004, 0x0008
STATUS_NOTHING = 0x0400
PREEDIT_MASK = 0x00FF
STYLES = {
    "callbacks": PREEDIT_CALLBACKS | STATUS_NOTHING,
    "position": PREEDIT_POSITION | STATUS_NOTHING,
    "nothing": PREEDIT_NOTHING | STATUS_NOTHING,
}

# Requests without an input-method-ID, and those that carry an input-context-ID
NO_IM_ID = {XIM_CONNECT, XIM_DISCONNECT, XIM_OPEN, XIM_AUTH_REQUIRED, XIM_AUTH_NG}
WITH_IC_ID = {
    XIM_DESTROY_IC, XIM_SET_IC_VALUES, XIM_GET_IC_VALUES, XIM_SET_IC_FOCUS,
    XIM_UNSET_IC_FOCUS, XIM_FORWARD_EVENT, XIM_SYNC, XIM_SYNC_REPLY,
    XIM_RESET_IC, XIM_TRIGGER_NOTIFY, XIM_PREEDIT_START_REPLY,
    XIM_PREEDIT_CARET_REPLY, XIM_STR_CONVERSION_REPLY,
}

CM_DATA_SIZE = 20  # bytes in one _XIM_PROTOCOL ClientMessage

IM_ATTRIBUTES = [("queryInputStyle", T_STYLES)]
IC_ATTRIBUTES = [
    ("inputStyle", T_CARD32), ("clientWindow", T_WINDOW),
    ("focusWindow", T_WINDOW), ("filterEvents", T_CARD32),
    ("preeditAttributes", T_NEST), ("statusAttributes", T_NEST),
    ("fontSet", T_FONTSET), ("area", T_RECT), ("areaNeeded", T_RECT),
    ("spotLocation", T_POINT), ("colorMap", T_CARD32),
    ("stdColorMap", T_CARD32), ("foreground", T_CARD32),
    ("background", T_CARD32), ("backgroundPixmap", T_CARD32),
    ("lineSpace", T_CARD32), ("cursor", T_CARD32),
    ("separatorofNestedList", T_SEPARATOR),
]
IC_ATTR_ID = {name: index for index, (name, _) in enumerate(IC_ATTRIBUTES)}
IC_ATTR_TYPE = {index: kind for index, (_, kind) in enumerate(IC_ATTRIBUTES)}

# Static event flow: the client forwards KeyPress, synchronously.
FORWARD_MASK = X.KeyPressMask
SYNC_MASK = X.KeyPressMask
FILTER_EVENTS = X.KeyPressMask | X.KeyReleaseMask

# Keysyms the input method looks at
XK_space, XK_BackSpace, XK_Return, XK_Escape = 0x20, 0xFF08, 0xFF0D, 0xFF1B
XK_a, XK_z = 0x61, 0x7A

CONVERSIONS = {
    "zhong": "中", "wen": "文", "zhongwen": "中文", "cafe": "café",
    "ni": "你", "hao": "好", "nihao": "你好",
}

CANDIDATE_SIZE = (120, 24)
CANDIDATE_TITLE = "xim-standin candidates"


def pad4(n):
    return (4 - n % 4) % 4


# --------------------------------------------------------------------------
# Log: one JSON object per line, flushed at once.
#
#   {"event":"ready"}
#   {"event":"connect"}
#   {"event":"open","locale":"en_US.UTF-8"}
#   {"event":"create_ic","ic":N,"style":"callbacks|position|nothing",
#    "client_window":W,"focus_window":W|null,"spot":[x,y]|null}
#   {"event":"spot","ic":N,"spot":[x,y]}
#   {"event":"focus","ic":N,"focused":true|false}
#   {"event":"key","ic":N,"keysym":K,"taken":true|false}
#   {"event":"preedit","ic":N,"text":"...","caret":C}
#   {"event":"commit","ic":N,"text":"..."}
#   {"event":"candidates","ic":N,"shown":true|false,"root_xy":[x,y]}
#   {"event":"destroy_ic","ic":N}
#   {"event":"disconnect","ics":[N,...]}
#   {"event":"error","detail":"..."}

class Log:
    def __init__(self, path):
        self.file = open(path, "w", encoding="utf-8")

    def write(self, event, **fields):
        record = {"event": event}
        record.update(fields)
        self.file.write(json.dumps(record, ensure_ascii=False) + "\n")
        self.file.flush()

    def error(self, detail):
        self.write("error", detail=detail)


# --------------------------------------------------------------------------
# COMPOUND_TEXT encoding

def compound_text(text):
    """Encodes text as COMPOUND_TEXT that libX11's CT parser accepts."""
    out = bytearray()
    in_utf8 = False
    for char in text:
        code = ord(char)
        plain = code in (0x09, 0x0A) or 0x20 <= code < 0x7F or 0xA0 <= code <= 0xFF
        if plain:
            if in_utf8:
                out += b"\x1b%@"
                in_utf8 = False
            out.append(code)
        else:
            if not in_utf8:
                out += b"\x1b%G"
                in_utf8 = True
            out += char.encode("utf-8")
    if in_utf8:
        out += b"\x1b%@"
    return bytes(out)


# --------------------------------------------------------------------------
# Reading and writing protocol data in the client's byte order

class Reader:
    def __init__(self, data, endian):
        self.data, self.endian, self.pos = data, endian, 0

    def take(self, fmt):
        size = struct.calcsize(self.endian + fmt)
        if self.pos + size > len(self.data):
            raise ValueError("message too short")
        values = struct.unpack_from(self.endian + fmt, self.data, self.pos)
        self.pos += size
        return values if len(values) > 1 else values[0]

    def raw(self, count):
        if self.pos + count > len(self.data):
            raise ValueError("message too short")
        chunk = self.data[self.pos:self.pos + count]
        self.pos += count
        return chunk

    def skip(self, count):
        self.pos = min(self.pos + count, len(self.data))

    def left(self):
        return len(self.data) - self.pos


def parse_attributes(data, endian):
    """LISTofXIMATTRIBUTE/XICATTRIBUTE -> [(id, value bytes)]."""
    reader, items = Reader(data, endian), []
    while reader.left() >= 4:
        attr_id, length = reader.take("HH")
        items.append((attr_id, reader.raw(length)))
        reader.skip(pad4(length))
    return items


# --------------------------------------------------------------------------
# Server state

class InputContext:
    def __init__(self, icid, imid, client):
        self.id, self.imid, self.client = icid, imid, client
        self.style = 0
        self.client_window = 0
        self.focus_window = 0
        self.spot = None
        self.values = {}            # top-level attribute id -> raw bytes
        self.preedit_values = {}    # nested preedit attribute id -> raw bytes
        self.status_values = {}     # nested status attribute id -> raw bytes
        self.preedit = ""
        self.candidate_window = None
        self.candidates_at = None   # root (x, y) while shown, else None

    def style_name(self):
        for name, style in STYLES.items():
            if self.style & PREEDIT_MASK == style & PREEDIT_MASK:
                return name
        return "0x%x" % self.style

    def uses_callbacks(self):
        return bool(self.style & PREEDIT_CALLBACKS)

    def spot_window(self):
        return self.focus_window or self.client_window


class Client:
    """One transport connection (one client communication window)."""

    def __init__(self, client_window, accept_window):
        self.client_window = client_window   # the window libX11 created
        self.accept_window = accept_window   # ours, receives its messages
        self.endian = None                   # from XIM_CONNECT
        self.pending = b""                   # partial message bytes
        self.ims = set()
        self.ics = {}
        self.property_serial = 0


# --------------------------------------------------------------------------

class Server:
    def __init__(self, name, log, styles):
        self.name, self.log, self.styles = name, log, styles
        self.display = xdisplay.Display()
        self.display.set_error_handler(self.on_x_error)
        self.root = self.display.screen().root
        self.atom = self.display.intern_atom
        self.clients = {}            # accept window id -> Client
        self.by_client_window = {}   # client window id -> Client
        self.next_imid = 1
        self.next_icid = 1
        self.window = None
        self.selection = self.atom("@server=" + name)
        self.a_protocol = self.atom("_XIM_PROTOCOL")
        self.a_moredata = self.atom("_XIM_MOREDATA")
        self.a_xconnect = self.atom("_XIM_XCONNECT")
        self.a_locales = self.atom("LOCALES")
        self.a_transport = self.atom("TRANSPORT")
        self.a_targets = self.atom("TARGETS")
        self.a_servers = self.atom("XIM_SERVERS")
        self.handlers = {
            XIM_CONNECT: self.on_connect,
            XIM_DISCONNECT: self.on_disconnect,
            XIM_OPEN: self.on_open,
            XIM_CLOSE: self.on_close,
            XIM_QUERY_EXTENSION: self.on_query_extension,
            XIM_ENCODING_NEGOTIATION: self.on_encoding_negotiation,
            XIM_GET_IM_VALUES: self.on_get_im_values,
            XIM_SET_IM_VALUES: self.on_set_im_values,
            XIM_CREATE_IC: self.on_create_ic,
            XIM_DESTROY_IC: self.on_destroy_ic,
            XIM_SET_IC_VALUES: self.on_set_ic_values,
            XIM_GET_IC_VALUES: self.on_get_ic_values,
            XIM_SET_IC_FOCUS: self.on_set_ic_focus,
            XIM_UNSET_IC_FOCUS: self.on_unset_ic_focus,
            XIM_FORWARD_EVENT: self.on_forward_event,
            XIM_SYNC: self.on_sync,
            XIM_SYNC_REPLY: self.on_ignored,
            XIM_RESET_IC: self.on_reset_ic,
            XIM_TRIGGER_NOTIFY: self.on_trigger_notify,
            XIM_PREEDIT_START_REPLY: self.on_ignored,
            XIM_PREEDIT_CARET_REPLY: self.on_ignored,
            XIM_STR_CONVERSION_REPLY: self.on_ignored,
            XIM_ERROR: self.on_client_error,
        }

    # ---- registration -----------------------------------------------------

    def selection_owner(self):
        owner = self.display.get_selection_owner(self.selection)
        return getattr(owner, "id", owner)  # a Window, or 0 for None

    def register(self):
        if self.selection_owner():
            raise RuntimeError("@server=%s already has an owner" % self.name)
        self.window = self.root.create_window(0, 0, 1, 1, 0, X.CopyFromParent)
        self.window.set_wm_name("xim-standin " + self.name)
        self.window.set_selection_owner(self.selection, X.CurrentTime)
        if self.selection_owner() != self.window.id:
            raise RuntimeError("could not own @server=%s" % self.name)
        self.add_to_servers_list()
        self.display.sync()

    def servers_list(self):
        prop = self.root.get_property(self.a_servers, Xatom.ATOM, 0, 100000)
        if prop is None or prop.format != 32:
            return []
        return list(prop.value)

    def add_to_servers_list(self):
        # Append, never replace: other servers may be registered. Appending
        # nothing when we are already listed still notifies XIM instantiate
        # callbacks through PropertyNotify.
        atoms = [] if self.selection in self.servers_list() else [self.selection]
        self.root.change_property(self.a_servers, Xatom.ATOM, 32, atoms,
                                  X.PropModeAppend)

    def remove_from_servers_list(self):
        self.display.grab_server()
        try:
            atoms = [a for a in self.servers_list() if a != self.selection]
            self.root.change_property(self.a_servers, Xatom.ATOM, 32, atoms,
                                      X.PropModeReplace)
        finally:
            self.display.ungrab_server()
            self.display.sync()

    def locales_string(self):
        names, languages = ["C", "POSIX"], []
        try:
            with open("/usr/share/X11/locale/locale.dir", encoding="latin-1") as f:
                for line in f:
                    parts = line.split()
                    if len(parts) == 2 and not line.startswith("#"):
                        names.append(parts[1])
        except OSError:
            pass
        names += ["C.UTF-8", "en_US.UTF-8", "de_DE.UTF-8", "fr_FR.UTF-8"]
        for name in names:
            language = name.split("_")[0].split(".")[0]
            if language and language not in languages:
                languages.append(language)
        unique = list(dict.fromkeys(names + languages))
        return "@locale=" + ",".join(unique)

    def on_selection_request(self, ev):
        prop = ev.property or ev.target
        if ev.target == self.a_locales:
            value = (self.a_locales, 8, self.locales_string().encode())
        elif ev.target == self.a_transport:
            value = (self.a_transport, 8, b"@transport=X/")
        elif ev.target == self.a_targets:
            value = (Xatom.ATOM, 32,
                     [self.a_targets, self.a_locales, self.a_transport])
        else:
            value, prop = None, X.NONE
        if value is not None:
            kind, fmt, data = value
            ev.requestor.change_property(prop, kind, fmt, data)
        notify = xevent.SelectionNotify(
            time=ev.time, requestor=ev.requestor, selection=ev.selection,
            target=ev.target, property=prop)
        ev.requestor.send_event(notify, event_mask=0)

    # ---- X transport --------------------------------------------------------

    def on_xconnect(self, ev):
        client_window = ev.data[1][0]
        accept = self.root.create_window(0, 0, 1, 1, 0, X.CopyFromParent)
        client = Client(client_window, accept)
        self.clients[accept.id] = client
        self.by_client_window[client_window] = client
        watched = self.display.create_resource_object("window", client_window)
        watched.change_attributes(event_mask=X.StructureNotifyMask)
        reply = xevent.ClientMessage(
            window=client_window, client_type=self.a_xconnect,
            data=(32, [accept.id, 0, 0, CM_DATA_SIZE, 0]))
        watched.send_event(reply, event_mask=0)

    def on_protocol_message(self, client, ev):
        fmt, data = ev.data
        if fmt == 8:
            client.pending += bytes(data)
            if ev.client_type == self.a_moredata:
                return
            self.dispatch_pending(client)
        elif fmt == 32:
            length, prop_atom = data[0], data[1]
            chunk = self.read_property(client, prop_atom, length)
            if chunk:
                client.pending += chunk
                self.dispatch_pending(client)

    def read_property(self, client, prop_atom, length):
        window = self.display.create_resource_object("window", client.accept_window.id)
        prop = window.get_property(prop_atom, X.AnyPropertyType, 0, 1 << 20, True)
        if prop is None or not prop.value:
            self.log.error("empty XIM property message")
            return b""
        data = bytes(prop.value)
        if len(data) > length:
            # The client appended more under the same name; keep the rest for
            # the ClientMessage that announces it.
            window.change_property(prop_atom, prop.property_type, 8,
                                   data[length:], X.PropModePrepend)
            data = data[:length]
        return data

    def message_size(self, client, data):
        if len(data) < 4:
            return None
        endian = client.endian
        if endian is None:
            if data[0] != XIM_CONNECT or len(data) < 5:
                return None
            endian = ">" if data[4] == 0x42 else "<"
        return 4 + 4 * struct.unpack_from(endian + "H", data, 2)[0]

    def dispatch_pending(self, client):
        while True:
            # Opcodes are never 0: zero bytes between messages are the
            # padding of a 20-byte ClientMessage.
            client.pending = client.pending.lstrip(b"\0")
            size = self.message_size(client, client.pending)
            if size is None or len(client.pending) < size:
                break
            message, client.pending = client.pending[:size], client.pending[size:]
            self.handle_message(client, message)
            if client.accept_window.id not in self.clients:
                return  # disconnected while handling

    def send(self, client, opcode, body=b"", minor=0):
        body += b"\0" * pad4(len(body))
        message = struct.pack(client.endian + "BBH", opcode, minor,
                              len(body) // 4) + body
        target = self.display.create_resource_object("window", client.client_window)
        if len(message) <= CM_DATA_SIZE:
            data = message + b"\0" * (CM_DATA_SIZE - len(message))
            ev = xevent.ClientMessage(window=client.client_window,
                                      client_type=self.a_protocol, data=(8, data))
        else:
            client.property_serial = (client.property_serial + 1) % 32
            prop_atom = self.atom("_xim_standin_%d_%d" % (
                client.accept_window.id & 0xFFFF, client.property_serial))
            target.change_property(prop_atom, Xatom.STRING, 8, message,
                                   X.PropModeAppend)
            ev = xevent.ClientMessage(window=client.client_window,
                                      client_type=self.a_protocol,
                                      data=(32, [len(message), prop_atom, 0, 0, 0]))
        target.send_event(ev, event_mask=0)

    def pack(self, client, fmt, *values):
        return struct.pack(client.endian + fmt, *values)

    def forget_client(self, client, reason):
        if self.clients.pop(client.accept_window.id, None) is None:
            return
        self.by_client_window.pop(client.client_window, None)
        for ic in list(client.ics.values()):
            self.drop_ic(ic)
        client.accept_window.destroy()
        if reason:
            self.log.write("disconnect", ics=sorted(client.ics))
        client.ics.clear()

    # ---- message dispatch ---------------------------------------------------

    def handle_message(self, client, message):
        opcode = message[0]
        if client.endian is None and opcode == XIM_CONNECT:
            client.endian = ">" if message[4] == 0x42 else "<"
        if client.endian is None:
            self.log.error("message %d before XIM_CONNECT" % opcode)
            return
        handler = self.handlers.get(opcode)
        body = Reader(message[4:], client.endian)
        try:
            if handler is None:
                raise NotImplementedError("unsupported XIM opcode %d" % opcode)
            handler(client, body)
        except Exception as exc:  # keep serving whatever went wrong
            self.log.error("opcode %d: %s: %s" % (opcode, type(exc).__name__, exc))
            self.send_error(client, message, BAD_PROTOCOL, str(exc))

    def send_error(self, client, message, code, detail):
        # Echo the request's ids: libX11 waiting for a reply only accepts an
        # XIM_ERROR whose flags and ids match what it sent.
        imid = icid = flag = 0
        if len(message) >= 6 and message[0] not in NO_IM_ID:
            imid = struct.unpack_from(client.endian + "H", message, 4)[0]
            flag |= IMID_VALID
        if len(message) >= 8 and message[0] in WITH_IC_ID:
            icid = struct.unpack_from(client.endian + "H", message, 6)[0]
            flag |= ICID_VALID
        text = detail.encode("latin-1", "replace")[:200]
        body = self.pack(client, "HHHHHH", imid, icid, flag, code, len(text), 0)
        self.send(client, XIM_ERROR, body + text)

    def ic_of(self, client, body):
        imid, icid = body.take("HH")
        ic = client.ics.get(icid)
        if ic is None:
            raise LookupError("unknown input context %d" % icid)
        return ic

    # ---- connection and IM --------------------------------------------------

    def on_connect(self, client, body):
        self.send(client, XIM_CONNECT_REPLY, self.pack(client, "HH", 1, 0))
        self.log.write("connect")

    def on_disconnect(self, client, body):
        self.send(client, XIM_DISCONNECT_REPLY)
        self.forget_client(client, reason=None)

    def on_open(self, client, body):
        length = body.take("B")
        locale = body.raw(length).decode("latin-1")
        imid = self.next_imid
        self.next_imid = self.next_imid % 0xFFFF + 1
        client.ims.add(imid)
        im_attrs = self.attribute_list(client, IM_ATTRIBUTES)
        ic_attrs = self.attribute_list(client, IC_ATTRIBUTES)
        body = (self.pack(client, "HH", imid, len(im_attrs)) + im_attrs +
                self.pack(client, "HH", len(ic_attrs), 0) + ic_attrs)
        self.send(client, XIM_OPEN_REPLY, body)
        self.log.write("open", locale=locale)
        # IM-wide default event masks: every IC created later inherits them.
        self.send_event_mask(client, imid, 0)

    def attribute_list(self, client, attributes):
        out = b""
        for attr_id, (name, kind) in enumerate(attributes):
            raw = name.encode()
            out += self.pack(client, "HHH", attr_id, kind, len(raw)) + raw
            out += b"\0" * pad4(len(raw) + 2)
        return out

    def send_event_mask(self, client, imid, icid):
        self.send(client, XIM_SET_EVENT_MASK,
                  self.pack(client, "HHII", imid, icid, FORWARD_MASK, SYNC_MASK))

    def on_close(self, client, body):
        imid = body.take("H")
        for ic in [ic for ic in client.ics.values() if ic.imid == imid]:
            self.drop_ic(ic)
            del client.ics[ic.id]
        client.ims.discard(imid)
        self.send(client, XIM_CLOSE_REPLY, self.pack(client, "HH", imid, 0))

    def on_query_extension(self, client, body):
        imid = body.take("H")
        self.send(client, XIM_QUERY_EXTENSION_REPLY, self.pack(client, "HH", imid, 0))

    def on_encoding_negotiation(self, client, body):
        imid, length = body.take("HH")
        names = Reader(body.raw(length), client.endian)
        index, chosen = 0, -1
        while names.left() > 0:
            name = names.raw(names.take("B"))
            if name == b"COMPOUND_TEXT":
                chosen = index
                break
            index += 1
        self.send(client, XIM_ENCODING_NEGOTIATION_REPLY,
                  self.pack(client, "HHhH", imid, 0, chosen, 0))

    def on_get_im_values(self, client, body):
        imid, length = body.take("HH")
        ids = [body.take("H") for _ in range(length // 2)]
        out = b""
        for attr_id in ids:
            if attr_id == 0:  # queryInputStyle
                value = self.pack(client, "HH", len(self.styles), 0)
                value += b"".join(self.pack(client, "I", s) for s in self.styles)
                out += self.pack(client, "HH", attr_id, len(value)) + value
        self.send(client, XIM_GET_IM_VALUES_REPLY,
                  self.pack(client, "HH", imid, len(out)) + out)

    def on_set_im_values(self, client, body):
        imid = body.take("H")
        self.send(client, XIM_SET_IM_VALUES_REPLY, self.pack(client, "HH", imid, 0))

    def on_trigger_notify(self, client, body):
        imid, icid = body.take("HH")
        self.send(client, XIM_TRIGGER_NOTIFY_REPLY, self.pack(client, "HH", imid, icid))

    def on_client_error(self, client, body):
        imid, icid, flag, code, length, kind = body.take("HHHHHH")
        detail = body.raw(min(length, body.left())).decode("latin-1")
        self.log.error("client sent XIM_ERROR code %d for ic %d %s"
                       % (code, icid, detail))

    def on_ignored(self, client, body):
        pass

    # ---- input contexts -----------------------------------------------------

    def on_create_ic(self, client, body):
        imid, length = body.take("HH")
        ic = InputContext(self.next_icid, imid, client)
        spot = self.apply_ic_values(ic, body.raw(length))
        if ic.style not in self.styles:
            self.log.error("create_ic: style 0x%x is not offered" % ic.style)
            self.send(client, XIM_ERROR, self.pack(
                client, "HHHHHH", imid, 0, IMID_VALID, BAD_STYLE, 0, 0))
            return
        self.next_icid = self.next_icid % 0xFFFF + 1
        client.ics[ic.id] = ic
        self.send(client, XIM_CREATE_IC_REPLY, self.pack(client, "HH", imid, ic.id))
        self.send_event_mask(client, imid, ic.id)
        self.log.write("create_ic", ic=ic.id, style=ic.style_name(),
                       client_window=ic.client_window,
                       focus_window=ic.focus_window or None,
                       spot=list(ic.spot) if ic.spot else None)
        if spot:
            self.log.write("spot", ic=ic.id, spot=list(ic.spot))

    def apply_ic_values(self, ic, data):
        """Stores XICATTRIBUTEs; returns True when a spot location came."""
        endian, spot_seen = ic.client.endian, False
        for attr_id, value in parse_attributes(data, endian):
            kind = IC_ATTR_TYPE.get(attr_id)
            if kind == T_NEST:
                nested = (ic.preedit_values if attr_id == IC_ATTR_ID["preeditAttributes"]
                          else ic.status_values)
                for inner_id, inner in parse_attributes(value, endian):
                    nested[inner_id] = inner
                    if inner_id == IC_ATTR_ID["spotLocation"] and len(inner) >= 4:
                        ic.spot = struct.unpack(endian + "hh", inner[:4])
                        spot_seen = True
                continue
            ic.values[attr_id] = value
            if attr_id == IC_ATTR_ID["inputStyle"]:
                ic.style = struct.unpack(endian + "I", value[:4])[0]
            elif attr_id == IC_ATTR_ID["clientWindow"]:
                ic.client_window = struct.unpack(endian + "I", value[:4])[0]
            elif attr_id == IC_ATTR_ID["focusWindow"]:
                ic.focus_window = struct.unpack(endian + "I", value[:4])[0]
            elif attr_id == IC_ATTR_ID["spotLocation"] and len(value) >= 4:
                ic.spot = struct.unpack(endian + "hh", value[:4])
                spot_seen = True
        return spot_seen

    def on_set_ic_values(self, client, body):
        imid, icid, length, _ = body.take("HHHH")
        ic = client.ics.get(icid)
        if ic is None:
            raise LookupError("unknown input context %d" % icid)
        spot = self.apply_ic_values(ic, body.raw(length))
        self.send(client, XIM_SET_IC_VALUES_REPLY, self.pack(client, "HH", imid, icid))
        if spot:
            self.log.write("spot", ic=ic.id, spot=list(ic.spot))
        if ic.candidates_at is not None:
            self.show_candidates(ic)

    def on_get_ic_values(self, client, body):
        imid, icid, length = body.take("HHH")
        ic = client.ics.get(icid)
        if ic is None:
            raise LookupError("unknown input context %d" % icid)
        ids = [body.take("H") for _ in range(length // 2)]
        out = self.encode_ic_values(ic, ids)
        self.send(client, XIM_GET_IC_VALUES_REPLY,
                  self.pack(client, "HHHH", imid, icid, len(out), 0) + out)

    def encode_ic_values(self, ic, ids, nested=None):
        out, separator, i = b"", IC_ATTR_ID["separatorofNestedList"], 0
        while i < len(ids):
            attr_id = ids[i]
            i += 1
            if attr_id == separator:
                if nested is not None:
                    break
                continue
            if IC_ATTR_TYPE.get(attr_id) == T_NEST:
                inner_ids = []
                while i < len(ids) and ids[i] != separator:
                    inner_ids.append(ids[i])
                    i += 1
                i += 1  # the separator
                store = (ic.preedit_values if attr_id == IC_ATTR_ID["preeditAttributes"]
                         else ic.status_values)
                value = self.encode_ic_values(ic, inner_ids, store)
            else:
                value = self.ic_value(ic, attr_id, nested)
                if value is None:
                    continue
            out += self.pack(ic.client, "HH", attr_id, len(value)) + value
            out += b"\0" * pad4(len(value))
        return out

    def ic_value(self, ic, attr_id, nested):
        pack = lambda fmt, *v: self.pack(ic.client, fmt, *v)
        name, kind = IC_ATTRIBUTES[attr_id] if attr_id < len(IC_ATTRIBUTES) else (None, None)
        if name == "inputStyle":
            return pack("I", ic.style)
        if name == "clientWindow":
            return pack("I", ic.client_window)
        if name == "focusWindow":
            return pack("I", ic.spot_window())
        if name == "filterEvents":
            return pack("I", FILTER_EVENTS)
        if name == "spotLocation":
            return pack("hh", *(ic.spot or (0, 0)))
        stored = (nested if nested is not None else ic.values).get(attr_id)
        if stored is not None:
            return stored
        defaults = {T_CARD32: pack("I", 0), T_WINDOW: pack("I", 0),
                    T_RECT: pack("hhHH", 0, 0, 0, 0), T_POINT: pack("hh", 0, 0),
                    T_FONTSET: pack("H", 0)}
        return defaults.get(kind)

    def on_destroy_ic(self, client, body):
        imid, icid = body.take("HH")
        ic = client.ics.pop(icid, None)
        if ic is not None:
            self.drop_ic(ic)
            self.log.write("destroy_ic", ic=icid)
        self.send(client, XIM_DESTROY_IC_REPLY, self.pack(client, "HH", imid, icid))

    def drop_ic(self, ic):
        ic.preedit = ""
        if ic.candidate_window is not None:
            ic.candidate_window.destroy()
            ic.candidate_window = None
        ic.candidates_at = None

    def on_set_ic_focus(self, client, body):
        ic = self.ic_of(client, body)
        self.log.write("focus", ic=ic.id, focused=True)

    def on_unset_ic_focus(self, client, body):
        ic = self.ic_of(client, body)
        self.log.write("focus", ic=ic.id, focused=False)

    def on_sync(self, client, body):
        imid, icid = body.take("HH")
        self.send(client, XIM_SYNC_REPLY, self.pack(client, "HH", imid, icid))

    def on_reset_ic(self, client, body):
        imid, icid = body.take("HH")
        ic = client.ics.get(icid)
        if ic is None:
            raise LookupError("unknown input context %d" % icid)
        text = compound_text(ic.preedit)
        body = self.pack(client, "HHH", imid, icid, len(text)) + text
        self.send(client, XIM_RESET_IC_REPLY, body + b"\0" * pad4(2 + len(text)))
        # Cleared after the reply: libX11 only queues callbacks that arrive
        # while XmbResetIC waits for its reply (waitCallback).
        self.set_preedit(ic, "")

    # ---- key events ---------------------------------------------------------

    def on_forward_event(self, client, body):
        imid, icid, flag, serial = body.take("HHHH")
        wire_event = body.raw(32)
        ic = client.ics.get(icid)
        if ic is None:
            raise LookupError("forwarded event for unknown input context %d" % icid)
        taken = False
        if wire_event[0] & 0x7F == X.KeyPress:
            keycode = wire_event[1]
            state = struct.unpack_from(client.endian + "H", wire_event, 28)[0]
            keysym = self.keysym_of(keycode, state)
            # A commit answering an asynchronous forward asks for a SYNC_REPLY.
            action = self.key_action(ic, keysym, state,
                                     commit_sync=not flag & SYNCHRONOUS)
            taken = action is not None
            self.log.write("key", ic=ic.id, keysym=keysym, taken=taken)
            if action:
                action()
        if not taken:
            # Back to the application unchanged. A synchronous forward is
            # answered by our SYNC_REPLY below; an asynchronous one gets the
            # event back with the synchronous flag set (protocol spec).
            back_flag = 0 if flag & SYNCHRONOUS else SYNCHRONOUS
            self.send(client, XIM_FORWARD_EVENT,
                      self.pack(client, "HHHH", imid, icid, back_flag, serial)
                      + wire_event)
        if flag & SYNCHRONOUS:
            self.send(client, XIM_SYNC_REPLY, self.pack(client, "HH", imid, icid))

    def keysym_of(self, keycode, state):
        keysym = self.display.keycode_to_keysym(keycode, 1 if state & X.ShiftMask else 0)
        if not keysym:
            keysym = self.display.keycode_to_keysym(keycode, 0)
        if state & X.LockMask and XK_a <= keysym <= XK_z:
            keysym -= 0x20
        return keysym

    def key_action(self, ic, keysym, state, commit_sync=False):
        """The input method proper: what to do with a key, or None when the
        key is not for us and goes back to the application."""
        if state & (X.ControlMask | X.Mod1Mask):
            return None
        if XK_a <= keysym <= XK_z:
            return lambda: self.set_preedit(ic, ic.preedit + chr(keysym))
        if not ic.preedit:
            return None
        if keysym == XK_BackSpace:
            return lambda: self.set_preedit(ic, ic.preedit[:-1])
        if keysym == XK_Escape:
            return lambda: self.set_preedit(ic, "")
        if keysym in (XK_space, XK_Return):
            return lambda: self.convert_and_commit(ic, commit_sync)
        return None

    def convert_and_commit(self, ic, synchronous):
        text = CONVERSIONS.get(ic.preedit, ic.preedit)
        self.set_preedit(ic, "")
        self.commit(ic, text, synchronous)

    def commit(self, ic, text, synchronous):
        encoded = compound_text(text)
        flag = LOOKUP_CHARS | (SYNCHRONOUS if synchronous else 0)
        body = self.pack(ic.client, "HHHH", ic.imid, ic.id, flag, len(encoded)) + encoded
        self.send(ic.client, XIM_COMMIT, body)
        self.log.write("commit", ic=ic.id, text=text)

    # ---- preedit ------------------------------------------------------------

    def set_preedit(self, ic, text):
        old = ic.preedit
        if text == old:
            return
        ic.preedit = text
        self.log.write("preedit", ic=ic.id, text=text, caret=len(text))
        if ic.uses_callbacks():
            self.draw_preedit(ic, old, text)
        if text:
            self.show_candidates(ic)
        else:
            self.hide_candidates(ic)

    def draw_preedit(self, ic, old, text):
        client, ids = ic.client, (ic.imid, ic.id)
        if not old:
            self.send(client, XIM_PREEDIT_START, self.pack(client, "HH", *ids))
        if text:
            encoded = compound_text(text)
            feedback = b"".join(self.pack(client, "I", XIM_UNDERLINE) for _ in text)
            body = self.pack(client, "HHiiiIH", *ids, len(text), 0, len(old), 0,
                             len(encoded)) + encoded + b"\0" * pad4(2 + len(encoded))
            body += self.pack(client, "HH", len(feedback), 0) + feedback
        else:
            status = DRAW_NO_STRING | DRAW_NO_FEEDBACK
            body = self.pack(client, "HHiiiIHHHH", *ids, 0, 0, len(old), status,
                             0, 0, 0, 0)
        self.send(client, XIM_PREEDIT_DRAW, body)
        if not text:
            self.send(client, XIM_PREEDIT_DONE, self.pack(client, "HH", *ids))

    # ---- candidate window ---------------------------------------------------

    def spot_on_root(self, ic):
        x, y = ic.spot or (0, 0)
        window = self.display.create_resource_object("window", ic.spot_window())
        try:
            reply = self.root.translate_coords(window, x, y)
            return reply.x, reply.y
        except xerror.XError as exc:
            self.log.error("cannot translate spot of ic %d: %s" % (ic.id, exc))
            return x, y

    def show_candidates(self, ic):
        sx, sy = self.spot_on_root(ic)
        where = (sx, sy + 4)
        if ic.candidate_window is None:
            width, height = CANDIDATE_SIZE
            screen = self.display.screen()
            ic.candidate_window = self.root.create_window(
                where[0], where[1], width, height, 1, X.CopyFromParent,
                override_redirect=1, background_pixel=screen.white_pixel,
                border_pixel=screen.black_pixel)
            ic.candidate_window.set_wm_name(CANDIDATE_TITLE)
            ic.candidate_window.set_wm_class("xim-standin", "XimStandin")
        if ic.candidates_at == where:
            return
        ic.candidate_window.configure(x=where[0], y=where[1], stack_mode=X.Above)
        ic.candidate_window.map()
        ic.candidates_at = where
        self.log.write("candidates", ic=ic.id, shown=True, root_xy=list(where))

    def hide_candidates(self, ic):
        if ic.candidates_at is None:
            return
        ic.candidate_window.unmap()
        self.log.write("candidates", ic=ic.id, shown=False,
                       root_xy=list(ic.candidates_at))
        ic.candidates_at = None

    # ---- X events -------------------------------------------------------------

    def on_x_error(self, err, request=None):
        # Asynchronous errors, typically a client window that just went away.
        self.log.error("X error %s on resource 0x%x (request %d)" % (
            type(err).__name__, getattr(err, "resource_id", 0),
            getattr(err, "major_opcode", 0)))

    def handle_x_event(self, ev):
        if ev.type == X.ClientMessage:
            if ev.client_type == self.a_xconnect and ev.window.id == self.window.id:
                self.on_xconnect(ev)
            elif ev.client_type in (self.a_protocol, self.a_moredata):
                client = self.clients.get(ev.window.id)
                if client is not None:
                    self.on_protocol_message(client, ev)
        elif ev.type == X.SelectionRequest:
            self.on_selection_request(ev)
        elif ev.type == X.SelectionClear and ev.atom == self.selection:
            self.log.error("lost the @server=%s selection" % self.name)
        elif ev.type == X.DestroyNotify:
            client = self.by_client_window.get(ev.window.id)
            if client is not None:
                self.forget_client(client, reason="client window destroyed")
        elif ev.type == X.MappingNotify:
            self.display.refresh_keyboard_mapping(ev)

    def run(self, wakeup_fd, should_stop):
        while not should_stop():
            # Requests with replies can pull events into python-xlib's queue,
            # so only sleep when that queue is empty.
            self.display.flush()
            if not self.display.pending_events():
                readable, _, _ = select.select([self.display, wakeup_fd], [], [], 1.0)
                if wakeup_fd in readable:
                    os.read(wakeup_fd, 64)
            while self.display.pending_events():
                ev = self.display.next_event()
                try:
                    self.handle_x_event(ev)
                except Exception as exc:
                    self.log.error("%s: %s" % (type(exc).__name__, exc))

    def shutdown(self):
        try:
            self.remove_from_servers_list()
            self.display.close()
        except Exception:
            pass


# --------------------------------------------------------------------------

def parse_arguments(argv):
    args, styles = [], list(STYLES)
    i = 0
    while i < len(argv):
        if argv[i] == "--styles" and i + 1 < len(argv):
            styles = [s for s in argv[i + 1].split(",") if s]
            i += 2
        elif argv[i].startswith("--styles="):
            styles = [s for s in argv[i].split("=", 1)[1].split(",") if s]
            i += 1
        else:
            args.append(argv[i])
            i += 1
    unknown = [s for s in styles if s not in STYLES]
    if len(args) != 2 or unknown or not styles:
        sys.exit("usage: xim-standin.py NAME LOGFILE "
                 "[--styles callbacks,position,nothing]")
    return args[0], args[1], [STYLES[s] for s in styles]


def main(argv):
    name, log_path, styles = parse_arguments(argv)
    log = Log(log_path)
    stop = []
    read_end, write_end = os.pipe()
    os.set_blocking(write_end, False)
    signal.set_wakeup_fd(write_end)
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: stop.append(True))
    try:
        server = Server(name, log, styles)
        server.register()
    except Exception as exc:
        log.error("startup failed: %s" % exc)
        return 1
    log.write("ready")
    try:
        server.run(read_end, lambda: bool(stop))
    except xerror.ConnectionClosedError as exc:
        log.error("X connection closed: %s" % exc)
        return 1
    finally:
        server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
