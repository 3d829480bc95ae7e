#!/usr/bin/env python3
"""Counts the instructions the release program runs for what a person does, under callgrind,
and holds them to a committed budget.

    python3 Benchmarks/Instructions/count.py [--program PATH] [--update] [--json FILE] [--keep DIR]
                                             [--order [FILE]]

The program runs under `valgrind --tool=callgrind`, which writes one dump after each turn of
the window's loop (`--dump-after` the host's `processPendingEvents`): every instruction of
every thread since the dump before lands in the next one. Counts are of instructions, not
time: they do not depend on how busy the machine is, and a change of a few per cent shows the
day it lands. The figures, each driven from outside through XTEST on a private Xvfb and
waited for by the DAMAGE extension:

  start     exec -> the window settled: every instruction of every thread until the loop has
            been quiet for a while (icons, the folder's types, the accessibility bus included),
            less the frames drawn after the first (their work as `frame` counts it). How many
            there are is a race: the types' worker answers each column's request on its own,
            and under callgrind its answers reached the loop in one turn or in four, 1 to 4
            redraws of about 0.4 M each, so the whole moved 2.8 % between runs of one build
            on one machine and failed CI both ways. Without them three runs agreed within 0.3 %.
  settled   the same, whole: the frames after the first included (reported, not budgeted)
  redraws   how many frames were drawn after the first before the window settled (reported)
  first     exec -> the end of the loop's first turn, which drew the first frame (reported,
            not budgeted: a worker's result races it by about 3 %)
  drag      40 steps of 3 px of the list's divider, and the release
  resize    the window's width swept 200 px down and back in 10 px steps (40 steps)
  f9        F9 pressed twice with --reduce-motion (hide the sidebar, show it), in a run of its
            own: the change itself, drawn once
  frame     one frame of F9's animated transition: the median, over two presses, of the
            frame's own work in the turns after the press's first that drew (called the
            renderer): the animation's step, the windows' placement and the redraw (inclusive
            costs of `tickAnimations`, `SplitWindow.apply` and `SplitWindow.redraw`). The rest
            of such a turn answers the server (exposures already drawn, configure notices),
            and how much of that a frame's turn takes in depends on timing: counted whole, the
            same build gave 172 K or 183 K a frame from run to run. The turns between frames
            that only answer the server are left out likewise. The program
            runs with SPLITVIEW_FIXED_FRAMES, which advances an animation by one frame's period
            a frame whatever time it took: the frames are the same on any machine, though under
            callgrind each takes a hundred times longer.

The environment is fixed so that the counts are the same on any machine with the packages
`.ci/run` installs: a folder made here with fixed names, sizes and times; fontconfig reading
only DejaVu (fonts-dejavu-core) with a cache of its own; the Adwaita icon theme, a MIME
database made here from shared-mime-info's types alone, and no applications (XDG_DATA_DIRS is
a folder made here); no config, no state, no
session bus; LANG=C.UTF-8 and TZ=UTC.

Without --update the counts are compared with `budget.txt` beside this script: a count more
than 3 % over its budget fails (exit 1), and so does one more than 3 % under it (lower the
budget in the same change: run with --update and commit the file). Needs valgrind, Xvfb,
python-xlib, objcopy and readelf (binutils, or the toolchain's llvm-objcopy and llvm-readelf).
"""
import argparse, fcntl, glob, json, os, shutil, signal, statistics, subprocess, sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), 'Window'))
from xvfbrun import start_xvfb, require_program  # noqa: E402
import hotorder  # noqa: E402
from measure import Watch, connect, dividers, new_top_level  # noqa: E402
from Xlib import X, XK  # noqa: E402
from Xlib.ext import xtest  # noqa: E402

