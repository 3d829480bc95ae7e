/* Xlib, Xft, XRender and fontconfig for Swift. Every header the host needs, in one place.
 *
 * Swift imports the functions and constants of these headers directly; libX11 exports a real
 * function for almost every function-like macro (XDefaultScreen for DefaultScreen, ...), so the
 * host calls those. A `static inline cx11_` wrapper belongs here only for what Swift cannot
 * call itself, each with its reason: today the input method's varargs calls.
 */
#ifndef CX11_SHIM_H
#define CX11_SHIM_H

#include <X11/Xlib.h>
/* Real prototypes for XGetPixel, XPutPixel, XDestroyImage, which are otherwise macros. */
#define XUTIL_DEFINE_FUNCTIONS 1
#include <X11/Xutil.h>
#include <X11/Xatom.h>
#include <X11/Xresource.h>   /* Xrm, to read Xft.dpi the way every Xft client does */
#include <X11/keysym.h>
#include <X11/cursorfont.h>
#include <X11/XKBlib.h>
#include <X11/Xft/Xft.h>   /* brings X11/extensions/Xrender.h and fontconfig.h */
#include <fontconfig/fcfreetype.h>   /* FcPatternAddFTFace: a role's font on a FreeType face of its own */
#include <string.h>   /* the preedit callbacks copy their text */
#include <wchar.h>

/* XCreateIC and XSetICValues take NULL-terminated name and value pairs (C varargs), which
 * Swift cannot call: these make the input context of a top-level in one of three styles and
 * tell it where the caret is (its spot location, in the top-level's coordinates). */

/* The styles an input method offers, as bits: 1 on-the-spot (XIMPreeditCallbacks: the client
 * draws the preedit), 2 over-the-spot (XIMPreeditPosition: the input method draws it at the
 * spot), 4 root (XIMPreeditNothing: the input method draws it where it likes); status always
 * XIMStatusNothing. 0 when it answers nothing. */
static inline int cx11_input_method_styles(XIM im) {
    XIMStyles *styles = (void *)0;
    if (XGetIMValues(im, XNQueryInputStyle, &styles, (void *)0) != (void *)0 || styles == (void *)0) return 0;
    int found = 0;
    for (unsigned short i = 0; i < styles->count_styles; i++) {
        XIMStyle style = styles->supported_styles[i];
        if (style == (XIMPreeditCallbacks | XIMStatusNothing)) found |= 1;
        if (style == (XIMPreeditPosition | XIMStatusNothing)) found |= 2;
        if (style == (XIMPreeditNothing | XIMStatusNothing)) found |= 4;
    }
    XFree(styles);
    return found;
}

/* The root style: the input method draws any preedit and status itself. */
static inline XIC cx11_create_input_context(XIM im, Window window) {
    return XCreateIC(im, XNInputStyle, XIMPreeditNothing | XIMStatusNothing, XNClientWindow, window,
                     XNFocusWindow, window, (void *)0);
}

/* One of the preedit callbacks: start returns the most characters the client takes (-1: any),
 * the others return nothing the input method reads. */
typedef int (*cx11_preedit_callback)(XIC, XPointer, XPointer);

/* On-the-spot: the input method hands the preedit to `draw` (an XIMPreeditDrawCallbackStruct)
 * and the client shows it at its caret; the spot only when `has_spot`. Xlib copies the
 * callbacks and the spot. */
static inline XIC cx11_create_input_context_on_the_spot(XIM im, Window window, XPointer client,
        cx11_preedit_callback start, cx11_preedit_callback done, cx11_preedit_callback draw,
        cx11_preedit_callback caret, int has_spot, short x, short y) {
    XICCallback started = {client, (XICProc)start}, ended = {client, (XICProc)done};
    XICCallback drawn = {client, (XICProc)draw}, moved = {client, (XICProc)caret};
    XPoint spot = {x, y};
    /* Without a caret yet (no field has the keys) the spot is left out: the list ends there. */
    XVaNestedList preedit = XVaCreateNestedList(0, XNPreeditStartCallback, &started, XNPreeditDoneCallback, &ended,
                                                XNPreeditDrawCallback, &drawn, XNPreeditCaretCallback, &moved,
                                                has_spot ? XNSpotLocation : (void *)0, &spot, (void *)0);
    if (!preedit) return (void *)0;
    XIC made = XCreateIC(im, XNInputStyle, XIMPreeditCallbacks | XIMStatusNothing, XNClientWindow, window,
                         XNFocusWindow, window, XNPreeditAttributes, preedit, (void *)0);
    XFree(preedit);
    return made;
}

