//! The program table: every program toolgate knows, with its traits, in one sorted list.
//! Everything that asks "what kind of program is this?" reads it: Cline's safe commands
//! ([`crate::safety`]), the options that make a read-only program write or run something
//! ([`super::effects`], hence command rules), and the critical patterns and launchers.
//!
//! * A name is looked up as written ([`lookup`]) or ASCII case-folded ([`lookup_folded`],
//!   for case-insensitive systems, where `/bin/rm` answers to `RM`; there `name.exe` is
//!   `name`, as on Windows). A versioned name (`python3.12`, `pip3.11`, `node18`, `gcc-12`)
//!   is its program when the entry is [`VERSIONED`], and `mkfs.ext4` is `mkfs` when the entry
//!   is a [`FAMILY`]. A read-only program never gets a versioned or family name: `ls2` is not
//!   `ls`.
//! * The table is sorted by name ignoring ASCII case (checked when the crate compiles), so one
//!   binary search serves both lookups. [`key`] packs a name of 1 to 15 bytes into one
//!   integer: what code matching a name against many (`names.rs`) compares.
//! * [`READ_ONLY`] is the allow-list of Cline's "safe commands": programs that inspect files
//!   or the system and write nothing but their output, unless one of their [`Opt`]ions says
//!   otherwise. Programs with sub-commands (git) list the read-only ones in `subcommands`.

/// A program name as an integer (see the module docs); [`NONE`] for no name.
pub type Key = u128;

/// No name: an empty name or one of 16 bytes or more.
pub const NONE: Key = Key::MAX;

/// `name`'s bytes then its length, as one integer; [`NONE`] when it has none.
#[inline]
pub const fn key(name: &str) -> Key {
    pack(name.as_bytes(), false)
}

/// [`key`] of `name` with ASCII letters lowered (`RM` → `rm`).
#[inline]
pub const fn folded_key(name: &str) -> Key {
    pack(name.as_bytes(), true)
}

/// The bytes, zero-padded, then the length in the last byte, read big-endian (so keys order
/// as names do; the length keeps `a` and `a\0` apart). Lowered by bit tricks on the whole
/// integer, not byte by byte.
#[inline]
const fn pack(b: &[u8], fold: bool) -> Key {
    let n = b.len();
    if n == 0 || n > 15 {
        return NONE;
    }
    // The bytes as two overlapping big-endian loads, the second shifted so that its last
    // byte lands at index `n - 1` (the overlap holds the same bytes in both, so the part of
    // the second that would land in the high half is dropped): this runs for every name the
    // analysis compares, and a byte-by-byte copy was most of its cost.
    let (high, low) = if n >= 8 {
        let last = be8(b.last_chunk::<8>());
        let low = match last.checked_shl(8 * (16 - n as u32)) {
            Some(v) => v,
            None => 0,
        };
        (be8(b.first_chunk::<8>()), low)
    } else if n >= 4 {
        let first = be4(b.first_chunk::<4>()) as u64;
        let last = be4(b.last_chunk::<4>()) as u64;
        ((first << 32) | (last << (8 * (8 - n as u32))), 0)
    } else {
        let mut v = (b[0] as u64) << 56;
        if n > 1 {
            v |= (b[1] as u64) << 48;
        }
        if n > 2 {
            v |= (b[2] as u64) << 40;
        }
        (v, 0)
    };
    let bytes = ((high as Key) << 64) | low as Key;
    let k = bytes | n as Key;
    if !fold {
        return k;
    }
    const BYTES: Key = Key::MAX / 0xff;
    let low7 = k & (BYTES * 0x7f);
    // per byte, no carries: a byte's high bit says `>= 'A'`, resp. `> 'Z'`
    let at_least_a = low7 + BYTES * (0x80 - b'A' as Key);
    let above_z = low7 + BYTES * (0x7f - b'Z' as Key);
    let upper = !k & at_least_a & !above_z & (BYTES * 0x80);
    k | (upper >> 2)
}

/// A chunk's bytes, big-endian (one load).
#[inline(always)]
const fn be8(chunk: Option<&[u8; 8]>) -> u64 {
    match chunk {
        Some(c) => u64::from_be_bytes(*c),
        None => 0,
    }
}

#[inline(always)]
const fn be4(chunk: Option<&[u8; 4]>) -> u32 {
    match chunk {
        Some(c) => u32::from_be_bytes(*c),
        None => 0,
    }
}

/// A command word without its directory: `/usr/bin/sudo` → `sudo`, `C:\bin\rm.exe` →
/// `rm.exe` (`\` counts as a separator: on Windows it is one, elsewhere a name holding it
/// only ever asks more). A word ending in a separator is kept whole.
pub fn basename(word: &str) -> &str {
    // a plain loop: `rfind` and iterator adapters stay calls in the size-optimised build
    let b = word.as_bytes();
    let mut i = b.len();
    while i > 0 && b[i - 1] != b'/' && b[i - 1] != b'\\' {
        i -= 1;
    }
    match i {
        0 => word,
        i if i == b.len() => word,
        i => word.get(i..).unwrap_or(word),
    }
}

// ---- traits ------------------------------------------------------------------------------

/// Runs shell code (`sh -c`, a script file, stdin).
pub const SHELL: u32 = 1 << 0;
/// Runs code in its own language (`python -c`, `node -e`, `awk '…'`).
pub const INTERPRETER: u32 = 1 << 1;
/// Downloads from the network (`curl`, `wget`): what it fetches may be run.
pub const FETCHER: u32 = 1 << 2;
/// Runs the command given in its words (`sudo`, `nice`, `xargs`); see [`Launch`].
pub const LAUNCHER: u32 = 1 << 3;
/// Reads the files named by its operands (see [`Operands`]).
pub const READS: u32 = 1 << 4;
/// Writes or creates files.
pub const WRITES: u32 = 1 << 5;
/// Deletes data or stops the system (`rm`, `dd`, `mkfs`, `kill`, `shutdown`).
pub const DESTRUCTIVE: u32 = 1 << 6;
/// Runs as another (usually more privileged) user.
pub const PRIVILEGE: u32 = 1 << 7;
/// Talks to the network.
pub const NETWORK: u32 = 1 << 8;
/// Runs the project's own code or packages' code: builds, tests, package managers.
pub const PROJECT: u32 = 1 << 9;
/// Only inspects: reads files or the system and writes nothing but its output, unless one
/// of its [`Opt`]ions does. The allow-list of Cline's safe commands.
pub const READ_ONLY: u32 = 1 << 10;
/// `python3.12`, `node18`, `gcc-12` name this program.
pub const VERSIONED: u32 = 1 << 11;
/// `mkfs.ext4`, `fsck.vfat` name this program.
pub const FAMILY: u32 = 1 << 12;
/// A launcher that adds operands read from its input (`… | xargs cat`).
pub const STDIN_ARGS: u32 = 1 << 13;
/// Its first word may be an option cluster without a dash (`tar xIf prog a.tar`).
pub const BUNDLED: u32 = 1 << 14;
/// A Unix shell (`sh`, `bash`, `fish`, …): `-c` takes a script, its operands are a script and
/// its arguments, and it answers to versioned names (`bash-5.2`, `ksh93`).
pub const UNIX_SHELL: u32 = 1 << 15;

/// The language an interpreter runs (its inline code is read by `inline.rs`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lang {
    Python,
    Perl,
    Ruby,
    /// JavaScript (node, deno, bun).
    Js,
    Php,
    Awk,
    Lua,
    R,
    /// AppleScript's `do shell script "…"`.
    AppleScript,
}

/// How a language's interpreter takes inline code on its command line.
pub struct CodeFlags {
    /// Short options whose value is code (`-c`, `-e`).
    pub code: &'static [u8],
    /// Long options whose value is code (`--eval`).
    pub code_long: &'static [&'static str],
    /// Short options whose value follows as the next word when not attached.
    pub value: &'static [u8],
    /// Short options that take the rest of their word as an optional value (`-i.bak`).
    pub attached: &'static [u8],
    /// Options after which the program is a module or file, not stdin (`-m`, `-f`).
    pub program: &'static [u8],
    /// The first operand is the program (awk).
    pub operand_code: bool,
}

impl Lang {
    /// How its interpreters take code on their command line.
    pub fn flags(self) -> CodeFlags {
        let f = |code, code_long, value, attached, program, operand_code| CodeFlags {
            code,
            code_long,
            value,
            attached,
            program,
            operand_code,
        };
        match self {
            Lang::Python => f(b"c", &[], b"WXQ", b"", b"m", false),
            Lang::Perl => f(b"eE", &[], b"", b"iIl0FMmxCdDV", b"", false),
            Lang::Ruby => f(b"e", &[], b"rICE", b"FiKxW0lT", b"", false),
            Lang::Js => f(b"ep", &["--eval", "--print"], b"r", b"", b"", false),
            Lang::Php => f(b"rRBE", &[], b"dcfz", b"", b"f", false),
            Lang::Awk => f(b"e", &["--source"], b"Fvf", b"", b"f", true),
            Lang::Lua | Lang::R | Lang::AppleScript => f(b"e", &[], b"l", b"", b"", false),
        }
    }
}

/// What a read-only program's operands are.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Operands {
    /// Files or directories (`cat`, `ls`).
    Files,
    /// A pattern, script or filter, then files (`grep`, `sed`, `jq`), unless the pattern
    /// comes from an option (`-e`, `-f`, `--regexp`, `--expression`, `--file`).
    PatternThenFiles,
    /// No files (`echo`, `printf`, `basename`).
    NotFiles,
    /// find's: start points, then an expression whose only files are the values of
    /// [`FIND_FILE_TESTS`] (`-name '*.ts'` and `-path './x/*'` are patterns).
    StartPoints,
}

/// An option that makes a program write, run or delete something.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Opt {
    /// How it is spelled: `-o` (a short option, also in a cluster `-no` and with a glued
    /// value `-oFILE`), `--output` (also `--output=…` and a GNU abbreviation `--out`),
    /// `-exec` (a single-dash long option: the whole word), `+` (any word starting with `+`).
    pub flag: &'static str,
    /// Only with a value starting with one of these (ASCII case-insensitive); empty: always.
    pub values: &'static [&'static str],
    /// Only before the sub-command (`git -c`, not `git log -c`).
    pub global: bool,
    /// The side effect, as a phrase: `sort -o writes a file`.
    pub why: &'static str,
}

/// How a launcher finds the command it runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Launch {
    /// The words after its options, and after `skip` operands of its own (`timeout 5 CMD`,
    /// `flock FILE CMD`, `chroot DIR CMD`).
    Words { skip: u8 },
    /// The script that follows `flag` (`su -c CMD`, `script -c CMD`).
    Script { flag: &'static str },
    /// Its operands, joined into a script (`eval CMD…`, `watch CMD…`).
    Joined,
}

/// A sub-command that only reads (`git status`), for a program that otherwise does not.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sub {
    /// One or two words: `log`, `stash list`.
    pub name: &'static str,
    /// Its options that write (`git branch -D`), matched like [`Opt::flag`].
    pub writes: &'static [&'static str],
    /// Operands make it write (`git branch NAME` creates a branch) unless one of these
    /// options is given (`--list`); `None`: operands are only read.
    pub operands_unless: Option<&'static [&'static str]>,
    /// Up to this many operands are only read (`git config KEY` gets, `KEY VALUE` sets).
    pub reads_up_to: u8,
    /// It only reads when one of these options is given, before or after `--`
    /// (`cargo fmt -- --check`, `git clean -n`); empty: always.
    pub only_with: &'static [&'static str],
}

/// A program's entry as the table is written ([`TABLE`]); stored compactly as [`Program`]
/// plus [`Extra`], since most programs have none of the extras.
#[derive(Clone, Copy)]
struct Spec {
    name: &'static str,
    traits: u32,
    code_flags: &'static [&'static str],
    operands: Operands,
    output_operand: u8,
    options: &'static [Opt],
    short_values: &'static [u8],
    value_options: &'static [&'static str],
    subcommands: &'static [Sub],
    launch: Option<Launch>,
    grammar: Option<&'static Grammar>,
    lang: Option<Lang>,
}

/// The rarely set fields of a program, in [`EXTRAS`] (entry 0: none set).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Extra {
    /// Options that run code given inline (`-c`, `-e`, `-E`, `-r`, `--eval`).
    code_flags: &'static [&'static str],
    /// Options that write, run or delete.
    options: &'static [Opt],
    /// Short option letters that take a value (for reading clusters: in `sort -to`, `o` is
    /// `-t`'s value).
    short_values: &'static [u8],
    /// Options that take the next word as their value before the sub-command (`git -C dir`)
    /// or before the command a launcher runs (`nice --adjustment 5 cmd`).
    value_options: &'static [&'static str],
    launch: Option<Launch>,
    /// The language of an interpreter whose code toolgate reads.
    lang: Option<Lang>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Program {
    pub name: &'static str,
    /// The read-only sub-commands, for a program that is not [`READ_ONLY`] itself.
    pub subcommands: &'static [Sub],
    /// The trait bits above.
    pub traits: u32,
    pub operands: Operands,
    /// The operand (1-based) it writes: `uniq IN OUT`, `xxd IN OUT`; 0: none.
    pub output_operand: u8,
    /// Index of its [`Extra`] in [`EXTRAS`].
    extra: u8,
    /// Index of its grammar in [`GRAMMARS`] (0: none). Apart from the extras: most programs
    /// with a grammar set nothing else, and an index fits the entry's padding.
    grammar: u8,
}

impl Program {
    fn extra(&self) -> &'static Extra {
        &EXTRAS[usize::from(self.extra)]
    }
    /// Options that run code given inline (`-c`, `-e`, `-E`, `-r`, `--eval`).
    pub fn code_flags(&self) -> &'static [&'static str] {
        self.extra().code_flags
    }
    /// Options that make it write, run or delete something.
    pub fn options(&self) -> &'static [Opt] {
        self.extra().options
    }
    /// How it finds the command it runs, for a launcher.
    pub fn launch(&self) -> Option<Launch> {
        self.extra().launch
    }
    /// Short option letters that take a value.
    pub fn short_values(&self) -> &'static [u8] {
        self.extra().short_values
    }
    /// Long options that take the next word as their value before the sub-command, or before
    /// the command a launcher runs.
    pub fn value_options(&self) -> &'static [&'static str] {
        self.extra().value_options
    }
    /// The language of an interpreter whose code toolgate reads.
    pub fn lang(&self) -> Option<Lang> {
        self.extra().lang
    }
    /// Its own grammar, if the table gives one (see [`super::roles::default_grammar`]).
    pub fn grammar(&self) -> Option<&'static Grammar> {
        GRAMMARS[usize::from(self.grammar)]
    }
    pub const fn has(&self, traits: u32) -> bool {
        self.traits & traits != 0
    }
    pub const fn is_shell(&self) -> bool {
        self.has(SHELL)
    }
    pub const fn is_interpreter(&self) -> bool {
        self.has(INTERPRETER)
    }
    pub const fn is_fetcher(&self) -> bool {
        self.has(FETCHER)
    }
    pub const fn is_launcher(&self) -> bool {
        self.has(LAUNCHER)
    }
    pub const fn is_privileged(&self) -> bool {
        self.has(PRIVILEGE)
    }
    pub const fn is_destructive(&self) -> bool {
        self.has(DESTRUCTIVE)
    }
    /// Runs code: a shell, an interpreter, or the project's code.
    pub const fn runs_code(&self) -> bool {
        self.has(SHELL | INTERPRETER | PROJECT)
    }
    pub const fn is_read_only(&self) -> bool {
        self.has(READ_ONLY)
    }

    /// The first option among `args` (the words after the name) that writes, runs or
    /// deletes (see [`Opt`]); scanning stops at `--`.
    pub fn risky_option(&self, args: &[String]) -> Option<&'static Opt> {
        let extra = self.extra();
        let options = extra.options;
        if options.is_empty() {
            return None;
        }
        let sub = self.subcommand_index(args);
        // `tar czf …` is `tar -czf …`
        let bundled;
        let args = match args.first() {
            Some(first) if self.has(BUNDLED) && !first.starts_with('-') => {
                bundled = [format!("-{first}")]
                    .into_iter()
                    .chain(args.iter().skip(1).cloned())
                    .collect::<Vec<_>>();
                bundled.as_slice()
            }
            _ => args,
        };
        find_option(
            args,
            extra.short_values,
            options,
            |o| o.flag,
            |o, i, value| {
                (!o.global || sub.map_or(true, |s| i < s))
                    && (o.values.is_empty()
                        || value.is_some_and(|v| o.values.iter().any(|p| starts_with_folded(v, p))))
            },
        )
    }

    /// The operand it writes (`uniq IN OUT`, `xxd IN OUT`, see [`Program::output_operand`]),
    /// when given.
    pub fn output<'a>(&self, args: &'a [String]) -> Option<&'a String> {
        let n = usize::from(self.output_operand).checked_sub(1)?;
        let mut options = true;
        args.iter()
            .filter(|w| {
                if options && *w == "--" {
                    options = false;
                    return false;
                }
                !(options && w.len() > 1 && w.starts_with('-'))
            })
            .nth(n)
    }

    /// The index in `args` of the sub-command: the first word that is not an option or the
    /// value of one of its value options (`git -C dir`). `None` for a program without sub-commands
    /// or when there is no such word.
    pub fn subcommand_index(&self, args: &[String]) -> Option<usize> {
        let value_options = self.extra().value_options;
        if self.subcommands.is_empty() && value_options.is_empty() {
            return None;
        }
        let mut i = 0;
        while let Some(w) = args.get(i) {
            if w == "--" {
                return None;
            }
            if !w.starts_with('-') || w == "-" {
                return Some(i);
            }
            i += if value_options.contains(&w.as_str()) {
                2
            } else {
                1
            };
        }
        None
    }

    /// The read-only sub-command `args` run, if any (a two-word one first: `stash list`).
    pub fn read_only_subcommand(&self, args: &[String]) -> Option<&'static Sub> {
        let i = self.subcommand_index(args)?;
        let first = args.get(i)?;
        let second = args.get(i + 1).map(String::as_str);
        self.subcommands
            .iter()
            // (a byte scan: a `char` pattern's searcher per sub-command costs more)
            .find(|s| match s.name.bytes().position(|b| b == b' ') {
                Some(at) => s.name.get(..at) == Some(first) && s.name.get(at + 1..) == second,
                None => s.name == first,
            })
    }
}