TOLERANCE = 0.03
# At most this share of the hot functions' list may be names the program no longer has.
STALE_ORDER = 0.10
FIGURES = ['start', 'drag', 'resize', 'f9', 'frame']
TURN = '*processPendingEvents*'
# Where a drawing goes, in the mangled names callgrind gives: Canvas.draw(_:), which draws a
# list only where it changed, and Renderer.draw(_:on:), which draws it whole.
RENDERERS = ('CanvasC4drawy', 'RendererO4draw')
# A frame's own work: the animation's step, the windows' placement, the redraw (mangled names).
FRAME_WORK = ('HostC14tickAnimations', 'A6WindowC5applyyyF', 'A6WindowC6redraw10presenting')
DUMP_QUIET = 0.4   # no new dump for this long: the program has finished what it was doing
SETTLE_QUIET = 3.0 # at start-up, after the first frame (workers' results come late under valgrind)
DAMAGE_WAIT = 30.0 # a step's frame, under callgrind
FIXED_TIME = 1577934245  # 2020-01-02 03:04:05 UTC: a date shown the same way every year

FONTS_CONF = """<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig>
  <dir>/usr/share/fonts/truetype/dejavu</dir>
  <cachedir>%s</cachedir>
</fontconfig>
"""


def fail(message):
    sys.exit('count.py: ' + message)


def binutil(name, why):
    """binutils' `name`, else the Swift toolchain's `llvm-name`; fails saying `why` it is needed."""
    found = shutil.which(name) or shutil.which('llvm-' + name)
    if not found and shutil.which('swift'):
        candidate = os.path.join(os.path.dirname(os.path.realpath(shutil.which('swift'))), 'llvm-' + name)
        found = candidate if os.access(candidate, os.X_OK) else None
    if not found:
        fail('needs %s (apt install binutils) %s' % (name, why))
    return found


def needed_libraries(program):
    """The shared libraries `program` names (DT_NEEDED)."""
    tool = binutil('readelf', 'to read the libraries the program loads')
    out = subprocess.run([tool, '-d', program], check=True, capture_output=True, text=True).stdout
    return [line.split('[', 1)[1].split(']', 1)[0] for line in out.splitlines() if '(NEEDED)' in line]


