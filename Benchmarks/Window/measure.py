#!/usr/bin/env python3
"""Measures X11 windows from the outside, under a private Xvfb, several programs in one run.

    python3 Benchmarks/Window/measure.py [options] LABEL[#N]=COMMAND [LABEL[#N]=COMMAND ...]

Each COMMAND (split into words by the shell's rules) is started, round after round, the
programs taking turns so that the machine's moods fall on all of them alike; a first round is
a warm-up whose figures are dropped (every start after it is warm: the programs' files are in
the page cache). What is timed, all from this process's clock and the X server's damage:

  start    the program is executed -> its top-level window is mapped -> the first damage on it
           ("first frame") -> the first damage after which it holds more than one colour
           ("first content") -> the last damage before 300 ms without any ("settled")
  memory   VmRSS of the program once settled, from /proc
  drag     XTEST: a press on a divider (--divider N, or LABEL#N for one program: the Nth
           vertical line found from the left), 40 moves of
           3 px right and 40 back, each "input sent -> first damage" (and the last damage
           before 40 ms of quiet)
  resize   the window's width swept down 200 px and back in 10 px steps, each "request ->
           last damage before 40 ms of quiet" (the server's own fill of newly exposed areas
           is damage too, so the first damage says nothing of the program)
  key      XTEST: F9 pressed 3 times, each "key sent -> first damage", and how many damage
           events each press brought before 300 ms of quiet (one per frame is the ideal; a
           transition animates over several)

--delay MS puts the programs (not this process) behind a link that holds every byte MS ms each
way, as `ssh -X` over a slow network would. Times are this machine's and vary from run to run;
read them side by side, never alone. Needs Xvfb and python-xlib (apt install xvfb python3-xlib).
"""
import argparse, json, os, select, shlex, socket, statistics, subprocess, sys, tempfile, threading, time
from collections import deque

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from xvfbrun import connect, start_xvfb  # noqa: E402  (says so in one line when python-xlib is missing)
from Xlib import X, XK  # noqa: E402
from Xlib.ext import damage, xtest  # noqa: E402,F401  (registers the extensions)

QUIET = 0.3        # quiet that ends a start, a key's frames
STEP_QUIET = 0.04  # quiet that ends a drag or resize step
STEP_TIMEOUT = 0.5 # no damage by then: the step is counted missed


class Link:
    """A Unix socket that passes every byte to the X server's, `delay` seconds later each way."""

    def __init__(self, display, delay):
        self.delay, self.target = delay, '/tmp/.X11-unix/X' + display.lstrip(':')
        self.number = next(n for n in range(200, 400) if not os.path.exists('/tmp/.X11-unix/X%d' % n))
        self.path = '/tmp/.X11-unix/X%d' % self.number
        self.server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.server.bind(self.path)
        self.server.listen(16)
        threading.Thread(target=self.accept, daemon=True).start()

    @property
    def display(self):
        return ':%d' % self.number

    def accept(self):
        while True:
            client, _ = self.server.accept()
            upstream = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            upstream.connect(self.target)
            for source, sink in ((client, upstream), (upstream, client)):
                queue, ready = deque(), threading.Condition()
                threading.Thread(target=self.read, args=(source, queue, ready), daemon=True).start()
                threading.Thread(target=self.write, args=(sink, queue, ready), daemon=True).start()

    def read(self, source, queue, ready):
        while True:
            data = source.recv(65536)
            with ready:
                queue.append((time.monotonic() + self.delay, data))
                ready.notify()
            if not data:
                return

    def write(self, sink, queue, ready):
        while True:
            with ready:
                while not queue:
                    ready.wait()
                due, data = queue.popleft()
            time.sleep(max(0.0, due - time.monotonic()))
            if not data:
                sink.close()
                return
            try:
                sink.sendall(data)
            except OSError:
                return

    def close(self):
        self.server.close()
        os.unlink(self.path)


class Watch:
    """The damage of one top-level window, read on this process's own connection."""

    def __init__(self, d, window):
        self.d, self.window = d, window
        d.damage_query_version()  # the extension answers a client only after this
        # One event when the window's damage goes from none to some; subtracting it at once
        # re-arms it, so each burst of drawing the server sees apart is one event.
        self.damage = window.damage_create(damage.DamageReportNonEmpty)
        d.sync()

    def wait(self, timeout, quiet):
        """(first, last, count): the time of the first damage within `timeout`, of the last
        before `quiet` seconds without one, and how many came; (None, None, 0) when none did."""
        first = last = None
        count = 0
        deadline = time.perf_counter() + timeout
        while True:
            while self.d.pending_events():
                if self.d.next_event().type == self.d.extension_event.DamageNotify:
                    stamp = time.perf_counter()
                    self.d.damage_subtract(self.damage)
                    first = stamp if first is None else first
                    last, count = stamp, count + 1
            now = time.perf_counter()
            limit = deadline if first is None else last + quiet
            if now >= limit:
                return first, last, count
            select.select([self.d], [], [], limit - now)

    def drain(self):
        self.d.sync()
        self.wait(0.0, 0.0)