impl Sub {
    /// Whether these words (after the sub-command's name) make it write.
    pub fn writes(&self, args: &[String]) -> bool {
        let writes = self.writes;
        let written = find_option(args, b"", writes, |w| w, |_, _, _| true).is_some();
        let unchecked = !self.only_with.is_empty()
            && !args.iter().any(|w| {
                self.only_with.iter().any(|o| {
                    w == o
                        || o.len() == 2
                            && !w.starts_with("--")
                            && w.starts_with('-')
                            && w.bytes().skip(1).all(|b| b.is_ascii_alphabetic())
                            && w.as_bytes().contains(&o.as_bytes()[1])
                })
            });
        written
            || unchecked
            || self.operands_unless.is_some_and(|listing| {
                let mut options = true;
                let operands = args
                    .iter()
                    .filter(|w| {
                        if options && *w == "--" {
                            options = false;
                            return false;
                        }
                        !(options && w.starts_with('-'))
                    })
                    .count();
                operands > usize::from(self.reads_up_to)
                    && !args.iter().any(|w| listing.contains(&w.as_str()))
            })
    }
}

/// ASCII case-insensitive `starts_with`.
fn starts_with_folded(s: &str, prefix: &str) -> bool {
    s.as_bytes()
        .get(..prefix.len())
        .is_some_and(|head| head.eq_ignore_ascii_case(prefix.as_bytes()))
}

/// The first of `table`'s options (`flag` gives an entry's spelling, see [`Opt::flag`]) that
/// a word of `args` (up to `--`) spells and `usable(entry, word index, value)` accepts:
/// each letter of a cluster (letters after one of `short_values` are its value), a long
/// option or a GNU abbreviation of one (`sort --out=x` is `--output`: getopt takes any
/// unambiguous prefix, and an ambiguous one is an error, so taking the first only ever asks
/// more), a single-dash long option as a whole word, `+` for a word starting with `+`.
fn find_option<'a, T: Copy>(
    args: &'a [String],
    short_values: &[u8],
    table: &'static [T],
    flag: impl Fn(&T) -> &'static str,
    usable: impl Fn(&T, usize, Option<&'a str>) -> bool,
) -> Option<&'static T> {
    let next = |i: usize| args.get(i + 1).map(String::as_str);
    for (i, w) in args.iter().enumerate() {
        if w == "--" {
            return None;
        }
        let found = if let Some(long) = w.strip_prefix("--") {
            let (name, value) = match long.split_once('=') {
                Some((n, v)) => (n, Some(v)),
                None => (long, next(i)),
            };
            let long_flag = |t: &T| flag(t).strip_prefix("--").filter(|_| !name.is_empty());
            table
                .iter()
                .find(|t| long_flag(t) == Some(name) && usable(t, i, value))
                .or_else(|| {
                    table.iter().find(|t| {
                        long_flag(t).is_some_and(|f| f.starts_with(name)) && usable(t, i, value)
                    })
                })
        } else if w.starts_with('+') {
            table.iter().find(|t| flag(t) == "+" && usable(t, i, None))
        } else if let Some(letters) = w.strip_prefix('-').filter(|l| !l.is_empty()) {
            // a single-dash long option (`find -exec`), with or without `=value`
            let (whole, glued) = match w.split_once('=') {
                Some((n, v)) => (n, Some(v)),
                None => (w.as_str(), None),
            };
            let single = table
                .iter()
                .find(|t| whole.len() > 2 && flag(t) == whole && usable(t, i, glued.or(next(i))));
            single.or_else(|| {
                let mut hit = None;
                for (j, c) in letters.bytes().enumerate() {
                    let value = letters.get(j + 1..).filter(|v| !v.is_empty()).or(next(i));
                    hit = table
                        .iter()
                        .find(|t| flag(t).as_bytes() == [b'-', c] && usable(t, i, value));
                    if hit.is_some() || short_values.contains(&c) {
                        break;
                    }
                }
                hit
            })
        } else {
            None
        };
        if found.is_some() {
            return found;
        }
    }
    None
}

// ---- lookup ------------------------------------------------------------------------------

/// The program `name` names (a bare name, see [`basename`]), as written.
pub fn lookup(name: &str) -> Option<&'static Program> {
    find(name, false)
}

/// [`lookup`] ignoring ASCII case (`RM`, `Sudo`, `CURL`): for case-insensitive systems, and
/// wherever folding only asks more (critical commands, deny rules, side-effect options).
pub fn lookup_folded(name: &str) -> Option<&'static Program> {
    find(name, true)
}

/// Whether the program whose [`folded_key`] is `k` is a [`FETCHER`]: a scan of the few
/// fetchers' keys, not a search of the table (asked for every command a line runs).
pub fn is_fetcher_key(k: Key) -> bool {
    among(&FETCHER_KEYS, k)
}

/// Whether `k` is one of `keys`, sorted (a binary search written out: a closure stays a call
/// per probe in the size-optimised build).
fn among(keys: &[Key], k: Key) -> bool {
    let (mut lo, mut hi) = (0, keys.len());
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        match keys.get(mid) {
            Some(&m) if m < k => lo = mid + 1,
            Some(&m) if m > k => hi = mid,
            Some(_) => return true,
            None => return false,
        }
    }
    false
}

const FETCHER_COUNT: usize = count(FETCHER);

/// The fetchers' folded keys, from the table when the crate compiles.
static FETCHER_KEYS: [Key; FETCHER_COUNT] = keys(FETCHER);

/// Whether the program whose [`folded_key`] is `k` is a [`UNIX_SHELL`], by its name as the
/// table writes it (a scan of the few shells' keys, asked for every command a line runs).
pub fn is_shell_key(k: Key) -> bool {
    among(&SHELL_KEYS, k)
}

/// Whether `name` is a [`UNIX_SHELL`]'s, ignoring case, versioned or with `.exe`
/// (`bash-5.2`, `ksh93`, `sh.exe`).
pub fn is_shell_name(name: &str) -> bool {
    lookup_folded(name).is_some_and(|p| p.has(UNIX_SHELL))
}

const SHELL_COUNT: usize = count(UNIX_SHELL);

/// The shells' folded keys, from the table when the crate compiles.
static SHELL_KEYS: [Key; SHELL_COUNT] = keys(UNIX_SHELL);

/// How many entries have `traits`.
const fn count(traits: u32) -> usize {
    let (mut n, mut i) = (0, 0);
    while i < TABLE.len() {
        if TABLE[i].traits & traits != 0 {
            n += 1;
        }
        i += 1;
    }
    n
}

/// The folded keys of the `N` entries with `traits`, sorted (for [`among`]).
const fn keys<const N: usize>(traits: u32) -> [Key; N] {
    let mut out = [NONE; N];
    let (mut n, mut i) = (0, 0);
    while i < TABLE.len() {
        if TABLE[i].traits & traits != 0 {
            // insertion: the keys before it that are larger move up one
            let k = folded_key(TABLE[i].name);
            let mut j = n;
            while j > 0 && out[j - 1] > k {
                out[j] = out[j - 1];
                j -= 1;
            }
            out[j] = k;
            n += 1;
        }
        i += 1;
    }
    out
}

/// The entry `name` names ignoring case (the table is sorted that way), then, unless `fold`,
/// only if it is spelled the same.
fn exact(name: &str, fold: bool) -> Option<&'static Program> {
    let want = name.as_bytes();
    // a binary search written out: `binary_search_by`'s closure stays a call per probe in the
    // size-optimised build
    let (mut lo, mut hi) = (0, PROGRAMS.len());
    // a name starting with a letter is among the entries starting with it
    if let Some(k) = want
        .first()
        .map(|b| b.to_ascii_lowercase().wrapping_sub(b'a'))
    {
        if let (Some(&a), Some(&b)) = (
            BY_LETTER.get(usize::from(k)),
            BY_LETTER.get(usize::from(k) + 1),
        ) {
            (lo, hi) = (usize::from(a), usize::from(b));
        }
    }
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        let p = PROGRAMS.get(mid)?;
        match folded_cmp(p.name.as_bytes(), want) {
            std::cmp::Ordering::Less => lo = mid + 1,
            std::cmp::Ordering::Greater => hi = mid,
            std::cmp::Ordering::Equal => return Some(p).filter(|p| fold || p.name == name),
        }
    }
    None
}

/// `BY_LETTER[k]`: the first entry whose name, folded, starts at or after the letter `a + k`
/// (`k` = 26: after `z`), so the entries starting with a letter are one range.
static BY_LETTER: [u16; 27] = {
    let mut out = [0u16; 27];
    let (mut k, mut i) = (0, 0);
    while k < 27 {
        while i < TABLE.len() && TABLE[i].name.as_bytes()[0].to_ascii_lowercase() < b'a' + k as u8 {
            i += 1;
        }
        out[k] = i as u16;
        k += 1;
    }
    out
};

/// `a` against `b` ignoring ASCII case, as the table is sorted. A plain byte loop: iterator
/// adaptors stay a call per byte in the size-optimised build, and this is the parser's
/// hottest comparison.
#[inline(always)]
fn folded_cmp(a: &[u8], b: &[u8]) -> std::cmp::Ordering {
    let n = a.len().min(b.len());
    let mut i = 0;
    while i < n {
        let (x, y) = (a[i].to_ascii_lowercase(), b[i].to_ascii_lowercase());
        if x != y {
            return if x < y {
                std::cmp::Ordering::Less
            } else {
                std::cmp::Ordering::Greater
            };
        }
        i += 1;
    }
    a.len().cmp(&b.len())
}

fn find(name: &str, fold: bool) -> Option<&'static Program> {
    if let Some(p) = exact(name, fold) {
        return Some(p);
    }
    // `CMD.EXE`: Windows, where names fold too
    let name = match name.len().checked_sub(4) {
        Some(cut)
            if fold
                && name
                    .get(cut..)
                    .is_some_and(|e| e.eq_ignore_ascii_case(".exe")) =>
        {
            let stem = name.get(..cut).unwrap_or("");
            if let Some(p) = exact(stem, fold) {
                return Some(p);
            }
            stem
        }
        _ => name,
    };
    // `python3.12`, `node18`, `gcc-12`
    let stem = name.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
    if name.ends_with(|c: char| c.is_ascii_digit())
        && name
            .as_bytes()
            .get(stem.len())
            .is_some_and(u8::is_ascii_digit)
    {
        let stem = stem.strip_suffix(['-', '_']).unwrap_or(stem);
        if let Some(p) = exact(stem, fold).filter(|p| p.has(VERSIONED)) {
            return Some(p);
        }
    }
    // `mkfs.ext4`
    let (family, _) = name.split_once('.')?;
    exact(family, fold).filter(|p| p.has(FAMILY))
}

// ---- the table ---------------------------------------------------------------------------

const fn p(name: &'static str, traits: u32) -> Spec {
    Spec {
        name,
        traits,
        code_flags: &[],
        operands: Operands::Files,
        output_operand: 0,
        options: &[],
        short_values: &[],
        value_options: &[],
        subcommands: &[],
        launch: None,
        grammar: None,
        lang: None,
    }
}

/// A read-only program.
const fn r(name: &'static str) -> Spec {
    p(name, READ_ONLY | READS)
}

/// A read-only program whose first operand is a pattern or script.
const fn rp(name: &'static str) -> Spec {
    Spec {
        operands: Operands::PatternThenFiles,
        ..r(name)
    }
}

/// A read-only program that reads no files.
const fn rn(name: &'static str) -> Spec {
    Spec {
        operands: Operands::NotFiles,
        ..p(name, READ_ONLY)
    }
}

const fn shell(name: &'static str) -> Spec {
    Spec {
        code_flags: &["-c"],
        ..p(name, SHELL | UNIX_SHELL | READS | WRITES | VERSIONED)
    }
}

/// An interpreter whose inline code toolgate reads, in `lang`.
const fn code(program: Spec, lang: Lang) -> Spec {
    Spec {
        lang: Some(lang),
        ..program
    }
}

const fn interp(name: &'static str, code_flags: &'static [&'static str]) -> Spec {
    Spec {
        code_flags,
        ..p(name, INTERPRETER | READS | WRITES | VERSIONED)
    }
}

const fn fetcher(name: &'static str) -> Spec {
    p(name, FETCHER | NETWORK | WRITES)
}

const fn launcher(name: &'static str, launch: Launch, short_values: &'static [u8]) -> Spec {
    Spec {
        launch: Some(launch),
        short_values,
        ..p(name, LAUNCHER)
    }
}

const fn words(skip: u8) -> Launch {
    Launch::Words { skip }
}

/// A launcher that runs its operands as a command after its options (short letters and long
/// options that take a value) and `skip` operands of its own (`chroot DIR cmd`).
const fn launches(
    program: Spec,
    skip: u8,
    short_values: &'static [u8],
    value_options: &'static [&'static str],
) -> Spec {
    Spec {
        launch: Some(words(skip)),
        short_values,
        value_options,
        traits: program.traits | LAUNCHER,
        ..program
    }
}

const fn o(flag: &'static str, why: &'static str) -> Opt {
    Opt {
        flag,
        values: &[],
        global: false,
        why,
    }
}

const fn with_options(program: Spec, options: &'static [Opt]) -> Spec {
    Spec { options, ..program }
}

/// `program` with its own grammar (see [`super::roles`]).
const fn with_grammar(program: Spec, grammar: &'static Grammar) -> Spec {
    Spec {
        grammar: Some(grammar),
        ..program
    }
}

const SORT_OPTIONS: &[Opt] = &[
    o("-o", "sort -o writes a file"),
    o("--output", "sort -o writes a file"),
    o(
        "--compress-program",
        "sort --compress-program runs a program",
    ),
];
const FIND_OPTIONS: &[Opt] = &[
    o("-exec", "find -exec runs a command"),
    o("-execdir", "find -exec runs a command"),
    o("-ok", "find -exec runs a command"),
    o("-okdir", "find -exec runs a command"),
    o("-delete", "find -delete deletes files"),
    o("-fprint", "find -fprint writes a file"),
    o("-fprint0", "find -fprint writes a file"),
    o("-fprintf", "find -fprint writes a file"),
    o("-fls", "find -fprint writes a file"),
];
/// find's tests whose value is a file.
pub const FIND_FILE_TESTS: &[&str] = &["-anewer", "-cnewer", "-files0-from", "-newer", "-samefile"];
const FD_OPTIONS: &[Opt] = &[
    o("-x", "fd --exec runs a command"),
    o("-X", "fd --exec runs a command"),
    o("--exec", "fd --exec runs a command"),
    o("--exec-batch", "fd --exec runs a command"),
];
const RG_OPTIONS: &[Opt] = &[
    o("--pre", "rg --pre runs a program on every file"),
    o("--hostname-bin", "rg --hostname-bin runs a program"),
    o("-z", "rg --search-zip runs decompression programs"),
    o(
        "--search-zip",
        "rg --search-zip runs decompression programs",
    ),
];
const MAN_OPTIONS: &[Opt] = &[
    o("-P", "man -P runs a pager command"),
    o("--pager", "man -P runs a pager command"),
    o("-H", "man -H runs a browser"),
    o("--html", "man -H runs a browser"),
    o("-X", "man -X runs a viewer"),
    o("--gxditview", "man -X runs a viewer"),
    o("-t", "man -t runs troff"),
    o("--troff", "man -t runs troff"),
    o("-T", "man -T runs troff"),
    o("--troff-device", "man -T runs troff"),
    o("-C", "man -C reads a config that sets the pager"),
    o("--config-file", "man -C reads a config that sets the pager"),
];
const LESS_OPTIONS: &[Opt] = &[
    o("-o", "less -o writes a log file"),
    o("-O", "less -o writes a log file"),
    o("--log-file", "less -o writes a log file"),
    o("--LOG-FILE", "less -o writes a log file"),
    o("-k", "less -k reads key bindings that can run commands"),
    o(
        "--lesskey-file",
        "less -k reads key bindings that can run commands",
    ),
    o(
        "--lesskey-src",
        "less -k reads key bindings that can run commands",
    ),
    o(
        "+",
        "less +cmd runs less commands, which can run shell commands",
    ),
];
const GIT_OPTIONS: &[Opt] = &[
    Opt {
        global: true,
        ..o("-c", "git -c can set a command (pager, alias, hook)")
    },
    Opt {
        global: true,
        ..o(
            "--config-env",
            "git -c can set a command (pager, alias, hook)",
        )
    },
    Opt {
        global: true,
        ..o(
            "--exec-path",
            "git --exec-path chooses the programs git runs",
        )
    },
    o("--output", "git --output writes a file"),
    o("--upload-pack", "git option runs a command"),
    o("--receive-pack", "git option runs a command"),
    o("--exec", "git option runs a command"),
    o("--extcmd", "git option runs a command"),
    o("--tool", "git option runs a command"),
    o("-O", "git grep -O runs a pager"),
    o("--open-files-in-pager", "git grep -O runs a pager"),
];
const TAR_OPTIONS: &[Opt] = &[
    o("--to-command", "tar option runs a command"),
    o("--use-compress-program", "tar option runs a command"),
    o("-I", "tar option runs a command"),
    o("--checkpoint-action", "tar option runs a command"),
    o("--info-script", "tar option runs a command"),
    o("--new-volume-script", "tar option runs a command"),
    o("-F", "tar option runs a command"),
    o("--rmt-command", "tar option runs a command"),
    o("--rsh-command", "tar option runs a command"),
];
const RSYNC_OPTIONS: &[Opt] = &[
    o("-e", "rsync option runs a command"),
    o("--rsh", "rsync option runs a command"),
    o("--rsync-path", "rsync option runs a command"),
];
const SSH_OPTIONS: &[Opt] = &[
    Opt {
        values: &[
            "proxycommand",
            "localcommand",
            "permitlocalcommand",
            "knownhostscommand",
        ],
        ..o("-o", "ssh option runs a local command")
    },
    o("-F", "ssh -F reads a config that can run commands"),
];
const TRACE_OPTIONS: &[Opt] = &[o("-o", "strace -o writes a file")];
const TIME_OPTIONS: &[Opt] = &[
    o("-o", "time -o writes a file"),
    o("--output", "time -o writes a file"),
];
const SCP_OPTIONS: &[Opt] = &[
    SSH_OPTIONS[0],
    SSH_OPTIONS[1],
    o("-S", "scp -S runs a program as ssh"),
];
const ZIP_OPTIONS: &[Opt] = &[
    o("-TT", "zip -TT runs a command"),
    o("--unzip-command", "zip -TT runs a command"),
];
const AWK_OPTIONS: &[Opt] = &[
    o("-f", "awk -f runs a program file"),
    o("--file", "awk -f runs a program file"),
    o("-E", "awk -f runs a program file"),
    o("--exec", "awk -f runs a program file"),
    o("-i", "awk -f runs a program file"),
    o("--include", "awk -f runs a program file"),
    o("-l", "gawk -l loads an extension"),
    o("--load", "gawk -l loads an extension"),
];
const GO_OPTIONS: &[Opt] = &[
    o("-exec", "go -exec runs the test binary through a command"),
    o("--exec", "go -exec runs the test binary through a command"),
    o(
        "-toolexec",
        "go -toolexec runs every build tool through a command",
    ),
    o(
        "--toolexec",
        "go -toolexec runs every build tool through a command",
    ),
];
const CARGO_OPTIONS: &[Opt] = &[o(
    "--config",
    "cargo --config can set a runner or a wrapper",
)];
const NPM_OPTIONS: &[Opt] = &[o("--script-shell", "npm --script-shell chooses the shell")];
const CURL_OPTIONS: &[Opt] = &[
    o("-o", "curl -o writes a file"),
    o("--output", "curl -o writes a file"),
    o("--output-dir", "curl -o writes a file"),
    o("-D", "curl -D writes a file"),
    o("--dump-header", "curl -D writes a file"),
    o("-c", "curl -c writes a file"),
    o("--cookie-jar", "curl -c writes a file"),
    o("--trace", "curl --trace writes a file"),
    o("--trace-ascii", "curl --trace writes a file"),
    o("--stderr", "curl --stderr writes a file"),
    o("--libcurl", "curl --libcurl writes a file"),
    o("-K", "curl -K reads options from a file"),
    o("--config", "curl -K reads options from a file"),
];
const WGET_OPTIONS: &[Opt] = &[
    o("-O", "wget -O writes a chosen file"),
    o("--output-document", "wget -O writes a chosen file"),
    o("-o", "wget -o writes a chosen file"),
    o("--output-file", "wget -o writes a chosen file"),
    o("-a", "wget -o writes a chosen file"),
    o("--append-output", "wget -o writes a chosen file"),
    o("-P", "wget -P writes into a chosen directory"),
    o(
        "--directory-prefix",
        "wget -P writes into a chosen directory",
    ),
    o("-e", "wget -e runs wgetrc commands"),
    o("--execute", "wget -e runs wgetrc commands"),
    o("--config", "wget -e runs wgetrc commands"),
    o("--use-askpass", "wget --use-askpass runs a command"),
];
const TREE_OPTIONS: &[Opt] = &[o("-o", "tree -o writes a file")];
const FILE_OPTIONS: &[Opt] = &[
    o("-C", "file -C writes a magic file"),
    o("--compile", "file -C writes a magic file"),
];
const DATE_OPTIONS: &[Opt] = &[
    o("-s", "date -s sets the clock"),
    o("--set", "date -s sets the clock"),
];
const YQ_OPTIONS: &[Opt] = &[
    o("-i", "yq -i edits files in place"),
    o("--inplace", "yq -i edits files in place"),
];
const BAT_OPTIONS: &[Opt] = &[o("--pager", "bat --pager runs a pager command")];
const PAGER_OPTIONS: &[Opt] = &[o("--pager", "--pager runs a pager command")];
const SED_OPTIONS: &[Opt] = &[
    o("-i", "sed -i edits files in place"),
    o("--in-place", "sed -i edits files in place"),
    o("-f", "sed script file may run commands"),
    o("--file", "sed script file may run commands"),
];

