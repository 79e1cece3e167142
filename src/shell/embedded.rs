//! Code inside a command's words, which the command runs: option values (`git -c
//! alias.x='!…'`, `git --upload-pack=…`, `ssh -o ProxyCommand=…`, `tar --to-command=…`,
//! `rsync -e …`, `man -P …`, `zip -TT …`), builtins' arguments (`trap '…' EXIT`,
//! `alias x='…'`, `export PAGER='…'`), command templates (`parallel CMD ::: ARGS`),
//! debugger commands (`gdb -ex 'shell …'`) and interpreters' inline code
//! (`python3 -c …`, `perl -e …`, `awk '…'`; read by [`inline`]). The parser analyses each
//! piece as a script or a command of its own, whose parent is the command, with the same
//! checks as the top level.

use super::effects::{self, SedCommand};
pub(super) use super::inline::Code;
use super::inline::{self, interpreter, push, push_script, Lang};
use super::wrappers::{options, COMMAND_VARIABLES};
use super::{basename, names, SimpleCommand};

// Names only this module matches (the rest are in `names`).
const TRAP: names::Key = names::folded_key("trap");
const ALIAS: names::Key = names::folded_key("alias");
const EXPORT: names::Key = names::folded_key("export");
const DECLARE: names::Key = names::folded_key("declare");
const TYPESET: names::Key = names::folded_key("typeset");
const LOCAL: names::Key = names::folded_key("local");
const READONLY: names::Key = names::folded_key("readonly");
const ZIP: names::Key = names::folded_key("zip");
const MAN: names::Key = names::folded_key("man");
const MAKE: names::Key = names::folded_key("make");
const GMAKE: names::Key = names::folded_key("gmake");
const GDB: names::Key = names::folded_key("gdb");
const LLDB: names::Key = names::folded_key("lldb");
const PARALLEL: names::Key = names::folded_key("parallel");
const NPX: names::Key = names::folded_key("npx");
const NPM: names::Key = names::folded_key("npm");
const PNPM: names::Key = names::folded_key("pnpm");
const SED: names::Key = names::folded_key("sed");
const SSH: names::Key = names::folded_key("ssh");
const SFTP: names::Key = names::folded_key("sftp");
const TAR: names::Key = names::folded_key("tar");
const BSDTAR: names::Key = names::folded_key("bsdtar");
const GTAR: names::Key = names::folded_key("gtar");
const GSED: names::Key = names::folded_key("gsed");
const VIM: names::Key = names::folded_key("vim");
const NVIM: names::Key = names::folded_key("nvim");
const VI: names::Key = names::folded_key("vi");
const EX: names::Key = names::folded_key("ex");
const VIEW: names::Key = names::folded_key("view");
const SQLITE3: names::Key = names::folded_key("sqlite3");
const PSQL: names::Key = names::folded_key("psql");
const MYSQL: names::Key = names::folded_key("mysql");
const MARIADB: names::Key = names::folded_key("mariadb");
const EMACS: names::Key = names::folded_key("emacs");

