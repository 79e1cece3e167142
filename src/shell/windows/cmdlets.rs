//! The cmdlets toolgate reads, with PowerShell's built-in aliases: each cmdlet's parameters
//! (their aliases, which are positional, what each value is) and the POSIX program it is
//! read as. A parameter is named by its full name, an alias, or a prefix of either that no
//! other parameter of the cmdlet shares (PowerShell's rule; an ambiguous prefix is an error).

/// What a parameter's value is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Role {
    /// A switch, read as this POSIX option (empty: none).
    Switch(&'static str),
    /// Files or directories it reads, writes or deletes: operands of the reading.
    Path,
    /// Where it copies or moves to: an operand after the paths.
    Dest,
    /// A file given in the reading after this option (`curl -o`, `unzip -d`; empty: the
    /// first operand, `zip`'s archive).
    File(&'static str),
    /// A word kept as an operand that names no file (echo's text, a drive letter).
    Word,
    /// A search pattern: the reading's first operand (`grep PATTERN FILE…`).
    Pattern,
    /// A URL: an operand.
    Url,
    /// Text, a number, a name or an option: left out of the reading.
    Value,
    /// PowerShell code it runs (Invoke-Expression).
    Code,
    /// The program it starts (Start-Process).
    Program,
    /// That program's arguments: one command line, or a list of words.
    Arguments,
}

use crate::shell::windows::eq;
use Role::*;

pub(super) struct Cmdlet {
    pub name: &'static str,
    /// The POSIX program it is read as, with fixed options (`tee -a`); empty: its own name.
    pub reads_as: &'static str,
    /// How many of `params`, from the first, bind positional values, in that order.
    pub positional: u8,
    /// `Name|alias|…` and role; `=Name`: a provider's dynamic parameter, named only in
    /// full or by an alias (a prefix of it is the cmdlet's own parameter's: `gci -r` is
    /// `-Recurse`, not `-ReadOnly`).
    pub params: &'static [(&'static str, Role)],
}

/// Every cmdlet's common parameters.
const COMMON: &[(&str, Role)] = &[
    ("Verbose|vb", Switch("")),
    ("Debug|db", Switch("")),
    ("ErrorAction|ea", Value),
    ("WarningAction|wa", Value),
    ("InformationAction|infa", Value),
    ("ProgressAction|proga", Value),
    ("ErrorVariable|ev", Value),
    ("WarningVariable|wv", Value),
    ("InformationVariable|iv", Value),
    ("OutVariable|ov", Value),
    ("OutBuffer|ob", Value),
    ("PipelineVariable|pv", Value),
    ("WhatIf|wi", Switch("")),
    ("Confirm|cf", Switch("")),
];

const FILTERS: [(&str, Role); 4] = [
    ("Filter", Value),
    ("Include", Value),
    ("Exclude", Value),
    ("Credential", Value),
];

const LITERAL: (&str, Role) = ("LiteralPath|PSPath|LP", Path);

macro_rules! params {
    ($($p:expr),* $(,)?) => { &[$($p),*] };
}

const CONTENT: &[(&str, Role)] = params![
    ("Path", Path),
    ("Value", Value),
    LITERAL,
    ("Encoding", Value),
    ("NoNewline", Switch("")),
    ("Force", Switch("")),
    ("PassThru", Switch("")),
    ("Stream", Value),
    ("AsByteStream", Switch("")),
    FILTERS[0],
    FILTERS[1],
    FILTERS[2],
    FILTERS[3],
];

const WEB: &[(&str, Role)] = params![
    ("Uri", Url),
    ("OutFile", File("-o")),
    ("InFile", File("-T")),
    ("Method", Value),
    ("CustomMethod|CM", Value),
    ("Headers", Value),
    ("Body", Value),
    ("Form", Value),
    ("ContentType", Value),
    ("UserAgent", Value),
    ("TimeoutSec", Value),
    ("Proxy", Value),
    ("ProxyCredential", Value),
    ("Credential", Value),
    ("Authentication", Value),
    ("Token", Value),
    ("SessionVariable|SV", Value),
    ("WebSession", Value),
    ("MaximumRedirection", Value),
    ("MaximumRetryCount", Value),
    ("RetryIntervalSec", Value),
    ("Certificate", Value),
    ("CertificateThumbprint", Value),
    ("HttpVersion", Value),
    ("TransferEncoding", Value),
    ("ResponseHeadersVariable|RHV", Value),
    ("StatusCodeVariable", Value),
    ("ConnectionTimeoutSeconds", Value),
    ("OperationTimeoutSeconds", Value),
    ("MaximumFollowRelLink|ML", Value),
    ("FollowRelLink|FL", Switch("")),
    ("UseBasicParsing", Switch("")),
    ("UseDefaultCredentials", Switch("")),
    ("DisableKeepAlive", Switch("")),
    ("PassThru", Switch("")),
    ("SkipCertificateCheck", Switch("")),
    ("SkipHeaderValidation", Switch("")),
    ("SkipHttpErrorCheck", Switch("")),
    ("NoProxy", Switch("")),
    ("Resume", Switch("")),
    ("PreserveAuthorizationOnRedirect", Switch("")),
    ("AllowUnencryptedAuthentication", Switch("")),
    ("AllowInsecureRedirect", Switch("")),
];