/// `git`'s read-only sub-commands.
const GIT_READS: &[Sub] = &[
    s("annotate"),
    s("bisect log"),
    s("bisect visualize"),
    s("blame"),
    Sub {
        writes: &[
            "-d",
            "-D",
            "-m",
            "-M",
            "-c",
            "-C",
            "-f",
            "-u",
            "--delete",
            "--move",
            "--copy",
            "--force",
            "--set-upstream-to",
            "--unset-upstream",
            "--edit-description",
            "--track",
            "--no-track",
            "--create-reflog",
        ],
        operands_unless: Some(&[
            "--list",
            "-l",
            "--contains",
            "--no-contains",
            "--merged",
            "--no-merged",
            "--points-at",
        ]),
        ..s("branch")
    },
    s("cat-file"),
    s("check-attr"),
    // a dry run lists what it would delete
    Sub {
        only_with: &["-n", "--dry-run"],
        ..s("clean")
    },
    s("check-ignore"),
    s("cherry"),
    Sub {
        writes: &[
            "--add",
            "--unset",
            "--unset-all",
            "--replace-all",
            "--rename-section",
            "--remove-section",
            "-e",
            "--edit",
        ],
        operands_unless: Some(&["--get", "--get-all", "--get-regexp", "--list", "-l"]),
        // `git config KEY` gets it
        reads_up_to: 1,
        ..s("config")
    },
    s("count-objects"),
    s("describe"),
    s("diff"),
    s("diff-files"),
    s("diff-index"),
    s("diff-tree"),
    s("for-each-ref"),
    s("grep"),
    s("log"),
    s("ls-files"),
    s("ls-tree"),
    s("merge-base"),
    s("name-rev"),
    // (two words before one: the first entry that matches is taken)
    s("reflog show"),
    Sub {
        writes: &[],
        operands_unless: Some(&[]),
        ..s("reflog")
    },
    s("remote get-url"),
    s("remote show"),
    Sub {
        writes: &[],
        operands_unless: Some(&[]),
        ..s("remote")
    },
    s("rev-list"),
    s("rev-parse"),
    s("shortlog"),
    s("show"),
    s("show-branch"),
    s("show-ref"),
    s("stash list"),
    s("stash show"),
    s("status"),
    s("submodule status"),
    Sub {
        writes: &[],
        operands_unless: Some(&[]),
        ..s("submodule")
    },
    Sub {
        writes: &[
            "-a", "-s", "-u", "-d", "-f", "-m", "-F", "--delete", "--force",
        ],
        operands_unless: Some(&[
            "--list",
            "-l",
            "--contains",
            "--no-contains",
            "--merged",
            "--no-merged",
            "--points-at",
        ]),
        ..s("tag")
    },
    s("var"),
    s("version"),
    s("whatchanged"),
    s("worktree list"),
    s("check-ref-format"),
    s("cherry"),
    Sub {
        writes: &["--lost-found"],
        ..s("fsck")
    },
    s("help"),
    s("var"),
    s("verify-commit"),
    s("verify-tag"),
];

/// `npm`'s read-only sub-commands (that read no network and run no scripts).
/// `go`'s read-only sub-commands.
const GO_READS: &[Sub] = &[
    s("doc"),
    Sub {
        // `-u` asks the network for updates
        writes: &["-u", "-toolexec", "-exec"],
        ..s("list")
    },
    s("mod graph"),
    s("mod why"),
    Sub {
        writes: &["-w", "-u"],
        ..s("env")
    },
    s("version"),
];

/// `pip`'s read-only sub-commands.
const PIP_READS: &[Sub] = &[
    s("cache dir"),
    s("cache info"),
    s("cache list"),
    s("check"),
    s("config debug"),
    s("config get"),
    s("config list"),
    s("debug"),
    s("freeze"),
    s("hash"),
    s("inspect"),
    s("list"),
    s("show"),
];

/// (Registry queries, `npm view`, reach the network: not listed.)
const NPM_READS: &[Sub] = &[
    s("cache ls"),
    s("find-dupes"),
    s("sbom"),
    s("c get"),
    s("c list"),
    s("c ls"),
    s("config get"),
    s("config list"),
    s("config ls"),
    s("explain"),
    s("help"),
    s("pkg get"),
    s("query"),
    s("la"),
    s("list"),
    s("ll"),
    s("ls"),
    s("prefix"),
    s("root"),
    s("why"),
];

/// pnpm's and yarn's read-only sub-commands.
const JS_READS: &[Sub] = &[s("list"), s("ls"), s("why")];

const CARGO_READS: &[Sub] = &[
    Sub {
        // formats in place unless only checking (`cargo fmt --all -- --check`)
        only_with: &["--check"],
        ..s("fmt")
    },
    s("help"),
    s("locate-project"),
    s("metadata"),
    s("pkgid"),
    s("tree"),
    s("verify-project"),
    s("version"),
];

const UV_READS: &[Sub] = &[
    s("pip check"),
    s("pip freeze"),
    s("pip list"),
    s("pip show"),
    s("pip tree"),
    s("tree"),
];

const POETRY_READS: &[Sub] = &[
    s("about"),
    s("check"),
    s("config --list"),
    s("env info"),
    s("env list"),
    s("show"),
];

/// terraform's: `fmt -check` lists the files it would rewrite.
const TERRAFORM_READS: &[Sub] = &[
    Sub {
        only_with: &["-check", "--check"],
        ..s("fmt")
    },
    s("version"),
];

/// ruff's checks that never write (`ruff check` may fix, by its configuration).
const RUFF_READS: &[Sub] = &[
    s("format --check"),
    s("format --diff"),
    s("rule"),
    s("version"),
];

/// `program` with read-only sub-commands.
const fn with_reads(program: Spec, subcommands: &'static [Sub]) -> Spec {
    Spec {
        subcommands,
        ..program
    }
}

const fn s(name: &'static str) -> Sub {
    Sub {
        name,
        writes: &[],
        operands_unless: None,
        reads_up_to: 0,
        only_with: &[],
    }
}

// ---- grammars: what each word given to a program is (see super::roles) ------------------

use Role::{Name as N, Path as P, Text as T, Unknown as U};

/// What a word is to the program it is given to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// A file or directory the program opens: read, written, listed, recursed into, changed
    /// into, used as a build context, or run.
    Path,
    /// A name the program resolves itself: a script, target, task, branch, ref, module,
    /// package, image, container, sub-command. Written as a path (`./x`, `a/b`, `.x`) it may
    /// be one.
    Name,
    /// Not a path at all: a pattern, a message, code, a URL, a number, a key.
    Text,
    /// Not known: the words of a program toolgate does not know, or handed on to a script.
    Unknown,
}

/// An option a grammar knows: its value's role.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Arg {
    /// `-m` (also glued, `-mVALUE`, and in a cluster), `--message` (also `--message=VALUE`),
    /// `-name` (a single-dash long option, as a whole word).
    pub flag: &'static str,
    /// How many words it takes (0: a switch).
    pub values: u8,
    pub role: Role,
    /// The words after it (and its values) all take this role (`python -m mod ARGS…`).
    pub rest: Option<Role>,
    /// It gives the pattern (`grep -e`, `grep -f`): the first operand is then a file.
    pub pattern: bool,
    /// Its value names a program (a Python module) run with the words after it, which are
    /// read by that program's grammar (`python -m pytest -k x tests`).
    pub runs: bool,
    /// A switch after which the words after `--` are files whose content the program
    /// prints (`git log -p -- FILE`), whatever the grammar's `after_dashes`.
    pub shows_content: bool,
    /// A switch that gives every operand, and every word after `--`, this role wherever it
    /// stands (`git rm --cached FILE` only changes the index: text; `git ls-files -o DIR`
    /// lists a directory: a path).
    pub operands: Option<Role>,
}

/// What the words of a program (or a sub-command) are.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Grammar {
    /// The options it knows.
    pub options: &'static [Arg],
    /// The role of an unknown option's value, glued (`-xVALUE`, `--opt=VALUE`).
    pub option_values: Role,
    /// The operands' roles by position; the last one repeats (none: [`Role::Unknown`]).
    pub operands: &'static [Role],
    /// After this many operands, every word (options too) takes `after_dashes`.
    pub stop_after: Option<u8>,
    /// The operand at `stop_after` (or the first word after `--`) is a program it runs
    /// (`npx tsc ARGS…`, `dotenv -e FILE -- npm test`): the rest are read by that program's
    /// grammar.
    pub runs: bool,
    /// The role of the words after `--`.
    pub after_dashes: Role,
    /// Sub-commands (the first operand), each with its grammar; their options come first,
    /// then the parent's.
    pub subs: &'static [(&'static str, &'static Grammar)],
    /// The grammar of a sub-command not in `subs`.
    pub other: Option<&'static Grammar>,
    /// A name operand written as a path is that path (`pip install dist/x.whl`,
    /// `npm install ./pkg.tgz` read the file).
    pub names_as_paths: bool,
    /// The program it runs (see `runs`) runs on another file system (a container's): read by
    /// its grammar, but a path there only may be the workspace's (a mount toolgate cannot see).
    pub runs_elsewhere: bool,
}

/// Every word a path: the file readers and writers (`cat`, `cp`, `tar`).
pub const FILES: Grammar = Grammar {
    options: &[],
    option_values: Role::Path,
    operands: &[Role::Path],
    stop_after: None,
    runs: false,
    after_dashes: Role::Path,
    subs: &[],
    other: None,
    names_as_paths: false,
    runs_elsewhere: false,
};

/// A program toolgate does not know.
pub const UNKNOWN: Grammar = Grammar {
    option_values: Role::Unknown,
    operands: &[Role::Unknown],
    after_dashes: Role::Unknown,
    ..FILES
};

/// Names, and whatever follows `--` handed on (`cargo run -- ARGS`).
pub const NAMES: Grammar = Grammar {
    option_values: Role::Name,
    operands: &[Role::Name],
    after_dashes: Role::Unknown,
    ..FILES
};

/// Text only (`echo`, `printf`, `basename`).
pub const TEXT: Grammar = Grammar {
    option_values: Role::Text,
    operands: &[Role::Text],
    after_dashes: Role::Text,
    ..FILES
};

/// A pattern or script, then files (`jq`, `sed`, `grep` without a grammar of its own).
pub const PATTERN_THEN_FILES: Grammar = Grammar {
    options: &[
        pattern("-e", Role::Text),
        pattern("--regexp", Role::Text),
        pattern("--expression", Role::Text),
        pattern("-f", Role::Path),
        pattern("--file", Role::Path),
        arg("-m", Role::Text),
        arg("--max-count", Role::Text),
        arg("-A", Role::Text),
        arg("-B", Role::Text),
        arg("-C", Role::Text),
        arg("--indent", Role::Text),
        two("--arg", Role::Text),
        two("--argjson", Role::Text),
        two("--slurpfile", Role::Path),
        two("--rawfile", Role::Path),
    ],
    operands: &[Role::Text, Role::Path],
    ..FILES
};

/// A script, then its arguments (`node app.js ARGS…`).
pub const SCRIPT: Grammar = Grammar {
    options: &[runs("-m")],
    option_values: Role::Path,
    operands: &[Role::Path],
    stop_after: Some(1),
    after_dashes: Role::Unknown,
    ..FILES
};

/// An option taking one value of `role`.
pub const fn arg(flag: &'static str, role: Role) -> Arg {
    Arg {
        flag,
        values: 1,
        role,
        rest: None,
        pattern: false,
        runs: false,
        shows_content: false,
        operands: None,
    }
}

/// A switch that prints the content of the files after `--` (see [`Arg::shows_content`]).
const fn shows(flag: &'static str) -> Arg {
    Arg {
        values: 0,
        shows_content: true,
        ..arg(flag, Role::Text)
    }
}

/// A switch giving every operand `role` (see [`Arg::operands`]).
const fn operands_are(flag: &'static str, role: Role) -> Arg {
    Arg {
        values: 0,
        operands: Some(role),
        ..arg(flag, Role::Text)
    }
}

/// An option taking one value of `role` after which every word is `rest`
/// (`git checkout -b NEW START`: the start point is a ref).
const fn arg_then(flag: &'static str, role: Role, rest: Role) -> Arg {
    Arg {
        rest: Some(rest),
        ..arg(flag, role)
    }
}

/// An option taking two values of `role` (`jq --arg NAME VALUE`).
pub const fn two(flag: &'static str, role: Role) -> Arg {
    Arg {
        values: 2,
        ..arg(flag, role)
    }
}

/// An option taking one value of `role`, after which every word is the run program's.
pub const fn arg_rest(flag: &'static str, role: Role) -> Arg {
    Arg {
        rest: Some(Role::Unknown),
        ..arg(flag, role)
    }
}

/// An option naming a program run with the words after it (see [`Arg::runs`]).
pub const fn runs(flag: &'static str) -> Arg {
    Arg {
        runs: true,
        ..arg_rest(flag, Role::Name)
    }
}

/// An option giving the pattern (see [`Arg::pattern`]).
pub const fn pattern(flag: &'static str, role: Role) -> Arg {
    Arg {
        pattern: true,
        ..arg(flag, role)
    }
}

/// An option taking every word up to the next option (`zip -x PATTERN…`).
const fn list(flag: &'static str, role: Role) -> Arg {
    Arg {
        values: u8::MAX,
        ..arg(flag, role)
    }
}

/// A sub-command that runs a script or task, then hands the rest on (`npm run build ARGS…`).
const RUN_NAMED: Grammar = Grammar {
    stop_after: Some(1),
    ..NAMES
};

/// A sub-command that runs a program (`npm exec tsc ARGS…`, `uv run pytest ARGS…`).
const RUN_PROGRAM: Grammar = Grammar {
    runs: true,
    ..RUN_NAMED
};

const GREP: Grammar = Grammar {
    options: &[
        pattern("-e", T),
        pattern("--regexp", T),
        pattern("-f", P),
        pattern("--file", P),
        arg("-m", T),
        arg("--max-count", T),
        arg("-A", T),
        arg("-B", T),
        arg("-C", T),
        arg("--context", T),
        arg("--after-context", T),
        arg("--before-context", T),
        // the files it reads are those `--include` matches
        arg("--include", P),
        arg("--exclude", T),
        arg("--exclude-dir", T),
        arg("--exclude-from", P),
        arg("--label", T),
        arg("-d", T),
        arg("-D", T),
    ],
    option_values: T,
    operands: &[T, P],
    ..FILES
};