/// The code in command `c`'s words (its launchers already peeled; `key` is the
/// [`names::folded_key`] of its name). Empty for most commands.
pub(super) fn code(c: &SimpleCommand, key: names::Key) -> Vec<Code> {
    let mut out = Vec::new();
    let Some(first) = c.words.first() else {
        return out;
    };
    let name = basename(first);
    let words = &c.words;
    let args = words.get(1..).unwrap_or(&[]);
    if let Some(why) = filled_in(c, name) {
        push(&mut out, Code::Opaque("launcher", why));
    }
    match key {
        names::GIT => git(c, args, &mut out),
        SSH | names::SCP | SFTP => ssh(args, &mut out),
        names::RSYNC => {
            for (i, skip) in short_or_long(args, b'e', &["--rsh", "--rsync-path"]) {
                script(&mut out, "rsync -e", args, i, skip);
            }
        }
        TAR | BSDTAR | GTAR => tar(args, &mut out),
        ZIP => {
            for (i, skip) in short_or_long(args, 0, &["-TT", "--unzip-command"]) {
                script(&mut out, "zip -TT", args, i, skip);
            }
        }
        MAN => {
            for (i, skip) in short_or_long(args, b'P', &["--pager", "--html"]) {
                script(&mut out, "man --pager", args, i, skip);
            }
        }
        TRAP => trap(args, &mut out),
        ALIAS => {
            for w in args {
                if let Some((_, value)) = w.split_once('=') {
                    push_script(&mut out, "alias", value);
                }
            }
        }
        EXPORT | DECLARE | TYPESET | LOCAL | READONLY => {
            for w in args {
                if let Some((k, v)) = w.split_once('=') {
                    if COMMAND_VARIABLES.contains(&k) {
                        push_script(&mut out, "command variable", v);
                    }
                }
            }
        }
        MAKE | GMAKE => make(args, &mut out),
        GDB | LLDB => debugger(args, &mut out),
        PARALLEL => parallel(words, &mut out),
        NPX | NPM | PNPM => {
            // `npx -c CMD`, `npm exec -c CMD`: options before the package only (`npx eslint
            // -c FILE` is eslint's)
            let exec = match names::folded_key(name) {
                NPX => args,
                _ if args.first().is_some_and(|a| a == "exec" || a == "x") => &args[1..],
                _ => &[],
            };
            let options = exec.iter().take_while(|w| w.starts_with('-')).count();
            let before = exec.get(..(options + 1).min(exec.len())).unwrap_or(&[]);
            for (i, skip) in short_or_long(before, b'c', &["--call"]) {
                script(&mut out, "npm exec --call", exec, i, skip);
            }
        }
        SED | GSED => sed(args, &mut out),
        VIM | NVIM | VI | EX | VIEW | SQLITE3 | PSQL | MYSQL | MARIADB | EMACS => {
            shell_escapes(key, args, &mut out)
        }
        _ => {
            if let Some(lang) = interpreter(name) {
                interpreter_code(c, lang, &mut out);
            }
        }
    }
    out
}

/// Why the program a launcher runs is only known when it runs: a name filled in from input
/// (`xargs -I{} {} …`, `find -exec {} \;`), a `sh -c` whose script `xargs` appends.
/// (`bash <(…)` is the critical detector's: `remote-code-exec` when it downloads.)
fn filled_in(c: &SimpleCommand, name: &str) -> Option<&'static str> {
    let runner = c
        .wrappers
        .iter()
        .any(|w| matches!(w.name.as_str(), "xargs" | "find -exec" | "parallel"));
    let first = c.words.first()?;
    if runner && first.contains("{}") {
        return Some("the command name is filled in when it runs");
    }
    // `xargs sh -c`: the script is the first word xargs appends
    let script_missing = runner
        && super::wrappers::is_shell(name)
        && c.words.iter().skip(1).all(|w| w.starts_with('-'))
        && c.words
            .iter()
            .any(|w| w.starts_with('-') && w.contains('c'));
    script_missing.then_some("the script is appended when it runs")
}

/// Word `i` of `args` after `skip` bytes, as a script.
fn script(out: &mut Vec<Code>, source: &'static str, args: &[String], i: usize, skip: usize) {
    if let Some(text) = args.get(i).and_then(|w| w.get(skip..)) {
        push_script(out, source, text);
    }
}

/// (word index, byte offset) of each value of short option `short` (`-x V`, `-xV`, the last
/// letter of a bundle `-avx V`; `0` for none) and of long options (`--long V`, `--long=V`;
/// a long option spelled with one dash, like `-TT`, matches exactly).
fn short_or_long(args: &[String], short: u8, long: &[&str]) -> Vec<(usize, usize)> {
    let mut found = Vec::new();
    let mut i = 0;
    while let Some(w) = args.get(i) {
        i += 1;
        if w == "--" {
            break;
        }
        if let Some(l) = long.iter().find(|l| w.starts_with(**l)) {
            match w.get(l.len()..) {
                Some("") => found.push((i, 0)),
                Some(rest) if rest.starts_with('=') => found.push((i - 1, l.len() + 1)),
                _ => {}
            }
            continue;
        }
        if short == 0 || w.starts_with("--") || !w.starts_with('-') {
            continue;
        }
        if let Some(at) = w.bytes().skip(1).position(|b| b == short) {
            if at + 2 == w.len() {
                found.push((i, 0));
            } else {
                found.push((i - 1, at + 2));
            }
        }
    }
    found
}