/// Sorted by name ignoring case.
pub(super) static CMDLETS: &[Cmdlet] = &[
    Cmdlet {
        name: "Add-Content",
        reads_as: "tee -a",
        positional: 2,
        params: CONTENT,
    },
    Cmdlet {
        name: "Clear-Disk",
        reads_as: "wipefs",
        positional: 1,
        params: params![
            ("Number", Word),
            ("FriendlyName", Word),
            ("UniqueId", Word),
            ("Path", Word),
            ("InputObject", Word),
            ("RemoveData", Switch("")),
            ("RemoveOEM", Switch("")),
        ],
    },
    Cmdlet {
        name: "Compress-Archive",
        reads_as: "zip -r",
        positional: 2,
        params: params![
            ("Path", Path),
            ("DestinationPath", File("")),
            LITERAL,
            ("CompressionLevel", Value),
            ("Update", Switch("")),
            ("Force", Switch("")),
            ("PassThru", Switch("")),
        ],
    },
    Cmdlet {
        name: "Copy-Item",
        reads_as: "cp",
        positional: 2,
        params: params![
            ("Path", Path),
            ("Destination", Dest),
            LITERAL,
            ("Recurse", Switch("-r")),
            ("Force", Switch("-f")),
            ("Container", Switch("")),
            ("PassThru", Switch("")),
            ("ToSession", Value),
            ("FromSession", Value),
            FILTERS[0],
            FILTERS[1],
            FILTERS[2],
            FILTERS[3],
        ],
    },
    Cmdlet {
        name: "Expand-Archive",
        reads_as: "unzip",
        positional: 2,
        params: params![
            ("Path", Path),
            ("DestinationPath", File("-d")),
            LITERAL,
            ("Force", Switch("")),
            ("PassThru", Switch("")),
        ],
    },
    Cmdlet {
        name: "Format-Volume",
        reads_as: "mkfs",
        positional: 1,
        params: params![
            ("DriveLetter", Word),
            ("FileSystem", Value),
            ("NewFileSystemLabel", Value),
            ("Path", Word),
            ("FileSystemLabel", Word),
            ("Partition", Word),
            ("InputObject", Word),
            ("AllocationUnitSize", Value),
            ("Full", Switch("")),
            ("Force", Switch("")),
        ],
    },
    Cmdlet {
        name: "Get-ChildItem",
        reads_as: "ls",
        positional: 2,
        params: params![
            ("Path", Path),
            ("Filter", Value),
            LITERAL,
            ("Recurse|s", Switch("-R")),
            ("Force", Switch("-a")),
            ("Include", Value),
            ("Exclude", Value),
            ("Depth", Value),
            ("=Attributes", Value),
            ("Name", Switch("")),
            ("=File|af", Switch("")),
            ("=Directory|ad|d", Switch("")),
            ("=Hidden|ah|h", Switch("")),
            ("=System|as", Switch("")),
            ("=ReadOnly|ar", Switch("")),
            ("=FollowSymlink", Switch("")),
        ],
    },
    Cmdlet {
        name: "Get-Content",
        reads_as: "cat",
        positional: 1,
        params: params![
            ("Path", Path),
            LITERAL,
            ("TotalCount|First|Head", Value),
            ("Tail|Last", Value),
            ("ReadCount", Value),
            ("Encoding", Value),
            ("Delimiter", Value),
            ("Stream", Value),
            ("Raw", Switch("")),
            ("Wait", Switch("")),
            ("Force", Switch("")),
            ("AsByteStream", Switch("")),
            FILTERS[0],
            FILTERS[1],
            FILTERS[2],
            FILTERS[3],
        ],
    },
    Cmdlet {
        name: "Get-FileHash",
        reads_as: "",
        positional: 2,
        params: params![
            ("Path", Path),
            ("Algorithm", Value),
            LITERAL,
            ("InputStream", Value)
        ],
    },
    Cmdlet {
        name: "Get-Item",
        reads_as: "ls -d",
        positional: 1,
        params: params![
            ("Path", Path),
            LITERAL,
            ("Stream", Value),
            ("Force", Switch("")),
            FILTERS[0],
            FILTERS[1],
            FILTERS[2],
            FILTERS[3],
        ],
    },
    Cmdlet {
        name: "Invoke-Expression",
        reads_as: "",
        positional: 1,
        params: params![("Command", Code)],
    },
    Cmdlet {
        name: "Invoke-RestMethod",
        reads_as: "curl",
        positional: 1,
        params: WEB,
    },
    Cmdlet {
        name: "Invoke-WebRequest",
        reads_as: "curl",
        positional: 1,
        params: WEB,
    },
    Cmdlet {
        name: "mkdir",
        reads_as: "mkdir",
        positional: 1,
        params: params![
            ("Path", Path),
            ("Name", Path),
            ("Value", Value),
            ("Force", Switch("")),
            ("ItemType|Type", Value),
        ],
    },
    Cmdlet {
        name: "Move-Item",
        reads_as: "mv",
        positional: 2,
        params: params![
            ("Path", Path),
            ("Destination", Dest),
            LITERAL,
            ("Force", Switch("-f")),
            ("PassThru", Switch("")),
            FILTERS[0],
            FILTERS[1],
            FILTERS[2],
            FILTERS[3],
        ],
    },
    Cmdlet {
        name: "New-Item",
        reads_as: "touch",
        positional: 1,
        params: params![
            ("Path", Path),
            ("Name", Path),
            ("ItemType|Type", Value),
            ("Value|Target", Path),
            ("Force", Switch("")),
            FILTERS[3],
        ],
    },
    Cmdlet {
        name: "Out-File",
        reads_as: "tee",
        positional: 2,
        params: params![
            ("FilePath|Path", Path),
            ("Encoding", Value),
            LITERAL,
            ("Append", Switch("-a")),
            ("InputObject", Value),
            ("Width", Value),
            ("NoClobber|NoOverwrite", Switch("")),
            ("Force", Switch("")),
            ("NoNewline", Switch("")),
        ],
    },
    Cmdlet {
        name: "Push-Location",
        reads_as: "pushd",
        positional: 1,
        params: params![
            ("Path", Path),
            LITERAL,
            ("PassThru", Switch("")),
            ("StackName", Value)
        ],
    },
    Cmdlet {
        name: "Remove-Item",
        reads_as: "rm",
        positional: 1,
        params: params![
            ("Path", Path),
            LITERAL,
            ("Recurse", Switch("-r")),
            ("Force", Switch("-f")),
            ("Stream", Value),
            FILTERS[0],
            FILTERS[1],
            FILTERS[2],
            FILTERS[3],
        ],
    },
    Cmdlet {
        name: "Rename-Item",
        reads_as: "mv",
        positional: 2,
        params: params![
            ("Path", Path),
            ("NewName", Dest),
            LITERAL,
            ("Force", Switch("-f")),
            ("PassThru", Switch("")),
            FILTERS[3],
        ],
    },
    Cmdlet {
        name: "Resolve-Path",
        reads_as: "realpath",
        positional: 1,
        params: params![
            ("Path", Path),
            LITERAL,
            ("Relative", Switch("")),
            ("RelativeBasePath", Path),
            FILTERS[3],
        ],
    },
    Cmdlet {
        name: "Restart-Computer",
        reads_as: "reboot",
        positional: 1,
        params: params![
            ("ComputerName|CN|__SERVER|Server|IPAddress", Value),
            ("Force|f", Switch("")),
            ("Wait", Switch("")),
            ("Timeout|TimeoutSec", Value),
            ("For", Value),
            ("Delay", Value),
            ("WsmanAuthentication", Value),
            FILTERS[3],
        ],
    },
    Cmdlet {
        name: "Select-String",
        reads_as: "grep",
        positional: 2,
        params: params![
            ("Pattern", Pattern),
            ("Path", Path),
            LITERAL,
            ("InputObject", Value),
            ("SimpleMatch", Switch("")),
            ("CaseSensitive", Switch("")),
            ("Quiet", Switch("")),
            ("List", Switch("")),
            ("NoEmphasis", Switch("")),
            ("NotMatch", Switch("")),
            ("AllMatches", Switch("")),
            ("Raw", Switch("")),
            ("Context", Value),
            ("Encoding", Value),
            ("Culture", Value),
            ("Include", Value),
            ("Exclude", Value),
        ],
    },
    Cmdlet {
        name: "Set-Content",
        reads_as: "tee",
        positional: 2,
        params: CONTENT,
    },
    Cmdlet {
        name: "Set-ExecutionPolicy",
        reads_as: "",
        positional: 2,
        params: params![
            ("ExecutionPolicy", Value),
            ("Scope", Value),
            ("Force", Switch(""))
        ],
    },
    Cmdlet {
        name: "Set-Location",
        reads_as: "cd",
        positional: 1,
        params: params![
            ("Path", Path),
            LITERAL,
            ("PassThru", Switch("")),
            ("StackName", Value)
        ],
    },
    Cmdlet {
        name: "Start-BitsTransfer",
        reads_as: "curl",
        positional: 2,
        params: params![
            ("Source", Url),
            ("Destination", File("-o")),
            ("Asynchronous", Switch("")),
            ("DisplayName", Value),
            ("Description", Value),
            ("Priority", Value),
            ("TransferType", Value),
            ("Authentication", Value),
            ("ProxyUsage", Value),
            ("ProxyList", Value),
            ("RetryInterval", Value),
            ("RetryTimeout", Value),
            ("Suspended", Switch("")),
            ("Dynamic", Switch("")),
            FILTERS[3],
        ],
    },
    Cmdlet {
        name: "Start-Process",
        reads_as: "",
        positional: 2,
        params: params![
            ("FilePath|PSPath|Path", Program),
            ("ArgumentList|Args", Arguments),
            ("Verb", Value),
            ("WorkingDirectory", Value),
            ("WindowStyle", Value),
            ("RedirectStandardOutput|RSO", Path),
            ("RedirectStandardError|RSE", Path),
            ("RedirectStandardInput|RSI", Path),
            ("Environment", Value),
            ("Wait", Switch("")),
            ("NoNewWindow|nnw", Switch("")),
            ("PassThru", Switch("")),
            ("LoadUserProfile|Lup", Switch("")),
            ("UseNewEnvironment", Switch("")),
            FILTERS[3],
        ],
    },
    Cmdlet {
        name: "Stop-Computer",
        reads_as: "shutdown",
        positional: 1,
        params: params![
            ("ComputerName|CN|__SERVER|Server|IPAddress", Value),
            ("Force|f", Switch("")),
            ("AsJob", Switch("")),
            ("WsmanAuthentication", Value),
            FILTERS[3],
        ],
    },
    Cmdlet {
        name: "Test-Path",
        reads_as: "",
        positional: 1,
        params: params![
            ("Path", Path),
            LITERAL,
            ("PathType|Type", Value),
            ("IsValid", Switch("")),
            ("OlderThan", Value),
            ("NewerThan", Value),
            FILTERS[0],
            FILTERS[1],
            FILTERS[2],
            FILTERS[3],
        ],
    },
    Cmdlet {
        name: "Write-Host",
        reads_as: "echo",
        positional: 1,
        params: params![
            ("Object|Msg|Message", Word),
            ("NoNewline", Switch("")),
            ("Separator", Value),
            ("ForegroundColor", Value),
            ("BackgroundColor", Value),
        ],
    },
    Cmdlet {
        name: "Write-Output",
        reads_as: "echo",
        positional: 1,
        params: params![("InputObject", Word), ("NoEnumerate", Switch(""))],
    },
];

