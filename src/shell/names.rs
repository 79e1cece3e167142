//! Command names (and reserved words) as integers ([`super::programs::key`]), so that matching
//! one name against many is a single integer `match`: the size-optimised build compiles a
//! `match` on strings into one comparison call per arm, and these are consulted for every
//! command. What a program is lives in the program table; these are the names code branches on.

pub(super) use super::programs::{folded_key, key, Key, NONE};

// Folded, so that a program name compares with [`folded_key`] (`RM` is `rm` on a
// case-insensitive system; folding only ever asks more). The reserved words are lowercase:
// their folded key is their [`key`], which is what the parser compares them with.
macro_rules! names {
    ($($id:ident = $name:literal,)*) => {
        $(pub(super) const $id: Key = folded_key($name);)*
    };
}

names! {
    // launchers (wrappers.rs)
    SUDO = "sudo",
    ENV = "env",
    BUILTIN = "builtin",
    BUSYBOX = "busybox",
    COMMAND = "command",
    EVAL = "eval",
    WATCH = "watch",
    SU = "su",
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
    RSYNC = "rsync",
    SCP = "scp",
    // trees a command copies or archives (trees.rs)
    TAR = "tar",
    BSDTAR = "bsdtar",
    ZIP = "zip",
    DIFF = "diff",
    SEVEN_Z = "7z",
    SEVEN_ZA = "7za",
    SEVEN_ZR = "7zr",
    // directory changes (parser.rs)
    CD = "cd",
    PUSHD = "pushd",
    POPD = "popd",
    // critical commands (critical.rs)
    UNLINK = "unlink",
    CRONTAB = "crontab",
    KILLALL5 = "killall5",
    PKILL = "pkill",
    KILLALL = "killall",
    BLKDISCARD = "blkdiscard",
    SGDISK = "sgdisk",
    PARTED = "parted",
    FDISK = "fdisk",
    SFDISK = "sfdisk",
    GDISK = "gdisk",
    CFDISK = "cfdisk",
    CGDISK = "cgdisk",
    ECHO = "echo",
    PRINTF = "printf",
    LS = "ls",
    GREP = "grep",
    RG = "rg",
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
    COPROC = "coproc",
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_folded_keys() {
        for k in [SUDO, FIND, CD, RM, RSCRIPT, LBRACE, TEST, FUNCTION, DOT] {
            assert_ne!(k, NONE);
        }
        assert_eq!(RSCRIPT, folded_key("RSCRIPT"));
        assert_eq!(IF, key("if"));
        assert_ne!(IF, key("IF"));
    }
}