const RG: Grammar = Grammar {
    options: &[
        pattern("-e", T),
        pattern("--regexp", T),
        pattern("-f", P),
        pattern("--file", P),
        pattern("--files", P),
        pattern("--type-list", P),
        arg("-g", P),
        arg("--glob", P),
        arg("--iglob", P),
        arg("-t", T),
        arg("--type", T),
        arg("-T", T),
        arg("--type-not", T),
        arg("--type-add", T),
        arg("-m", T),
        arg("--max-count", T),
        arg("-A", T),
        arg("-B", T),
        arg("-C", T),
        arg("--context", T),
        arg("-M", T),
        arg("--max-columns", T),
        arg("-j", T),
        arg("--threads", T),
        arg("-r", T),
        arg("--replace", T),
        arg("-d", T),
        arg("--max-depth", T),
        arg("-E", T),
        arg("--encoding", T),
        arg("--sort", T),
        arg("--sortr", T),
        arg("--colors", T),
        arg("--ignore-file", P),
        // ag's
        pattern("-G", T),
        arg("--file-search-regex", T),
        arg("--ignore", T),
        arg("--ignore-dir", T),
    ],
    option_values: T,
    operands: &[T, P],
    ..FILES
};

const SED: Grammar = Grammar {
    options: &[
        pattern("-e", T),
        pattern("--expression", T),
        pattern("-f", P),
        pattern("--file", P),
        arg("-l", T),
        arg("--line-length", T),
    ],
    option_values: T,
    operands: &[T, P],
    ..FILES
};

const AWK: Grammar = Grammar {
    options: &[
        pattern("-f", P),
        pattern("--file", P),
        arg("-v", T),
        arg("--assign", T),
        arg("-F", T),
        arg("--field-separator", T),
        pattern("-e", T),
        pattern("--source", T),
    ],
    option_values: T,
    operands: &[T, P],
    ..FILES
};

const CUT: Grammar = Grammar {
    options: &[
        arg("-d", T),
        arg("--delimiter", T),
        arg("-f", T),
        arg("--fields", T),
        arg("-c", T),
        arg("--characters", T),
        arg("-b", T),
        arg("--bytes", T),
        arg("--output-delimiter", T),
    ],
    ..FILES
};

const SORT: Grammar = Grammar {
    options: &[
        arg("-t", T),
        arg("--field-separator", T),
        arg("-k", T),
        arg("--key", T),
        arg("-S", T),
        arg("--buffer-size", T),
        arg("-o", P),
        arg("--output", P),
        arg("-T", P),
    ],
    ..FILES
};

/// A count or size then files (`head -n 5`, `tail -c 10`).
const HEAD: Grammar = Grammar {
    options: &[
        arg("-n", T),
        arg("--lines", T),
        arg("-c", T),
        arg("--bytes", T),
    ],
    ..FILES
};

const TAR: Grammar = Grammar {
    options: &[
        arg("-f", P),
        arg("--file", P),
        arg("-C", P),
        arg("--directory", P),
        arg("--exclude", T),
        arg("-X", P),
        arg("--exclude-from", P),
        arg("-T", P),
        arg("--files-from", P),
        arg("--transform", T),
        arg("--xform", T),
        arg("--strip-components", T),
        arg("--owner", T),
        arg("--group", T),
        arg("--mode", T),
        arg("--format", T),
        arg("-b", T),
        arg("--blocking-factor", T),
        arg("--mtime", T),
        arg("-H", T),
    ],
    ..FILES
};

const ZIP: Grammar = Grammar {
    options: &[
        list("-x", T),
        list("--exclude", T),
        list("-i", P),
        list("--include", P),
        arg("-P", T),
        arg("--password", T),
        arg("-b", P),
        arg("-n", T),
        arg("-t", T),
        arg("-tt", T),
        arg("-Z", T),
    ],
    ..FILES
};

const FD: Grammar = Grammar {
    options: &[
        arg("-E", T),
        arg("--exclude", T),
        arg("-e", T),
        arg("--extension", T),
        arg("-t", T),
        arg("--type", T),
        arg("-d", T),
        arg("--max-depth", T),
        arg("--min-depth", T),
        arg("--exact-depth", T),
        arg("-S", T),
        arg("--size", T),
        arg("--changed-within", T),
        arg("--changed-before", T),
        arg("-j", T),
        arg("--threads", T),
        arg("--ignore-file", P),
        arg("--base-directory", P),
        arg("-c", T),
        arg("--color", T),
    ],
    option_values: T,
    operands: &[T, P],
    ..FILES
};

const TREE: Grammar = Grammar {
    options: &[
        arg("-P", T),
        arg("-I", T),
        arg("-L", T),
        arg("--filelimit", T),
        arg("--charset", T),
        arg("--sort", T),
        arg("-o", P),
        arg("--fromfile", P),
    ],
    ..FILES
};

/// `java -jar app.jar`, `java -cp DIR Main`.
const JAVA: Grammar = Grammar {
    options: &[
        arg_rest("-jar", P),
        arg("-cp", P),
        arg("-classpath", P),
        arg("--class-path", P),
        arg("-p", P),
        arg("--module-path", P),
        arg_rest("-m", N),
        arg_rest("--module", N),
    ],
    option_values: T,
    operands: &[N],
    stop_after: Some(1),
    after_dashes: U,
    ..FILES
};

const GIT_GLOBAL: &[Arg] = &[
    arg("-C", P),
    arg("-c", T),
    arg("--git-dir", P),
    arg("--work-tree", P),
    arg("--namespace", T),
    arg("--config-env", T),
    arg("--exec-path", P),
    arg("--super-prefix", T),
];

/// git's sub-commands that take paths (`add`, `diff`, `show HEAD:x`, `blame`): every word
/// may be one, but for the values of these options.
const GIT_PATHS: Grammar = Grammar {
    options: &[
        arg("-L", T),
        arg("--format", T),
        arg("-o", P),
        arg("--output", P),
        arg("--prefix", T),
        arg("--remote", T),
        arg("--diff-filter", T),
        arg("-G", T),
        arg("-S", T),
    ],
    ..FILES
};

/// `git commit`: a message, then paths.
const GIT_COMMIT: Grammar = Grammar {
    options: &[
        arg("-m", T),
        arg("--message", T),
        arg("-F", P),
        arg("--file", P),
        arg("-t", P),
        arg("--template", P),
        arg("-C", N),
        arg("-c", N),
        arg("--author", T),
        arg("--date", T),
        arg("--fixup", N),
        arg("--squash", N),
        arg("--trailer", T),
    ],
    ..FILES
};

/// git's sub-commands that take names (branches, refs, remotes, tags); paths after `--`.
const GIT_REFS: Grammar = Grammar {
    options: &[
        arg("-m", T),
        arg("--message", T),
        arg("-F", P),
        arg("--file", P),
        arg("-X", T),
        arg("--strategy-option", T),
        arg("--exec", T),
    ],
    option_values: N,
    operands: &[N],
    after_dashes: P,
    ..FILES
};

/// git's sub-commands that take only refs, remotes, branches and tags, never a path of the
/// working tree (`git merge origin/dist`, `git push origin build`, `git rebase -X theirs
/// dist`); paths after `--`.
const GIT_ONLY_REFS: Grammar = Grammar {
    option_values: T,
    operands: &[T],
    ..GIT_REFS
};

/// A sub-command git does not ship (an alias, or a `git-NAME` program on the PATH): what it
/// does with its words is not known.
const GIT_OTHER: Grammar = Grammar {
    options: &[],
    option_values: U,
    operands: &[U],
    after_dashes: U,
    ..FILES
};

/// `git checkout` and `git reset`, where `-m` is a switch; `git checkout REV PATH…`.
const GIT_CHECKOUT: Grammar = Grammar {
    options: &[
        // `-b NEW START`: a new branch from a ref
        arg_then("-b", N, T),
        arg_then("-B", N, T),
        arg_then("--orphan", N, T),
        // `--track origin/x` names the branch to follow
        arg("-t", T),
        arg("--track", T),
    ],
    operands: &[N, P],
    ..GIT_REFS
};

/// `git log` and its kin: refs, then after `--` the paths whose history is listed (names
/// in the history, written as paths or not: the files are not opened), or printed with a
/// patch (`-p`, and the options that imply one): then read.
const GIT_LOG: Grammar = Grammar {
    options: &[
        shows("-p"),
        shows("--patch"),
        shows("-u"),
        shows("-U"),
        shows("--unified"),
        shows("--patch-with-stat"),
        shows("--patch-with-raw"),
        shows("--full-diff"),
        shows("--cc"),
        shows("-c"),
        shows("--dd"),
        shows("--remerge-diff"),
        shows("--diff-merges"),
        shows("--binary"),
        shows("--check"),
        shows("--word-diff"),
        shows("--color-words"),
        shows("-W"),
        shows("--function-context"),
        shows("--ext-diff"),
        shows("--textconv"),
        arg("--grep", T),
        arg("--author", T),
        arg("--committer", T),
        arg("-S", T),
        arg("-G", T),
        arg("--format", T),
        arg("-n", T),
        arg("--max-count", T),
        arg("--since", T),
        arg("--until", T),
        arg("--after", T),
        arg("--before", T),
        arg("--date", T),
        // `-L 1,5:FILE`
        arg("-L", P),
        arg("--diff-filter", T),
    ],
    after_dashes: T,
    ..GIT_REFS
};

/// `git rm`: paths, but with `--cached` only the index changes: the files are not opened
/// (validate.rs still keeps the ignore file in the index).
const GIT_RM: Grammar = Grammar {
    options: &[operands_are("--cached", T)],
    ..GIT_PATHS
};

/// `git ls-files`: names in the index (no file opened), but `-o` and `-i` list the
/// directories they are given.
const GIT_LS_FILES: Grammar = Grammar {
    options: &[
        operands_are("-o", P),
        operands_are("--others", P),
        operands_are("-i", P),
        operands_are("--ignored", P),
        operands_are("--directory", P),
        arg("-x", T),
        arg("--exclude", T),
        arg("-X", P),
        arg("--exclude-from", P),
        arg("--format", T),
    ],
    option_values: T,
    operands: &[T],
    after_dashes: T,
    ..GIT_REFS
};

const GIT_GREP: Grammar = Grammar {
    options: &[
        pattern("-e", T),
        pattern("-f", P),
        arg("-m", T),
        arg("--max-count", T),
        arg("-A", T),
        arg("-B", T),
        arg("-C", T),
    ],
    option_values: T,
    operands: &[T, P],
    ..FILES
};

const GIT: Grammar = Grammar {
    options: GIT_GLOBAL,
    option_values: N,
    operands: &[N],
    after_dashes: P,
    subs: &[
        ("add", &GIT_PATHS),
        ("am", &GIT_PATHS),
        ("annotate", &GIT_PATHS),
        ("apply", &GIT_PATHS),
        ("archive", &GIT_PATHS),
        ("bisect", &GIT_REFS),
        ("blame", &GIT_PATHS),
        ("branch", &GIT_ONLY_REFS),
        (
            "bundle",
            &Grammar {
                // `bundle create FILE REFS…`, `bundle verify FILE`
                operands: &[N, P, T],
                ..GIT_ONLY_REFS
            },
        ),
        ("cat-file", &GIT_PATHS),
        ("check-attr", &TEXT),
        ("check-ignore", &TEXT),
        ("check-ref-format", &TEXT),
        ("checkout", &GIT_CHECKOUT),
        ("checkout-index", &GIT_PATHS),
        ("cherry", &GIT_ONLY_REFS),
        ("cherry-pick", &GIT_ONLY_REFS),
        (
            "clean",
            &Grammar {
                // `-e PATTERN`: names it keeps
                options: &[arg("-e", T), arg("--exclude", T)],
                ..GIT_PATHS
            },
        ),
        (
            "clone",
            &Grammar {
                options: &[
                    arg("-b", T),
                    arg("--branch", T),
                    arg("-o", T),
                    arg("--origin", T),
                    arg("--depth", T),
                    arg("--filter", T),
                    arg("-c", T),
                    arg("--config", T),
                    arg("--reference", P),
                    arg("--template", P),
                    arg("--separate-git-dir", P),
                ],
                operands: &[P, P],
                ..GIT_REFS
            },
        ),
        ("commit", &GIT_COMMIT),
        (
            "commit-tree",
            &Grammar {
                options: &[arg("-m", T), arg("-p", T), arg("-F", P), arg("-S", T)],
                ..GIT_ONLY_REFS
            },
        ),
        (
            "config",
            &Grammar {
                options: &[arg("-f", P), arg("--file", P), arg("--blob", P)],
                ..TEXT
            },
        ),
        ("describe", &GIT_ONLY_REFS),
        ("diff", &GIT_PATHS),
        ("diff-files", &GIT_PATHS),
        ("diff-index", &GIT_PATHS),
        ("diff-tree", &GIT_PATHS),
        ("difftool", &GIT_PATHS),
        ("fetch", &GIT_ONLY_REFS),
        ("for-each-ref", &GIT_ONLY_REFS),
        ("format-patch", &GIT_PATHS),
        ("fsck", &GIT_ONLY_REFS),
        ("gc", &GIT_ONLY_REFS),
        ("grep", &GIT_GREP),
        ("hash-object", &GIT_PATHS),
        ("help", &TEXT),
        (
            "init",
            &Grammar {
                options: &[
                    arg("-b", T),
                    arg("--initial-branch", T),
                    arg("--template", P),
                    arg("--separate-git-dir", P),
                ],
                ..FILES
            },
        ),
        ("log", &GIT_LOG),
        ("ls-files", &GIT_LS_FILES),
        ("ls-remote", &GIT_ONLY_REFS),
        // lists a tree's entries: opens no file
        ("ls-tree", &GIT_ONLY_REFS),
        ("maintenance", &GIT_ONLY_REFS),
        ("merge", &GIT_ONLY_REFS),
        ("merge-base", &GIT_ONLY_REFS),
        ("merge-file", &GIT_PATHS),
        ("merge-tree", &GIT_ONLY_REFS),
        ("mergetool", &GIT_PATHS),
        ("mv", &GIT_PATHS),
        ("name-rev", &GIT_ONLY_REFS),
        ("notes", &GIT_REFS),
        ("prune", &GIT_ONLY_REFS),
        ("pull", &GIT_ONLY_REFS),
        ("push", &GIT_ONLY_REFS),
        ("range-diff", &GIT_ONLY_REFS),
        ("read-tree", &GIT_ONLY_REFS),
        ("rebase", &GIT_ONLY_REFS),
        ("reflog", &GIT_LOG),
        ("remote", &GIT_ONLY_REFS),
        ("repack", &GIT_ONLY_REFS),
        ("request-pull", &GIT_ONLY_REFS),
        ("reset", &GIT_CHECKOUT),
        ("restore", &GIT_PATHS),
        ("rev-list", &GIT_LOG),
        ("rev-parse", &GIT_REFS),
        ("revert", &GIT_ONLY_REFS),
        ("rm", &GIT_RM),
        ("shortlog", &GIT_LOG),
        ("show", &GIT_PATHS),
        ("show-branch", &GIT_ONLY_REFS),
        ("show-ref", &GIT_ONLY_REFS),
        ("sparse-checkout", &GIT_REFS),
        ("stage", &GIT_PATHS),
        ("stash", &GIT_REFS),
        ("status", &GIT_PATHS),
        ("submodule", &GIT_REFS),
        ("switch", &GIT_ONLY_REFS),
        ("symbolic-ref", &GIT_ONLY_REFS),
        ("tag", &GIT_ONLY_REFS),
        ("update-index", &GIT_PATHS),
        ("update-ref", &GIT_ONLY_REFS),
        ("verify-commit", &GIT_ONLY_REFS),
        ("verify-tag", &GIT_ONLY_REFS),
        ("whatchanged", &GIT_LOG),
        (
            "worktree",
            &Grammar {
                // `worktree add PATH COMMIT`
                subs: &[(
                    "add",
                    &Grammar {
                        operands: &[P, T],
                        ..GIT_COMMIT
                    },
                )],
                ..GIT_REFS
            },
        ),
        ("write-tree", &GIT_ONLY_REFS),
        // git-extras and git-lfs, common on developers' machines
        ("alias", &TEXT),
        ("authors", &GIT_ONLY_REFS),
        ("brv", &GIT_ONLY_REFS),
        ("changelog", &GIT_ONLY_REFS),
        ("coauthor", &TEXT),
        ("commits-since", &GIT_ONLY_REFS),
        ("contrib", &TEXT),
        ("count", &GIT_ONLY_REFS),
        ("cp", &GIT_PATHS),
        ("create-branch", &GIT_ONLY_REFS),
        ("delete-branch", &GIT_ONLY_REFS),
        ("delete-merged-branches", &GIT_ONLY_REFS),
        ("delete-squashed-branches", &GIT_ONLY_REFS),
        ("delete-tag", &GIT_ONLY_REFS),
        ("effort", &GIT_PATHS),
        ("feature", &GIT_ONLY_REFS),
        (
            "force-clone",
            &Grammar {
                options: &[arg("-b", T), arg("--branch", T)],
                operands: &[T, P],
                ..GIT_REFS
            },
        ),
        ("fresh-branch", &GIT_ONLY_REFS),
        ("graft", &GIT_ONLY_REFS),
        // patterns added to .gitignore
        ("ignore", &TEXT),
        ("info", &GIT_ONLY_REFS),
        (
            "lfs",
            &Grammar {
                subs: &[("ls-files", &GIT_ONLY_REFS)],
                ..GIT_ONLY_REFS
            },
        ),
        ("local-commits", &GIT_ONLY_REFS),
        ("merge-into", &GIT_ONLY_REFS),
        (
            "merge-repo",
            &Grammar {
                operands: &[T, T, P],
                ..GIT_ONLY_REFS
            },
        ),
        ("missing", &GIT_ONLY_REFS),
        ("mr", &GIT_ONLY_REFS),
        ("obliterate", &GIT_PATHS),
        ("pr", &GIT_ONLY_REFS),
        ("reauthor", &TEXT),
        ("release", &GIT_ONLY_REFS),
        ("rename-branch", &GIT_ONLY_REFS),
        ("rename-remote", &GIT_ONLY_REFS),
        ("rename-tag", &GIT_ONLY_REFS),
        ("reset-file", &GIT_PATHS),
        ("root", &GIT_ONLY_REFS),
        ("show-merged-branches", &GIT_ONLY_REFS),
        ("show-tree", &GIT_ONLY_REFS),
        ("show-unmerged-branches", &GIT_ONLY_REFS),
        ("squash", &GIT_ONLY_REFS),
        ("standup", &GIT_ONLY_REFS),
        (
            "subtree",
            &Grammar {
                options: &[arg("-P", P), arg("--prefix", P), arg("-b", T), arg("-m", T)],
                ..GIT_ONLY_REFS
            },
        ),
        ("summary", &GIT_ONLY_REFS),
        ("sync", &GIT_ONLY_REFS),
        ("touch", &GIT_PATHS),
        ("undo", &GIT_ONLY_REFS),
    ],
    other: Some(&GIT_OTHER),
    ..FILES
};