/// PowerShell's built-in aliases of the cmdlets above (and of the ones read as themselves),
/// sorted. `curl` and `wget` are Windows PowerShell 5.1's aliases of Invoke-WebRequest
/// (PowerShell 7 runs the programs): the reader decides which by their arguments.
const ALIASES: &[(&str, &str)] = &[
    ("%", "ForEach-Object"),
    ("?", "Where-Object"),
    ("ac", "Add-Content"),
    ("cat", "Get-Content"),
    ("cd", "Set-Location"),
    ("chdir", "Set-Location"),
    ("copy", "Copy-Item"),
    ("cp", "Copy-Item"),
    ("cpi", "Copy-Item"),
    ("curl", "Invoke-WebRequest"),
    ("del", "Remove-Item"),
    ("dir", "Get-ChildItem"),
    ("echo", "Write-Output"),
    ("erase", "Remove-Item"),
    ("foreach", "ForEach-Object"),
    ("gc", "Get-Content"),
    ("gci", "Get-ChildItem"),
    ("gi", "Get-Item"),
    ("icm", "Invoke-Command"),
    ("iex", "Invoke-Expression"),
    ("irm", "Invoke-RestMethod"),
    ("iwr", "Invoke-WebRequest"),
    ("ls", "Get-ChildItem"),
    ("md", "mkdir"),
    ("mi", "Move-Item"),
    ("move", "Move-Item"),
    ("mv", "Move-Item"),
    ("ni", "New-Item"),
    ("pushd", "Push-Location"),
    ("rd", "Remove-Item"),
    ("ren", "Rename-Item"),
    ("ri", "Remove-Item"),
    ("rm", "Remove-Item"),
    ("rmdir", "Remove-Item"),
    ("rni", "Rename-Item"),
    ("rvpa", "Resolve-Path"),
    ("saps", "Start-Process"),
    ("sc", "Set-Content"),
    ("sl", "Set-Location"),
    ("sls", "Select-String"),
    ("start", "Start-Process"),
    ("type", "Get-Content"),
    ("wget", "Invoke-WebRequest"),
    ("where", "Where-Object"),
    ("write", "Write-Output"),
];