def make_fixture(root):
    """The fixed world the program runs in; its environment."""
    library = os.path.join(root, 'Library')
    files = {
        'Notes/Ideas.txt': 'One idea per line.\n' * 40,
        'Notes/Plan.md': '# Plan\n\n- first\n- second\n',
        'Travel/Lisbon.txt': 'Tram 28.\n',
        'Readme.txt': 'A small library for counting instructions.\n' * 20,
        'Recipes.md': '# Bread\n\nFlour, water, salt, time.\n',
        'Budget.csv': 'month,amount\njanuary,10\nfebruary,12\n',
        'script.sh': '#!/bin/sh\necho hello\n',
    }
    for name, text in files.items():
        path = os.path.join(library, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, 'w') as out:
            out.write(text)
    for folder, _, names in os.walk(library, topdown=False):
        for name in names:
            os.utime(os.path.join(folder, name), (FIXED_TIME, FIXED_TIME))
        os.utime(folder, (FIXED_TIME, FIXED_TIME))
    home = os.path.join(root, 'home')
    share = os.path.join(root, 'share')
    runtime = os.path.join(root, 'run')
    for folder in (home, share, runtime, os.path.join(root, 'fontcache'), os.path.join(root, 'xdg'),
                   os.path.join(share, 'icons/hicolor')):
        os.makedirs(folder, mode=0o700, exist_ok=True)
    # Adwaita is one package's; hicolor is everyone's (each program installs its icons there),
    # so only its index.theme is taken.
    for source, name in (('/usr/share/icons/Adwaita', 'icons/Adwaita'),
                         ('/usr/share/icons/hicolor/index.theme', 'icons/hicolor/index.theme')):
        if not os.path.exists(source):
            fail('%s is missing (apt install adwaita-icon-theme)' % source)
        os.symlink(source, os.path.join(share, name))
    # The MIME database is made here from shared-mime-info's own types alone: the system's
    # `mime.cache` also holds the types of every other package installed (a machine with more
    # of them reads a longer cache), and the counts would follow the machine.
    types = '/usr/share/mime/packages/freedesktop.org.xml'
    if not os.path.exists(types) or not shutil.which('update-mime-database'):
        fail('%s or update-mime-database is missing (apt install shared-mime-info)' % types)
    os.makedirs(os.path.join(share, 'mime/packages'))
    os.symlink(types, os.path.join(share, 'mime/packages/freedesktop.org.xml'))
    subprocess.run(['update-mime-database', os.path.join(share, 'mime')], check=True,
                   env=dict(os.environ, PKGSYSTEM_ENABLES_FSYNC='0'),
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    # In a folder of its own: the program's font cache checks the folders of fontconfig's files,
    # and callgrind's dumps change the root's at every turn.
    os.makedirs(os.path.join(root, 'fontconfig'), mode=0o700)
    with open(os.path.join(root, 'fontconfig/fonts.conf'), 'w') as out:
        out.write(FONTS_CONF % os.path.join(root, 'fontcache'))
    # One mount, the same on every machine (the places list the machine's own otherwise).
    with open(os.path.join(root, 'mountinfo'), 'w') as out:
        out.write('22 1 8:1 / / rw,relatime shared:1 - ext4 /dev/sda1 rw\n')
    env = {
        'PATH': '/usr/bin:/bin', 'HOME': home, 'LANG': 'C.UTF-8', 'TZ': 'UTC',
        'FONTCONFIG_FILE': os.path.join(root, 'fontconfig/fonts.conf'),
        'XDG_CONFIG_HOME': os.path.join(home, '.config'), 'XDG_STATE_HOME': os.path.join(home, '.state'),
        'XDG_DATA_HOME': os.path.join(home, '.local/share'), 'XDG_CACHE_HOME': os.path.join(home, '.cache'),
        'XDG_DATA_DIRS': share, 'XDG_CONFIG_DIRS': os.path.join(root, 'xdg'), 'XDG_RUNTIME_DIR': runtime,
        'SPLITVIEW_MOUNTINFO': os.path.join(root, 'mountinfo'),
        # Each frame of an animation one frame's period after the last, whatever time it took:
        # F9 draws the same frames here as on any machine, so a frame's count does not move
        # with the machine's speed (it moved 6 % between two machines, with 14 and 16 frames).
        'SPLITVIEW_FIXED_FRAMES': '1',
    }
    return library, env


class Run:
    """The program under callgrind on `display`, its dumps read as they come."""

    def __init__(self, program, library, env, display, root, name, extra=()):
        self.prefix = os.path.join(root, 'callgrind.%s' % name)
        command = ['valgrind', '--tool=callgrind', '--dump-after=' + TURN, '--dump-instr=no',
                   '--callgrind-out-file=' + self.prefix + '.%p', '--log-file=' + self.prefix + '.log',
                   program, '--no-restore', *extra, library]
        self.process = subprocess.Popen(command, env=dict(env, DISPLAY=display),
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.read = 0  # the newest dump taken so far

    def dumps(self):
        """The numbers of the dumps written so far, in order."""
        numbers = []
        for path in glob.glob(self.prefix + '.*.*'):
            tail = path.rsplit('.', 1)[1]
            if tail.isdigit():
                numbers.append(int(tail))
        return sorted(numbers)

    def path(self, number):
        return '%s.%d.%d' % (self.prefix, self.process.pid, number)

    def instructions(self, number):
        """The instructions of dump `number`, once callgrind has written it whole (its last
        line is the totals)."""
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            with open(self.path(number)) as dump:
                for line in dump:
                    if line.startswith('totals:'):
                        return int(line.split()[1])
            time.sleep(0.05)
        fail('%s has no totals line' % self.path(number))

    def drew(self, number):
        """Whether the turn of dump `number` drew: callgrind names a function in a dump only
        when it ran in it, and every drawing goes through the canvas or the renderer."""
        with open(self.path(number)) as dump:
            return any(
                any(name in line for name in RENDERERS) for line in dump if line.startswith(('fn=', 'cfn=')))

    def wait_first(self):
        """Waits for the first dump: the loop's first turn, which drew the first frame."""
        while not self.dumps():
            if self.process.poll() is not None:
                fail('the program ended under valgrind (see %s.log)' % self.prefix)
            time.sleep(0.05)

    def wait_quiet(self, quiet, limit=120.0):
        """Waits until no dump has come for `quiet` seconds."""
        count, since, start = len(self.dumps()), time.monotonic(), time.monotonic()
        while time.monotonic() - since < quiet:
            if self.process.poll() is not None:
                fail('the program ended under valgrind (see %s.log)' % self.prefix)
            if time.monotonic() - start > limit:
                fail('the program never went quiet')
            time.sleep(0.05)
            now = len(self.dumps())
            if now != count:
                count, since = now, time.monotonic()

    def new(self):
        """The numbers of the dumps written since the last call (or `take`)."""
        numbers = [n for n in self.dumps() if n > self.read]
        if numbers:
            self.read = numbers[-1]
        return numbers

    def turns(self):
        """Each dump written since the last call: its instructions, and whether its turn drew."""
        return [(self.instructions(n), self.drew(n)) for n in self.new()]

    def frame_work(self, number):
        """The inclusive instructions of dump `number`'s frame work (`FRAME_WORK`)."""
        out = subprocess.run(['callgrind_annotate', '--inclusive=yes', '--threshold=100', self.path(number)],
                             capture_output=True, text=True, check=True).stdout
        # Each function's own line is its largest: its closures and `defer`s share its name.
        largest = dict.fromkeys(FRAME_WORK, 0)
        for line in out.splitlines():
            fields = line.split()
            for name in FRAME_WORK:
                if len(fields) >= 3 and name in line and fields[0].replace(',', '').isdigit():
                    largest[name] = max(largest[name], int(fields[0].replace(',', '')))
        return sum(largest.values())

    def frames(self):
        """The frame work of each dump written since the last call that drew, after the first."""
        numbers = self.new()[1:]
        return [self.frame_work(n) for n in numbers if self.drew(n)]

    def take(self):
        """The instructions of the dumps written since the last call, summed."""
        return sum(self.instructions(n) for n in self.new())

    def end(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(60)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def window_of(d, before):
    window = new_top_level(d, before, time.perf_counter() + 120)
    if window is None:
        fail('no window within 120 s under valgrind')
    return window


def press_f9(d, code, watch, run, frames=False):
    """F9 down and up, its frames waited for; each turn it brought (`Run.turns`), or with
    `frames` the frame work of each turn after the first that drew (`Run.frames`)."""
    watch.drain()
    run.take()
    xtest.fake_input(d, X.KeyPress, code)
    xtest.fake_input(d, X.KeyRelease, code)
    d.sync()
    watch.wait(DAMAGE_WAIT, 0.5)
    run.wait_quiet(DUMP_QUIET)
    return run.frames() if frames else run.turns()


def count_main(program, library, env, display, root):
    """start, first, drag, resize and the animated F9's frames, in one run."""
    d = connect(display)
    root_window = d.screen().root
    before = {child.id for child in root_window.query_tree().children}
    run = Run(program, library, env, display, root, 'main')
    figures = {}
    try:
        window = window_of(d, before)
        watch = Watch(d, window)
        run.wait_first()
        figures['first'] = run.instructions(run.dumps()[0])
        run.wait_quiet(SETTLE_QUIET)
        turns = run.new()
        redraws = [run.frame_work(n) for n in turns[1:] if run.drew(n)]
        figures['settled'] = sum(run.instructions(n) for n in turns)
        figures['start'] = figures['settled'] - sum(redraws)
        figures['redraws'] = len(redraws)
        geometry = window.get_geometry()
        width, height = geometry.width, geometry.height
        found = dividers(window, width, height)
        if len(found) < 2:
            fail('no divider to drag (found %s)' % found)
        origin = window.translate_coords(root_window, 0, 0)
        x, y = found[1] - origin.x, height // 2 - origin.y

        def step(send):
            watch.drain()
            send()
            d.sync()
            watch.wait(DAMAGE_WAIT, 0.2)
            run.wait_quiet(DUMP_QUIET)

        step(lambda: (xtest.fake_input(d, X.MotionNotify, x=x, y=y), xtest.fake_input(d, X.ButtonPress, 1)))
        for _ in range(3):  # past any threshold, not counted
            x += 3
            step(lambda: xtest.fake_input(d, X.MotionNotify, x=x, y=y))
        run.take()
        for sign in (1, -1):
            for _ in range(20):
                x += 3 * sign
                step(lambda: xtest.fake_input(d, X.MotionNotify, x=x, y=y))
        step(lambda: xtest.fake_input(d, X.ButtonRelease, 1))
        figures['drag'] = run.take()
        widths = list(range(width - 10, width - 201, -10)) + list(range(width - 190, width + 1, 10))
        for w in widths:
            step(lambda: window.configure(width=w))
        figures['resize'] = run.take()
        code = d.keysym_to_keycode(XK.string_to_keysym('F9'))
        frames = []
        for _ in range(2):
            frames += press_f9(d, code, watch, run, frames=True)
        if not frames:
            fail('F9 drew no frame after its first')
        figures['frame'] = int(statistics.median(frames))
        figures['frames'] = len(frames)
    finally:
        run.end()
        d.close()
    return figures


def count_f9(program, library, env, display, root):
    """F9 twice with --reduce-motion: the change drawn at once."""
    d = connect(display)
    before = {child.id for child in d.screen().root.query_tree().children}
    run = Run(program, library, env, display, root, 'f9', extra=['--reduce-motion'])
    try:
        window = window_of(d, before)
        watch = Watch(d, window)
        run.wait_first()
        run.wait_quiet(SETTLE_QUIET)
        run.take()
        code = d.keysym_to_keycode(XK.string_to_keysym('F9'))
        total = sum(count for press in range(2) for count, _ in press_f9(d, code, watch, run))
    finally:
        run.end()
        d.close()
    return total


def warm_up(program, library, env, display):
    """One start without valgrind, not counted: it writes fontconfig's cache for the fixed
    fonts, and the program's own answers from it (its font cache, every role asked within the
    second), as every start after a user's first finds them."""
    d = connect(display)
    before = {child.id for child in d.screen().root.query_tree().children}
    process = subprocess.Popen([program, '--no-restore', library], env=dict(env, DISPLAY=display),
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        window_of(d, before)
        time.sleep(1)
    finally:
        process.terminate()
        process.wait(30)
        d.close()


def read_budget(path):
    budget = {}
    with open(path) as text:
        for number, line in enumerate(text, 1):
            line = line.split('#', 1)[0].strip()
            if not line:
                continue
            words = line.split()
            if len(words) != 2 or words[0] not in FIGURES or not words[1].isdigit():
                fail('%s:%d: expected "FIGURE COUNT" with a figure of %s' % (path, number, ', '.join(FIGURES)))
            budget[words[0]] = int(words[1])
    return budget


def write_budget(path, counts):
    lines = ['# Instructions (callgrind Ir) for each figure of Benchmarks/Instructions/count.py, on the',
             '# fixed folder and fonts it makes. CI fails a count 3 % over or under its line; lower',
             '# or raise a line on purpose with `python3 Benchmarks/Instructions/count.py --update`',
             '# (see Benchmarks/README.md) and say why in the commit.']
    lines += ['%s %d' % (name, counts[name]) for name in FIGURES]
    with open(path + '.new', 'w') as out:
        out.write('\n'.join(lines) + '\n')
    os.replace(path + '.new', path)


def dumps_in_order(root):
    """Every dump of the runs in `root`, in the order written: the main run's turns, its last
    dump (at its exit), then F9's."""
    ordered = []
    for name in ('main', 'f9'):
        numbered, last = [], []
        for path in glob.glob(os.path.join(root, 'callgrind.%s.*' % name)):
            tail = path.rsplit('.', 1)[1]
            if tail.isdigit() and path.count('.') >= 2 and path.rsplit('.', 2)[1].isdigit():
                numbered.append((int(tail), path))
            elif tail.isdigit():
                last.append(path)
        ordered += [path for _, path in sorted(numbered)] + last
    return ordered


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    repository = os.path.dirname(os.path.dirname(HERE))
    parser.add_argument('--program', default=os.path.join(repository, '.build/release/splitview'),
                        help='the release build (default .build/release/splitview)')
    parser.add_argument('--budget', default=os.path.join(HERE, 'budget.txt'))
    parser.add_argument('--update', action='store_true', help='write the counts as the new budget')
    parser.add_argument('--json', help='write the counts here')
    parser.add_argument('--keep', metavar='DIR',
                        help="keep callgrind's dumps here, to read with callgrind_annotate (one per turn)")
    order_file = os.path.join(repository, 'Sources/SplitViewApp/Linking/hot-functions.order')
    parser.add_argument('--order', metavar='FILE', nargs='?', const=order_file,
                        help='write the functions that ran, in the order they first ran, as the symbol '
                             'ordering file the release build links by (default %s)' % os.path.relpath(order_file))
    args = parser.parse_args()
    require_program(args.program)
    if not shutil.which('valgrind'):
        fail('needs valgrind (apt install valgrind)')
    # A fixed path: the folder's path is drawn, and the same text draws the same way. So two
    # counts on one machine take turns: a second one would remove the first one's folder
    # under its running program (and fail it).
    root = os.path.join(tempfile.gettempdir(), 'splitview-count')
    lock = open(root + '.lock', 'w')
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        print('count.py: another count runs on this machine; waiting for it', file=sys.stderr)
        fcntl.flock(lock, fcntl.LOCK_EX)
    shutil.rmtree(root, ignore_errors=True)
    os.makedirs(root, mode=0o700)
    try:
        # valgrind 3.19 cannot read the DWARF Swift writes; the symbols are enough to name a turn.
        program = os.path.join(root, 'splitview')
        strip = binutil('objcopy', 'to strip the debug information valgrind cannot read')
        subprocess.run([strip, '--strip-debug', args.program, program], check=True)
        library, env = make_fixture(root)
        _, display = start_xvfb('count.py')
        warm_up(program, library, env, display)
        counts = count_main(program, library, env, display, root)
        counts['f9'] = count_f9(program, library, env, display, root)
        if args.order:
            written = hotorder.write_order(args.order, dumps_in_order(root), program)
            print('wrote %s: %d functions' % (args.order, written))
    finally:
        if args.keep:
            os.makedirs(args.keep, exist_ok=True)
            for path in glob.glob(os.path.join(root, 'callgrind.*')):
                shutil.copy(path, args.keep)
        shutil.rmtree(root, ignore_errors=True)
    if args.json:
        with open(args.json, 'w') as out:
            json.dump(counts, out, indent=1)
    budget = {} if args.update else read_budget(args.budget)
    failed = False
    print('%-8s %14s %14s %8s' % ('figure', 'instructions', 'budget', 'change'))
    for name in ['first', 'settled'] + FIGURES:
        limit = budget.get(name)
        change = '' if not limit else '%+.1f%%' % ((counts[name] - limit) * 100 / limit)
        verdict = ''
        if limit and counts[name] > limit * (1 + TOLERANCE):
            verdict, failed = '  over budget', True
        elif limit and counts[name] < limit * (1 - TOLERANCE):
            verdict, failed = '  under budget: lower it (--update)', True
        elif name in FIGURES and not args.update and limit is None:
            verdict, failed = '  no budget', True
        print('%-8s %14d %14s %8s%s' % (name, counts[name], limit or '-', change, verdict))
    print('(%d frames drawn after the first at start, left out of its count; %d frames of F9 counted)' % (
        counts['redraws'], counts['frames']))
    # The hot functions' list goes stale as the code changes: a function renamed or gone is
    # linked where it falls, and the memory its neighbours kept resident creeps back.
    gone, listed = hotorder.missing(args.order or order_file, args.program)
    print('hot functions: %d of the %d listed are in the program' % (listed - len(gone), listed))
    stale = listed == 0 or len(gone) > listed * STALE_ORDER
    # The C++ runtime is linked in (Package.swift, Sources/SplitViewApp/Linking/static-libstdc++):
    # loaded instead, it costs the start 2 M instructions in the loader, and a toolchain that
    # searched GCC's folder first would bring it back without a word.
    shared_cxx = [name for name in needed_libraries(args.program) if name.startswith('libstdc++')]
    print('C++ runtime: %s' % ('loaded from ' + shared_cxx[0] if shared_cxx else 'linked in'))
    if args.update:
        write_budget(args.budget, counts)
        print('wrote %s' % args.budget)
    elif failed:
        fail('instruction counts outside the budget (above); see Benchmarks/README.md')
    if shared_cxx:
        fail('the program loads %s: the release link no longer takes libstdc++.a (see Package.swift)' % shared_cxx[0])
    if stale:
        fail('the hot functions list is stale (%s; e.g. %s): write it again with --order' % (
            os.path.relpath(args.order or order_file), gone[0] if gone else 'it is empty'))


if __name__ == '__main__':
    main()