/// npm, yarn, pnpm, bun: scripts, packages and workspaces are names; `pkg` and `config`
/// values are text; what `exec`/`dlx` runs gets the rest.
const NPM: Grammar = Grammar {
    options: &[
        arg("-w", N),
        arg("--workspace", N),
        arg("--filter", N),
        arg("-F", N),
        arg("--prefix", P),
        arg("-C", P),
        arg("--cwd", P),
        arg("--dir", P),
        arg("--userconfig", P),
        arg("-p", N),
        arg("--package", N),
        arg("-c", T),
        arg("--call", T),
    ],
    subs: &[
        ("config", &TEXT),
        ("add", &INSTALL),
        ("dlx", &RUN_PROGRAM),
        ("exec", &RUN_PROGRAM),
        ("i", &INSTALL),
        ("install", &INSTALL),
        ("pack", &NAMED_PATHS),
        ("pkg", &TEXT),
        ("publish", &NAMED_PATHS),
        ("run", &RUN_NAMED),
        ("run-script", &RUN_NAMED),
        ("set", &TEXT),
        ("x", &RUN_PROGRAM),
    ],
    other: Some(&NAMES),
    ..NAMES
};

/// `npm install`, `pip install`: packages by name, or the files and directories written as
/// paths.
const INSTALL: Grammar = Grammar {
    names_as_paths: true,
    ..NAMES
};

/// Sub-commands whose operands are directories (`npm publish DIR`, `cargo new DIR`).
const NAMED_PATHS: Grammar = Grammar {
    operands: &[P],
    ..NAMES
};

/// npx, bunx, uvx: a package's command, then its arguments.
const NPX: Grammar = Grammar {
    subs: &[],
    other: None,
    stop_after: Some(1),
    runs: true,
    ..NPM
};

/// bun and deno: `run FILE|SCRIPT ARGS…`; other sub-commands as npm's.
const BUN: Grammar = Grammar {
    subs: &[
        ("build", &LINT),
        ("eval", &TEXT),
        ("run", &RUN_NAMED),
        ("task", &RUN_NAMED),
        ("x", &RUN_PROGRAM),
    ],
    other: Some(&RUN_NAMED),
    ..NPM
};

const CARGO: Grammar = Grammar {
    options: &[
        arg("--manifest-path", P),
        // KEY=VALUE or a file
        arg("--config", U),
        arg("-Z", T),
        arg("-F", T),
        arg("--features", T),
        arg("--target", T),
        arg("-p", N),
        arg("--package", N),
        arg("--bin", N),
        arg("--example", N),
        arg("--test", N),
        arg("--bench", N),
        arg("-j", T),
        arg("--jobs", T),
        arg("--color", T),
        arg("--message-format", T),
        arg("--exclude", N),
        arg("--profile", N),
        arg("--name", N),
        arg("--vcs", T),
        arg("--edition", T),
    ],
    subs: &[("init", &NAMED_PATHS), ("new", &NAMED_PATHS)],
    other: Some(&NAMES),
    ..NAMES
};

const GO: Grammar = Grammar {
    options: &[
        arg("-o", P),
        arg("-C", P),
        arg("-modfile", P),
        arg("-coverprofile", P),
        arg("-cpuprofile", P),
        arg("-memprofile", P),
        arg("-ldflags", T),
        arg("-gcflags", T),
        arg("-tags", T),
        arg("-run", T),
        arg("-bench", T),
        arg("-count", T),
        arg("-timeout", T),
        arg("-f", T),
        arg("-mod", T),
        arg("-p", T),
        arg("-covermode", T),
    ],
    subs: &[("run", &RUN_NAMED)],
    other: Some(&NAMES),
    ..NAMES
};

const MAKE: Grammar = Grammar {
    options: &[
        arg("-f", P),
        arg("--file", P),
        arg("--makefile", P),
        arg("-C", P),
        arg("--directory", P),
        arg("-I", P),
        arg("--include-dir", P),
        arg("-j", T),
        arg("--jobs", T),
        arg("-l", T),
        arg("--load-average", T),
        arg("-o", N),
        arg("-W", N),
    ],
    ..NAMES
};

/// gradle, mvn, bazel: tasks, goals and targets are names.
const BUILD_TOOL: Grammar = Grammar {
    options: &[
        arg("-p", P),
        arg("--project-dir", P),
        arg("-b", P),
        arg("--build-file", P),
        arg("--settings-file", P),
        arg("-x", N),
        arg("--exclude-task", N),
        arg("-f", P),
        arg("--file", P),
        arg("--settings", P),
        arg("-pl", N),
        arg("--projects", N),
        arg("-D", T),
        arg("-P", T),
    ],
    ..NAMES
};

/// cmake, ctest, ninja: the source and build trees are directories they read and write.
const CMAKE: Grammar = Grammar {
    options: &[
        arg("-S", P),
        arg("-B", P),
        arg("--build", P),
        arg("--install", P),
        arg("--prefix", P),
        arg("--test-dir", P),
        arg("-C", P),
        arg("-P", P),
        arg("-t", N),
        arg("--target", N),
        arg("--preset", N),
        arg("--config", T),
        arg("-D", T),
        arg("-G", T),
        arg("-j", T),
        arg("--parallel", T),
        arg("-R", T),
        arg("-E", T),
        arg("-L", T),
    ],
    operands: &[P],
    ..NAMES
};

/// gh: repositories, issues and branches are names; bodies and queries text.
const GH_OPTIONS: &[Arg] = &[
    arg("-b", T),
    arg("--body", T),
    arg("-t", T),
    arg("--title", T),
    arg("-q", T),
    arg("--jq", T),
    arg("--template", T),
    arg("-S", T),
    arg("--search", T),
    arg("-l", T),
    arg("--label", T),
    arg("-R", N),
    arg("--repo", N),
    arg("-F", P),
    arg("--body-file", P),
    arg("--input", P),
    arg("--source", P),
];

const GH: Grammar = Grammar {
    options: GH_OPTIONS,
    subs: &[
        (
            "gist",
            &Grammar {
                operands: &[P],
                ..GH_FLAT
            },
        ),
        ("gpg-key", &NAMED_PATHS),
        (
            "release",
            &Grammar {
                subs: &[("create", &GH_UPLOAD), ("upload", &GH_UPLOAD)],
                ..GH_FLAT
            },
        ),
        ("ssh-key", &NAMED_PATHS),
    ],
    other: Some(&NAMES),
    ..NAMES
};

/// `gh release upload TAG FILE…`.
const GH_UPLOAD: Grammar = Grammar {
    operands: &[N, P],
    ..GH_FLAT
};

const GH_FLAT: Grammar = Grammar {
    options: GH_OPTIONS,
    ..NAMES
};

/// `date -f FILE`, `date -r FILE` read a file; the rest is text.
const DATE: Grammar = Grammar {
    options: &[
        arg("-f", P),
        arg("--file", P),
        arg("-r", P),
        arg("--reference", P),
    ],
    ..TEXT
};

/// `pgrep -F PIDFILE`.
const PGREP: Grammar = Grammar {
    options: &[arg("-F", P), arg("--pidfile", P)],
    ..TEXT
};

/// openssl and mkcert: keys, certificates and their outputs are files.
const CERTS: Grammar = Grammar {
    options: &[
        arg("-in", P),
        arg("-out", P),
        arg("-key", P),
        arg("-keyout", P),
        arg("-cert", P),
        arg("-CAfile", P),
        arg("-CAkey", P),
        arg("-CA", P),
        arg("-config", P),
        arg("-extfile", P),
        arg("-signkey", P),
        arg("-inkey", P),
        arg("-key-file", P),
        arg("-cert-file", P),
        arg("-p12-file", P),
        arg("-csr", P),
        // `file:PATH`, `env:VAR`
        arg("-passin", P),
        arg("-passout", P),
        arg("-subj", T),
        arg("-newkey", T),
        arg("-days", T),
        arg("-connect", T),
        arg("-servername", T),
        arg("-name", T),
    ],
    option_values: P,
    ..NAMES
};

const DOTNET: Grammar = Grammar {
    options: &[
        arg("-o", P),
        arg("--output", P),
        arg("--project", P),
        arg("-c", T),
        arg("--configuration", T),
        arg("-f", T),
        arg("--framework", T),
        arg("-r", T),
        arg("--runtime", T),
        arg("--filter", T),
        arg("-v", T),
        arg("--verbosity", T),
    ],
    ..NAMES
};

const PIP: Grammar = Grammar {
    options: &[
        arg("-r", P),
        arg("--requirement", P),
        arg("-c", P),
        arg("--constraint", P),
        arg("-e", P),
        arg("--editable", P),
        arg("-C", P),
        arg("--directory", P),
        arg("--project", P),
        arg("-t", P),
        arg("--target", P),
        arg("-i", T),
        arg("--index-url", T),
        arg("--extra-index-url", T),
        arg("--python", N),
        arg("-p", N),
        arg("-o", P),
        arg("--output", P),
    ],
    subs: &[
        ("add", &INSTALL),
        ("build", &NAMED_PATHS),
        ("install", &INSTALL),
        (
            "pip",
            &Grammar {
                subs: &[("install", &INSTALL)],
                ..NAMES
            },
        ),
        ("publish", &NAMED_PATHS),
        ("run", &RUN_PROGRAM),
        (
            "tool",
            &Grammar {
                subs: &[("run", &RUN_PROGRAM)],
                ..NAMES
            },
        ),
    ],
    other: Some(&NAMES),
    ..NAMES
};

const DOCKER_RUN: Grammar = Grammar {
    options: &[
        arg("-v", P),
        arg("--volume", P),
        arg("--mount", P),
        arg("--env-file", P),
        arg("--cidfile", P),
        arg("-e", T),
        arg("--env", T),
        arg("-w", T),
        arg("--workdir", T),
        arg("--name", N),
        arg("-p", T),
        arg("--publish", T),
        arg("--network", T),
        arg("--entrypoint", N),
        arg("-u", T),
        arg("--user", T),
        arg("-l", T),
        arg("--label", T),
        arg("--platform", T),
        arg("-h", T),
        arg("--hostname", T),
        arg("--restart", T),
        arg("-m", T),
        arg("--memory", T),
        arg("--cpus", T),
        arg("--gpus", T),
    ],
    stop_after: Some(1),
    runs: true,
    runs_elsewhere: true,
    ..NAMES
};

const DOCKER_BUILD: Grammar = Grammar {
    options: &[
        arg("-f", P),
        arg("--file", P),
        arg("-t", N),
        arg("--tag", N),
        arg("--build-arg", T),
        arg("--target", N),
        arg("--platform", T),
        arg("--secret", P),
        arg("-o", P),
        arg("--output", P),
        arg("--cache-from", T),
        arg("--progress", T),
        arg("--label", T),
    ],
    operands: &[P],
    ..NAMES
};

const COMPOSE_OPTIONS: &[Arg] = &[
    arg("-f", P),
    arg("--file", P),
    arg("--env-file", P),
    arg("-p", N),
    arg("--project-name", N),
    arg("--project-directory", P),
    arg("--profile", N),
    arg("-e", T),
    arg("--env", T),
    arg("-w", T),
    arg("--workdir", T),
    arg("-u", T),
    arg("--user", T),
    arg("-v", P),
    arg("--volume", P),
];

const COMPOSE: Grammar = Grammar {
    options: COMPOSE_OPTIONS,
    subs: &[("exec", &RUN_TWO), ("run", &RUN_TWO), ("cp", &FILES)],
    other: Some(&NAMES),
    ..NAMES
};

/// `docker compose exec SERVICE CMD…`: the command runs in the container.
const RUN_TWO: Grammar = Grammar {
    stop_after: Some(1),
    runs: true,
    runs_elsewhere: true,
    ..COMPOSE_FLAT
};

const COMPOSE_FLAT: Grammar = Grammar {
    options: COMPOSE_OPTIONS,
    ..NAMES
};

const DOCKER: Grammar = Grammar {
    options: &[
        arg("-o", P),
        arg("--output", P),
        arg("--context", N),
        arg("-H", T),
        arg("--host", T),
        arg("--config", P),
        arg("-f", T),
        arg("--filter", T),
        arg("--format", T),
    ],
    subs: &[
        ("build", &DOCKER_BUILD),
        (
            "buildx",
            &Grammar {
                subs: &[("build", &DOCKER_BUILD)],
                ..NAMES
            },
        ),
        ("compose", &COMPOSE),
        (
            "container",
            &Grammar {
                subs: &[
                    ("cp", &FILES),
                    ("create", &DOCKER_RUN),
                    ("exec", &DOCKER_RUN),
                    ("run", &DOCKER_RUN),
                ],
                ..NAMES
            },
        ),
        ("cp", &FILES),
        ("create", &DOCKER_RUN),
        ("exec", &DOCKER_RUN),
        (
            "load",
            &Grammar {
                options: &[arg("-i", P), arg("--input", P)],
                ..NAMES
            },
        ),
        ("run", &DOCKER_RUN),
    ],
    other: Some(&NAMES),
    ..NAMES
};

/// Linters, formatters, compilers and bundlers given files (`eslint src`, `tsc -p .`,
/// `esbuild src/index.ts --outfile=dist/x.js`).
const LINT: Grammar = Grammar {
    options: &[
        arg("--ignore-pattern", T),
        arg("--ext", T),
        arg("-c", P),
        arg("--config", P),
        arg("-f", T),
        arg("--format", T),
        arg("-o", P),
        arg("-p", P),
        arg("--project", P),
        arg("--rule", T),
        arg("--plugin", N),
        arg("--parser", N),
        arg("--max-warnings", T),
        arg("--target", T),
        arg("--module", T),
        arg("--lib", T),
        arg("--jsx", T),
        arg("--select", T),
        arg("--ignore", T),
        arg("--exclude", T),
        arg("--extend-exclude", T),
        arg("--line-length", T),
        arg("-d", P),
    ],
    ..FILES
};

/// Test runners whose operands select tests (`jest build` is a pattern), and pytest.
const TESTS: Grammar = Grammar {
    options: &[
        arg("-t", T),
        arg("--testNamePattern", T),
        arg("--testPathPattern", T),
        arg("--testPathIgnorePatterns", T),
        arg("-c", P),
        arg("--config", P),
        arg("--reporter", T),
        arg("-g", T),
        arg("--grep", T),
        arg("-k", T),
        arg("-m", T),
        arg("-p", N),
        arg("--cov", N),
        arg("--cov-report", P),
        arg("--deselect", T),
        arg("--ignore", T),
        arg("-n", T),
        arg("--maxfail", T),
        arg("--tb", T),
        arg("-o", T),
        arg("-W", T),
        arg("--durations", T),
    ],
    option_values: N,
    operands: &[T],
    ..FILES
};

/// pytest: files and directories of tests, with the test runners' options.
const PYTEST: Grammar = Grammar {
    option_values: P,
    operands: &[P],
    ..TESTS
};

/// Frameworks' command lines (`vite build`, `next dev`, `webpack --mode production`).
const BUNDLER: Grammar = Grammar {
    options: &[
        arg("-c", P),
        arg("--config", P),
        arg("--mode", T),
        arg("--port", T),
        arg("-p", T),
        arg("--host", T),
        arg("--base", T),
        arg("-o", P),
        arg("--entry", P),
        arg("--dist", P),
    ],
    ..NAMES
};

/// kubectl: resources are text (`deploy/web`), `cp` copies files.
const KUBECTL: Grammar = Grammar {
    operands: &[T],
    subs: &[("cp", &FILES)],
    other: None,
    ..DEPLOY
};

/// kubectl, helm, terraform: resources and releases are names, manifests files.
const DEPLOY: Grammar = Grammar {
    options: &[
        arg("-f", P),
        arg("--filename", P),
        arg("--values", P),
        arg("-k", P),
        arg("--kustomize", P),
        arg("-var-file", P),
        arg("-chdir", P),
        arg("--kubeconfig", P),
        arg("-n", N),
        arg("--namespace", N),
        arg("--from-file", P),
        arg("--from-env-file", P),
        arg("-o", T),
        arg("--output", T),
        arg("-l", T),
        arg("--selector", T),
        arg("-var", T),
        arg("--set", T),
        arg("-c", N),
        arg("--container", N),
    ],
    subs: &[("apply", &NAMED_PATHS), ("show", &NAMED_PATHS)],
    // `helm install NAME CHART`, `terraform output NAME`
    other: Some(&Grammar {
        operands: &[N, P],
        ..NAMES
    }),
    ..NAMES
};

/// `rustup run TOOLCHAIN PROGRAM ARGS…`.
const RUSTUP: Grammar = Grammar {
    subs: &[(
        "run",
        &Grammar {
            operands: &[N, N],
            stop_after: Some(2),
            runs: true,
            ..NAMES
        },
    )],
    other: Some(&NAMES),
    ..NAMES
};

/// dotenv-cli: `dotenv -e FILE -- PROGRAM ARGS…` loads the file, then runs the program;
/// python-dotenv's `dotenv -f FILE run PROGRAM…` likewise.
const DOTENV: Grammar = Grammar {
    options: &[
        arg("-e", P),
        arg("-f", P),
        arg("--file", P),
        arg("-c", T),
        arg("-v", T),
        arg("-p", T),
    ],
    stop_after: Some(1),
    runs: true,
    ..NAMES
};