/// The cmdlet (or function) `name` names, alias resolved, ignoring case; `None` for any
/// other command. Returns the canonical name for aliases of cmdlets read as themselves.
pub(super) fn resolve(name: &str) -> Option<(&'static str, Option<&'static Cmdlet>)> {
    let lower = name.to_ascii_lowercase();
    let canonical = match ALIASES.binary_search_by(|(a, _)| (*a).cmp(lower.as_str())) {
        Ok(i) => ALIASES[i].1,
        Err(_) => CMDLETS.iter().find(|c| eq(c.name, name))?.name,
    };
    Some((canonical, CMDLETS.iter().find(|c| c.name == canonical)))
}

/// The parameter `-name` names (exact name or alias first, then a unique prefix): its full
/// name and role. `Err` when the prefix is ambiguous or names none.
pub(super) fn parameter(cmdlet: &Cmdlet, name: &str) -> Result<(&'static str, Role), String> {
    let all = || cmdlet.params.iter().chain(COMMON);
    let full = |spec: &'static str| {
        let spec = spec.trim_start_matches('=');
        spec.split('|').next().unwrap_or(spec)
    };
    let names = |spec: &'static str| spec.trim_start_matches('=').split('|');
    if let Some((spec, role)) = all().find(|(s, _)| names(s).any(|n| eq(n, name))) {
        return Ok((full(spec), *role));
    }
    let mut found: Option<(&'static str, Role)> = None;
    for (spec, role) in all().filter(|(s, _)| !s.starts_with('=')) {
        let prefixed = spec
            .split('|')
            .any(|n| n.len() > name.len() && n.get(..name.len()).is_some_and(|h| eq(h, name)));
        if prefixed {
            match found {
                Some((f, _)) if f != full(spec) => {
                    return Err(format!(
                        "`-{name}` is an ambiguous parameter of {}",
                        cmdlet.name
                    ))
                }
                _ => found = Some((full(spec), *role)),
            }
        }
    }
    found.ok_or_else(|| format!("{} has no parameter `-{name}`", cmdlet.name))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tables_are_sorted() {
        assert!(ALIASES.windows(2).all(|w| w[0].0 < w[1].0));
        assert!(CMDLETS
            .windows(2)
            .all(|w| w[0].name.to_ascii_lowercase() < w[1].name.to_ascii_lowercase()));
    }

    #[test]
    fn parameters_take_unambiguous_prefixes() {
        let (_, rm) = resolve("RI").unwrap();
        let rm = rm.unwrap();
        assert_eq!(
            parameter(rm, "rec").unwrap(),
            ("Recurse", Role::Switch("-r"))
        );
        assert_eq!(parameter(rm, "LP").unwrap().0, "LiteralPath");
        assert!(parameter(rm, "e").is_err(), "Exclude or ErrorAction");
        assert!(parameter(rm, "nope").is_err());
        let (_, gci) = resolve("gci").unwrap();
        let gci = gci.unwrap();
        assert_eq!(parameter(gci, "s").unwrap().0, "Recurse");
        assert_eq!(
            parameter(gci, "r").unwrap().0,
            "Recurse",
            "ReadOnly is dynamic"
        );
        assert_eq!(parameter(gci, "ReadOnly").unwrap().0, "ReadOnly");
        assert!(parameter(gci, "f").is_err(), "Filter or Force");
    }
}