/// git config keys whose value is a command git runs (`alias.*`, `core.pager`,
/// `core.sshCommand`, `diff.<driver>.textconv`, `filter.<driver>.smudge`, …).
fn git_key_runs(key: &str) -> bool {
    let k = key.to_ascii_lowercase();
    if k.starts_with("alias.") || k.starts_with("pager.") {
        return true;
    }
    const LAST: &[&str] = &[
        "pager",
        "editor",
        "sshcommand",
        "fsmonitor",
        "external",
        "command",
        "cmd",
        "textconv",
        "driver",
        "clean",
        "smudge",
        "process",
        "program",
        "helper",
        "askpass",
        "uploadpack",
        "receivepack",
        "packobjectshook",
        "gitproxy",
        "difffilter",
        "path",
        "browser",
        "proxycommand",
    ];
    LAST.contains(&k.rsplit('.').next().unwrap_or(""))
}

/// A boolean config value (`pager.log=false`, `core.fsmonitor=true`): no command.
fn boolean(v: &str) -> bool {
    matches!(
        v.to_ascii_lowercase().as_str(),
        "" | "true" | "false" | "yes" | "no" | "on" | "off" | "1" | "0"
    )
}

/// `KEY=VALUE` of `git -c` / `git config KEY VALUE`: the code it sets. An alias without
/// `!` is a git command line (`git -c alias.p=push p` runs `git push`).
fn git_config(key: &str, value: &str, out: &mut Vec<Code>) {
    if key
        .get(..7)
        .is_some_and(|k| k.eq_ignore_ascii_case("include"))
    {
        push(
            out,
            Code::Opaque("git config", "an included file can set any command"),
        );
        return;
    }
    if !git_key_runs(key) || boolean(value) {
        return;
    }
    let alias = key.to_ascii_lowercase().starts_with("alias.");
    match value.strip_prefix('!') {
        Some(cmd) => push_script(out, "git config", cmd),
        None if alias => {
            let mut words = vec!["git".to_string()];
            words.extend(value.split_whitespace().map(String::from));
            push(out, Code::Argv("git alias", words));
        }
        // `credential.helper=store` names git-credential-store
        None if key.to_ascii_lowercase().ends_with(".helper") && !value.starts_with('/') => {}
        None => push_script(out, "git config", value),
    }
}

