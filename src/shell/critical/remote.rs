//! Code from elsewhere: downloaded code run (`remote-code-exec`), code a shell or interpreter
//! reads from a pipe or computes at run time (`opaque-code-exec`).

use super::{executed_file, normalise, operands, runs_input, Cmd, Line};
use crate::shell::{basename, names, programs, wrappers, Origin, SimpleCommand, MAX_DEPTH};

pub(super) fn runs_remote_code(line: &Line<'_>, cmd: &Cmd<'_>, _: &str) -> bool {
    (is_fetcher(cmd.key, cmd.name) && remote_code(line.cmds, cmd.c))
        || line.runs_download(cmd.index, cmd.c)
}

pub(super) fn runs_opaque_code(line: &Line<'_>, cmd: &Cmd<'_>, _: &str) -> bool {
    opaque_code(line.cmds, cmd.c)
}

/// A shell handed to the network (see [`super::remote_shell`]).
pub(super) fn hands_shell_out(line: &Line<'_>, cmd: &Cmd<'_>, _: &str) -> bool {
    super::remote_shell::detect(line.cmds, cmd.c, cmd.key)
}

/// What the line downloads: (index of the fetcher, file it saves: `None` when its name
/// cannot be known).
pub(super) fn downloads(cmds: &[SimpleCommand]) -> Vec<(usize, Option<String>)> {
    let mut downloads = Vec::new();
    for (i, c) in cmds.iter().enumerate() {
        let Some(name) = c.name() else { continue };
        // a clone's files are unknown: any script run after it may be one of them
        if names::folded_key(name) == names::GIT
            && c.words
                .iter()
                .skip(1)
                .find(|w| !w.starts_with('-'))
                .is_some_and(|w| w == "clone")
        {
            downloads.push((i, None));
        }
        if is_fetcher(names::folded_key(name), name) {
            for file in saved_files(c) {
                downloads.push((i, file));
            }
            // `curl URL | tee x.sh`
            for d in later_stages(cmds, c).filter(|d| d.name() == Some("tee")) {
                let args = d.words.get(1..).unwrap_or(&[]);
                for w in operands(args) {
                    downloads.push((i, Some(w.clone())));
                }
            }
        }
    }
    downloads
}

impl Line<'_> {
    /// `c` runs a file an earlier command of the line downloaded (`curl -o x.sh URL && sh
    /// x.sh`); a download whose name is unknown matches every script run after it.
    fn runs_download(&self, index: usize, c: &SimpleCommand) -> bool {
        if self.downloads.is_empty() {
            return false;
        }
        let Some(file) = executed_file(c) else {
            return false;
        };
        let file = basename(file);
        self.downloads.iter().any(|(at, saved)| {
            *at < index && saved.as_deref().map_or(true, |s| basename(s) == file)
        })
    }
}

/// Sibling pipeline stages after `c`.
fn later_stages<'c>(
    cmds: &'c [SimpleCommand],
    c: &'c SimpleCommand,
) -> impl Iterator<Item = &'c SimpleCommand> {
    cmds.iter()
        .filter(move |d| c.pipeline != usize::MAX && d.pipeline == c.pipeline && d.stage > c.stage)
}

/// Appends a saved file (one shared call instead of a `Vec::push` inlined at each site).
#[inline(never)]
fn push_saved(out: &mut Vec<Option<String>>, file: Option<String>) {
    out.push(file);
}

/// The files a fetcher saves (`curl -o F`, `curl -O URL`, `wget URL`, `wget -O F`,
/// `aria2c -o F`, `> F`); `None` for a file whose name cannot be known.
pub(super) fn saved_files(c: &SimpleCommand) -> Vec<Option<String>> {
    let mut out = Vec::new();
    let words = &c.words;
    let name = c.name().unwrap_or("");
    let wget = name == "wget";
    let (mut named_output, mut remote_name) = (false, wget || name == "aria2c");
    // `wget -P ~`, `curl --output-dir ~/.ssh -O`: where remote names land
    let mut dir: Option<Option<String>> = None;
    let mut i = 1;
    let mut urls: Vec<(usize, &String)> = Vec::new();
    while let Some(w) = words.get(i) {
        let value = |at: usize| -> Option<String> {
            let v = words.get(at)?;
            (v != "-").then(|| v.clone()).filter(|_| !c.is_dynamic(at))
        };
        if let Some(long) = w.strip_prefix("--") {
            let (opt, attached) = long
                .split_once('=')
                .map_or((long, None), |(o, v)| (o, Some(v)));
            if matches!(opt, "directory-prefix" | "output-dir" | "dir") {
                dir = Some(match attached {
                    Some(v) => (!v.contains('$') || v.starts_with("$HOME")).then(|| v.to_string()),
                    None => {
                        i += 1;
                        value(i)
                    }
                });
            } else if matches!(opt, "output" | "output-document" | "out") {
                named_output = true;
                match attached {
                    Some(v) if v != "-" => {
                        push_saved(&mut out, (!v.contains('$')).then(|| v.to_string()))
                    }
                    Some(_) => {}
                    None => {
                        push_saved(&mut out, value(i + 1));
                        i += 1;
                    }
                }
            } else if matches!(opt, "remote-name" | "remote-name-all") {
                remote_name = true;
            } else if opt == "input-file"
                || opt == "remote-header-name"
                || opt == "content-disposition"
            {
                push_saved(&mut out, None);
            }
        } else if let Some(letters) = w.strip_prefix('-').filter(|l| !l.is_empty()) {
            let out_letter = if wget { b'O' } else { b'o' };
            for (j, b) in letters.bytes().enumerate() {
                if wget && b == b'P' {
                    let rest = &letters[j + 1..];
                    dir = Some(if rest.is_empty() {
                        i += 1;
                        value(i)
                    } else {
                        Some(rest.to_string())
                    });
                    break;
                }
                if b == out_letter {
                    named_output = true;
                    let rest = &letters[j + 1..];
                    if rest.is_empty() {
                        if let Some(v) = value(i + 1) {
                            push_saved(&mut out, Some(v));
                        } else if words.get(i + 1).is_some_and(|v| v != "-") {
                            push_saved(&mut out, None);
                        }
                        i += 1;
                    } else if rest != "-" {
                        push_saved(&mut out, Some(rest.to_string()));
                    }
                    break;
                }
                if b == b'O' && !wget {
                    remote_name = true;
                }
                // `curl -J`: the server names the file
                if b == b'J' && !wget {
                    push_saved(&mut out, None);
                }
                if wget && b == b'i' {
                    push_saved(&mut out, None);
                }
            }
        } else {
            urls.push((i, w));
        }
        i += 1;
    }
    if remote_name && !named_output {
        for (at, url) in urls {
            let path = url.split(['?', '#']).next().unwrap_or("");
            let file = path.rsplit('/').next().filter(|f| !f.is_empty());
            let file = file.filter(|_| !c.is_dynamic(at));
            let saved = match &dir {
                None => file.map(String::from),
                Some(None) => None,
                Some(Some(d)) => file.map(|f| format!("{}/{f}", d.trim_end_matches('/'))),
            };
            push_saved(&mut out, saved);
        }
    }
    for r in c.redirects.iter().filter(|r| r.writes_file()) {
        push_saved(&mut out, (!r.dynamic).then(|| r.target.clone()));
    }
    out
}