/// nyc: `nyc PROGRAM ARGS…` runs the tests; `report`, `check-coverage` and `merge` read its
/// temporary directory.
const NYC: Grammar = Grammar {
    options: &[
        arg("-r", T),
        arg("--reporter", T),
        arg("-n", T),
        arg("--include", T),
        arg("-x", T),
        arg("--exclude", T),
        arg("-e", T),
        arg("--extension", T),
        arg("-t", P),
    ],
    subs: &[
        ("check-coverage", &NAMES),
        ("instrument", &NAMED_PATHS),
        ("merge", &NAMED_PATHS),
        ("report", &NAMES),
    ],
    stop_after: Some(1),
    runs: true,
    ..NAMES
};

/// Servers of a directory (`http-server dist -p 8080`, `serve build`).
const SERVE: Grammar = Grammar {
    options: &[
        arg("-p", T),
        arg("--port", T),
        arg("-a", T),
        arg("-l", T),
        arg("--listen", T),
        arg("-b", T),
        arg("--bind", T),
        arg("-c", T),
    ],
    option_values: T,
    operands: &[P],
    ..FILES
};

/// `du`: a filter's value is a name it skips (`--exclude=node_modules`), not a file.
const DU: Grammar = Grammar {
    options: &[
        arg("--exclude", T),
        arg("-X", P),
        arg("--exclude-from", P),
        arg("--files0-from", P),
        arg("-d", T),
        arg("--max-depth", T),
        arg("-B", T),
        arg("--block-size", T),
        arg("--threshold", T),
        arg("--time-style", T),
    ],
    ..FILES
};

/// `ls --ignore=PATTERN`, `--hide=PATTERN` (not `-I`: BSD's is a switch).
const LS: Grammar = Grammar {
    options: &[
        arg("--ignore", T),
        arg("--hide", T),
        arg("--width", T),
        arg("--tabsize", T),
        arg("--format", T),
        arg("--sort", T),
        arg("--time", T),
        arg("--time-style", T),
        arg("--block-size", T),
        arg("--color", T),
        arg("--quoting-style", T),
        arg("--indicator-style", T),
    ],
    ..FILES
};

/// rsync: filters are names it skips or keeps; the lists and directories its options name
/// are files.
const RSYNC: Grammar = Grammar {
    options: &[
        arg("--exclude", T),
        arg("--include", T),
        arg("-f", T),
        arg("--filter", T),
        arg("--exclude-from", P),
        arg("--include-from", P),
        arg("--files-from", P),
        arg("--log-file", P),
        arg("--password-file", P),
        arg("--backup-dir", P),
        arg("--partial-dir", P),
        arg("-T", P),
        arg("--temp-dir", P),
        arg("--compare-dest", P),
        arg("--copy-dest", P),
        arg("--link-dest", P),
        arg("--chmod", T),
        arg("--chown", T),
        arg("--timeout", T),
        arg("--bwlimit", T),
        arg("--max-size", T),
        arg("--min-size", T),
        arg("--port", T),
        arg("--info", T),
        arg("--debug", T),
    ],
    ..FILES
};

/// swift: `build`, `test`, `package` and `run PRODUCT` are sub-commands; anything else is a
/// script it runs.
const SWIFT: Grammar = Grammar {
    options: &[],
    subs: &[
        ("build", &NAMES),
        ("package", &NAMES),
        ("run", &RUN_NAMED),
        ("test", &NAMES),
    ],
    ..SCRIPT
};

/// Deploy command lines (`firebase deploy --public dist`, `wrangler pages deploy dist`,
/// `gh-pages -d dist`): what they publish is a directory they read.
const PUBLISH: Grammar = Grammar {
    options: &[
        arg("--public", P),
        arg("-d", P),
        arg("--dist", P),
        arg("-c", P),
        arg("--config", P),
        arg("--only", T),
        arg("-m", T),
        arg("--message", T),
        arg("-b", N),
        arg("--branch", N),
        arg("--project", N),
        arg("--project-name", N),
        arg("-e", N),
        arg("--env", N),
    ],
    subs: &[
        ("deploy", &NAMED_PATHS),
        (
            "pages",
            &Grammar {
                subs: &[("deploy", &NAMED_PATHS), ("publish", &NAMED_PATHS)],
                ..NAMES
            },
        ),
    ],
    other: Some(&NAMES),
    ..NAMES
};

/// aws: `s3 cp|mv|sync` copy files (URLs are not); filters are names.
const AWS: Grammar = Grammar {
    options: &[
        arg("--profile", N),
        arg("--region", T),
        arg("--output", T),
        arg("--query", T),
        arg("--exclude", T),
        arg("--include", T),
        arg("--endpoint-url", T),
        arg("--acl", T),
        arg("--cache-control", T),
        arg("--content-type", T),
    ],
    subs: &[(
        "s3",
        &Grammar {
            subs: &[("cp", &FILES), ("mv", &FILES), ("sync", &FILES)],
            other: Some(&NAMES),
            ..NAMES
        },
    )],
    other: Some(&NAMES),
    ..NAMES
};

/// twine: `upload` and `check` read the distributions they are given.
const TWINE: Grammar = Grammar {
    options: &[
        arg("-r", N),
        arg("--repository", N),
        arg("--repository-url", T),
        arg("--config-file", P),
        arg("-u", T),
        arg("--username", T),
        arg("-p", T),
        arg("--password", T),
    ],
    subs: &[("check", &FILES), ("register", &FILES), ("upload", &FILES)],
    ..NAMES
};

/// `bundle exec CMD…` runs a program; other sub-commands take gems.
const BUNDLE: Grammar = Grammar {
    subs: &[("exec", &RUN_PROGRAM)],
    other: Some(&NAMES),
    ..NAMES
};

/// xcodebuild: actions, schemes and SDKs are names; projects and output paths are files.
const XCODEBUILD: Grammar = Grammar {
    options: &[
        arg("-project", P),
        arg("-workspace", P),
        arg("-derivedDataPath", P),
        arg("-resultBundlePath", P),
        arg("-archivePath", P),
        arg("-exportPath", P),
        arg("-exportOptionsPlist", P),
        arg("-xcconfig", P),
        arg("-scheme", N),
        arg("-target", N),
        arg("-configuration", T),
        arg("-destination", T),
        arg("-sdk", T),
        arg("-arch", T),
    ],
    ..NAMES
};

/// parcel: `build|serve|watch ENTRY…`, the entries are files it reads.
const PARCEL: Grammar = Grammar {
    subs: &[("build", &LINT), ("serve", &LINT), ("watch", &LINT)],
    ..LINT
};

/// diff: `-x`/`--exclude` are names it skips, `-I` a regex; the rest are files.
const DIFF: Grammar = Grammar {
    options: &[
        arg("-x", T),
        arg("--exclude", T),
        arg("-X", P),
        arg("--exclude-from", P),
        arg("-I", T),
        arg("--ignore-matching-lines", T),
        arg("-F", T),
        arg("--show-function-line", T),
        arg("--label", T),
        arg("-L", T),
        arg("--line-format", T),
        arg("--unified", T),
        arg("--context", T),
        arg("-W", T),
        arg("--width", T),
        arg("--from-file", P),
        arg("--to-file", P),
    ],
    ..FILES
};

/// psql: databases and roles are names, `-f` a script file it reads, `-c` SQL.
const PSQL: Grammar = Grammar {
    options: &[
        arg("-f", P),
        arg("--file", P),
        arg("-o", P),
        arg("--output", P),
        arg("-L", P),
        arg("--log-file", P),
        arg("-c", T),
        arg("--command", T),
        arg("-d", N),
        arg("--dbname", N),
        arg("-U", N),
        arg("--username", N),
        arg("-h", T),
        arg("--host", T),
        arg("-p", T),
        arg("--port", T),
        arg("-v", T),
        arg("--set", T),
    ],
    ..NAMES
};

const PROJECT_TOOL: u32 = PROJECT | READS | WRITES | NETWORK;
const DELETES: u32 = DESTRUCTIVE | WRITES;
const NET: u32 = NETWORK | READS | WRITES;

