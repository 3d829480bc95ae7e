#!/usr/bin/env python3
"""soak.py - drive the real splitview under a private Xvfb for a long time and watch its memory.

    python3 Benchmarks/soak.py [--app .build/release/splitview] [--scale 1.0] [--args ...]

With --scale 1 (the default) it sends, in this order:
  - 1 000 000 pointer motions across the dividers (drags of 200 motions, back and forth),
  - 10 000 resizes across the collapse threshold (500 to 1400 px wide and back),
  - 10 000 toggles: F9, Shift+F9 and Ctrl+Alt+I in turn,
  - 1 000 Ctrl+N / Ctrl+W pairs (a window opened and closed),
then Ctrl+Q. --scale 0.01 sends a hundredth of each (for a sanitizer build). The resident
memory (VmRSS) is sampled every 1 % of the inputs; the curve's figures are printed, and the
run fails when, after the first 10 %, the memory moves by more than 1 MiB. It also fails when
the program exits before Ctrl+Q, or does not exit 0 after it, or writes to stderr (a
sanitizer's leak report lands there).

Needs Xvfb, python-xlib and the XTEST extension (Xvfb has it). Input goes through XTEST, as a
user's would, with the focus set on the window (there is no window manager).

For LeakSanitizer, run a hundredth of it on an AddressSanitizer build; its report at exit lands
on stderr and fails the run (lsan.supp lists the system libraries' own leaks, with reasons):

    swift build -c debug -Xswiftc -sanitize=address --build-path .build-asan --product splitview
    python3 Benchmarks/soak.py --app .build-asan/debug/splitview --scale 0.01 --sanitizer
    python3 Benchmarks/soak.py --app .build-asan/debug/splitview --scale 0.01 --sanitizer \\
        --args --secondary 'xterm -into {} -e sh' --inspector 'xterm -into {} -e sh'
"""
import argparse, os, shutil, subprocess, sys, tempfile, time
from xvfbrun import press, require_program, rss_kib, start_xvfb, top_levels  # first: it says so in one line when python-xlib is missing
from Xlib import X, display as xdisplay
from Xlib.ext import xtest  # noqa: F401  (registers the extension)


def named_child(window, name):
    for child in window.query_tree().children:
        try:
            if child.get_wm_name() == name:
                return child
        except Exception:
            pass
    return None