/// A downloader, from the program table (`curl`, `wget`, `aria2c`, `xh`, …).
/// `key` is `name`'s [`names::folded_key`].
pub(super) fn is_fetcher(key: names::Key, name: &str) -> bool {
    programs::is_fetcher_key(key)
        // `curl.exe`, `wget2`: the table's spellings, searched only for such names (a table
        // entry that is no fetcher is found as itself, so the search answers no for it)
        || (name.bytes().any(|b| b == b'.' || b.is_ascii_digit())
            && programs::lookup_folded(name).is_some_and(|p| p.is_fetcher()))
}

/// The interpreter reads its program from stdin (no script operand, no `-c`/`-e`/`-m`).
pub(super) fn reads_program_from_stdin(c: &SimpleCommand) -> bool {
    let Some(name) = c.name() else { return false };
    let key = names::folded_key(name);
    if wrappers::is_shell_key(key) {
        // `bash /dev/stdin` names stdin as its script
        return wrappers::shell_reads_stdin(&c.words) || executed_file(c).is_some_and(is_stdin);
    }
    if matches!(key, names::SOURCE | names::DOT) {
        return c.words.get(1).is_some_and(|w| is_stdin(w) || w == "-");
    }
    if !runs_input(c) || key == names::EVAL {
        return false;
    }
    let args = c.words.get(1..).unwrap_or(&[]);
    let program_flag = args.iter().any(|w| {
        matches!(
            w.as_str(),
            "-c" | "-e" | "-E" | "-m" | "-r" | "-p" | "--eval" | "--print" | "run"
        ) || (w.starts_with('-') && !w.starts_with("--") && w.contains(['c', 'e', 'm']))
    });
    !program_flag && operands(args).iter().all(|w| *w == "-" || is_stdin(w))
}

fn is_stdin(path: &str) -> bool {
    matches!(
        normalise(path).as_str(),
        "/dev/stdin" | "/proc/self/fd/0" | "/dev/fd/0"
    )
}

/// A shell or interpreter runs code that cannot be read from the command line: its program
/// comes through a pipe from something other than a plain file read (`echo … | base64 -d |
/// sh`, `printf … | tr … | bash`; `cat script.sh | bash` is `bash script.sh`), or is computed
/// when it runs (`eval "$(…)"`, `bash -c "$X"`, `source "$F"`).
#[inline(never)]
fn opaque_code(cmds: &[SimpleCommand], c: &SimpleCommand) -> bool {
    let Some(name) = c.name() else { return false };
    let piped = c.pipeline != usize::MAX
        && c.stage > 0
        && reads_program_from_stdin(c)
        && cmds
            .iter()
            .filter(|d| d.pipeline == c.pipeline && d.stage < c.stage)
            .any(|d| d.name() != Some("cat"));
    let any_dynamic = || (1..c.words.len()).any(|i| c.is_dynamic(i));
    let computed = match names::folded_key(name) {
        names::EVAL => any_dynamic(),
        names::SOURCE | names::DOT => c.is_dynamic(1),
        key if wrappers::is_shell_key(key) => {
            c.words
                .iter()
                .skip(1)
                .any(|w| w.starts_with('-') && !w.starts_with("--") && w.contains('c'))
                && any_dynamic()
        }
        _ => false,
    };
    piped || computed
}

fn remote_code(cmds: &[SimpleCommand], fetcher: &SimpleCommand) -> bool {
    // piped into an interpreter later in the same pipeline
    if cmds.iter().any(|d| {
        d.pipeline == fetcher.pipeline && d.stage > fetcher.stage && reads_program_from_stdin(d)
    }) {
        return true;
    }
    // substituted into an interpreter's words (or into a command's name)
    let mut c = fetcher;
    for _ in 0..MAX_DEPTH {
        if !matches!(
            c.origin,
            Origin::CommandSubstitution | Origin::ProcessSubstitution
        ) {
            return false;
        }
        let Some(parent) = c.parent.and_then(|p| cmds.get(p)) else {
            return false;
        };
        if runs_input(parent) || parent.is_dynamic(0) {
            return true;
        }
        c = parent;
    }
    false
}
