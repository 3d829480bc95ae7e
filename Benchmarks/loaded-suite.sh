#!/bin/sh
# The full suite on a busy machine: `swift test` RUNS times in a row (5 unless given), while two
# processes spin on the processor the whole time, and, when run as root, with a tmpfs mounted
# under /media that holds a volume trash (`.Trash-0` with a file in it, as a USB stick used by
# a file manager has): the tests must pass whatever the machine's load and mounts. Each run's
# result is one line; the logs stay in a folder of their own, named at the end.
#
#   sh Benchmarks/loaded-suite.sh [RUNS] [-- SWIFT-TEST-ARGUMENTS…]
#
# The tmpfs is mounted in a mount namespace of the script's own (`unshare`), so the suite sees
# it in /proc/self/mountinfo while the rest of the machine does not. Not root: no tmpfs (say
# so), the hogs only. Exit status: 0 when every run passed.
set -u
cd "$(dirname "$0")/.."

runs=5
if [ $# -gt 0 ] && [ "$1" != "--" ]; then runs=$1; shift; fi
[ "${1:-}" = "--" ] && shift

if [ "$(id -u)" -eq 0 ] && [ -z "${SPLITVIEW_LOADED_SUITE_INSIDE:-}" ]; then
    if command -v unshare >/dev/null 2>&1 && unshare --mount --propagation private true 2>/dev/null; then
        SPLITVIEW_LOADED_SUITE_INSIDE=1 exec unshare --mount --propagation private sh "$0" "$runs" -- "$@"
    fi
    echo "loaded-suite: unshare cannot make a mount namespace here: no tmpfs" >&2
fi

logs=$(mktemp -d /tmp/splitview-loaded-suite.XXXXXX)
stick=""
hogs=""
finish() {
    for pid in $hogs; do kill "$pid" 2>/dev/null; done
    if [ -n "$stick" ]; then
        umount "$stick" 2>/dev/null
        rmdir "$stick" 2>/dev/null
    fi
}
trap finish EXIT
trap 'exit 130' INT TERM

if [ -n "${SPLITVIEW_LOADED_SUITE_INSIDE:-}" ]; then
    stick=/media/splitview-loaded-$$
    mkdir -p "$stick" && mount -t tmpfs -o size=4m splitview-stick "$stick" || {
        echo "loaded-suite: cannot mount a tmpfs on $stick" >&2
        rmdir "$stick" 2>/dev/null
        exit 1
    }
    mkdir -p "$stick/.Trash-0/files" "$stick/.Trash-0/info"
    chmod 700 "$stick/.Trash-0"
    echo "left here" >"$stick/.Trash-0/files/x"
    printf '[Trash Info]\nPath=%s/x\nDeletionDate=2026-01-02T03:04:05\n' "$stick" >"$stick/.Trash-0/info/x.trashinfo"
    echo "loaded-suite: a tmpfs on $stick holds .Trash-0/files/x (in this script's mount namespace)"
else
    echo "loaded-suite: not root: no tmpfs with a volume trash (mounting needs root); the hogs only"
fi

echo "loaded-suite: building the tests"
if ! swift build --build-tests >"$logs/build.log" 2>&1; then
    tail -20 "$logs/build.log" >&2
    echo "loaded-suite: the build failed ($logs/build.log)" >&2
    exit 1
fi

for _ in 1 2; do
    sh -c 'while :; do :; done' &
    hogs="$hogs $!"
done
echo "loaded-suite: two processor hogs running (pids$hogs) on $(nproc) processors"

failed=0
run=1
while [ "$run" -le "$runs" ]; do
    log="$logs/run-$run.log"
    start=$(date +%s)
    swift test --skip-build "$@" >"$log" 2>&1
    status=$?
    seconds=$(($(date +%s) - start))
    summary=$(grep -E '^.{0,4}Test run with [0-9]+ tests?' "$log" | tail -1 | sed 's/^[^T]*//')
    if [ "$status" -eq 0 ]; then
        echo "run $run: passed in ${seconds} s: ${summary:-no summary}"
    else
        failed=$((failed + 1))
        echo "run $run: FAILED (exit $status) in ${seconds} s: ${summary:-no summary}"
        grep -E 'Test .* (failed|recorded an issue)' "$log" | sed 's/^[^T]*/    /' | sort -u | head -20
    fi
    run=$((run + 1))
done
echo "loaded-suite: $((runs - failed)) of $runs runs passed; logs in $logs"
[ "$failed" -eq 0 ]