fn git(c: &SimpleCommand, args: &[String], out: &mut Vec<Code>) {
    env_config(c, out);
    let mut aliases: Vec<(String, String)> = Vec::new();
    let mut i = 0;
    // global options before the subcommand
    while let Some(w) = args.get(i) {
        if !w.starts_with('-') {
            break;
        }
        match w.as_str() {
            "-c" => {
                if let Some((k, v)) = args.get(i + 1).and_then(|kv| kv.split_once('=')) {
                    match k.get(..6).filter(|a| a.eq_ignore_ascii_case("alias.")) {
                        Some(_) => {
                            aliases.push((k.get(6..).unwrap_or("").to_string(), v.to_string()))
                        }
                        None => git_config(k, v, out),
                    }
                }
                i += 2;
            }
            "--config-env" => {
                config_env(args.get(i + 1).map(String::as_str).unwrap_or(""), out);
                i += 2;
            }
            "-C" | "--git-dir" | "--work-tree" | "--namespace" | "--exec-path"
            | "--super-prefix" => i += 2,
            _ => {
                if let Some(kv) = w.strip_prefix("--config-env=") {
                    config_env(kv, out);
                } else if w.starts_with("--exec-path=") {
                    push(
                        out,
                        Code::Opaque("git --exec-path", "chooses the programs git runs"),
                    );
                }
                i += 1;
            }
        }
    }
    let sub = args.get(i).map(String::as_str);
    let rest = args.get(i + 1..).unwrap_or(&[]);
    // `git -c alias.x=… x ARGS`: an alias runs with the arguments after it (a `!` alias as
    // `sh -c 'VALUE "$@"'`)
    for (name, value) in &aliases {
        let called = sub.is_some_and(|s| s.eq_ignore_ascii_case(name));
        let args = if called { rest } else { &[] };
        match value.strip_prefix('!') {
            Some(cmd) => {
                let mut text = cmd.to_string();
                for a in args {
                    text.push(' ');
                    text.push_str(&super::render::quote(a));
                }
                push(out, Code::Script("git alias", text));
            }
            None => {
                let mut words = vec!["git".to_string()];
                words.extend(value.split_whitespace().map(String::from));
                words.extend(args.iter().cloned());
                push(out, Code::Argv("git alias", words));
            }
        }
    }
    let Some(sub) = sub else {
        return;
    };
    // `ext::CMD ARG…` remotes run CMD (`% ` is a space inside a word, `%%` a percent sign)
    for w in rest {
        if let Some(cmd) = w.strip_prefix("ext::") {
            let words: Vec<String> = cmd
                .replace("%%", "\u{1}")
                .replace("% ", "\u{2}")
                .split(' ')
                .filter(|w| !w.is_empty())
                .map(|w| w.replace('\u{2}', " ").replace('\u{1}', "%"))
                .collect();
            if !words.is_empty() {
                push(out, Code::Argv("git ext::", words));
            }
        }
    }
    let long: &[&str] = match sub {
        "clone" | "fetch" | "pull" | "ls-remote" | "archive" | "push" | "remote" => {
            &["--upload-pack", "--receive-pack", "--exec"]
        }
        "rebase" => &["--exec"],
        "difftool" => &["--extcmd"],
        "grep" => &["--open-files-in-pager"],
        "send-email" => &["--sendmail-cmd", "--to-cmd", "--cc-cmd", "--header-cmd"],
        "filter-branch" => &[
            "--env-filter",
            "--tree-filter",
            "--index-filter",
            "--parent-filter",
            "--msg-filter",
            "--commit-filter",
            "--tag-name-filter",
        ],
        _ => &[],
    };
    let short = match sub {
        "clone" => b'u',
        "rebase" | "difftool" => b'x',
        _ => 0,
    };
    for (at, skip) in short_or_long(rest, short, long) {
        script(out, "git option", rest, at, skip);
    }
    if sub == "grep" {
        for w in rest {
            if let Some(pager) = w.strip_prefix("-O").filter(|p| !p.is_empty()) {
                push_script(out, "git grep -O", pager);
            }
        }
    }
    match sub {
        "config" => {
            let operands: Vec<&String> = config_operands(rest);
            if let [key, value, ..] = operands.as_slice() {
                git_config(key, value, out);
            }
        }
        "submodule" if rest.first().is_some_and(|w| w == "foreach") => {
            let cmd: Vec<&String> = rest
                .iter()
                .skip(1)
                .skip_while(|w| w.starts_with('-'))
                .collect();
            if !cmd.is_empty() {
                let text: Vec<&str> = cmd.iter().map(|w| w.as_str()).collect();
                push(out, Code::Script("git submodule foreach", text.join(" ")));
            }
        }
        "bisect" if rest.first().is_some_and(|w| w == "run") => {
            let cmd = rest.get(1..).unwrap_or(&[]).to_vec();
            if !cmd.is_empty() {
                push(out, Code::Argv("git bisect run", cmd));
            }
        }
        _ => {}
    }
}

/// `GIT_CONFIG_KEY_<n>=K GIT_CONFIG_VALUE_<n>=V git …` (as assignments or `env` words) set
/// config like `-c K=V`; `GIT_CONFIG_PARAMETERS` holds `'K'='V'` pairs.
fn env_config(c: &SimpleCommand, out: &mut Vec<Code>) {
    let vars: Vec<(&str, &str)> = c.variables().collect();
    for (k, key) in &vars {
        if let Some(n) = k.strip_prefix("GIT_CONFIG_KEY_") {
            let value = format!("GIT_CONFIG_VALUE_{n}");
            let v = vars
                .iter()
                .find(|(k, _)| *k == value)
                .map_or("", |(_, v)| v);
            git_config(key, v, out);
        }
        if *k == "GIT_CONFIG_PARAMETERS" {
            for pair in key.split_whitespace() {
                let (pk, pv) = pair.split_once('=').unwrap_or((pair, ""));
                git_config(pk.trim_matches('\''), pv.trim_matches('\''), out);
                if git_key_runs(pk.trim_matches('\'')) {
                    push(
                        out,
                        Code::Opaque("git config", "GIT_CONFIG_PARAMETERS sets a command"),
                    );
                }
            }
        }
    }
}

