"""The program's functions that ran under callgrind, in the order they first ran: the symbol
ordering file the release build links by (`Sources/SplitViewApp/Linking/hot-functions.order`).

The kernel maps a program's code into its memory 64 KiB around each page it touches, so a
start that runs a few thousand functions scattered through 12 MB of code has most of that code
resident. Linked one after another, the same functions fill a few hundred KiB: settled RSS
fell from 19.1 to 16.4 MiB (2026-11-29). Callgrind names each function that ran in a dump, and
names an object or a function in full only the first time a dump file mentions it, in a `fn=`,
`cfn=`, `ob=` or `cob=` line; afterwards by its number alone. It demangles C++ names (the Swift
runtime's), which the linker wants mangled: they are mapped back through the program's own
symbol table and c++filt (binutils).
"""
import os, re, shutil, subprocess

NAMED = re.compile(r'^(c?ob|c?fn)=\((\d+)\)(?: (.*))?$')


def program_object(name, program):
    """Whether callgrind's object `name` is the program: by its path, or `???` (callgrind names
    the program so in the dumps written before it had read its symbols)."""
    return name == '???' or os.path.basename(name) == os.path.basename(program)


def functions_in_order(dumps, program):
    """The names of the program's functions that ran in `dumps` (paths, in the order they were
    written), each once, in the order they first ran."""
    seen, order = set(), []
    for path in dumps:
        objects, functions, current = {}, {}, None
        with open(path, errors='replace') as dump:
            for line in dump:
                match = NAMED.match(line.rstrip('\n'))
                if not match:
                    continue
                kind, number, name = match.groups()
                table = objects if kind.endswith('ob') else functions
                if name:
                    table[number] = name
                if kind == 'ob':
                    current = objects.get(number)
                elif kind == 'fn' and current is not None and program_object(current, program):
                    function = functions.get(number, '').split("'")[0]  # f'2: a recursion's depth
                    if function and not function.startswith('0x') and function not in seen:
                        seen.add(function)
                        order.append(function)
    return order


def mangled(names, program):
    """`names` as the program's symbol table spells them: a demangled C++ name mapped back,
    a name the table lacks left out."""
    symbols_ = sorted(symbols(program))
    filt = shutil.which('c++filt')
    readable = subprocess.run([filt], input='\n'.join(symbols_), capture_output=True, text=True,
                              check=True).stdout.splitlines() if filt else symbols_
    back = {}
    for symbol, name in zip(symbols_, readable):
        back.setdefault(name, symbol)
    table = set(symbols_)
    return [name if name in table else back[name] for name in names if name in table or name in back]


def symbols(program):
    """The names the program's symbol table defines."""
    nm = subprocess.run(['nm', '--defined-only', program], capture_output=True, text=True, check=True).stdout
    return {fields[2] for fields in (line.split() for line in nm.splitlines()) if len(fields) == 3}


def missing(path, program):
    """The names of the ordering file at `path` that the program does not define, and how many
    names the file has: a list gone stale as the code changed."""
    with open(path) as order:
        names = [line.strip() for line in order if line.strip()]
    table = symbols(program)
    return [name for name in names if name not in table], len(names)


def write_order(path, dumps, program):
    """Writes the ordering file at `path` (beside it, then renamed over it); the count."""
    names = mangled(functions_in_order(dumps, program), program)
    with open(path + '.new', 'w') as out:
        out.write('\n'.join(names) + '\n')
    os.replace(path + '.new', path)
    return len(names)
