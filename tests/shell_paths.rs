//! Path operands the validator checks against the ignore rules. One case per line: the
//! command, and a path that must be among its operands.

use toolgate::shell::analyse;

fn paths(command: &str) -> Vec<String> {
    analyse(command)
        .path_operands()
        .into_iter()
        .map(|p| p.path.into_owned())
        .collect()
}

#[rustfmt::skip]
const SURFACES: &[(&str, &str)] = &[
    ("cat .env", ".env"),
    ("cat ./.env", "./.env"),
    ("/bin/cat ./.env", "./.env"),
    ("head -n 5 .env", ".env"),
    ("less .env", ".env"),
    ("grep -r KEY .env", ".env"),
    ("grep x < .env", ".env"),
    ("cat \".env\"", ".env"),
    ("cat '.env'", ".env"),
    ("cat .e\"nv\"", ".env"),
    ("cat \\.env", ".env"),
    ("sudo cat .env", ".env"),
    ("sudo cat \"$PWD\"/.env", ".env"),
    ("cat ${PWD}/.env", ".env"),
    ("cat $HOME/.ssh/id_rsa", "~/.ssh/id_rsa"),
    ("env -i cat .env", ".env"),
    ("bash -c 'cat .env'", ".env"),
    ("sh -c \"cat .env | base64\"", ".env"),
    ("echo $(cat .env)", ".env"),
    ("echo `cat .env`", ".env"),
    ("diff <(cat .env) x", ".env"),
    ("cp .env /tmp/x", ".env"),
    ("cp .env /tmp/x", "/tmp/x"),
    ("cd secret && cat key", "secret/key"),
    ("cd a && cat ../.env", "a/../.env"),
    ("cd a; cd b; cat c", "a/b/c"),
    ("cd /etc && cat passwd", "/etc/passwd"),
    ("cat /abs/path/.env", "/abs/path/.env"),
    ("echo x > out.txt", "out.txt"),
    ("echo x >> logs/app.log", "logs/app.log"),
    ("cmd &> all.log", "all.log"),
    ("cmd 2> err.log", "err.log"),
    ("git diff --output=.env", ".env"),
    ("dd if=.env of=/tmp/x", ".env"),
    ("git show HEAD:.env", ".env"),
    ("scp host:.env .", ".env"),
    ("xargs cat < files.txt", "files.txt"),
    ("find . -name x -exec cat .env \\;", ".env"),
    ("tar czf out.tgz -- -secret", "-secret"),
    ("cat <<EOF > .env\nKEY=1\nEOF", ".env"),
    ("cat < <(cat .env)", ".env"),
    ("while read l; do echo; done < .env", ".env"),
    ("{ cat; } < .env", ".env"),
    ("bash <<EOF\ncat .env\nEOF", ".env"),
    ("cat .en*", ".en*"),
    ("source .env", ".env"),
    (". ./.env", "./.env"),
];

#[rustfmt::skip]
const NOT_OPERANDS: &[(&str, &str)] = &[
    ("cmd 2>&1", "1"),
    ("cmd >&2", "2"),
    ("cat <<EOF\n.env\nEOF", ".env"),
    ("cat <<< .env", ".env"),
    ("cat", "cat"),
    ("ls -la", "-la"),
    ("curl https://x/.env", "https://x/.env"),
    ("curl https://x/.env", "//x/.env"),
    ("cat -", "-"),
];

#[test]
fn surfaces_table() {
    for (command, expected) in SURFACES {
        let got = paths(command);
        assert!(
            got.iter().any(|p| p == expected),
            "{command:?}: {expected:?} not in {got:?}"
        );
    }
}

#[test]
fn not_operands_table() {
    for (command, unexpected) in NOT_OPERANDS {
        let got = paths(command);
        assert!(
            !got.iter().any(|p| p == unexpected),
            "{command:?}: {unexpected:?} in {got:?}"
        );
    }
}

#[test]
fn operand_details() {
    let a = analyse("cd \"$D\" && cat x *.pem > out");
    let ops = a.path_operands();
    let x = ops.iter().find(|p| p.word == "x").unwrap();
    assert_eq!(x.cwd, Some("$D"));
    assert_eq!(x.path, "$D/x");
    assert!(x.dynamic);
    assert!(ops.iter().any(|p| p.word == "*.pem" && p.glob));
    assert!(ops.iter().any(|p| p.word == "out" && p.redirect));
    assert_eq!(
        ops.iter().find(|p| p.word == "out").map(|p| p.command),
        Some(1)
    );
}