/// Sorted by name ignoring ASCII case, unique; checked at compile time and by the tests.
const TABLE: &[Spec] = &[
    p(".", SHELL | READS),
    p("7z", READS | WRITES),
    rn(":"),
    rn("["),
    rn("[["),
    with_grammar(with_options(rp("ack"), PAGER_OPTIONS), &RG),
    r("addr2line"),
    with_grammar(with_options(rp("ag"), PAGER_OPTIONS), &RG),
    p("age", READS | WRITES),
    p("apt", PROJECT_TOOL | PRIVILEGE),
    p("apt-get", PROJECT_TOOL | PRIVILEGE),
    p("ar", READS | WRITES),
    rn("arch"),
    fetcher("aria2c"),
    shell("ash"),
    with_grammar(p("astro", PROJECT_TOOL), &BUNDLER),
    p("at", SHELL),
    Spec {
        operands: Operands::PatternThenFiles,
        options: AWK_OPTIONS,
        short_values: b"fvEilF",
        grammar: Some(&AWK),
        lang: Some(Lang::Awk),
        ..interp("awk", &[])
    },
    with_grammar(p("aws", NET), &AWS),
    fetcher("axel"),
    r("b2sum"),
    with_grammar(p("babel", PROJECT_TOOL), &LINT),
    r("base64"),
    rn("basename"),
    shell("bash"),
    with_options(r("bat"), BAT_OPTIONS),
    p("batch", SHELL),
    with_grammar(p("bazel", PROJECT_TOOL), &BUILD_TOOL),
    with_grammar(p("bazelisk", PROJECT_TOOL), &BUILD_TOOL),
    with_grammar(p("biome", PROJECT_TOOL), &LINT),
    with_grammar(p("black", PROJECT_TOOL), &LINT),
    p("brotli", READS | WRITES),
    with_grammar(
        with_options(p("bsdtar", READS | WRITES | BUNDLED), TAR_OPTIONS),
        &TAR,
    ),
    launcher("builtin", words(0), b""),
    code(
        with_grammar(interp("bun", &["-e", "--eval", "-p", "--print"]), &BUN),
        Lang::Js,
    ),
    with_grammar(p("bundle", PROJECT_TOOL), &BUNDLE),
    with_grammar(p("bunx", PROJECT_TOOL), &NPX),
    p("bunzip2", READS | WRITES),
    launcher("busybox", words(0), b""),
    r("bzcat"),
    with_grammar(p("c8", PROJECT_TOOL), &NYC),
    with_grammar(p("cabal", PROJECT_TOOL), &BUNDLER),
    launches(p("caffeinate", LAUNCHER), 0, b"tw", &[]),
    rn("cal"),
    with_reads(
        with_grammar(
            with_options(p("cargo", PROJECT_TOOL), CARGO_OPTIONS),
            &CARGO,
        ),
        CARGO_READS,
    ),
    r("cat"),
    launches(p("catchsegv", LAUNCHER), 0, b"", &[]),
    // changes into it
    with_grammar(rn("cd"), &FILES),
    p("chgrp", WRITES),
    p("chmod", WRITES),
    p("chown", WRITES),
    launches(
        p("chroot", LAUNCHER | PRIVILEGE),
        1,
        b"",
        &["--userspec", "--groups"],
    ),
    launches(
        p("chrt", LAUNCHER),
        1,
        b"TPD",
        &["--sched-runtime", "--sched-period", "--sched-deadline"],
    ),
    r("cksum"),
    with_grammar(p("clang", PROJECT_TOOL | VERSIONED), &FILES),
    with_grammar(p("cmake", PROJECT_TOOL), &CMAKE),
    Spec {
        code_flags: &["/c", "/k", "/C", "/K"],
        ..p("cmd", SHELL | READS | WRITES)
    },
    r("cmp"),
    p("code", WRITES | READS),
    p("codium", WRITES | READS),
    r("column"),
    r("comm"),
    launcher("command", words(0), b""),
    p("composer", PROJECT_TOOL),
    p("cp", WRITES | READS),
    p("crontab", SHELL | DELETES),
    shell("csh"),
    with_grammar(p("ctest", PROJECT_TOOL), &CMAKE),
    with_options(fetcher("curl"), CURL_OPTIONS),
    fetcher("curlie"),
    p("cursor", WRITES | READS),
    with_grammar(r("cut"), &CUT),
    with_grammar(p("dart", PROJECT_TOOL), &BUNDLER),
    shell("dash"),
    with_grammar(with_options(rn("date"), DATE_OPTIONS), &DATE),
    launches(p("dbus-launch", LAUNCHER), 0, b"", &["--config-file"]),
    interp("dc", &["-e"]),
    p("dd", DELETES | READS),
    code(
        with_grammar(interp("deno", &["eval", "-e"]), &BUN),
        Lang::Js,
    ),
    r("df"),
    with_grammar(r("diff"), &DIFF),
    rn("dirname"),
    rn("dirs"),
    launches(p("doas", LAUNCHER | PRIVILEGE), 0, b"Cu", &[]),
    with_grammar(p("docker", PROJECT_TOOL | PRIVILEGE), &DOCKER),
    with_grammar(p("docker-compose", PROJECT_TOOL), &COMPOSE),
    p("docker-machine", PROJECT_TOOL),
    with_grammar(p("docusaurus", PROJECT_TOOL), &BUNDLER),
    with_grammar(p("dotenv", PROJECT_TOOL), &DOTENV),
    with_grammar(p("dotenv-cli", PROJECT_TOOL), &DOTENV),
    with_grammar(p("dotnet", PROJECT_TOOL), &DOTNET),
    with_grammar(r("du"), &DU),
    with_grammar(p("dune", PROJECT_TOOL), &BUNDLER),
    rn("echo"),
    with_grammar(rp("egrep"), &GREP),
    interp("elixir", &["-e"]),
    p("emacs", WRITES | READS | INTERPRETER),
    launches(p("entr", LAUNCHER), 0, b"", &[]),
    launches(
        p("env", LAUNCHER),
        0,
        b"uCS",
        &["--unset", "--chdir", "--split-string"],
    ),
    interp("erl", &["-eval"]),
    with_grammar(p("esbuild", PROJECT_TOOL), &LINT),
    with_grammar(p("eslint", PROJECT_TOOL), &LINT),
    p("eval", SHELL),
    launches(p("exec", LAUNCHER), 0, b"a", &[]),
    r("expand"),
    interp("expect", &["-c"]),
    with_grammar(p("expo", PROJECT_TOOL), &BUNDLER),
    rn("expr"),
    launches(p("fakeroot", LAUNCHER), 0, b"ifs", &["--lib", "--faked"]),
    launches(p("faketime", LAUNCHER), 1, b"", &[]),
    rn("false"),
    with_grammar(with_options(r("fd"), FD_OPTIONS), &FD),
    with_grammar(with_options(r("fdfind"), FD_OPTIONS), &FD),
    p("fdisk", DELETES | PRIVILEGE),
    fetcher("fetch"),
    with_grammar(rp("fgrep"), &GREP),
    with_options(r("file"), FILE_OPTIONS),
    Spec {
        operands: Operands::StartPoints,
        options: FIND_OPTIONS,
        ..r("find")
    },
    with_grammar(p("firebase", PROJECT_TOOL), &PUBLISH),
    launches(p("firejail", LAUNCHER), 0, b"", &[]),
    shell("fish"),
    with_grammar(p("flake8", PROJECT_TOOL), &LINT),
    with_grammar(p("flit", PROJECT_TOOL), &BUNDLER),
    launches(
        p("flock", LAUNCHER | WRITES),
        1,
        b"wEc",
        &["--timeout", "--wait", "--conflict-exit-code", "--command"],
    ),
    with_grammar(p("flutter", PROJECT_TOOL), &BUNDLER),
    r("fmt"),
    r("fold"),
    rn("free"),
    p("fsck", DELETES | FAMILY),
    with_grammar(p("g++", PROJECT_TOOL | VERSIONED), &FILES),
    with_grammar(p("gatsby", PROJECT_TOOL), &BUNDLER),
    Spec {
        operands: Operands::PatternThenFiles,
        options: AWK_OPTIONS,
        short_values: b"fvEilF",
        grammar: Some(&AWK),
        lang: Some(Lang::Awk),
        ..interp("gawk", &[])
    },
    with_grammar(p("gcc", PROJECT_TOOL | VERSIONED), &FILES),
    with_grammar(p("gcloud", NETWORK), &NAMES),
    // runs the program it is given
    p("gdb", READS | INTERPRETER),
    p("gdisk", DELETES | PRIVILEGE),
    p("gem", PROJECT_TOOL),
    p("GET", FETCHER | NETWORK),
    with_grammar(p("gh", NETWORK), &GH),
    with_grammar(p("gh-pages", PROJECT_TOOL), &PUBLISH),
    Spec {
        options: GIT_OPTIONS,
        value_options: &[
            "-C",
            "-c",
            "--git-dir",
            "--work-tree",
            "--namespace",
            "--config-env",
            "--exec-path",
            "--super-prefix",
        ],
        subcommands: GIT_READS,
        grammar: Some(&GIT),
        ..p("git", READS | WRITES | NETWORK)
    },
    Spec {
        options: GO_OPTIONS,
        subcommands: GO_READS,
        grammar: Some(&GO),
        ..p("go", PROJECT_TOOL)
    },
    with_options(r("gofmt"), &[o("-w", "gofmt -w rewrites files")]),
    with_grammar(p("goreleaser", PROJECT_TOOL), &BUNDLER),
    p("gpg", READS | WRITES),
    with_grammar(p("gradle", PROJECT_TOOL), &BUILD_TOOL),
    with_grammar(p("gradlew", PROJECT_TOOL), &BUILD_TOOL),
    with_grammar(rp("grep"), &GREP),
    rn("groups"),
    Spec {
        options: SED_OPTIONS,
        short_values: b"el",
        grammar: Some(&SED),
        ..rp("gsed")
    },
    p("gsutil", NET),
    with_grammar(
        with_options(p("gtar", READS | WRITES | BUNDLED), TAR_OPTIONS),
        &TAR,
    ),
    interp("guile", &["-c"]),
    p("gunzip", DELETES | READS),
    r("gzcat"),
    p("gzip", READS | WRITES),
    with_grammar(r("hadolint"), &LINT),
    p("halt", DESTRUCTIVE),
    with_grammar(p("hatch", PROJECT_TOOL), &BUNDLER),
    with_grammar(r("head"), &HEAD),
    with_grammar(p("helm", PROJECT_TOOL), &DEPLOY),
    r("hexdump"),
    Spec {
        output_operand: 1,
        grammar: Some(&FILES),
        ..rn("hostname")
    },
    fetcher("http"),
    with_grammar(p("http-server", READS | NETWORK), &SERVE),
    // `python -m http.server`
    with_grammar(
        p("http.server", READS | NETWORK),
        &Grammar {
            // the port
            operands: &[T],
            ..SERVE
        },
    ),
    fetcher("https"),
    rn("id"),
    p("init", DESTRUCTIVE),
    p("install", WRITES | READS),
    launches(
        p("ionice", LAUNCHER),
        0,
        b"cnpPu",
        &["--class", "--classdata", "--pid", "--pgid", "--uid"],
    ),
    interp("irb", &[]),
    with_grammar(p("isort", PROJECT_TOOL), &LINT),
    p("jar", READS | WRITES),
    with_grammar(interp("java", &[]), &JAVA),
    with_grammar(p("javac", PROJECT_TOOL), &LINT),
    with_grammar(p("jest", PROJECT_TOOL), &TESTS),
    r("join"),
    rp("jq"),
    code(interp("jruby", &["-e"]), Lang::Ruby),
    with_grammar(p("json.tool", READS | WRITES), &FILES),
    interp("julia", &["-e", "--eval"]),
    with_grammar(p("just", PROJECT_TOOL), &BUNDLER),
    p("kill", DESTRUCTIVE),
    p("killall", DESTRUCTIVE),
    p("killall5", DESTRUCTIVE),
    shell("ksh"),
    with_grammar(p("kubectl", PROJECT_TOOL), &KUBECTL),
    // may run the program to find its libraries
    p("ldd", READS),
    with_grammar(p("lein", PROJECT_TOOL), &BUNDLER),
    p("lerna", PROJECT_TOOL),
    with_options(r("less"), LESS_OPTIONS),
    shell("lksh"),
    p("lldb", READS | INTERPRETER),
    p("ln", WRITES),
    rn("locale"),
    with_grammar(r("ls"), &LS),
    r("lsof"),
    Spec {
        options: TRACE_OPTIONS,
        ..launches(
            p("ltrace", LAUNCHER),
            0,
            b"aADeFlnopsuxw",
            &["--output", "--library"],
        )
    },
    code(interp("lua", &["-e"]), Lang::Lua),
    code(interp("luajit", &["-e"]), Lang::Lua),
    fetcher("lwp-download"),
    fetcher("lwp-request"),
    p("lz4", READS | WRITES),
    with_grammar(p("mage", PROJECT_TOOL), &BUNDLER),
    with_grammar(p("make", PROJECT_TOOL), &MAKE),
    with_options(r("man"), MAN_OPTIONS),
    rn("mapfile"),
    with_grammar(p("maturin", PROJECT_TOOL), &BUNDLER),
    Spec {
        operands: Operands::PatternThenFiles,
        options: AWK_OPTIONS,
        short_values: b"fvEilF",
        grammar: Some(&AWK),
        lang: Some(Lang::Awk),
        ..interp("mawk", &[])
    },
    r("md5sum"),
    with_grammar(p("meson", PROJECT_TOOL), &CMAKE),
    with_grammar(p("mix", PROJECT_TOOL), &BUNDLER),
    with_grammar(p("mkcert", READS | WRITES), &CERTS),
    p("mkdir", WRITES),
    p("mke2fs", DELETES),
    p("mkfs", DELETES | FAMILY),
    shell("mksh"),
    p("mkswap", DELETES),
    with_grammar(p("mocha", PROJECT_TOOL), &PYTEST),
    r("more"),
    p("mount", WRITES | PRIVILEGE),
    p("mv", WRITES | DELETES),
    with_grammar(p("mvn", PROJECT_TOOL), &BUILD_TOOL),
    with_grammar(p("mvnw", PROJECT_TOOL), &BUILD_TOOL),
    with_grammar(p("mypy", PROJECT_TOOL), &LINT),
    p("nano", WRITES | READS),
    Spec {
        operands: Operands::PatternThenFiles,
        options: AWK_OPTIONS,
        short_values: b"fvEilF",
        grammar: Some(&AWK),
        lang: Some(Lang::Awk),
        ..interp("nawk", &[])
    },
    fetcher("nc"),
    fetcher("ncat"),
    fetcher("netcat"),
    with_grammar(p("next", PROJECT_TOOL), &BUNDLER),
    with_grammar(p("ng", PROJECT_TOOL), &BUNDLER),
    launches(p("nice", LAUNCHER), 0, b"n", &["--adjustment"]),
    with_grammar(p("ninja", PROJECT_TOOL), &CMAKE),
    r("nl"),
    r("nm"),
    code(interp("node", &["-e", "--eval", "-p", "--print"]), Lang::Js),
    code(
        interp("nodejs", &["-e", "--eval", "-p", "--print"]),
        Lang::Js,
    ),
    with_grammar(p("nodemon", PROJECT_TOOL), &BUNDLER),
    launches(p("nohup", LAUNCHER | WRITES), 0, b"", &[]),
    with_grammar(p("nox", PROJECT_TOOL), &BUNDLER),
    Spec {
        subcommands: NPM_READS,
        options: NPM_OPTIONS,
        grammar: Some(&NPM),
        ..p("npm", PROJECT_TOOL)
    },
    rn("nproc"),
    with_grammar(p("npx", PROJECT_TOOL | FETCHER), &NPX),
    launches(
        p("nsenter", LAUNCHER),
        0,
        b"tSG",
        &["--target", "--setuid", "--setgid"],
    ),
    rn("numfmt"),
    with_grammar(p("nuxt", PROJECT_TOOL), &BUNDLER),
    p("nvim", WRITES | READS | INTERPRETER),
    p("nx", PROJECT_TOOL),
    with_grammar(p("nyc", PROJECT_TOOL), &NYC),
    r("objdump"),
    r("od"),
    shell("oksh"),
    p("open", READS),
    with_grammar(p("openssl", READS | WRITES | NETWORK), &CERTS),
    code(interp("osascript", &["-e"]), Lang::AppleScript),
    r("otool"),
    Spec {
        launch: Some(words(0)),
        ..p("parallel", LAUNCHER | STDIN_ARGS)
    },
    with_grammar(p("parcel", PROJECT_TOOL), &PARCEL),
    p("parted", DELETES | PRIVILEGE),
    r("paste"),
    p("patch", WRITES | READS),
    shell("pdksh"),
    with_grammar(p("pdm", PROJECT_TOOL), &PIP),
    code(interp("perl", &["-e", "-E"]), Lang::Perl),
    with_grammar(rn("pgrep"), &PGREP),
    code(interp("php", &["-r"]), Lang::Php),
    Spec {
        subcommands: PIP_READS,
        grammar: Some(&PIP),
        ..p("pip", PROJECT_TOOL | VERSIONED)
    },
    with_grammar(p("pipenv", PROJECT_TOOL), &PIP),
    with_grammar(p("pipx", PROJECT_TOOL), &PIP),
    launches(p("pkexec", LAUNCHER | PRIVILEGE), 0, b"", &["--user"]),
    p("pkill", DESTRUCTIVE),
    with_grammar(p("playwright", PROJECT_TOOL), &TESTS),
    with_reads(with_grammar(p("pnpm", PROJECT_TOOL), &NPM), JS_READS),
    with_grammar(p("podman", PROJECT_TOOL | PRIVILEGE), &DOCKER),
    with_reads(with_grammar(p("poetry", PROJECT_TOOL), &PIP), POETRY_READS),
    rn("popd"),
    shell("posh"),
    p("poweroff", DESTRUCTIVE),
    Spec {
        code_flags: &["-c", "-Command", "-e", "-EncodedCommand"],
        ..p("powershell", SHELL | READS | WRITES)
    },
    with_grammar(p("prettier", PROJECT_TOOL), &LINT),
    rn("printenv"),
    rn("printf"),
    launches(p("proxychains", LAUNCHER | NETWORK), 0, b"f", &[]),
    rn("ps"),
    with_grammar(p("psql", READS | WRITES | NETWORK), &PSQL),
    with_grammar(rn("pushd"), &FILES),
    rn("pwd"),
    Spec {
        code_flags: &["-c", "-Command", "-e", "-EncodedCommand"],
        ..p("pwsh", SHELL | READS | WRITES)
    },
    with_grammar(p("pylint", PROJECT_TOOL), &LINT),
    code(interp("pypy", &["-c"]), Lang::Python),
    with_grammar(p("pytest", PROJECT_TOOL), &PYTEST),
    code(interp("python", &["-c"]), Lang::Python),
    code(interp("R", &["-e"]), Lang::R),
    interp("racket", &["-e"]),
    p("rake", PROJECT_TOOL),
    shell("rbash"),
    with_grammar(p("react-scripts", PROJECT_TOOL), &BUNDLER),
    rn("read"),
    rn("readarray"),
    r("readelf"),
    r("readlink"),
    r("realpath"),
    p("reboot", DESTRUCTIVE),
    with_grammar(p("remix", PROJECT_TOOL), &BUNDLER),
    r("rev"),
    with_grammar(with_options(rp("rg"), RG_OPTIONS), &RG),
    with_grammar(p("rimraf", PROJECT_TOOL), &LINT),
    p("rm", DELETES),
    p("rmdir", DELETES),
    with_grammar(p("rollup", PROJECT_TOOL), &LINT),
    with_grammar(p("rsbuild", PROJECT_TOOL), &BUNDLER),
    code(interp("Rscript", &["-e"]), Lang::R),
    with_grammar(p("rspack", PROJECT_TOOL), &BUNDLER),
    with_grammar(with_options(p("rsync", NET), RSYNC_OPTIONS), &RSYNC),
    code(interp("ruby", &["-e"]), Lang::Ruby),
    with_reads(with_grammar(p("ruff", PROJECT_TOOL), &LINT), RUFF_READS),
    launches(
        p("runuser", LAUNCHER | PRIVILEGE),
        0,
        b"ugGsw",
        &["--user", "--group", "--supp-group", "--shell"],
    ),
    with_grammar(p("rustc", PROJECT_TOOL | VERSIONED), &LINT),
    with_grammar(p("rustup", PROJECT_TOOL), &RUSTUP),
    with_grammar(p("rye", PROJECT_TOOL), &PIP),
    with_grammar(p("sbt", PROJECT_TOOL), &BUNDLER),
    with_options(p("scp", NET), SCP_OPTIONS),
    launches(p("screen", LAUNCHER), 0, b"SceEhpTtX", &[]),
    Spec {
        launch: Some(Launch::Script { flag: "-c" }),
        short_values: b"cEoTIOBmF",
        value_options: &[
            "--command",
            "--echo",
            "--output-limit",
            "--log-timing",
            "--log-in",
            "--log-out",
            "--log-io",
            "--logging-format",
        ],
        ..p("script", LAUNCHER | WRITES)
    },
    Spec {
        options: SED_OPTIONS,
        short_values: b"el",
        grammar: Some(&SED),
        ..rp("sed")
    },
    rn("seq"),
    with_grammar(p("serve", READS | NETWORK), &SERVE),
    p("service", DESTRUCTIVE | PRIVILEGE),
    launches(
        p("setpriv", LAUNCHER),
        0,
        b"",
        &[
            "--reuid",
            "--regid",
            "--ruid",
            "--rgid",
            "--euid",
            "--egid",
            "--groups",
            "--inh-caps",
            "--ambient-caps",
            "--bounding-set",
            "--securebits",
            "--pdeathsig",
            "--selinux-label",
            "--apparmor-profile",
            "--landlock-access",
            "--landlock-rule",
            "--seccomp-filter",
        ],
    ),
    launches(p("setsid", LAUNCHER), 0, b"", &[]),
    p("sfdisk", DELETES | PRIVILEGE),
    with_options(p("sftp", NET), SCP_OPTIONS),
    shell("sh"),
    r("sha1sum"),
    r("sha224sum"),
    r("sha256sum"),
    r("sha384sum"),
    r("sha512sum"),
    with_grammar(r("shellcheck"), &LINT),
    p("shred", DELETES),
    p("shutdown", DESTRUCTIVE),
    rn("sleep"),
    fetcher("socat"),
    p("sops", READS | WRITES),
    Spec {
        options: SORT_OPTIONS,
        short_values: b"kStT",
        grammar: Some(&SORT),
        ..r("sort")
    },
    p("source", SHELL | READS),
    p("sqlite3", READS | WRITES),
    with_options(p("ssh", NETWORK | SHELL), SSH_OPTIONS),
    p("ssh-add", READS),
    launches(p("ssh-agent", LAUNCHER), 0, b"aEPt", &[]),
    with_grammar(p("stack", PROJECT_TOOL), &BUNDLER),
    r("stat"),
    launches(
        p("stdbuf", LAUNCHER),
        0,
        b"ioe",
        &["--input", "--output", "--error"],
    ),
    with_grammar(p("storybook", PROJECT_TOOL), &BUNDLER),
    Spec {
        options: TRACE_OPTIONS,
        ..launches(
            p("strace", LAUNCHER),
            0,
            b"abeEIoOpPsSuX",
            &[
                "--output",
                "--attach",
                "--env",
                "--user",
                "--trace",
                "--signal",
                "--string-limit",
                "--columns",
                "--trace-path",
                "--summary-sort-by",
            ],
        )
    },
    r("strings"),
    with_grammar(p("stylelint", PROJECT_TOOL), &LINT),
    Spec {
        launch: Some(Launch::Script { flag: "-c" }),
        short_values: b"cgGsw",
        ..p("su", LAUNCHER | PRIVILEGE)
    },
    p("subl", WRITES | READS),
    launches(
        p("sudo", LAUNCHER | PRIVILEGE),
        0,
        b"CDghpRrTtUu",
        &[
            "--user",
            "--group",
            "--close-from",
            "--chdir",
            "--prompt",
            "--role",
            "--type",
            "--command-timeout",
            "--other-user",
            "--host",
            "--chroot",
        ],
    ),
    with_grammar(p("swift", INTERPRETER | PROJECT), &SWIFT),
    p("systemctl", DESTRUCTIVE | PRIVILEGE),
    launches(
        p("systemd-inhibit", LAUNCHER),
        0,
        b"",
        &["--what", "--who", "--why", "--mode"],
    ),
    launches(
        p("systemd-run", LAUNCHER | PRIVILEGE),
        0,
        b"upEHM",
        &[
            "--unit",
            "--property",
            "--description",
            "--slice",
            "--setenv",
            "--uid",
            "--gid",
            "--nice",
            "--working-directory",
            "--machine",
            "--host",
            "--on-calendar",
            "--on-active",
            "--on-boot",
            "--on-startup",
            "--on-unit-active",
            "--on-unit-inactive",
            "--timer-property",
            "--service-type",
        ],
    ),
    r("tac"),
    with_grammar(r("tail"), &HEAD),
    with_grammar(
        with_options(p("tar", READS | WRITES | BUNDLED), TAR_OPTIONS),
        &TAR,
    ),
    with_grammar(p("tarfile", READS | WRITES), &FILES),
    launches(
        p("taskset", LAUNCHER),
        1,
        b"TPD",
        &["--sched-runtime", "--sched-period", "--sched-deadline"],
    ),
    with_grammar(p("tauri", PROJECT_TOOL), &BUNDLER),
    interp("tclsh", &[]),
    shell("tcsh"),
    p("tee", WRITES),
    p("telinit", DESTRUCTIVE),
    fetcher("telnet"),
    with_reads(
        with_grammar(p("terraform", PROJECT_TOOL), &DEPLOY),
        TERRAFORM_READS,
    ),
    rn("test"),
    Spec {
        options: TIME_OPTIONS,
        ..launches(p("time", LAUNCHER), 0, b"fo", &["--format", "--output"])
    },
    launches(
        p("timeout", LAUNCHER),
        1,
        b"ks",
        &["--kill-after", "--signal"],
    ),
    launches(
        p("torsocks", LAUNCHER | NETWORK),
        0,
        b"uapP",
        &["--user", "--pass", "--address", "--port"],
    ),
    p("touch", WRITES),
    with_grammar(p("tox", PROJECT_TOOL), &BUNDLER),
    launches(p("toybox", LAUNCHER), 0, b"", &[]),
    rn("tr"),
    with_grammar(with_options(r("tree"), TREE_OPTIONS), &TREE),
    rn("true"),
    p("truncate", DELETES),
    with_grammar(p("trunk", PROJECT_TOOL), &BUNDLER),
    p("ts-node", INTERPRETER | PROJECT),
    with_grammar(p("tsc", PROJECT_TOOL), &LINT),
    with_grammar(p("tsup", PROJECT_TOOL), &LINT),
    p("tsx", INTERPRETER | PROJECT),
    rn("tty"),
    p("turbo", PROJECT_TOOL),
    with_grammar(p("twine", NET), &TWINE),
    // cmd's `type` prints the file
    with_grammar(rn("type"), &FILES),
    rn("uname"),
    launches(p("unbuffer", LAUNCHER), 0, b"", &[]),
    r("unexpand"),
    Spec {
        output_operand: 2,
        ..r("uniq")
    },
    p("unlink", DELETES),
    launches(
        p("unshare", LAUNCHER | PRIVILEGE),
        0,
        b"RwSG",
        &[
            "--root",
            "--wd",
            "--setuid",
            "--setgid",
            "--propagation",
            "--setgroups",
            "--map-user",
            "--map-group",
            "--map-users",
            "--map-groups",
        ],
    ),
    p("unxz", READS | WRITES),
    p("unzip", WRITES | READS),
    p("unzstd", READS | WRITES),
    rn("uptime"),
    with_reads(with_grammar(p("uv", PROJECT_TOOL), &PIP), UV_READS),
    with_grammar(p("uvx", PROJECT_TOOL), &NPX),
    launches(p("valgrind", LAUNCHER), 0, b"", &[]),
    p("vi", WRITES | READS | INTERPRETER),
    p("vim", WRITES | READS | INTERPRETER),
    with_grammar(p("vite", PROJECT_TOOL), &BUNDLER),
    with_grammar(p("vitest", PROJECT_TOOL), &TESTS),
    with_grammar(p("vue-cli-service", PROJECT_TOOL), &BUNDLER),
    with_grammar(p("wasm-pack", PROJECT_TOOL), &BUNDLER),
    Spec {
        launch: Some(Launch::Joined),
        short_values: b"nq",
        value_options: &["--interval", "--equexit"],
        ..p("watch", LAUNCHER)
    },
    launches(
        p("watchexec", LAUNCHER),
        0,
        b"wefidsEp",
        &[
            "--watch",
            "--exts",
            "--filter",
            "--ignore",
            "--debounce",
            "--signal",
            "--shell",
            "--env",
            "--delay-run",
            "--on-busy-update",
            "--project-origin",
            "--workdir",
            "--filter-file",
            "--ignore-file",
        ],
    ),
    r("wc"),
    with_grammar(p("webpack", PROJECT_TOOL), &BUNDLER),
    with_options(fetcher("wget"), WGET_OPTIONS),
    rn("whereis"),
    rn("which"),
    rn("whoami"),
    p("wipefs", DELETES),
    with_grammar(p("wrangler", PROJECT_TOOL), &PUBLISH),
    launches(
        p("xargs", LAUNCHER | STDIN_ARGS),
        0,
        b"adEILnPs",
        &[
            "--arg-file",
            "--delimiter",
            "--max-args",
            "--max-procs",
            "--max-chars",
            "--process-slot-var",
        ],
    ),
    with_grammar(p("xcodebuild", PROJECT_TOOL), &XCODEBUILD),
    p("xdg-open", READS),
    fetcher("xh"),
    launches(p("xvfb-run", LAUNCHER), 0, b"efnpsw", &[]),
    Spec {
        output_operand: 2,
        ..r("xxd")
    },
    p("xz", READS | WRITES),
    r("xzcat"),
    with_reads(with_grammar(p("yarn", PROJECT_TOOL), &NPM), JS_READS),
    shell("yash"),
    rn("yes"),
    with_options(rp("yq"), YQ_OPTIONS),
    r("zcat"),
    with_grammar(p("zig", PROJECT_TOOL), &BUNDLER),
    with_grammar(with_options(p("zip", WRITES | READS), ZIP_OPTIONS), &ZIP),
    with_grammar(p("zipfile", READS | WRITES), &FILES),
    r("zipinfo"),
    shell("zsh"),
    p("zstd", READS | WRITES),
];