/* Over-the-spot: the input method draws the preedit at the spot, in `fonts`. */
static inline XIC cx11_create_input_context_over_the_spot(XIM im, Window window, XFontSet fonts, short x, short y) {
    XPoint spot = {x, y};
    XVaNestedList preedit = XVaCreateNestedList(0, XNSpotLocation, &spot, XNFontSet, fonts, (void *)0);
    if (!preedit) return (void *)0;
    XIC made = XCreateIC(im, XNInputStyle, XIMPreeditPosition | XIMStatusNothing, XNClientWindow, window,
                         XNFocusWindow, window, XNPreeditAttributes, preedit, (void *)0);
    XFree(preedit);
    return made;
}

/* Tells the input context where the caret is: 1 when it took it. */
static inline int cx11_set_spot_location(XIC ic, short x, short y) {
    XPoint spot = {x, y};
    XVaNestedList preedit = XVaCreateNestedList(0, XNSpotLocation, &spot, (void *)0);
    if (!preedit) return 0;
    char *failed = XSetICValues(ic, XNPreeditAttributes, preedit, (void *)0);
    XFree(preedit);
    return failed == (void *)0;
}

/* What a preedit draw callback says: the caret, the characters replaced (from `first`, `length`
 * of them), and the text put in their place as UTF-8 into `text` (size `capacity`, NUL-ended;
 * empty for none). The text arrives as the locale's multibyte string or as wide characters
 * (UCS-4 with glibc); both become UTF-8 here. Returns the text's bytes, or -1 when it did not
 * fit. */
static inline int cx11_preedit_draw(XPointer call, int *caret, int *first, int *length, char *text, int capacity) {
    XIMPreeditDrawCallbackStruct *draw = (XIMPreeditDrawCallbackStruct *)call;
    *caret = draw->caret;
    *first = draw->chg_first;
    *length = draw->chg_length;
    text[0] = 0;
    if (!draw->text || draw->text->length == 0) return 0;
    if (!draw->text->encoding_is_wchar) {
        const char *bytes = draw->text->string.multi_byte;
        if (!bytes) return 0;
        size_t count = strlen(bytes);
        if ((int)count >= capacity) return -1;
        memcpy(text, bytes, count + 1);
        return (int)count;
    }
    const wchar_t *wide = draw->text->string.wide_char;
    if (!wide) return 0;
    int used = 0;
    for (unsigned short i = 0; i < draw->text->length; i++) {
        unsigned int c = (unsigned int)wide[i];
        unsigned char out[4];
        int n;
        if (c < 0x80) { out[0] = c; n = 1; }
        else if (c < 0x800) { out[0] = 0xC0 | (c >> 6); out[1] = 0x80 | (c & 0x3F); n = 2; }
        else if (c < 0x10000) { out[0] = 0xE0 | (c >> 12); out[1] = 0x80 | ((c >> 6) & 0x3F); out[2] = 0x80 | (c & 0x3F); n = 3; }
        else { out[0] = 0xF0 | (c >> 18); out[1] = 0x80 | ((c >> 12) & 0x3F); out[2] = 0x80 | ((c >> 6) & 0x3F); out[3] = 0x80 | (c & 0x3F); n = 4; }
        if (used + n >= capacity) return -1;
        memcpy(text + used, out, n);
        used += n;
    }
    text[used] = 0;
    return used;
}

/* What a preedit caret callback says: the caret's new place (XIMAbsolutePosition and the
 * forward and backward characters; other directions leave it). Returns the position. */
static inline int cx11_preedit_caret(XPointer call, int current) {
    XIMPreeditCaretCallbackStruct *moved = (XIMPreeditCaretCallbackStruct *)call;
    int position = current;
    switch (moved->direction) {
    case XIMAbsolutePosition: position = moved->position; break;
    case XIMForwardChar: position = current + 1; break;
    case XIMBackwardChar: position = current - 1; break;
    case XIMLineStart: position = 0; break;
    default: break;
    }
    moved->position = position;
    return position;
}

#endif
