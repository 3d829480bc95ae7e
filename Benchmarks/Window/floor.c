/*
 * The floor: the least a three-column window can do on X11 with Xlib and Xft, written plainly
 * in C, as the yardstick SplitView's window is measured against (Benchmarks/Window/README.md).
 *
 * One top-level window holds a sidebar, a list and a detail pane, side by side, each a child
 * window with a bar and rows of text; the two dividers drag with the mouse (the panes move
 * and resize, each redrawn whole into a pixmap, then copied); F9 hides and shows the sidebar;
 * a resize lays the panes out again. No toolkit, no animation, no caching beyond the pixmap:
 * what every step of a split view must do at least.
 *
 *   cc -O2 floor.c -o floor $(pkg-config --cflags --libs x11 xft)
 *   ./floor [FOLDER-NAME]
 */
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/Xft/Xft.h>
#include <X11/keysym.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { PANES = 3, BAR = 38, ROW = 30, GRIP = 6, MIN_WIDTH = 120 };

struct pane {
    Window window;
    int x, width;
    const char *title;
    unsigned long background;
};

static Display *display;
static int screen;
static Window top;
static XftFont *font;
static XftColor ink;
static unsigned long line_pixel;  /* the bar's bottom line, allocated once: no round trip per frame */
static struct pane panes[PANES];
static int width = 1280, height = 800;
static int edges[2] = {280, 600};  /* the dividers' x */
static int sidebar_shown = 1;
static int dragging = -1;

static unsigned long pixel(const char *name) {
    XColor color, exact;
    XAllocNamedColor(display, DefaultColormap(display, screen), name, &color, &exact);
    return color.pixel;
}

/* The panes' places from the dividers and the sidebar's state; each moved or resized. */
static void layout(void) {
    int left = sidebar_shown ? edges[0] : 0;
    if (edges[1] < left + MIN_WIDTH) edges[1] = left + MIN_WIDTH;
    if (edges[1] > width - MIN_WIDTH) edges[1] = width - MIN_WIDTH;
    int xs[PANES + 1] = {0, left, edges[1], width};
    for (int i = 0; i < PANES; i++) {
        int w = xs[i + 1] - xs[i] - (i < PANES - 1 ? 1 : 0);
        panes[i].x = xs[i];
        panes[i].width = w;
        if (w <= 0) {
            XUnmapWindow(display, panes[i].window);
        } else {
            XMoveResizeWindow(display, panes[i].window, xs[i], 0, (unsigned)w, (unsigned)height);
            XMapWindow(display, panes[i].window);
        }
    }
}

/* A pane drawn whole: its background, its bar with its title, a line, its rows. */
static void draw(struct pane *pane, int index) {
    if (pane->width <= 0) return;
    Pixmap buffer = XCreatePixmap(display, pane->window, (unsigned)pane->width, (unsigned)height,
                                  (unsigned)DefaultDepth(display, screen));
    GC gc = XCreateGC(display, buffer, 0, NULL);
    XSetForeground(display, gc, pane->background);
    XFillRectangle(display, buffer, gc, 0, 0, (unsigned)pane->width, (unsigned)height);
    XSetForeground(display, gc, line_pixel);
    XDrawLine(display, buffer, gc, 0, BAR - 1, pane->width, BAR - 1);
    XftDraw *draw = XftDrawCreate(display, buffer, DefaultVisual(display, screen), DefaultColormap(display, screen));
    XftDrawStringUtf8(draw, &ink, font, 16, 25, (const FcChar8 *)pane->title, (int)strlen(pane->title));
    char line[64];
    for (int row = 0; BAR + (row + 1) * ROW < height; row++) {
        int n = snprintf(line, sizeof line, index == 2 ? "Line %d of the detail" : "Item %d", row + 1);
        XftDrawStringUtf8(draw, &ink, font, 16, BAR + row * ROW + 21, (const FcChar8 *)line, n);
    }
    XCopyArea(display, buffer, pane->window, gc, 0, 0, (unsigned)pane->width, (unsigned)height, 0, 0);
    XftDrawDestroy(draw);
    XFreeGC(display, gc);
    XFreePixmap(display, buffer);
}