/// The table, for iteration (tests, docs).
pub static PROGRAMS: &[Program] = &COMPACT;

/// How many entries of [`TABLE`] set an [`Extra`] field.
const EXTRA_COUNT: usize = {
    let mut n = 0;
    let mut i = 0;
    while i < TABLE.len() {
        if has_extra(&TABLE[i]) {
            n += 1;
        }
        i += 1;
    }
    n
};

const fn has_extra(s: &Spec) -> bool {
    !s.code_flags.is_empty()
        || !s.options.is_empty()
        || !s.short_values.is_empty()
        || !s.value_options.is_empty()
        || s.launch.is_some()
        || s.lang.is_some()
}

const NO_EXTRA: Extra = Extra {
    code_flags: &[],
    options: &[],
    short_values: &[],
    value_options: &[],
    launch: None,
    lang: None,
};

/// [`TABLE`]'s extras, in table order after entry 0.
static EXTRAS: [Extra; EXTRA_COUNT + 1] = {
    let mut out = [NO_EXTRA; EXTRA_COUNT + 1];
    let (mut i, mut n) = (0, 1);
    while i < TABLE.len() {
        let s = &TABLE[i];
        if has_extra(s) {
            out[n] = Extra {
                code_flags: s.code_flags,
                options: s.options,
                short_values: s.short_values,
                value_options: s.value_options,
                launch: s.launch,
                lang: s.lang,
            };
            n += 1;
        }
        i += 1;
    }
    out
};

/// [`TABLE`] as stored.
static COMPACT: [Program; TABLE.len()] = {
    const EMPTY: Program = Program {
        name: "",
        subcommands: &[],
        traits: 0,
        operands: Operands::Files,
        output_operand: 0,
        extra: 0,
        grammar: 0,
    };
    let mut out = [EMPTY; TABLE.len()];
    let (mut i, mut n, mut g) = (0, 0, 0);
    while i < TABLE.len() {
        let s = &TABLE[i];
        if has_extra(s) {
            n += 1;
        }
        if s.grammar.is_some() {
            g += 1;
        }
        out[i] = Program {
            name: s.name,
            subcommands: s.subcommands,
            traits: s.traits,
            operands: s.operands,
            output_operand: s.output_operand,
            extra: if has_extra(s) { n as u8 } else { 0 },
            grammar: if s.grammar.is_some() { g as u8 } else { 0 },
        };
        i += 1;
    }
    out
};

const _: () = assert!(EXTRA_COUNT < 256, "extras are indexed by a byte");

/// How many entries of [`TABLE`] give a grammar.
const GRAMMAR_COUNT: usize = {
    let (mut i, mut n) = (0, 0);
    while i < TABLE.len() {
        if TABLE[i].grammar.is_some() {
            n += 1;
        }
        i += 1;
    }
    n
};

/// [`TABLE`]'s grammars, in table order after entry 0 (none).
static GRAMMARS: [Option<&'static Grammar>; GRAMMAR_COUNT + 1] = {
    let mut out = [None; GRAMMAR_COUNT + 1];
    let (mut i, mut n) = (0, 1);
    while i < TABLE.len() {
        if TABLE[i].grammar.is_some() {
            out[n] = TABLE[i].grammar;
            n += 1;
        }
        i += 1;
    }
    out
};

const _: () = assert!(GRAMMAR_COUNT < 256, "grammars are indexed by a byte");

// Sorted ignoring ASCII case and unique (so no two names differ only in case), names of 1
// to 15 bytes: checked when the crate compiles.
const _: () = {
    let mut i = 0;
    while i < TABLE.len() {
        assert!(
            key(TABLE[i].name) != NONE,
            "a program name must be 1 to 15 bytes"
        );
        assert!(
            i == 0 || folded_key(TABLE[i - 1].name) < folded_key(TABLE[i].name),
            "the program table must be sorted by name ignoring case, and unique"
        );
        i += 1;
    }
};

#[cfg(test)]
mod tests {
    use super::*;

    /// The fetchers' keys are the keys of the table's fetchers, and only those.
    #[test]
    fn fetcher_keys_are_the_fetchers() {
        for p in PROGRAMS {
            let k = folded_key(p.name);
            assert_eq!(is_fetcher_key(k), p.is_fetcher(), "{}", p.name);
            assert_eq!(is_fetcher_key(key(&p.name.to_ascii_uppercase())), false);
        }
        assert!(FETCHER_KEYS.len() > 3);
        for name in ["curl", "CURL", "Wget", "aria2c"] {
            assert!(is_fetcher_key(folded_key(name)), "{name}");
        }
        for name in ["", "curl2", "curl.exe", "cur", "ls", "a-name-of-sixteen"] {
            assert!(!is_fetcher_key(folded_key(name)), "{name}");
        }
    }

    /// The shells' keys are the keys of the table's shells, and only those; both key lists
    /// are sorted, as the search in them needs.
    #[test]
    fn shell_keys_are_the_shells() {
        for p in PROGRAMS {
            assert_eq!(
                is_shell_key(folded_key(p.name)),
                p.has(UNIX_SHELL),
                "{}",
                p.name
            );
        }
        assert!(SHELL_KEYS.len() > 3);
        for name in ["bash", "SH", "Zsh", "dash"] {
            assert!(is_shell_key(folded_key(name)), "{name}");
        }
        for name in ["", "bash2", "sh.exe", "ba", "ls", "a-name-of-sixteen"] {
            assert!(!is_shell_key(folded_key(name)), "{name}");
        }
        assert!(SHELL_KEYS.windows(2).all(|w| w[0] < w[1]));
        assert!(FETCHER_KEYS.windows(2).all(|w| w[0] < w[1]));
    }

    /// `pack` against the definition it implements: the bytes zero-padded, the length in the
    /// last byte, big-endian, ASCII letters lowered when folding.
    #[test]
    fn pack_is_the_padded_bytes_and_length() {
        let reference = |b: &[u8], fold: bool| -> Key {
            if b.is_empty() || b.len() > 15 {
                return NONE;
            }
            let mut buf = [0u8; 16];
            for (to, &from) in buf.iter_mut().zip(b) {
                *to = if fold {
                    from.to_ascii_lowercase()
                } else {
                    from
                };
            }
            buf[15] = b.len() as u8;
            Key::from_be_bytes(buf)
        };
        let alphabet: &[u8] = b"aZz@[`{AM.-_09\x00\x7f\x80\xc3\xffQ";
        for len in 0..=17 {
            for shift in 0..alphabet.len() {
                let b: Vec<u8> = (0..len)
                    .map(|i| alphabet[(i * 7 + shift) % alphabet.len()])
                    .collect();
                for fold in [false, true] {
                    assert_eq!(pack(&b, fold), reference(&b, fold), "{b:?} {fold}");
                }
            }
        }
    }

    fn words(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn the_table_is_sorted_and_unique() {
        for pair in PROGRAMS.windows(2) {
            let (a, b) = (pair[0].name, pair[1].name);
            assert!(a.to_ascii_lowercase() < b.to_ascii_lowercase(), "{a} / {b}");
        }
    }

    #[test]
    fn names_map_to_their_program() {
        for (name, program) in [
            ("cat", Some("cat")),
            ("python3", Some("python")),
            ("python3.12", Some("python")),
            ("pip3.11", Some("pip")),
            ("ruby3.2", Some("ruby")),
            ("node18", Some("node")),
            ("perl5.36", Some("perl")),
            ("gcc-12", Some("gcc")),
            ("python.exe", None),
            ("mkfs.ext4", Some("mkfs")),
            ("killall5", Some("killall5")),
            ("aria2c", Some("aria2c")),
            ("Rscript", Some("Rscript")),
            // a read-only program has no versions or families
            ("ls2", None),
            ("cat.sh", None),
            ("cat2", None),
            ("rm.old", None),
            ("RM", None),
            ("", None),
            ("python3.12.", None),
            ("a_very_long_program_name", None),
        ] {
            assert_eq!(lookup(name).map(|p| p.name), program, "{name}");
        }
        for (name, program) in [
            ("RM", Some("rm")),
            ("Sudo", Some("sudo")),
            ("CURL", Some("curl")),
            ("rscript", Some("Rscript")),
            ("PYTHON3.12", Some("python")),
            ("CMD.EXE", Some("cmd")),
            ("nope", None),
        ] {
            assert_eq!(lookup_folded(name).map(|p| p.name), program, "{name}");
        }
    }

    #[test]
    fn shells_interpreters_and_fetchers_are_never_read_only() {
        for p in PROGRAMS {
            if p.has(SHELL | INTERPRETER | FETCHER | LAUNCHER | PROJECT) {
                assert!(!p.is_read_only(), "{}", p.name);
            }
            if p.has(SHELL | INTERPRETER | FETCHER | LAUNCHER) {
                assert!(p.subcommands.is_empty(), "{}", p.name);
            }
            if p.is_read_only() {
                assert!(
                    !p.has(WRITES | DESTRUCTIVE | PRIVILEGE | NETWORK | VERSIONED | FAMILY),
                    "{}",
                    p.name
                );
            }
            if p.has(SHELL | INTERPRETER) && !p.code_flags().is_empty() {
                assert!(p.code_flags().iter().all(|f| !f.is_empty()), "{}", p.name);
            }
            assert_eq!(p.is_launcher(), p.launch().is_some(), "{}", p.name);
            // code is read only where it runs
            assert!(p.lang().is_none() || p.is_interpreter(), "{}", p.name);
        }
    }

    /// Launchers the parser does not peel yet; the launcher test fails when one of them is
    /// peeled, so that this list only shrinks.
    const NOT_PEELED_YET: &[&str] = &["runuser"];

    #[test]
    fn every_launcher_is_peeled() {
        let mut wrong = Vec::new();
        for p in PROGRAMS.iter().filter(|p| p.is_launcher()) {
            let mut text = p.name.to_string();
            match p.launch() {
                Some(Launch::Words { skip }) => {
                    for _ in 0..skip {
                        text.push_str(" x");
                    }
                }
                Some(Launch::Script { flag }) => {
                    text.push(' ');
                    text.push_str(flag);
                }
                Some(Launch::Joined) | None => {}
            }
            text.push_str(" ls -la");
            let a = crate::shell::analyse(&text);
            let peeled = a
                .commands
                .iter()
                .any(|c| c.words.first().is_some_and(|w| w == "ls"));
            if peeled == NOT_PEELED_YET.contains(&p.name) {
                wrong.push(format!("{text}: peeled {peeled}"));
            }
        }
        assert!(wrong.is_empty(), "update NOT_PEELED_YET: {wrong:#?}");
        assert!(NOT_PEELED_YET
            .iter()
            .all(|n| lookup(n).is_some_and(|p| p.is_launcher())));
    }

    #[test]
    fn options_that_write_or_run() {
        for (command, why) in [
            ("sort -o x f", Some("sort -o writes a file")),
            ("sort -no x f", Some("sort -o writes a file")),
            ("sort -ox f", Some("sort -o writes a file")),
            ("sort --output=x f", Some("sort -o writes a file")),
            ("sort --out=x f", Some("sort -o writes a file")),
            ("sort --output x f", Some("sort -o writes a file")),
            ("sort -to f", None),
            ("sort -k2 -t, f", None),
            ("sort -- -o", None),
            (
                "rg --pre sh x",
                Some("rg --pre runs a program on every file"),
            ),
            (
                "rg --pre=sh x",
                Some("rg --pre runs a program on every file"),
            ),
            ("rg --pre-glob *.gz x", None),
            (
                "rg -nz x",
                Some("rg --search-zip runs decompression programs"),
            ),
            ("rg -n x", None),
            ("man -P cat ls", Some("man -P runs a pager command")),
            ("man --pager=cat ls", Some("man -P runs a pager command")),
            ("man ls", None),
            (
                "git -c core.pager=x log",
                Some("git -c can set a command (pager, alias, hook)"),
            ),
            ("git log -c", None),
            ("git -C d log", None),
            ("git diff --output=x", Some("git --output writes a file")),
            (
                "git ls-remote --upload-pack=x .",
                Some("git option runs a command"),
            ),
            (
                "ssh -o ProxyCommand=x h",
                Some("ssh option runs a local command"),
            ),
            (
                "ssh -oProxyCommand=x h",
                Some("ssh option runs a local command"),
            ),
            (
                "ssh -o proxycommand x h",
                Some("ssh option runs a local command"),
            ),
            ("ssh -o ProxyJump=x h", None),
            (
                "tar --checkpoint-action=exec=x -cf a b",
                Some("tar option runs a command"),
            ),
            ("tar -I zstd -cf a b", Some("tar option runs a command")),
            ("tar -czf a b", None),
            ("tar xIf x a.tar", Some("tar option runs a command")),
            ("tar czf a.tgz src", None),
            ("scp -S x a h:b", Some("scp -S runs a program as ssh")),
            ("zip -TT x a.zip b", Some("zip -TT runs a command")),
            ("awk -f p.awk x", Some("awk -f runs a program file")),
            ("awk -F: '{print $1}' x", None),
            ("awk -v x=1 '{print}' x", None),
            ("rsync -e x a b", Some("rsync option runs a command")),
            ("rsync -av a b", None),
            ("find . -exec rm {} ;", Some("find -exec runs a command")),
            ("find . -executable", None),
            ("find . -delete", Some("find -delete deletes files")),
            ("find . -fprint x", Some("find -fprint writes a file")),
            (
                "less +!x f",
                Some("less +cmd runs less commands, which can run shell commands"),
            ),
            ("less -N f", None),
            ("date -s 1", Some("date -s sets the clock")),
            ("date +%s", None),
        ] {
            let w = words(command);
            let p = lookup(&w[0]).expect("listed");
            assert_eq!(p.risky_option(&w[1..]).map(|o| o.why), why, "{command}");
        }
    }

    #[test]
    fn read_only_subcommands() {
        let git = lookup("git").expect("git");
        for (command, read_only) in [
            ("git status", true),
            ("git -C dir log --oneline", true),
            ("git --no-pager diff HEAD", true),
            ("git stash list", true),
            ("git stash", false),
            ("git stash pop", false),
            ("git push", false),
            ("git commit -m x", false),
            ("git branch", true),
            ("git branch -a", true),
            ("git branch --list 'feat*'", true),
            ("git branch new", false),
            ("git branch -D old", false),
            ("git branch -vD old", false),
            ("git tag", true),
            ("git tag -l", true),
            ("git tag v1", false),
            ("git remote -v", true),
            ("git remote add x y", false),
            ("git config --get user.name", true),
            ("git config user.name x", false),
            ("git config --list", true),
            ("git config --unset --get x", false),
        ] {
            let w = words(command);
            let args = &w[1..];
            let verdict = git.read_only_subcommand(args).is_some_and(|s| {
                let at = git.subcommand_index(args).unwrap_or(0) + s.name.split(' ').count();
                !s.writes(args.get(at..).unwrap_or(&[]))
            });
            assert_eq!(verdict, read_only, "{command}");
        }
    }

    #[test]
    fn basename_strips_directories() {
        for (word, base) in [
            ("/usr/bin/sudo", "sudo"),
            ("sudo", "sudo"),
            ("./x.sh", "x.sh"),
            ("C:\\Windows\\System32\\cmd.exe", "cmd.exe"),
            ("dir/", "dir/"),
            ("", ""),
        ] {
            assert_eq!(basename(word), base, "{word}");
        }
    }

    #[test]
    fn keys_tell_names_apart() {
        for (a, b, same) in [
            ("sudo", "sudo", true),
            ("sudo", "sud", false),
            ("unbuffer", "unbuffers", false),
            ("a", "a\0", false),
        ] {
            assert_eq!(key(a) == key(b), same, "{a:?} vs {b:?}");
        }
        assert_ne!(key("sudo\0"), key("sudo"));
        assert_eq!(key(""), NONE);
        assert_eq!(key("sixteen-bytes-xx"), NONE);
        assert_eq!(folded_key("RM"), key("rm"));
        assert!(is_fetcher_key(folded_key("Curl")));
        assert!(!is_fetcher_key(folded_key("gitx")));
        assert!(!is_fetcher_key(NONE));
        for name in ["AZaz09@[`{.-_+", "Rscript", "\u{e9}X", "GET"] {
            assert_eq!(folded_key(name), key(&name.to_ascii_lowercase()), "{name}");
        }
    }
}
