"""What the reliability scripts share: a private Xvfb, and splitview's top-level windows."""
import atexit, os, select, subprocess, sys, time

try:
    from Xlib import X, XK, display as xdisplay
    from Xlib.ext import xtest  # noqa: F401  (registers the extension)
except ImportError:
    sys.exit(f"{os.path.basename(sys.argv[0])}: needs python-xlib (apt install python3-xlib, or pip install python-xlib)")


def require_program(path):
    """Ends the script in one line when `path` is not a program to run (not built yet)."""
    if not (os.path.isfile(path) and os.access(path, os.X_OK)):
        sys.exit(f"{os.path.basename(sys.argv[0])}: {path} is not a program; build it first "
                 "(swift build -c release, see Benchmarks/README.md)")


def start_xvfb(who):
    """Starts Xvfb on a display it picks itself (-displayfd); the process and ':N'. It is
    killed when the script ends, however it ends (an exception included), if still running."""
    read, write = os.pipe()
    proc = subprocess.Popen(['Xvfb', '-displayfd', str(write), '-screen', '0', '1600x1000x24', '-nolisten', 'tcp'],
                            pass_fds=[write], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    atexit.register(lambda: proc.poll() is None and proc.kill())
    os.close(write)
    number, deadline = b'', time.time() + 15
    while not number.endswith(b'\n'):
        ready, _, _ = select.select([read], [], [], max(0.0, deadline - time.time()))
        chunk = os.read(read, 32) if ready else b''
        if not chunk:
            proc.kill()
            sys.exit('%s: Xvfb did not start' % who)
        number += chunk
    os.close(read)
    return proc, ':' + number.decode().strip()


def top_levels(d):
    """splitview's viewable top-level windows on the display."""
    result = []
    for child in d.screen().root.query_tree().children:
        try:
            wm_class = child.get_wm_class()
            attrs = child.get_attributes()
        except Exception:
            continue
        if wm_class and wm_class[0] == 'splitview' and attrs.map_state == X.IsViewable:
            result.append(child)
    return result


def connect(name):
    """A connection to the display `name`, tried for 5 s: a server that just said its number
    may still refuse the first."""
    deadline = time.monotonic() + 5
    while True:
        try:
            return xdisplay.Display(name)
        except Exception:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)


def press(d, name, *modifiers):
    """Presses and releases the key `name` (an X keysym's name) through XTEST, with the
    `modifiers` held: what a user's keyboard sends."""
    codes = [d.keysym_to_keycode(XK.string_to_keysym(m)) for m in modifiers]
    code = d.keysym_to_keycode(XK.string_to_keysym(name))
    for c in codes:
        xtest.fake_input(d, X.KeyPress, c)
    xtest.fake_input(d, X.KeyPress, code)
    xtest.fake_input(d, X.KeyRelease, code)
    for c in reversed(codes):
        xtest.fake_input(d, X.KeyRelease, c)


def rss_kib(pid):
    """The process `pid`'s resident memory (VmRSS), in KiB; 0 once it has gone."""
    try:
        with open('/proc/%d/status' % pid) as status:
            for line in status:
                if line.startswith('VmRSS:'):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0