/// `git --config-env=KEY=ENV`: a command-carrying key whose value is in a variable.
fn config_env(kv: &str, out: &mut Vec<Code>) {
    if let Some((k, _)) = kv.split_once('=') {
        if git_key_runs(k) {
            push(
                out,
                Code::Opaque("git --config-env", "sets a command from the environment"),
            );
        }
    }
}

/// `git config [--global|--file F|…] [set] KEY VALUE`: the operands.
fn config_operands(rest: &[String]) -> Vec<&String> {
    let mut operands = Vec::new();
    let mut i = 0;
    while let Some(w) = rest.get(i) {
        i += 1;
        match w.as_str() {
            "-f" | "--file" | "--blob" | "--type" | "--default" | "--comment" | "--value" => i += 1,
            "set" if operands.is_empty() => {}
            _ if w.starts_with('-') => {}
            _ => operands.push(w),
        }
    }
    operands
}

/// `ssh -o ProxyCommand=…` / `-oLocalCommand …` / `-o 'KnownHostsCommand …'`; `scp -S prog`.
fn ssh(args: &[String], out: &mut Vec<Code>) {
    let mut i = 0;
    while let Some(w) = args.get(i) {
        i += 1;
        let option = if w == "-o" {
            i += 1;
            args.get(i - 1).map(String::as_str)
        } else {
            w.strip_prefix("-o")
        };
        if w == "-S" {
            if let Some(p) = args.get(i) {
                push(out, Code::Argv("scp -S", vec![p.clone()]));
            }
            continue;
        }
        let Some(option) = option else { continue };
        let (key, value) = match option.find(['=', ' ', '\t']) {
            Some(at) => (
                option.get(..at).unwrap_or(""),
                option
                    .get(at + 1..)
                    .unwrap_or("")
                    .trim_start_matches(['=', ' ']),
            ),
            None => continue,
        };
        let key = key.to_ascii_lowercase();
        if matches!(
            key.as_str(),
            "proxycommand" | "localcommand" | "knownhostscommand"
        ) && !value.eq_ignore_ascii_case("none")
        {
            push_script(out, "ssh -o", value);
        }
    }
}

fn tar(args: &[String], out: &mut Vec<Code>) {
    for (i, skip) in short_or_long(args, b'I', &["--to-command", "--use-compress-program"]) {
        script(out, "tar option", args, i, skip);
    }
    for (i, skip) in short_or_long(
        args,
        b'F',
        &["--info-script", "--new-volume-script", "--rsh-command"],
    ) {
        if let Some(p) = args.get(i).and_then(|w| w.get(skip..)) {
            push(out, Code::Argv("tar option", vec![p.to_string()]));
        }
    }
    for (i, skip) in short_or_long(args, 0, &["--checkpoint-action"]) {
        let action = args.get(i).and_then(|w| w.get(skip..)).unwrap_or("");
        if let Some(cmd) = action.strip_prefix("exec=") {
            push_script(out, "tar --checkpoint-action", cmd);
        }
    }
}

/// `trap 'cmd' SIGNAL…` (not `trap -p`, `trap -l`, `trap - SIGNAL`, `trap SIGNAL`).
fn trap(args: &[String], out: &mut Vec<Code>) {
    let args = match args.first().map(String::as_str) {
        Some("--") => args.get(1..).unwrap_or(&[]),
        Some(w) if w.starts_with('-') && w != "-" => return,
        _ => args,
    };
    let Some(action) = args.first() else { return };
    // `trap 2 3` resets signals 2 and 3
    if args.len() < 2 || action == "-" || action.bytes().all(|b| b.is_ascii_digit()) {
        return;
    }
    push_script(out, "trap", action);
}