/* The divider under x in the top-level's coordinates, or -1. */
static int divider_at(int x) {
    for (int i = 0; i < 2; i++) {
        if (i == 0 && !sidebar_shown) continue;
        int edge = i == 0 ? edges[0] : edges[1];
        if (x >= edge - GRIP && x <= edge + GRIP) return i;
    }
    return -1;
}

int main(int argc, char **argv) {
    display = XOpenDisplay(NULL);
    if (!display) {
        fprintf(stderr, "floor: cannot open display\n");
        return 1;
    }
    screen = DefaultScreen(display);
    font = XftFontOpenName(display, screen, "DejaVu Sans-10");
    XftColorAllocName(display, DefaultVisual(display, screen), DefaultColormap(display, screen), "#202020", &ink);
    line_pixel = pixel("#d8d8d8");
    XSetWindowAttributes attributes = {0};
    attributes.background_pixel = pixel("#c8c8c8");  /* the dividers show through */
    attributes.event_mask = StructureNotifyMask | ButtonPressMask | ButtonReleaseMask | PointerMotionMask | KeyPressMask;
    top = XCreateWindow(display, RootWindow(display, screen), 0, 0, (unsigned)width, (unsigned)height, 0,
                        CopyFromParent, InputOutput, CopyFromParent, CWBackPixel | CWEventMask, &attributes);
    XClassHint hint = {"floor", "Floor"};
    XSetClassHint(display, top, &hint);
    XStoreName(display, top, argc > 1 ? argv[1] : "Floor");
    const char *titles[PANES] = {"Folders", argc > 1 ? argv[1] : "Files", "File"};
    const char *colors[PANES] = {"#f0f0ef", "#fafaf9", "#ffffff"};
    for (int i = 0; i < PANES; i++) {
        XSetWindowAttributes pane_attributes = {0};
        pane_attributes.background_pixmap = None;  /* no server fill: each Expose draws it whole */
        pane_attributes.event_mask = ExposureMask;
        panes[i].window = XCreateWindow(display, top, 0, 0, 1, 1, 0, CopyFromParent, InputOutput, CopyFromParent,
                                        CWBackPixmap | CWEventMask, &pane_attributes);
        panes[i].title = titles[i];
        panes[i].background = pixel(colors[i]);
    }
    Atom delete = XInternAtom(display, "WM_DELETE_WINDOW", False);
    XSetWMProtocols(display, top, &delete, 1);
    layout();
    XMapWindow(display, top);
    for (;;) {
        XEvent event;
        XNextEvent(display, &event);
        switch (event.type) {
        case Expose:
            if (event.xexpose.count == 0)
                for (int i = 0; i < PANES; i++)
                    if (panes[i].window == event.xexpose.window) draw(&panes[i], i);
            break;
        case ConfigureNotify:
            if (event.xconfigure.window == top &&
                (event.xconfigure.width != width || event.xconfigure.height != height)) {
                width = event.xconfigure.width;
                height = event.xconfigure.height;
                layout();
                for (int i = 0; i < PANES; i++) draw(&panes[i], i);
            }
            break;
        case ButtonPress:
            dragging = divider_at(event.xbutton.x);
            break;
        case ButtonRelease:
            dragging = -1;
            break;
        case MotionNotify:
            while (XCheckTypedWindowEvent(display, top, MotionNotify, &event)) {}
            if (dragging >= 0) {
                int x = event.xmotion.x;
                if (dragging == 0) {
                    edges[0] = x < MIN_WIDTH ? MIN_WIDTH : x;
                    if (edges[0] > edges[1] - MIN_WIDTH) edges[0] = edges[1] - MIN_WIDTH;
                } else {
                    edges[1] = x;
                }
                layout();
                for (int i = 0; i < PANES; i++) draw(&panes[i], i);
            }
            break;
        case KeyPress:
            if (XLookupKeysym(&event.xkey, 0) == XK_F9) {
                sidebar_shown = !sidebar_shown;
                layout();
                for (int i = 0; i < PANES; i++) draw(&panes[i], i);
            } else if (XLookupKeysym(&event.xkey, 0) == XK_q && (event.xkey.state & ControlMask)) {
                return 0;
            }
            break;
        case ClientMessage:
            if ((Atom)event.xclient.data.l[0] == delete) return 0;
            break;
        }
    }
}