def colours(d, window, width, height):
    """How many colours a few rows and columns of the window hold (stops at 2)."""
    seen = set()
    for k in range(1, 6):
        for x, y, w, h in ((0, height * k // 6, width, 1), (width * k // 6, 0, 1, height)):
            data = window.get_image(x, y, w, h, X.ZPixmap, 0xffffffff).data
            seen.update(memoryview(data).cast('I'))
            if len(seen) > 1:
                return 2
    return len(seen)


def dividers(window, width, height):
    """The x of each vertical line that runs through most of the window's height: where a
    pixel differs from its left neighbour on at least 80 % of the rows sampled."""
    rows = list(range(height // 10, height - height // 10, max(1, height // 60)))
    counts = [0] * width
    for y in rows:
        pixels = memoryview(window.get_image(0, y, width, 1, X.ZPixmap, 0xffffffff).data).cast('I')
        for x in range(1, width):
            if (pixels[x] ^ pixels[x - 1]) & 0xffffff:
                counts[x] += 1
    found, run = [], []
    for x in range(4, width - 4):
        if counts[x] >= 0.8 * len(rows):
            if run and x - run[-1] > 8:
                found.append((run[0] + run[-1]) // 2)
                run = []
            run.append(x)
    if run:
        found.append((run[0] + run[-1]) // 2)
    return found


def rss_mib(pid):
    try:
        with open('/proc/%d/status' % pid) as status:
            for line in status:
                if line.startswith('VmRSS:'):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return None


def new_top_level(d, before, deadline):
    """The first viewable top-level window that was not in `before`, waited for."""
    root = d.screen().root
    while time.perf_counter() < deadline:
        for child in root.query_tree().children:
            if child.id in before:
                continue
            try:
                if child.get_attributes().map_state == X.IsViewable:
                    return child
            except Exception:
                continue
        time.sleep(0.0005)
    return None


def run_once(command, display, app_display, args, env, divider):
    """One start of `command`, every phase measured; a dict of figures."""
    d = connect(display)
    root = d.screen().root
    before = {child.id for child in root.query_tree().children}
    environment = dict(os.environ, DISPLAY=app_display, **env)
    started = time.perf_counter()
    program = subprocess.Popen(shlex.split(command), env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    result = {}
    try:
        window = new_top_level(d, before, started + 30)
        if window is None:
            return {'error': 'no window within 30 s'}
        mapped = time.perf_counter()
        watch = Watch(d, window)
        geometry = window.get_geometry()
        width, height = geometry.width, geometry.height
        first, last, _ = watch.wait(10, 0.0)
        first_frame = first if first is not None else mapped
        content = None
        # The frame may have come before the damage object: then it is already on screen.
        if colours(d, window, width, height) > 1:
            content = first_frame
        settled = first_frame
        quiet_until = time.perf_counter() + QUIET
        cap = time.perf_counter() + 10
        while time.perf_counter() < cap:
            f, l, n = watch.wait(max(0.0, quiet_until - time.perf_counter()), 0.0)
            if n == 0:
                break
            settled = l
            if content is None and colours(d, window, width, height) > 1:
                content = l
            quiet_until = l + QUIET
        result['start'] = {
            'mapped': (mapped - started) * 1000, 'first_frame': (first_frame - started) * 1000,
            'first_content': ((content or settled) - started) * 1000, 'settled': (settled - started) * 1000}
        result['rss_mib'] = rss_mib(program.pid)
        # Drag.
        found = dividers(window, width, height)
        result['dividers'] = found
        if len(found) >= divider:
            x, y = found[divider - 1], height // 2
            origin = window.translate_coords(root, 0, 0)
            sx, sy = -origin.x, -origin.y
            watch.drain()
            steps = []
            xtest.fake_input(d, X.MotionNotify, x=sx + x, y=sy + y)
            xtest.fake_input(d, X.ButtonPress, 1)
            d.sync()
            watch.wait(STEP_TIMEOUT, STEP_QUIET)
            for _ in range(3):  # past any drag threshold, not measured
                x += 3
                xtest.fake_input(d, X.MotionNotify, x=sx + x, y=sy + y)
                d.sync()
                watch.wait(STEP_TIMEOUT, STEP_QUIET)
            for sign in (1, -1):
                for _ in range(40):
                    x += 3 * sign
                    sent = time.perf_counter()
                    xtest.fake_input(d, X.MotionNotify, x=sx + x, y=sy + y)
                    d.sync()
                    f, l, n = watch.wait(STEP_TIMEOUT, STEP_QUIET)
                    steps.append(None if f is None else ((f - sent) * 1000, (l - sent) * 1000))
            xtest.fake_input(d, X.ButtonRelease, 1)
            d.sync()
            watch.wait(STEP_TIMEOUT, STEP_QUIET)
            result['drag'] = steps
        # Resize.
        steps = []
        for w in list(range(width - 10, width - 201, -10)) + list(range(width - 190, width + 1, 10)):
            watch.drain()
            sent = time.perf_counter()
            window.configure(width=w)
            d.sync()
            f, l, n = watch.wait(STEP_TIMEOUT, STEP_QUIET)
            steps.append(None if f is None else (l - sent) * 1000)
        result['resize'] = steps
        # F9.
        presses = []
        code = d.keysym_to_keycode(XK.string_to_keysym('F9'))
        for _ in range(3):
            watch.drain()
            time.sleep(0.1)
            watch.drain()
            sent = time.perf_counter()
            xtest.fake_input(d, X.KeyPress, code)
            xtest.fake_input(d, X.KeyRelease, code)
            d.sync()
            f, l, n = watch.wait(STEP_TIMEOUT, QUIET)
            presses.append(None if f is None else ((f - sent) * 1000, n))
            time.sleep(0.2)
        result['key'] = presses
        result['rss_mib_end'] = rss_mib(program.pid)
    finally:
        program.terminate()
        try:
            program.wait(5)
        except subprocess.TimeoutExpired:
            program.kill()
            program.wait()
        d.close()
    return result


def median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def p95(values):
    values = sorted(v for v in values if v is not None)
    return values[min(len(values) - 1, int(round(0.95 * (len(values) - 1))))] if values else None


def summary(runs):
    """The medians over the rounds of each figure."""
    def over(pick):
        return median([pick(run) for run in runs if 'error' not in run])

    def steps(run, key, index=None):
        values = [s for s in run.get(key) or [] if s is not None]
        return [s[index] if index is not None else s for s in values]
    return {
        'first frame ms': over(lambda r: r['start']['first_frame']),
        'first content ms': over(lambda r: r['start']['first_content']),
        'settled ms': over(lambda r: r['start']['settled']),
        'RSS settled MiB': over(lambda r: r['rss_mib']),
        'drag median ms': over(lambda r: median(steps(r, 'drag', 0))),
        'drag p95 ms': over(lambda r: p95(steps(r, 'drag', 0))),
        'drag missed': over(lambda r: sum(1 for s in r.get('drag') or [] if s is None)),
        'resize median ms': over(lambda r: median(steps(r, 'resize'))),
        'F9 first ms': over(lambda r: median(steps(r, 'key', 0))),
        'F9 damage per press': over(lambda r: median(steps(r, 'key', 1))),
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('programs', nargs='+', metavar='LABEL=COMMAND')
    parser.add_argument('--rounds', type=int, default=3, help='measured rounds after the warm-up (default 3)')
    parser.add_argument('--divider', type=int, default=2, help='drag the Nth divider from the left (default 2)')
    parser.add_argument('--delay', type=float, default=0, help='ms each way on the programs\' link (default 0)')
    parser.add_argument('--env', action='append', default=[], metavar='K=V', help='more of the programs\' environment')
    parser.add_argument('--json', help='write every figure of every round here')
    args = parser.parse_args()
    programs = []
    for text in args.programs:
        label, equals, command = text.partition('=')
        if not equals or not label or not command.strip():
            parser.error("'%s' is not LABEL=COMMAND" % text)
        name, hash_mark, number = label.partition('#')
        if hash_mark and not (number.isdigit() and int(number) > 0):
            parser.error("'%s': the divider after # is a number from 1" % label)
        programs.append((label, command, int(number) if hash_mark else args.divider))
    env = dict(item.split('=', 1) for item in args.env)
    _, display = start_xvfb('measure')
    link = Link(display, args.delay / 1000) if args.delay > 0 else None
    app_display = link.display if link else display
    runs = {label: [] for label, _, _ in programs}
    try:
        for round in range(args.rounds + 1):
            for label, command, divider in programs:
                result = run_once(command, display, app_display, args, env, divider)
                if round > 0:
                    runs[label].append(result)
                if 'error' in result:
                    print('%s: %s' % (label, result['error']), file=sys.stderr)
    finally:
        if link:
            link.close()
    table = {label: summary(results) for label, results in runs.items()}
    names = list(next(iter(table.values())).keys())
    width = max(len(n) for n in names)
    print(' ' * width + ''.join('%14s' % label[:13] for label in table))
    for name in names:
        cells = ''.join('%14s' % ('-' if t[name] is None else '%.2f' % t[name]) for t in table.values())
        print(name.ljust(width) + cells)
    if args.json:
        with open(args.json, 'w') as out:
            json.dump({'summary': table, 'runs': runs}, out, indent=1)


if __name__ == '__main__':
    main()
