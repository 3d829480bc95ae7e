#!/usr/bin/env python3
"""memory.py - the resident memory of the real splitview under a private Xvfb: one window
against twenty, and a large picture shown then left.

    python3 Benchmarks/memory.py [--app .build/release/splitview] [--side 4000]

Two runs of the program, each in a folder made here holding `big.png` (a picture of
SIDE x 3/4 SIDE pixels, 4000 x 3000 by default: 46 MB decoded) and `notes.txt`:

  windows   VmRSS settled with the one window a start opens, then with twenty (Ctrl+N
            nineteen times): the goal is twenty at most 1.5 times one
  picture   VmRSS settled with notes.txt shown (F6 to the files, End), with big.png shown
            (Up), and with notes.txt shown again (Down): the goal is the last within 1 MiB
            of the first, the picture's memory given back

"Settled" is a second without the memory moving by more than 64 KiB. Input goes through
XTEST, with the focus set on the window (there is no window manager). Needs Xvfb and
python-xlib.
"""
import argparse, os, shutil, struct, subprocess, sys, tempfile, time, zlib
from xvfbrun import connect, press, require_program, rss_kib, start_xvfb, top_levels  # first: it says so in one line when python-xlib is missing
from Xlib import X


def write_png(path, width, height):
    """An RGB picture with a gradient, so that it is not one colour; compressed fast."""
    def chunk(kind, data):
        return struct.pack('>I', len(data)) + kind + data + struct.pack('>I', zlib.crc32(kind + data) & 0xffffffff)
    row = bytes((x * 255 // width) for x in range(width) for _ in range(3))
    raw = b''.join(b'\x00' + row[(y % 7):] + row[:(y % 7)] for y in range(height))
    with open(path, 'wb') as out:
        out.write(b'\x89PNG\r\n\x1a\n')
        out.write(chunk(b'IHDR', struct.pack('>IIBBBBB', width, height, 8, 2, 0, 0, 0)))
        out.write(chunk(b'IDAT', zlib.compress(raw, 1)))
        out.write(chunk(b'IEND', b''))


def settled(pid, limit=20.0):
    """VmRSS once it has held within 64 KiB for a second (at most `limit` seconds)."""
    samples, deadline = [], time.monotonic() + limit
    while time.monotonic() < deadline:
        samples.append(rss_kib(pid))
        recent = samples[-10:]
        if len(recent) == 10 and max(recent) - min(recent) <= 64:
            return recent[-1]
        time.sleep(0.1)
    return samples[-1]


class Program:
    """The program on the display `name`, in `folder`, driven through XTEST."""

    def __init__(self, app, name, folder, home):
        self.d = connect(name)
        env = dict(os.environ, DISPLAY=name, XDG_STATE_HOME=home + '/state', XDG_CONFIG_HOME=home + '/config')
        self.process = subprocess.Popen([app, '--no-restore', '--geometry', '1400x900', folder], env=env,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.window = self.wait_windows(1)[0]

    def wait_windows(self, count, limit=20.0):
        deadline = time.monotonic() + limit
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                sys.exit('memory.py: the program ended (status %d)' % self.process.returncode)
            found = top_levels(self.d)
            if len(found) >= count:
                return found
            time.sleep(0.05)
        sys.exit('memory.py: %d windows did not come within %d s' % (count, limit))

    def key(self, name, *modifiers):
        self.window.set_input_focus(X.RevertToParent, X.CurrentTime)
        press(self.d, name, *modifiers)
        self.d.sync()

    def rss(self):
        return settled(self.process.pid) / 1024

    def end(self):
        self.process.terminate()
        self.process.wait(10)
        self.d.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('--app', default='.build/release/splitview')
    parser.add_argument('--side', type=int, default=4000, help="the picture's width in pixels")
    args = parser.parse_args()
    require_program(args.app)
    if args.side < 16:
        parser.error('--side: at least 16')
    home = tempfile.mkdtemp(prefix='splitview-memory-')
    try:
        folder = os.path.join(home, 'Files')
        os.makedirs(folder)
        write_png(os.path.join(folder, 'big.png'), args.side, args.side * 3 // 4)
        with open(os.path.join(folder, 'notes.txt'), 'w') as notes:
            notes.write('Notes\n' * 40)
        _, name = start_xvfb('memory')

        program = Program(args.app, name, folder, home)
        one = program.rss()
        for _ in range(19):
            program.key('n', 'Control_L')
        program.wait_windows(20)
        twenty = program.rss()
        program.end()
        print('windows   one %.2f MiB, twenty %.2f MiB: %.2f times (goal at most 1.5)' % (one, twenty, twenty / one))

        program = Program(args.app, name, folder, home)
        program.key('F6')
        program.key('End')
        before = program.rss()
        program.key('Up')
        shown = program.rss()
        program.key('Down')
        after = program.rss()
        program.end()
        print('picture   %dx%d: notes %.2f MiB, the picture %.2f MiB, notes again %.2f MiB: %+.2f MiB '
              '(goal within 1)' % (args.side, args.side * 3 // 4, before, shown, after, after - before))
        if shown - before < 8:
            print('memory.py: the picture did not show (%.2f MiB more): the keys missed?' % (shown - before))
            sys.exit(1)
    finally:
        shutil.rmtree(home, ignore_errors=True)


if __name__ == '__main__':
    main()
