//! Command names (and reserved words) as integers, so that matching one name against many is
//! a single integer `match`: the size-optimised build compiles a `match` on strings into one
//! comparison call per arm, and these tables are consulted for every command.

/// The name's bytes as a little-endian integer; `NONE` for a name longer than 8 bytes or
/// holding a NUL (which would make two names equal).
pub(super) const fn key(name: &str) -> u64 {
    let b = name.as_bytes();
    if b.len() > 8 {
        return NONE;
    }
    let mut k = 0u64;
    let mut i = 0;
    while i < b.len() {
        if b[i] == 0 {
            return NONE;
        }
        k |= (b[i] as u64) << (8 * i);
        i += 1;
    }
    k
}

/// No name: matches none of the constants below.
pub(super) const NONE: u64 = u64::MAX;

macro_rules! names {
    ($($id:ident = $name:literal,)*) => {
        $(pub(super) const $id: u64 = key($name);)*
    };
}

names! {
    // launchers (wrappers.rs)
    SUDO = "sudo",
    DOAS = "doas",
    ENV = "env",
    NOHUP = "nohup",
    SETSID = "setsid",
    BUILTIN = "builtin",
    UNBUFFER = "unbuffer",
    BUSYBOX = "busybox",
    NICE = "nice",
    IONICE = "ionice",
    TIME = "time",
    TIMEOUT = "timeout",
    COMMAND = "command",
    EXEC = "exec",
    XARGS = "xargs",
    STDBUF = "stdbuf",
    EVAL = "eval",
    WATCH = "watch",
    SU = "su",
    // shells
    SH = "sh",
    BASH = "bash",
    ZSH = "zsh",
    DASH = "dash",
    KSH = "ksh",
    ASH = "ash",
    MKSH = "mksh",
    FISH = "fish",
    // commands with side-effect options (effects.rs)
    FIND = "find",
    FD = "fd",
    FDFIND = "fdfind",
    GIT = "git",
    SED = "sed",
    GSED = "gsed",
    AWK = "awk",
    GAWK = "gawk",
    MAWK = "mawk",
    NAWK = "nawk",
    TAR = "tar",
    BSDTAR = "bsdtar",
    GTAR = "gtar",
    RSYNC = "rsync",
    SSH = "ssh",
    SCP = "scp",
    SFTP = "sftp",
    // directory changes (parser.rs)
    CD = "cd",
    PUSHD = "pushd",
    POPD = "popd",
    // critical commands (critical.rs)
    RM = "rm",
    CHMOD = "chmod",
    CHOWN = "chown",
    CHGRP = "chgrp",
    DD = "dd",
    SHRED = "shred",
    WIPEFS = "wipefs",
    TEE = "tee",
    CP = "cp",
    MV = "mv",
    INSTALL = "install",
    LN = "ln",
    TRUNCATE = "truncate",
    MKFS = "mkfs",
    MKE2FS = "mke2fs",
    MKSWAP = "mkswap",
    CURL = "curl",
    WGET = "wget",
    FETCH = "fetch",
    HTTP = "http",
    HTTPS = "https",
    XH = "xh",
    ARIA2C = "aria2c",
    GET = "GET",
    KILL = "kill",
    SHUTDOWN = "shutdown",
    REBOOT = "reboot",
    HALT = "halt",
    POWEROFF = "poweroff",
    INIT = "init",
    TELINIT = "telinit",
    SOURCE = "source",
    DOT = ".",
    PERL = "perl",
    RUBY = "ruby",
    NODE = "node",
    NODEJS = "nodejs",
    PHP = "php",
    DENO = "deno",
    BUN = "bun",
    RSCRIPT = "Rscript",
    LUA = "lua",
    // reserved words (parser.rs)
    LBRACE = "{",
    RBRACE = "}",
    IF = "if",
    THEN = "then",
    ELSE = "else",
    ELIF = "elif",
    FI = "fi",
    WHILE = "while",
    UNTIL = "until",
    FOR = "for",
    SELECT = "select",
    DO = "do",
    DONE = "done",
    CASE = "case",
    ESAC = "esac",
    TEST = "[[",
    FUNCTION = "function",
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_tell_names_apart() {
        for (a, b, same) in [
            ("sudo", "sudo", true),
            ("sudo", "sud", false),
            ("sudo", "sudo\0", false),
            ("unbuffer", "unbuffers", false),
            ("", "a", false),
        ] {
            assert_eq!(key(a) == key(b), same, "{a:?} vs {b:?}");
        }
        assert_eq!(key("unbuffers"), NONE);
        assert_eq!(key("sudo\0"), NONE);
    }
}
