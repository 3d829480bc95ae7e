/* Xlib, Xft, XRender and fontconfig for Swift. Every header the host needs, in one place.
 *
 * Swift imports the functions and constants of these headers directly; libX11 exports a real
 * function for almost every function-like macro (XDefaultScreen for DefaultScreen, ...), so the
 * host calls those. A `static inline cx11_` wrapper belongs here only for a macro with no
 * exported counterpart, each with a one-line reason; today none is needed.
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

#endif
