#!/bin/sh
# What Orca says, headless: the real program under a private Xvfb and session bus, with Orca
# (its debug log: each "SPEECH OUTPUT" line is what a user would hear) and the keys a user
# presses through XTEST (xdotool). Steps: moving through the files list, opening the
# inspector, a Delete and its Ctrl+Z, and entering a hosted GTK plug (a pane below the file).
#
#   Benchmarks/Orca/orca-speech.sh [path/to/splitview]   (default: .build/debug/splitview)
#
# Needs: Xvfb, dbus-run-session, at-spi2-core, orca, xdotool, python3-gi with gir1.2-gtk-3.0.
# Prints one line per step, then what Orca said during it.
set -eu
if [ "${1:-}" != "--inside" ]; then
    app=$(realpath "${1:-.build/debug/splitview}")
    work=$(mktemp -d /tmp/splitview-orca-XXXXXX)
    [ -n "${KEEP:-}" ] || trap 'rm -rf "$work"' EXIT; echo "work: $work" >&2
    mkdir -p "$work/home" "$work/Library/Notes"
    for name in agenda.txt budget.txt letters.txt minutes.txt; do echo "$name" > "$work/Library/Notes/$name"; done
    cp "$(dirname "$0")/plug.py" "$work/plug.py"
    display=":$(( $$ % 500 + 300 ))"
    Xvfb "$display" -screen 0 1400x900x24 >/dev/null 2>&1 & xvfb=$!
    sleep 1
    HOME="$work/home" XDG_DATA_HOME="$work/home/data" DISPLAY="$display" \
        dbus-run-session -- "$0" --inside "$app" "$work" 2>/dev/null || true
    kill "$xvfb" 2>/dev/null || true
    exit 0
fi
app=$2 work=$3
"$app" --no-restore --geometry 1400x900 --reduce-motion --below "secondary=/usr/bin/python3 $work/plug.py {}" \
    "$work/Library/Notes/agenda.txt" & program=$!
sleep 2
# Orca's debug file is block-buffered, and a reader killed keeps what it had not written: it
# is opened line-buffered here, so every line is on disk as it is spoken. No speech server is
# started (speech-dispatcher, with no sound card, would hold the first utterance forever):
# Orca then logs each utterance and speaks nothing, which is what is read here.
/usr/bin/python3 -c '
import builtins, runpy, sys
import orca.speech
orca.speech.init = lambda *arguments, **named: None
plain = builtins.open
def line_buffered(file, mode="r", *rest, **named):
    if file == sys.argv[1] and "w" in mode: return plain(file, mode, 1)
    return plain(file, mode, *rest, **named)
builtins.open = line_buffered
log = sys.argv[1]
sys.argv = ["orca", "--debug-file=" + log]
runpy.run_path("/usr/bin/orca", run_name="__main__")
' "$work/orca.log" >/dev/null 2>&1 & reader=$!
sleep 6
window=$(xdotool search --name "SplitView" | head -1)
mark() { echo "$(date +%H:%M:%S.%N | cut -c1-15) $1" >> "$work/steps"; }
step() { mark "$1"; shift; for key in "$@"; do xdotool key --clearmodifiers "$key"; sleep 1.2; done; }
mark "the window gets the focus"; xdotool windowfocus "$window"; sleep 2
# The panes in F6's order: the folders (where the keys start), the files, the file, the plug
# below it, then, once shown, the inspector.
step "moving through the files list" F6 Down Down Up
step "opening the inspector" ctrl+alt+i F6 F6 F6
step "a Delete" F6 F6 Delete
step "its Ctrl+Z" ctrl+z
step "entering the hosted plug" F6 F6 F6 Tab
mark "end"; sleep 1
kill -ABRT "$reader" 2>/dev/null; sleep 1; kill -9 "$reader" 2>/dev/null || true
kill "$program" 2>/dev/null || true
sleep 1
# Each step, then the lines Orca spoke between its mark and the next.
python3 - "$work/steps" "$work/orca.log" <<'PY'
import sys
steps = [line.rstrip('\n').split(' ', 1) for line in open(sys.argv[1])]
spoken = []
for line in open(sys.argv[2], errors='replace'):
    if ' - SPEECH OUTPUT: ' in line:
        time, text = line.split(' - SPEECH OUTPUT: ', 1)
        spoken.append((time.strip(), text.strip()))
for (start, name), (end, _) in zip(steps, steps[1:]):
    print('== ' + name)
    for time, text in spoken:
        if start <= time < end: print('   ' + text)
PY
