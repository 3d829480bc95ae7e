#!/usr/bin/python3
"""hostiledesktop.py - splitview's start-up and SIGTERM with hostile files of the desktop.

    /usr/bin/python3 Benchmarks/hostiledesktop.py [--app .build/debug/splitview] [--timeout 120] [--settle 3] [CASE ...]

Each case writes one hostile file into a private XDG_DATA_HOME, XDG_CONFIG_HOME and
XDG_STATE_HOME (the system's /usr/share stays in XDG_DATA_DIRS), starts splitview on a file
`blob` (64 KiB of `a`, no extension: no glob names it, so its type comes from magic) with
--no-restore, and measures from the start to the first viewable window and to its title
naming `blob`, then (--settle seconds later, the worker done) from Down to the title naming
`blob2` (a copy of `blob`: its type is looked up for "Open With"), then from a SIGTERM to
the exit. The `busy` figure is a second start sent SIGTERM 0.5 s after it began, whatever
it is doing then. A case that shows no window within --timeout says so.

The cases (all by default):
  none         no hostile file: the baseline
  mimeapps     a 1 MiB mimeapps.list of short keys (some 150 000) in one group
  desktop      a 1 MiB desktop entry in applications/, short keys
  magic82k     an 82 KB mime/magic whose values are 4 096 bytes that almost match the blob
  magic8m      the same, 8 MiB
  globs        a globs2 whose patterns have many stars, and a file named with 200 `a`: every row's
               type is matched by name on the loop's thread, and fnmatch backtracks
  bookmarks    a 1 MiB GTK bookmarks file
  icontheme    an index.theme of 1 MiB: 4 096 directories, each its own group
  mimexml      a 1 MiB text/plain.xml of comments without their end (the inspector reads it)
"""
import argparse, os, shutil, signal, subprocess, sys, tempfile, time
from xvfbrun import require_program, start_xvfb, top_levels  # first: it says so in one line when python-xlib is missing
from Xlib import X, XK, display as xdisplay
from Xlib.ext import xtest  # noqa: F401

MIB = 1 << 20


def lines_to(size, header, make):
    out, i = [header], 0
    total = len(header)
    while True:
        line = make(i)
        if total + len(line) > size:
            break
        out.append(line)
        total += len(line)
        i += 1
    return ''.join(out)


def magic(size):
    value = b'a' * 4095 + b'b'
    out = [b'MIME-Magic\0\n']
    total, i = len(out[0]), 0
    while total < size:
        section = b'[50:application/x-hostile%d]\n>0=' % i + len(value).to_bytes(2, 'big') + value + b'+65536\n'
        out.append(section)
        total += len(section)
        i += 1
    return b''.join(out)


def write(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, 'wb') as f:
        f.write(data if isinstance(data, bytes) else data.encode())


def make_case(case, home):
    data, config = home + '/data', home + '/config'
    if case == 'mimeapps':
        write(config + '/mimeapps.list', lines_to(MIB, '[Added Associations]\n', lambda i: 'k%d=x\n' % i))
    elif case == 'desktop':
        head = '[Desktop Entry]\nType=Application\nName=Huge\nExec=true %f\nMimeType=text/plain;\n'
        write(data + '/applications/huge.desktop', lines_to(MIB, head, lambda i: 'k%d=x\n' % i))
    elif case == 'magic82k':
        write(data + '/mime/magic', magic(82_000))
    elif case == 'magic8m':
        write(data + '/mime/magic', magic(8 * MIB - 8192))
    elif case == 'globs':
        write(data + '/mime/globs2', lines_to(64 << 10, '', lambda i: '50:text/x-h%d:*a*a*a*a*a*a*a*a*a*a*a*a*b\n' % i))
        write(home + '/files/' + 'a' * 200, b'a name these patterns backtrack over')
    elif case == 'bookmarks':
        write(config + '/gtk-3.0/bookmarks', lines_to(MIB, '', lambda i: 'file:///tmp/b%d\n' % i))
    elif case == 'icontheme':
        names = ['d%d' % i for i in range(4096)]
        head = '[Icon Theme]\nName=Hostile\nDirectories=' + ','.join(names) + '\n'
        body = ''.join('[%s]\nSize=16\n' % n for n in names)
        write(data + '/icons/Hostile/index.theme', lines_to(MIB, head + body, lambda i: '[g%d]\nk=v\n' % i))
        write(config + '/gtk-3.0/settings.ini', '[Settings]\ngtk-icon-theme-name=Hostile\n')
    elif case == 'mimexml':
        write(data + '/mime/text/plain.xml', lines_to(MIB, '<?xml version="1.0"?>\n', lambda i: '<comment \n'))


