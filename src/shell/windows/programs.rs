//! Programs Windows ships, read the same from either shell: each as the POSIX program that
//! does the same, when there is one (`xcopy /s a b` is `cp -r a b`, `robocopy a b /MIR` is
//! `rsync -a --delete a b`, `takeown /f x /r` is `chown -R x`, `format D:` is `mkfs D:`).
//! Switches are `/x` or `-x`, any case, a value after `:`.

use crate::shell::windows::{eq, program_key, Arg};

/// The switch `/name` or `-name` (any case; `/name:value` too) among `args`.
fn has(args: &[Arg], names: &[&str]) -> bool {
    args.iter().any(|a| {
        let t = a.text.as_str();
        let Some(body) = t.strip_prefix('/').or_else(|| t.strip_prefix('-')) else {
            return false;
        };
        let body = body.split(':').next().unwrap_or(body);
        names.iter().any(|n| eq(n, body))
    })
}

/// A switch's word (`/s`, `-s`); `C:/x` and `/` alone are not, nor is `-` alone.
fn is_switch(a: &Arg) -> bool {
    let t = a.text.as_bytes();
    t.len() > 1 && matches!(t[0], b'/' | b'-') && t[1] != b'/' && !a.quoted
}

/// The words that are not switches.
fn operands(args: &[Arg]) -> Vec<Arg> {
    args.iter().filter(|a| !is_switch(a)).cloned().collect()
}

use crate::shell::windows::reading as words;

/// `words` (a program's name and arguments) as the POSIX program that does the same, or
/// as they are.
pub(super) fn reading(mut given: Vec<Arg>) -> Vec<Arg> {
    let Some(name) = given.first().filter(|w| !w.unknown) else {
        return given;
    };
    let key = program_key(&name.text);
    let args = given.split_off(1);
    let flag = |on: bool, f: &'static str| on.then(|| Arg::new(f));
    match key.as_str() {
        "xcopy" => words_with(
            &["cp"],
            flag(has(&args, &["s", "e"]), "-r"),
            operands(&args),
        ),
        "robocopy" => {
            let ops = operands(&args);
            let (tree, files) = (ops.iter().take(2).cloned(), ops.iter().skip(2));
            // files named after the destination are the source's
            let src = ops.first().map(|a| a.text.clone()).unwrap_or_default();
            let named: Vec<Arg> = files
                .map(|f| Arg {
                    text: format!("{src}/{}", f.text),
                    ..f.clone()
                })
                .collect();
            let head: &[&str] = if has(&args, &["mir", "purge"]) {
                &["rsync", "-a", "--delete"]
            } else if has(&args, &["mov", "move"]) {
                &["mv"]
            } else {
                &["cp", "-r"]
            };
            if named.is_empty() {
                words(head, tree.collect())
            } else {
                {
                    let mut named = named;
                    named.extend(ops.get(1).cloned());
                    words(head, named)
                }
            }
        }
        "format" if !has(&args, &["?"]) => words(&["mkfs"], operands(&args)),
        "shutdown" => {
            if has(&args, &["s", "r", "p", "g", "sg", "h", "l", "hybrid", "fw"]) {
                words(&["shutdown"], Vec::new())
            } else if has(&args, &["a"]) {
                words(&["shutdown", "-c"], Vec::new())
            } else {
                words(&["shutdown", "--help"], Vec::new())
            }
        }
        "takeown" => words_with(
            &["chown"],
            flag(has(&args, &["r"]), "-R"),
            values_of(&args, "f"),
        ),
        "icacls" if args.len() > 1 => words_with(
            &["chmod"],
            flag(has(&args, &["t"]), "-R"),
            operands(&args).into_iter().take(1).collect(),
        ),
        "findstr" => {
            // grep [-r] [-f FILE] PATTERN FILE…: the pattern is grep's first operand
            let mut out = words_with(&["grep"], flag(has(&args, &["s"]), "-r"), Vec::new());
            let lists = values_of(&args, "g");
            for f in lists.iter().cloned().chain(values_of(&args, "f")) {
                out.push(Arg::new("-f"));
                out.push(f);
            }
            let mut ops = operands(&args).into_iter();
            match values_of(&args, "c").into_iter().next() {
                Some(p) => out.push(p),
                None if lists.is_empty() => out.extend(ops.next()),
                None => {}
            }
            out.extend(ops);
            out
        }
        "more" => words(&["cat"], operands(&args)),
        "certutil" if has(&args, &["urlcache", "verifyctl"]) => {
            let ops = operands(&args);
            let mut out = words(&["curl"], Vec::new());
            if let Some(file) = ops.get(1) {
                out.push(Arg::new("-o"));
                out.push(file.clone());
            }
            out.extend(ops.first().cloned());
            out
        }
        "bitsadmin" if has(&args, &["transfer", "addfile"]) => {
            let ops = operands(&args);
            let n = ops.len();
            match (ops.get(n.wrapping_sub(2)), ops.get(n.wrapping_sub(1))) {
                (Some(url), Some(file)) if n >= 2 => {
                    words(&["curl", "-o"], vec![file.clone(), url.clone()])
                }
                _ => words(&["curl"], ops),
            }
        }
        _ => {
            given.extend(args);
            given
        }
    }
}

fn words_with(head: &[&str], flag: Option<Arg>, rest: Vec<Arg>) -> Vec<Arg> {
    let mut out = words(head, Vec::new());
    out.extend(flag);
    out.extend(rest);
    out
}

/// The values of `/name X` or `/name:X` switches.
fn values_of(args: &[Arg], name: &str) -> Vec<Arg> {
    let mut out = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if !is_switch(a) {
            continue;
        }
        let body = &a.text[1..];
        match body.split_once(':') {
            Some((n, v)) if eq(n, name) => out.push(Arg {
                text: v.to_string(),
                ..a.clone()
            }),
            None if eq(body, name) => out.extend(it.next().cloned()),
            _ => {}
        }
    }
    out
}
