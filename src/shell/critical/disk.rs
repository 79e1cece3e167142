//! Disks: writes to a disk device, wiping and partitioning tools (`disk-write`), file systems
//! made (`mkfs`).

use super::{normalise, operands, Cmd, Line};
use crate::shell::names;

/// A redirection writes to a disk device (`> /dev/sda`).
pub(super) fn redirected(_: &Line<'_>, cmd: &Cmd<'_>, _: &str) -> bool {
    cmd.c
        .redirects
        .iter()
        .any(|r| r.writes_file() && disk_device(&r.target))
}

pub(super) fn writes_disk(_: &Line<'_>, cmd: &Cmd<'_>, _: &str) -> bool {
    disk_write(cmd.key, cmd.args)
}

pub(super) fn mkfs(_: &Line<'_>, cmd: &Cmd<'_>, _: &str) -> bool {
    matches!(cmd.key, names::MKFS | names::MKE2FS | names::MKSWAP)
        || cmd
            .name
            .get(..5)
            .is_some_and(|p| p.eq_ignore_ascii_case("mkfs."))
}

/// `/dev/sda`, `/dev/nvme0n1`, `/dev/disk/by-id/…`, `/dev/mapper/x`, …
pub fn disk_device(path: &str) -> bool {
    // only an absolute path normalises to one (and most operands are relative)
    if !path.starts_with('/') {
        return false;
    }
    let p = normalise(path);
    let Some(dev) = p.strip_prefix("/dev/") else {
        return false;
    };
    [
        "sd", "hd", "vd", "xvd", "nvme", "mmcblk", "disk", "md", "mapper/", "dm-", "loop",
    ]
    .iter()
    .any(|d| dev.starts_with(d))
}

fn harmless_device(path: &str) -> bool {
    let p = normalise(path);
    matches!(
        p.as_str(),
        "/dev/null"
            | "/dev/zero"
            | "/dev/stdout"
            | "/dev/stderr"
            | "/dev/stdin"
            | "/dev/tty"
            | "/dev/full"
            | "/dev/random"
            | "/dev/urandom"
    ) || p.starts_with("/dev/fd/")
        || p.starts_with("/dev/pts/")
}

fn disk_write(key: names::Key, args: &[String]) -> bool {
    match key {
        names::DD => args
            .iter()
            .filter_map(|w| w.strip_prefix("of="))
            .any(|t| normalise(t).starts_with("/dev/") && !harmless_device(t)),
        names::SHRED => operands(args)
            .iter()
            .any(|w| normalise(w).starts_with("/dev/") && !harmless_device(w)),
        names::WIPEFS => true,
        // `ddrescue -f IN OUT`: the output is overwritten
        _ if key == DDRESCUE => operands(args).last().is_some_and(|w| disk_device(w)),
        // macOS's disk utility erasing or repartitioning a disk
        _ if key == DISKUTIL => operands(args).iter().any(|w| {
            let w = w.to_ascii_lowercase();
            w.starts_with("erase")
                || w.starts_with("zero")
                || w.starts_with("secureerase")
                || w.starts_with("partitiondisk")
                || w.starts_with("delete")
                || w == "reformat"
        }),
        names::TEE | names::CP | names::MV | names::INSTALL => {
            operands(args).iter().any(|w| disk_device(w))
        }
        _ => key == names::BLKDISCARD || partition_edit(key, args),
    }
}

const DDRESCUE: names::Key = names::folded_key("ddrescue");
const DISKUTIL: names::Key = names::folded_key("diskutil");

/// A partition-table editor given a disk and not asked only to list or check (`fdisk -l`,
/// `sfdisk -d`, `sgdisk -p`, `parted /dev/sda print`).
fn partition_edit(key: names::Key, args: &[String]) -> bool {
    const LISTING: &[&str] = &[
        // not `-s` (parted's script mode), `-d` (sgdisk's delete) or `-L` (fdisk's colour)
        "-l",
        "--list",
        "-p",
        "--print",
        "print",
        "--dump",
        "--show-size",
        "-J",
        "--json",
        "-v",
        "-V",
        "--verify",
        "-i",
        "--info",
        "-O",
        "--print-mbr",
        "--list-types",
        "--list-free",
        "-h",
        "--help",
        "--version",
        "help",
        "version",
    ];
    matches!(
        key,
        names::SGDISK
            | names::PARTED
            | names::FDISK
            | names::SFDISK
            | names::GDISK
            | names::CFDISK
            | names::CGDISK
    ) && args.iter().any(|w| disk_device(w))
        && !args.iter().any(|w| LISTING.contains(&w.as_str()))
}
