#!/usr/bin/env python3
"""killsave.py - kill -9 splitview at random moments around its state save, many times over.

    python3 Benchmarks/killsave.py [--app .build/release/splitview] [--runs 1000]

Each run starts splitview on a small tree with the state of the run before, changes what it
would save (F9, or the selection), and sends SIGKILL at a random moment from 0.9 to 1.2 s
later: the program saves about a second after the last change, so the kills fall before,
during and after the save. After each kill the state file must be the previous one or a
complete new one — never torn, never empty — and the state folder must hold nothing else
(no temporary left behind). It prints how many kills found the old state, how many the new
one, and any failure; it exits 1 on the first failure.
"""
import argparse, json, os, random, shutil, signal, subprocess, sys, tempfile, time
from xvfbrun import require_program, start_xvfb, top_levels  # first: it says so in one line when python-xlib is missing
from Xlib import X, XK, display as xdisplay
from Xlib.ext import xtest  # noqa: F401


def window_of(d):
    found = top_levels(d)
    return found[0] if found else None


def key(d, name):
    code = d.keysym_to_keycode(XK.string_to_keysym(name))
    xtest.fake_input(d, X.KeyPress, code)
    xtest.fake_input(d, X.KeyRelease, code)
    d.sync()


def check(state_dir, previous):
    """'old', 'new', or a failure message."""
    names = sorted(os.listdir(state_dir)) if os.path.isdir(state_dir) else []
    extra = [n for n in names if n != 'state.json']
    if extra:
        return 'left behind: %s' % extra
    path = os.path.join(state_dir, 'state.json')
    if not os.path.exists(path):
        return 'old' if previous is None else 'the state file is gone'
    data = open(path, 'rb').read()
    if data == previous:
        return 'old'
    try:
        state = json.loads(data)
    except ValueError as error:
        return 'torn state file (%d bytes): %s' % (len(data), error)
    if state.get('version') != 1 or not state.get('windows'):
        return 'an incomplete state: %r' % data[:200]
    return 'new'


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('--app', default='.build/release/splitview')
    parser.add_argument('--runs', type=int, default=1000)
    args = parser.parse_args()
    require_program(args.app)

    home = tempfile.mkdtemp(prefix='splitview-killsave-')
    tree = os.path.join(home, 'tree')
    for i in range(12):
        os.makedirs(os.path.join(tree, 'folder %02d' % i))
        for j in range(3):
            with open(os.path.join(tree, 'folder %02d' % i, 'note %d.txt' % j), 'w') as f:
                f.write('note %d of folder %d\n' % (j, i))
    state_dir = os.path.join(home, 'state', 'splitview')
    env = dict(os.environ, XDG_STATE_HOME=os.path.join(home, 'state'), XDG_CONFIG_HOME=os.path.join(home, 'config'))
    xvfb, name = start_xvfb('killsave')
    env['DISPLAY'] = name
    d = xdisplay.Display(name)
    counts = {'old': 0, 'new': 0}
    started = time.time()
    try:
        for run in range(args.runs):
            path = os.path.join(state_dir, 'state.json')
            previous = open(path, 'rb').read() if os.path.exists(path) else None
            app = subprocess.Popen([args.app, tree, '--reduce-motion'], env=env,
                                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            window = None
            for _ in range(1000):
                window = window_of(d)
                if window:
                    break
                time.sleep(0.005)
            if window is None:
                sys.exit('killsave: run %d: no window; stderr: %s' % (run, app.stderr.read()[:500]))
            window.set_input_focus(X.RevertToParent, X.CurrentTime)
            d.sync()
            key(d, 'F9' if run % 3 == 0 else 'Down')
            time.sleep(random.uniform(0.9, 1.2))
            app.send_signal(signal.SIGKILL)
            app.wait()
            app.stderr.close()
            outcome = check(state_dir, previous)
            if outcome not in counts:
                sys.exit('killsave: run %d: %s' % (run, outcome))
            counts[outcome] += 1
            # The window is gone with its client; wait for the server to say so.
            for _ in range(200):
                if window_of(d) is None:
                    break
                time.sleep(0.005)
    finally:
        d.close()
        xvfb.kill()
        xvfb.wait()
    print('killsave: %d kills in %.0f s: the previous state %d times, a complete new one %d times, '
          'never torn, empty or left behind' % (args.runs, time.time() - started, counts['old'], counts['new']))
    shutil.rmtree(home, ignore_errors=True)


if __name__ == '__main__':
    main()
