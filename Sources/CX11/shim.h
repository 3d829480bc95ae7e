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

/* XCreateIC and XSetICValues take NULL-terminated name and value pairs (C varargs), which
 * Swift cannot call: these make the input context of a top-level, in the root style (the
 * input method draws any preedit and status itself), and tell it where the caret is. */
static inline XIC cx11_create_input_context(XIM im, Window window) {
    return XCreateIC(im, XNInputStyle, XIMPreeditNothing | XIMStatusNothing, XNClientWindow, window,
                     XNFocusWindow, window, (void *)0);
}

/* XGetIMValues(XNQueryInputStyle): whether the input method takes the root style. */
static inline int cx11_input_method_takes_root_style(XIM im) {
    XIMStyles *styles = (void *)0;
    if (XGetIMValues(im, XNQueryInputStyle, &styles, (void *)0) != (void *)0 || styles == (void *)0) return 0;
    int found = 0;
    for (unsigned short i = 0; i < styles->count_styles; i++)
        if (styles->supported_styles[i] == (XIMPreeditNothing | XIMStatusNothing)) found = 1;
    XFree(styles);
    return found;
}

#endif