/// `make 'X=$(shell cmd)'`, `make --eval='…$(shell cmd)…'`, `make SHELL=cmd`.
fn make(args: &[String], out: &mut Vec<Code>) {
    for w in args {
        if let Some(shell) = w.strip_prefix("SHELL=") {
            push_script(out, "make SHELL", shell);
        }
        let mut rest = w.as_str();
        while let Some(at) = rest.find("$(shell ") {
            let inner = rest.get(at + 8..).unwrap_or("");
            let mut depth = 0usize;
            let end = inner
                .char_indices()
                .find(|&(_, c)| {
                    match c {
                        '(' => depth += 1,
                        ')' if depth == 0 => return true,
                        ')' => depth -= 1,
                        _ => {}
                    }
                    false
                })
                .map_or(inner.len(), |(i, _)| i);
            push(
                out,
                Code::Script("make $(shell)", inner.get(..end).unwrap_or("").to_string()),
            );
            rest = inner.get(end..).unwrap_or("");
        }
    }
}

/// gdb's `-ex 'shell cmd'` / `-ex '!cmd'` / `-ex 'python …'` and `--args PROG …`; lldb's
/// `-o 'platform shell cmd'` / `-o 'script …'` and `-- PROG …`.
fn debugger(args: &[String], out: &mut Vec<Code>) {
    let mut i = 0;
    while let Some(w) = args.get(i) {
        i += 1;
        let w = w.as_str();
        if w == "--args" || w == "--" {
            let prog = args.get(i..).unwrap_or(&[]).to_vec();
            if !prog.is_empty() {
                push(out, Code::Argv("debugger --args", prog));
            }
            return;
        }
        let flag = w.trim_start_matches('-');
        let (flag, attached) = match flag.split_once('=') {
            Some((f, v)) => (f, Some(v)),
            None => (flag, None),
        };
        const COMMANDS: &[&str] = &[
            "ex",
            "iex",
            "eval-command",
            "init-eval-command",
            "o",
            "one-line",
            "O",
            "one-line-before-file",
            "k",
            "one-line-on-crash",
        ];
        if !w.starts_with('-') || !COMMANDS.contains(&flag) {
            continue;
        }
        let cmd = match attached {
            Some(v) => v,
            None => {
                i += 1;
                args.get(i - 1).map_or("", String::as_str)
            }
        };
        let cmd = cmd.trim_start();
        let (verb, rest) = cmd.split_once(char::is_whitespace).unwrap_or((cmd, ""));
        if let Some(shell) = cmd.strip_prefix('!') {
            push_script(out, "debugger shell", shell);
        } else if verb == "shell" {
            push_script(out, "debugger shell", rest);
        } else if verb == "platform" && rest.trim_start().starts_with("shell") {
            let shell = super::lexer::strip_all(rest.trim_start(), "shell");
            push_script(out, "debugger shell", shell);
        } else if matches!(
            verb,
            "python" | "py" | "pi" | "python-interactive" | "script"
        ) {
            inline::read(Lang::Python, "gdb", rest, out);
        } else if matches!(verb, "pipe" | "|") {
            if let Some((_, shell)) = rest.rsplit_once('|') {
                push_script(out, "debugger shell", shell);
            }
        }
    }
}

/// The shell escapes of programs that take their own commands in their words: vim's
/// `-c ':!cmd'` / `+'!cmd'` and `system("cmd")`, sqlite3's `.shell`/`.system`, psql's and
/// mysql's `\! cmd` (mysql's `system cmd`), emacs's `(shell-command "cmd")`.
fn shell_escapes(key: names::Key, args: &[String], out: &mut Vec<Code>) {
    let quoted = |text: &str, call: &str| {
        let (_, rest) = text.split_once(call)?;
        let rest = rest.trim_start_matches(['(', ' ']).strip_prefix('"')?;
        Some(rest.split('"').next().unwrap_or("").to_string())
    };
    for (i, w) in args.iter().enumerate() {
        let text = match key {
            VIM | NVIM | VI | EX | VIEW => {
                let cmd = match w.strip_prefix('+') {
                    Some(c) => c,
                    None if i > 0 && matches!(args[i - 1].as_str(), "-c" | "--cmd") => w,
                    None => continue,
                };
                let cmd = cmd.trim_start_matches([':', ' ']);
                match cmd.strip_prefix('!') {
                    Some(shell) => Some(shell.to_string()),
                    None => quoted(cmd, "system"),
                }
            }
            SQLITE3 => {
                let t = w.trim_start();
                t.strip_prefix(".shell")
                    .or_else(|| t.strip_prefix(".system"))
                    .map(str::to_string)
            }
            PSQL | MYSQL | MARIADB => {
                let t = w.trim_start();
                t.strip_prefix("\\!")
                    .or_else(|| t.strip_prefix("system ").filter(|_| key != PSQL))
                    .map(str::to_string)
            }
            _ => quoted(w, "shell-command").or_else(|| quoted(w, "call-process-shell-command")),
        };
        if let Some(text) = text {
            push_script(out, "shell escape", &text);
        }
    }
}