class Driver:
    def __init__(self, d, pid, total):
        self.d, self.pid, self.total, self.sent = d, pid, total, 0
        self.samples = []  # (fraction, kib)
        self.next_sample = 0

    def count(self, n=1):
        self.sent += n
        while self.sent >= self.next_sample * self.total / 100 and self.next_sample <= 100:
            self.d.sync()
            time.sleep(0.05)  # let the program drain what is queued before measuring
            self.samples.append((self.next_sample, rss_kib(self.pid)))
            self.next_sample += 1

    def key(self, name, *modifiers):
        press(self.d, name, *modifiers)

    def focus(self, window):
        window.set_input_focus(X.RevertToParent, X.CurrentTime)
        self.d.sync()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('--app', default='.build/release/splitview')
    parser.add_argument('--scale', type=float, default=1.0)
    parser.add_argument('--sanitizer', action='store_true',
                        help='an AddressSanitizer build: memory is not checked (freed blocks wait in its quarantine)')
    parser.add_argument('--args', nargs=argparse.REMAINDER, default=[], help='more arguments for splitview')
    args = parser.parse_args()
    require_program(args.app)
    motions, resizes, toggles, pairs = (max(1, int(n * args.scale)) for n in (1_000_000, 10_000, 10_000, 1_000))
    total = motions + resizes + toggles + pairs

    xvfb, name = start_xvfb('soak')
    d = xdisplay.Display(name)  # ours first: the server must outlive the program
    home = tempfile.mkdtemp(prefix='splitview-soak-')
    env = dict(os.environ, DISPLAY=name, XDG_STATE_HOME=home + '/state', XDG_CONFIG_HOME=home + '/config')
    # For a sanitizer build: full stacks, and the system libraries' known leaks suppressed.
    suppressions = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'lsan.supp')
    env.setdefault('LSAN_OPTIONS', 'suppressions=%s:print_suppressions=0' % suppressions)
    env.setdefault('ASAN_OPTIONS', 'fast_unwind_on_malloc=0:malloc_context_size=40')
    errors = open(home + '/stderr', 'w+')
    app = subprocess.Popen([args.app, '--no-restore', '--geometry', '1400x900'] + args.args, env=env,
                           stdout=subprocess.DEVNULL, stderr=errors)
    started = time.time()
    try:
        window = None
        for _ in range(1000):
            found = top_levels(d)
            if found:
                window = found[0]
                break
            time.sleep(0.01)
        if window is None:
            sys.exit('soak: no window appeared')
        time.sleep(0.5)
        driver = Driver(d, app.pid, total)
        driver.focus(window)
        driver.count(0)

        # 1. Pointer motions across the dividers: press on one, sweep 200 motions, release.
        dividers = [c for c in (named_child(window, 'divider-' + n) for n in ('primary', 'supplementary')) if c]
        done = 0
        while done < motions:
            divider = dividers[(done // 200) % len(dividers)]
            geometry = divider.get_geometry()
            x0, y = geometry.x + geometry.width // 2, 450
            xtest.fake_input(d, X.MotionNotify, x=x0, y=y)
            xtest.fake_input(d, X.ButtonPress, 1)
            for step in range(200):
                offset = (step if step < 100 else 200 - step) * 3
                xtest.fake_input(d, X.MotionNotify, x=x0 + offset, y=y)
            xtest.fake_input(d, X.ButtonRelease, 1)
            d.sync()
            time.sleep(0.002)
            done += 200
            driver.count(200)

        # 2. Resizes across the collapse threshold (600 pt).
        for i in range(resizes):
            width = 500 + (i % 20) * 47 if (i // 20) % 2 == 0 else 1400 - (i % 20) * 47
            window.configure(width=width, height=900)
            if i % 10 == 9:
                d.sync()
                time.sleep(0.002)
            driver.count()
        window.configure(width=1400, height=900)
        d.sync()
        time.sleep(0.2)

        # 3. The three toggles in turn.
        for i in range(toggles):
            [lambda: driver.key('F9'), lambda: driver.key('F9', 'Shift_L'),
             lambda: driver.key('i', 'Control_L', 'Alt_L')][i % 3]()
            if i % 10 == 9:
                d.sync()
                time.sleep(0.005)
            driver.count()

        # 4. New windows, each closed again.
        for i in range(pairs):
            driver.focus(window)
            driver.key('n', 'Control_L')
            d.sync()
            newest = None
            for _ in range(500):
                others = [w for w in top_levels(d) if w.id != window.id]
                if others:
                    newest = others[0]
                    break
                time.sleep(0.002)
            if newest is None:
                sys.exit('soak: Ctrl+N opened no window (pair %d)' % i)
            driver.focus(newest)
            driver.key('w', 'Control_L')
            d.sync()
            for _ in range(500):
                if len(top_levels(d)) == 1:
                    break
                time.sleep(0.002)
            driver.count()

        if app.poll() is not None:
            sys.exit('soak: splitview exited early with status %d' % app.returncode)
        driver.focus(window)
        driver.key('q', 'Control_L')
        d.sync()
        status = app.wait(timeout=60)
    finally:
        if app.poll() is None:
            app.kill()
        d.close()
        xvfb.kill()
        xvfb.wait()

    elapsed = time.time() - started
    after = [kib for fraction, kib in driver.samples if fraction >= 10]
    spread = (max(after) - min(after)) / 1024 if after else 0
    print('soak: %d inputs (%d motions, %d resizes, %d toggles, %d window pairs) in %.0f s'
          % (total, motions, resizes, toggles, pairs, elapsed))
    print('RSS MiB at 0/10/25/50/75/100 %%: %s' % ' / '.join(
        '%.2f' % (kib / 1024) for fraction, kib in driver.samples if fraction in (0, 10, 25, 50, 75, 100)))
    print('RSS after the first 10 %%: min %.2f, max %.2f MiB, spread %.2f MiB (limit 1.00)'
          % (min(after) / 1024, max(after) / 1024, spread))
    errors.seek(0)
    stderr = errors.read()
    failures = []
    if status != 0:
        failures.append('exit status %d' % status)
    if spread > 1.0 and not args.sanitizer:
        failures.append('RSS moved by %.2f MiB after the first 10 %%' % spread)
    if stderr:
        failures.append('stderr: ' + stderr[:4000])
    if failures:
        print('soak: FAILED: ' + '; '.join(failures))
        print('soak: the program\'s stderr is kept in ' + errors.name)
        sys.exit(1)
    shutil.rmtree(home, ignore_errors=True)
    print('soak: passed')


if __name__ == '__main__':
    main()
