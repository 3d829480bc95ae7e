import Glibc
import SplitView
import SplitViewFiles

/// Panes split at run time (Ctrl+Shift+E, Ctrl+Shift+O, "Split Right With…", `splitviewctl
/// split`): the browser is the split view's delegate and makes each new pane.
extension Browser: SplitViewControllerDelegate {
    /// The new pane of a split: the terminal (``Terminal``), started in the folder shown; a
    /// pane saying how to name one when none is found.
    package func splitViewController(_ svc: SplitViewController, newPaneBeside pane: ViewController) -> ViewController? {
        newPane(running: Terminal.command(configured: programs.terminal, path: getenv("PATH").map { String(cString: $0) }))
    }

    /// Decided: a column's own content (the folders, the files, the file, the details, or the
    /// program that replaces one, `--secondary CMD`) never closes, wherever a split put it; a
    /// program's pane of a split does, and so does the pane that says no terminal was found.
    package func splitViewController(_ svc: SplitViewController, canClosePane pane: ViewController) -> Bool {
        !SplitViewController.Column.allCases.contains { ownContent(of: $0) === pane }
    }

    /// Shows why a pane command did nothing in the band under the file's bar.
    package func splitViewController(_ svc: SplitViewController, didRefuse command: Command, reason: String) {
        reader.notice = reason
    }

    /// A pane running `command` in the folder shown, on the selected file when the command
    /// names `{file}`; without a command, the pane that says how to set one.
    func newPane(running command: ProgramCommand?) -> ViewController {
        guard let command else { return TextViewController(title: String(translated: "No Terminal"), text: Terminal.missingText) }
        let program = ForeignContentViewController(command: command)
        program.workingDirectory = (selectedFolder ?? tree.root).bytes
        if command.namesFile { program.file = selectedFileBytes }
        return program
    }

    /// Gives every program without a working directory the folder shown: those of the
    /// config's layout, the command line and a restored layout start there, as a split's do.
    ///
    /// Decided: a program's folder is the one shown when its window opened (or when its pane
    /// was made), not the one shown at each restart: a terminal does not follow the browser.
    package func startProgramsInTheFolderShown() {
        let folder = (selectedFolder ?? tree.root).bytes
        for program in split.foreignContentViewControllers where program.workingDirectory == nil {
            program.workingDirectory = folder
        }
    }

    /// The selected file's path (a file or a link to one, never a folder), nil while none is.
    var selectedFileBytes: [UInt8]? {
        guard let folder = selectedFolder, let name = selectedName, let index = entries.index(of: name),
            let entry = entries.entry(at: index), !entry.isFolder
        else { return nil }
        return folder.appending(name).bytes
    }

    // MARK: - Split With…

    /// The app's items of a pane's menu (a right click on its bar), after the split view's
    /// own: "Split Right With…" and "Split Down With…", their rows in the table.
    var paneMenuItems: [MenuItem] {
        [BrowserAction.splitRightWith, .splitDownWith].compactMap(BrowserActions.row(for:)).flatMap {
            $0.menuItems(for: self, file: nil)
        }
    }

    /// "Split Right With…" and "Split Down With…": asks for the command in the files column's
    /// bar, the last one used offered first (all of it selected, so typing replaces it), for
    /// the pane that has the keys now.
    ///
    /// Decided: the field is the location bar's, as the rename field is: one place to type in,
    /// its label saying what it asks. Tab offers the commands used before, then the terminals
    /// tried by default, one after another (a second Tab lists them); Return splits, Escape
    /// splits nothing. A command that does not read is said in the field and kept for another
    /// try. The used commands are kept with the window's state, the newest first.
    func askForSplitCommand(along axis: StackSplitViewController.Axis) {
        guard let pane = split.focusedPane else {
            reader.notice = String(translated: "Give a pane the keys to split it.")
            return
        }
        guard programs[.supplementary] == nil else {
            reader.notice = String(translated: "A program holds the files column: there is no bar to type a command in.")
            return
        }
        renaming.end()
        programs.pendingSplit = (Weak(pane), axis)
        let offered = splitCommandChoices.first ?? ""
        let label = axis == .horizontal ? String(translated: "Split Right With") : String(translated: "Split Down With")
        fileList.navigationItem.textField = TextField(text: offered, selecting: 0..<offered.count, label: label)
        giveFileListTheKeys()
    }

    /// The commands the field offers, in order: those used before, then the configured
    /// terminal and the default ones, each once.
    var splitCommandChoices: [String] {
        var result = programs.usedCommands
        for text in (programs.terminal.map { [$0.text] } ?? []) + Terminal.candidates where !result.contains(text) {
            result.append(text)
        }
        return result
    }

    /// What Return, Tab and Escape do in the "Split … With" field.
    func splitCommandEvent(_ event: TextField.Event) {
        guard let pending = programs.pendingSplit else { return }
        switch event {
        case .cancel:
            endSplitCommand()
        case .submit(let text):
            let command: ProgramCommand
            do {
                command = try ProgramCommand(parsing: text)
            } catch {
                fileList.navigationItem.textField?.message = String(translated: "The command does not read: \(error.description)")
                return
            }
            endSplitCommand()
            // The pane asked for, if it is still in the window; else the pane with the keys.
            guard
                let pane = pending.pane.object.flatMap({ pane in split.visiblePanes.first { $0.pane === pane }?.pane })
                    ?? split.focusedPane
            else { return }
            programs.used(text)
            split.splitPane(pane, along: pending.axis, with: newPane(running: command))
        case .complete(let text, let repeated):
            let choices = splitCommandChoices
            guard var field = fileList.navigationItem.textField, !choices.isEmpty else { return }
            if repeated {
                field.message = choices.joined(separator: "  ·  ")
            }
            // The next choice after the one shown, else the first that starts with the text.
            if let index = choices.firstIndex(of: text) {
                field.setText(choices[(index + 1) % choices.count])
            } else if let match = choices.first(where: { $0.hasPrefix(text) }) {
                field.setText(match)
            } else {
                field.message = String(translated: "No command used before starts with that")
            }
            fileList.navigationItem.textField = field
        }
    }

    /// Closes the "Split … With" field.
    func endSplitCommand() {
        programs.pendingSplit = nil
        fileList.navigationItem.textField = nil
    }
}
