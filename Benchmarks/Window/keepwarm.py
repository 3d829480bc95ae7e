#!/usr/bin/env python3
"""Keeps programs' files in the page cache while a benchmark runs, so that their starts are
warm against warm, as the team compares them.

    python3 Benchmarks/Window/keepwarm.py PROGRAM... [--data GLOB...] [--every SECONDS]

Every few seconds (10 by default), at the lowest priority, it reads one byte of every page of
each PROGRAM, of each library `ldd` lists for it, and of the desktop's data a start reads (the
icon themes' caches and Adwaita's icons, the MIME data, the DejaVu fonts and fontconfig's
caches, the sample library, SplitView's font cache; `--data` adds more). It ends when killed.

Why: a machine whose memory reclaim pages out files left unread for a while (this VM's
DAMON scheme: `pageout` after 60 s without an access) evicts each program between the rounds
of an all-app run, which come about two minutes apart. The floor's 16 KB binary costs
nothing to read again, an 18 MB one several milliseconds: such a run compares a cold start
with a warm one. Reading the pages marks them used, so the reclaim leaves them, and every
program in the run gets the same treatment. A desktop without such a reclaim keeps them
cached by itself; there this script changes nothing. A pass over 140 MB of cached files takes
a few tens of milliseconds of one core, at nice 19.
"""
import argparse, glob, mmap, os, subprocess, sys, time

DATA = ['/usr/share/icons/*/icon-theme.cache', '/usr/share/icons/*/index.theme',
        '/usr/share/icons/Adwaita/**/*.png', '/usr/share/icons/Adwaita/**/*.svg',
        '/usr/share/mime/*', '/usr/share/fonts/truetype/dejavu/*',
        '/var/cache/fontconfig/*', '~/.cache/splitview/fonts',
        os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../Resources/Library/**/*')]


def libraries(program):
    """The absolute paths `ldd` prints for `program` (none for a static one)."""
    out = subprocess.run(['ldd', program], capture_output=True, text=True).stdout
    paths = []
    for line in out.splitlines():
        parts = line.split('=>')
        path = (parts[1] if len(parts) > 1 else parts[0]).strip().split(' (')[0].strip()
        if path.startswith('/'):
            paths.append(path)
    return paths


def touch(path):
    """Reads one byte of every page of `path` through a mapping; a file that cannot be read
    is passed over."""
    try:
        with open(path, 'rb') as f:
            size = os.fstat(f.fileno()).st_size
            if size == 0:
                return
            with mmap.mmap(f.fileno(), 0, prot=mmap.PROT_READ) as m:
                for offset in range(0, size, mmap.PAGESIZE):
                    m[offset]
    except (OSError, ValueError):
        pass


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('programs', nargs='+', help='the programs run by the benchmark')
    parser.add_argument('--data', action='append', default=[], metavar='GLOB', help='more files to keep')
    parser.add_argument('--every', type=float, default=10, metavar='SECONDS', help='the pause between passes')
    args = parser.parse_args()
    files = set()
    for program in args.programs:
        if not os.path.isfile(program):
            sys.exit('keepwarm.py: %s: no such program' % program)
        files.add(os.path.realpath(program))
        files.update(os.path.realpath(p) for p in libraries(program))
    for pattern in DATA + args.data:
        files.update(p for p in glob.glob(os.path.expanduser(pattern), recursive=True) if os.path.isfile(p))
    files = sorted(files)
    print('keepwarm.py: %d files, %d MiB, every %g s' % (
        len(files), sum(os.path.getsize(f) for f in files) >> 20, args.every), flush=True)
    os.nice(19)
    while True:
        for path in files:
            touch(path)
        time.sleep(args.every)


if __name__ == '__main__':
    main()