/// GNU `parallel [opts] CMD… ::: ARG…`: CMD with each ARG (in place of `{}`, else
/// appended); with no CMD each ARG is a command; with no `:::` the arguments come from
/// stdin, and CMD is analysed alone.
fn parallel(words: &[String], out: &mut Vec<Code>) {
    const MAX_ARGS: usize = 32;
    let o = options(
        words,
        b"jaSdIEnNPsC",
        &[
            "--jobs",
            "--arg-file",
            "--sshlogin",
            "--delimiter",
            "--colsep",
            "--joblog",
            "--results",
            "--tmpdir",
            "--workdir",
            "--delay",
            "--timeout",
            "--retries",
            "--halt",
            "--max-args",
            "--max-procs",
            "--basefile",
            "--return",
            "--transfer-file",
        ],
    );
    let rest = words.get(o.next..).unwrap_or(&[]);
    let sep = rest.iter().position(|w| w.starts_with(":::"));
    let template = rest
        .get(..sep.unwrap_or(rest.len()))
        .unwrap_or(&[])
        .join(" ");
    let fixed = sep.is_some_and(|s| rest.get(s).is_some_and(|w| w == ":::" || w == ":::+"));
    let inputs: Vec<&String> = match sep {
        Some(s) if fixed => rest
            .get(s + 1..)
            .unwrap_or(&[])
            .iter()
            .take_while(|w| !w.starts_with(":::"))
            .collect(),
        _ => Vec::new(),
    };
    if !fixed || inputs.is_empty() {
        if !template.is_empty() {
            push(out, Code::Script("parallel", template));
        }
        return;
    }
    for input in inputs.into_iter().take(MAX_ARGS) {
        let quoted = super::render::quote(input);
        let cmd = if template.is_empty() {
            input.clone()
        } else if template.contains("{}") {
            template.replace("{}", &quoted)
        } else {
            format!("{template} {quoted}")
        };
        push(out, Code::Script("parallel", cmd));
    }
}

/// sed's `e command` runs the command; `e` alone and the `s///e` flag run text built from
/// the input, which cannot be known (the script is read by [`effects::sed_commands`]).
fn sed(args: &[String], out: &mut Vec<Code>) {
    for script in effects::sed_scripts(args) {
        effects::sed_commands(script, &mut |cmd| match cmd {
            SedCommand::Run("") => push(out, Code::Opaque("sed e", "runs the pattern space")),
            SedCommand::Run(text) => push_script(out, "sed e", text),
            SedCommand::RunSubstituted => {
                push(out, Code::Opaque("sed s///e", "runs the substituted text"))
            }
            SedCommand::Read(_) | SedCommand::Write(_) => {}
        });
    }
}

// ---- interpreters ----

/// What the interpreter's command line says about its program.
struct Program {
    /// Inline code (`-c`, `-e` values; awk's program operand), in order.
    code: Vec<usize>,
    /// Byte offsets into the words of `code` (an attached `-eCODE`).
    skips: Vec<usize>,
    /// It reads its program from stdin (no inline code, no script operand, or `-`).
    stdin: bool,
}

