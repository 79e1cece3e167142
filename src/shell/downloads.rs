//! The files a downloader names after its URLs: `curl -O URL` (`--remote-name`,
//! `--remote-name-all`) and `wget URL` write the URL's last path component (into
//! `--output-dir` / `-P DIR`), so `curl -O https://x/.env` writes `./.env`. Not named here:
//! `curl -J` and `wget --content-disposition` (the server names the file), `wget -r` (every
//! page it follows); those are left to the downloaders' other checks.

use super::names::{folded_key, Key};
use super::SimpleCommand;

const CURL: Key = folded_key("curl");
const WGET: Key = folded_key("wget");

/// (index into `words` of the URL, the file written) for each URL `c` saves under its own
/// name.
pub fn named_after_urls(c: &SimpleCommand) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let Some(name) = c.name() else { return out };
    let words = &c.words;
    let value = |i: usize, long: &str| -> Option<String> {
        let w = words.get(i)?;
        match w.strip_prefix(long).and_then(|r| r.strip_prefix('=')) {
            Some(v) => Some(v.to_string()),
            None if w == long => words.get(i + 1).cloned(),
            None => None,
        }
    };
    let (mut saves, mut dir) = (false, None);
    match folded_key(name) {
        CURL => {
            for (i, w) in words.iter().enumerate().skip(1) {
                let short = w.starts_with('-') && !w.starts_with("--");
                if matches!(w.as_str(), "--remote-name" | "--remote-name-all")
                    || (short
                        && w.trim_start_matches('-').starts_with(|c: char| c != 'o')
                        && w.contains('O'))
                {
                    saves = true;
                }
                dir = dir.or_else(|| value(i, "--output-dir"));
            }
        }
        WGET => {
            saves = true;
            for (i, w) in words.iter().enumerate().skip(1) {
                if let Some(d) = w.strip_prefix("-P") {
                    dir = match d {
                        "" => words.get(i + 1).cloned(),
                        d => Some(d.to_string()),
                    };
                    continue;
                }
                let short = w.starts_with('-') && !w.starts_with("--");
                if matches!(
                    w.as_str(),
                    "-O" | "--output-document"
                        | "-r"
                        | "--recursive"
                        | "-m"
                        | "--mirror"
                        | "--content-disposition"
                        | "--spider"
                ) || w.starts_with("--output-document=")
                    || (short && w.contains(['O', 'r', 'm']))
                {
                    return out;
                }
                dir = dir.or_else(|| value(i, "--directory-prefix"));
            }
        }
        _ => return out,
    }
    if !saves {
        return out;
    }
    let curl = folded_key(name) == CURL;
    for (i, w) in words.iter().enumerate().skip(1) {
        if !w.contains("://") {
            continue;
        }
        // curl saves each URL its own globbing makes (`{.env,a}`) under its name
        let urls = match curl && w.contains(['{', '[']) {
            true => url_globs(w),
            false => vec![w.clone()],
        };
        for url in urls {
            let Some((_, rest)) = url.split_once("://") else {
                continue;
            };
            let path = rest.split(['?', '#']).next().unwrap_or("");
            let last = match path.split_once('/') {
                Some((_, p)) => p.rsplit('/').next().unwrap_or(""),
                None => "",
            };
            if last.is_empty() || last == "." || last == ".." {
                continue;
            }
            out.push((
                i,
                match &dir {
                    Some(d) => format!("{}/{last}", d.trim_end_matches('/')),
                    None => last.to_string(),
                },
            ));
        }
    }
    out
}

/// curl's URL globbing: `{a,b}` lists (each item a URL) and `[1-3]`, `[a-z]` ranges (a
/// range of single characters stays a glob class, any other is `*`); a list past
/// `MAX_URL_GLOBS` URLs is one `*`.
pub(super) fn url_globs(url: &str) -> Vec<String> {
    const MAX_URL_GLOBS: usize = 64;
    let mut out = vec![String::new()];
    let mut rest = url;
    while let Some(at) = rest.find(['{', '[']) {
        let (before, from) = rest.split_at(at);
        let close = if from.starts_with('{') { '}' } else { ']' };
        let Some(end) = from.find(close) else { break };
        let inner = &from[1..end];
        // a range of single characters is a glob class as it stands (`[m-o]`)
        let class = inner.len() == 3 && inner.as_bytes().get(1) == Some(&b'-');
        let items: Vec<&str> = match close {
            '}' if out.len() * inner.split(',').count() <= MAX_URL_GLOBS => {
                inner.split(',').collect()
            }
            ']' if class => vec![&from[..end + 1]],
            _ => vec!["*"],
        };
        out = out
            .iter()
            .flat_map(|o| items.iter().map(move |i| format!("{o}{before}{i}")))
            .collect();
        rest = &from[end + 1..];
    }
    for o in &mut out {
        o.push_str(rest);
    }
    out
}

#[cfg(test)]
mod tests {
    use crate::shell::analyse;

    fn named(line: &str) -> Vec<String> {
        let a = analyse(line);
        a.commands
            .iter()
            .flat_map(|c| super::named_after_urls(c).into_iter().map(|(_, p)| p))
            .collect()
    }

    #[test]
    fn the_last_component_of_a_url_is_the_file_written() {
        let cases: &[(&str, &[&str])] = &[
            ("curl -O https://x.example/a/.env", &[".env"]),
            ("curl -sLO https://x.example/.env?x=1", &[".env"]),
            (
                "curl --remote-name-all https://h/a https://h/b",
                &["a", "b"],
            ),
            (
                "curl --output-dir ~/.ssh -O https://h/authorized_keys",
                &["~/.ssh/authorized_keys"],
            ),
            ("curl -O file:///tmp/x/.env", &[".env"]),
            ("curl https://h/.env", &[]),
            ("curl -o out https://h/.env", &[]),
            ("wget https://h/x/.bashrc", &[".bashrc"]),
            ("wget -P ~ https://h/.bash_profile", &["~/.bash_profile"]),
            ("wget -O - https://h/.env", &[]),
            ("wget -qO- https://h/.env", &[]),
            ("wget https://h/", &[]),
            ("curl -O 'https://h/{.env,a}'", &[".env", "a"]),
            ("curl -O 'https://h/.e[m-o]v'", &[".e[m-o]v"]),
        ];
        for (line, want) in cases {
            assert_eq!(named(line), *want, "{line}");
        }
    }
}