def window(d):
    found = top_levels(d)
    return found[0] if found else None


def title(d, w):
    try:
        prop = w.get_full_property(d.intern_atom('_NET_WM_NAME'), 0)
    except Exception:
        return ''
    return prop.value.decode(errors='replace') if prop else ''


def key(d, w, name):
    w.set_input_focus(X.RevertToParent, X.CurrentTime)
    code = d.keysym_to_keycode(XK.string_to_keysym(name))
    xtest.fake_input(d, X.KeyPress, code)
    xtest.fake_input(d, X.KeyRelease, code)
    d.sync()


def arrow_time(d, w, limit):
    """Seconds from Down (blob to blob2, whose type magic decides) to the title naming blob2."""
    key(d, w, 'F6')  # from the outline, which has the keys in a new window, to the files
    began = time.monotonic()
    key(d, w, 'Down')
    while time.monotonic() - began < limit:
        if title(d, w).startswith('blob2'):
            return time.monotonic() - began
        time.sleep(0.002)
    return None


def start(app, env, target):
    return subprocess.Popen([app, '--no-restore', '--reduce-motion', target], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def wait_exit(proc, limit):
    began = time.monotonic()
    try:
        proc.wait(timeout=limit)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
        return None
    return time.monotonic() - began


def run_case(case, args, display):
    home = tempfile.mkdtemp(prefix='splitview-hostile-')
    try:
        make_case(case, home)
        folder = home + '/files'
        write(folder + '/blob', b'a' * (64 << 10))
        write(folder + '/blob2', b'a' * (64 << 10))
        env = dict(os.environ, DISPLAY=display, HOME=home, XDG_DATA_HOME=home + '/data',
                   XDG_CONFIG_HOME=home + '/config', XDG_STATE_HOME=home + '/state', XDG_DATA_DIRS='/usr/share')
        d = xdisplay.Display(display)
        began = time.monotonic()
        proc = start(args.app, env, folder + '/blob')
        shown = titled = None
        while time.monotonic() - began < args.timeout and proc.poll() is None:
            w = window(d)
            if w and shown is None:
                shown = time.monotonic() - began
            if w and title(d, w).startswith('blob'):
                titled = time.monotonic() - began
                break
            time.sleep(0.005)
        # The worker has read the database and the applications by then: an arrow key onto
        # blob2 has the loop find its type for "Open With".
        arrow = None
        if titled is not None:
            time.sleep(args.settle)
            arrow = arrow_time(d, w, args.timeout)
        os.kill(proc.pid, signal.SIGTERM)
        ended = wait_exit(proc, 30)
        errors = proc.stderr.read().decode(errors='replace').strip().splitlines()
        d.close()
        busy = start(args.app, env, folder + '/blob')
        time.sleep(0.5)
        os.kill(busy.pid, signal.SIGTERM)
        busy_end = wait_exit(busy, 30)
        busy.stderr.read()

        def seconds(value):
            return 'never' if value is None else '%.3f s' % value

        print('%-10s window %-9s blob shown %-9s arrow %-9s SIGTERM to exit %-9s busy SIGTERM to exit %-9s status %s %s' % (
            case, seconds(shown), seconds(titled), seconds(arrow), seconds(ended), seconds(busy_end), proc.returncode,
            (' | ' + ' / '.join(errors)) if errors else ''), flush=True)
    finally:
        shutil.rmtree(home, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('--app', default='.build/debug/splitview')
    parser.add_argument('--timeout', type=float, default=120)
    parser.add_argument('--settle', type=float, default=3, help='seconds between the window and the arrow key')
    parser.add_argument('cases', nargs='*',
                        default=['none', 'mimeapps', 'desktop', 'magic82k', 'magic8m', 'globs', 'bookmarks',
                                 'icontheme', 'mimexml'])
    args = parser.parse_args()
    require_program(args.app)
    _, display = start_xvfb('hostiledesktop.py')
    for case in args.cases:
        run_case(case, args, display)


if __name__ == '__main__':
    main()