fn program(words: &[String], lang: Lang) -> Program {
    let f = lang.flags();
    let mut p = Program {
        code: Vec::new(),
        skips: Vec::new(),
        stdin: false,
    };
    let mut from_file = false;
    let mut i = 1;
    while let Some(w) = words.get(i) {
        i += 1;
        if w == "--" {
            break;
        }
        if let Some(l) = f.code_long.iter().find(|l| w.starts_with(**l)) {
            match w.get(l.len()..) {
                Some("") => {
                    p.code.push(i);
                    p.skips.push(0);
                    i += 1;
                }
                Some(v) if v.starts_with('=') => {
                    p.code.push(i - 1);
                    p.skips.push(l.len() + 1);
                }
                _ => {}
            }
            continue;
        }
        if w.starts_with("--") {
            continue;
        }
        let Some(letters) = w.strip_prefix('-').filter(|l| !l.is_empty()) else {
            i -= 1;
            break;
        };
        for (j, c) in letters.bytes().enumerate() {
            let last = j + 1 == letters.len();
            if f.code.contains(&c) {
                if last {
                    p.code.push(i);
                    p.skips.push(0);
                    i += 1;
                } else {
                    p.code.push(i - 1);
                    p.skips.push(j + 2);
                }
                break;
            }
            if f.program.contains(&c) {
                from_file = true;
            }
            if f.value.contains(&c) {
                if last {
                    i += 1;
                }
                break;
            }
            if f.attached.contains(&c) {
                break;
            }
        }
        // python's `-c CODE` and `-m MOD` end its options
        if lang == Lang::Python && (from_file || !p.code.is_empty()) {
            return p;
        }
    }
    if !p.code.is_empty() || from_file {
        return p;
    }
    if f.operand_code {
        if i < words.len() {
            p.code.push(i);
            p.skips.push(0);
        }
        return p;
    }
    // deno's `eval CODE`
    if lang == Lang::Js && words.get(i).is_some_and(|w| w == "eval") {
        p.code.push(i + 1);
        p.skips.push(0);
        return p;
    }
    p.stdin = words.get(i).map_or(true, |w| {
        w == "-" || w == "/dev/stdin" || w == "/proc/self/fd/0"
    });
    p
}

fn interpreter_code(c: &SimpleCommand, lang: Lang, out: &mut Vec<Code>) {
    let p = program(&c.words, lang);
    let mut text = String::new();
    for (&at, &skip) in p.code.iter().zip(&p.skips) {
        let Some(code) = c.words.get(at).and_then(|w| w.get(skip..)) else {
            continue;
        };
        // `python3 -c "$CODE"`, `perl -e "$(curl …)"`: the program is computed
        let whole = code.trim_start();
        if c.is_dynamic(at)
            && (whole.starts_with('$') || whole.contains("$(") || whole.contains('`'))
        {
            push(out, Code::Opaque("inline code", "computed when it runs"));
            return;
        }
        if !text.is_empty() {
            text.push('\n');
        }
        text.push_str(code);
    }
    if !text.is_empty() {
        inline::read(lang, c.words.first().map_or("", |w| w.as_str()), &text, out);
    }
}

/// A command that runs its stdin as a program: a shell reading stdin, an interpreter with no
/// inline code or script, `source /dev/stdin`.
pub(super) fn runs_stdin(c: &SimpleCommand) -> bool {
    if super::wrappers::shell_reads_stdin(&c.words) {
        return true;
    }
    let Some(name) = c.name() else { return false };
    if name == "at" || name == "batch" {
        // `at TIME` reads the commands it schedules from stdin (not `-f FILE`, `-l`, …)
        return !c
            .words
            .iter()
            .any(|w| matches!(w.as_str(), "-f" | "-l" | "-r" | "-d" | "-c" | "-V"));
    }
    match names::folded_key(name) {
        names::SOURCE | names::DOT => c
            .words
            .get(1)
            .is_some_and(|w| w == "/dev/stdin" || w == "/proc/self/fd/0"),
        _ => {
            interpreter(name).is_some_and(|lang| lang != Lang::Awk && program(&c.words, lang).stdin)
        }
    }
}

/// The source of a script a shell, `source` or `at` reads on stdin.
pub(super) const STDIN_SCRIPT: &str = "stdin script";

/// The code in `text` fed on stdin to `reader` (a command for which [`runs_stdin`] holds).
pub(super) fn fed(reader: &SimpleCommand, text: &str) -> Vec<Code> {
    let mut out = Vec::new();
    match reader.name().and_then(interpreter) {
        Some(lang) => inline::read(
            lang,
            reader.words.first().map_or("", |w| w.as_str()),
            text,
            &mut out,
        ),
        None => push_script(&mut out, STDIN_SCRIPT, text),
    }
    out
}
