// The processes' and the diagnostics' API is part of the host's: a program that makes a
// `Host` names its `ApplicationIdentity`, reports through `Diagnostics` and starts on
// `TerminationSignals`, with `import SplitViewX11` alone.
@_exported import SplitViewProcesses
