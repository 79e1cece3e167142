//! Regressions found by the fuzz targets (fuzz/), one test per finding, each named after what
//! was wrong. The inputs are also in fuzz/seeds/<target>/regress-*.
#![cfg(not(target_arch = "wasm32"))]

use toolgate::rules::RuleSet;
use toolgate::shell::{analyse, critical::detect_all, Problem, MAX_INPUT_BYTES};
use toolgate::workspace::Workspace;

fn shape(input: &str) -> Vec<toolgate::shell::CommandShape> {
    let a = analyse(input);
    assert_eq!(a.problem, None, "{input:?}");
    a.shapes()
}

fn round_trips(input: &str) {
    let rendered = analyse(input).render();
    assert_eq!(
        shape(input),
        shape(&rendered),
        "{input:?} rendered as {rendered:?}"
    );
}

/// shell_roundtrip: a `bash -c` script starting with `-` rendered as `bash -c '-rf /'`, which
/// reads as bash options, not a script.
#[test]
fn script_starting_with_a_dash_renders_as_a_script() {
    round_trips("bash -c ' -rf /'");
    round_trips("sh -c ' +x'");
    round_trips("eval ' -n'");
}

/// shell_roundtrip: `env -Sx` (value attached to the option) took the whole word `-Sx` as the
/// script, so `env -S'rm -rf /'` analysed as the command `-Srm -rf /` and was not critical;
/// the long forms `--split-string[=]x` and `su -c'x'` / `su --command=x` were missed too.
#[test]
fn attached_script_options_are_peeled() {
    for command in [
        "env -S'rm -rf /'",
        "env -iS'rm -rf /'",
        "env --split-string='rm -rf /'",
        "env --split-string 'rm -rf /'",
        "su -c'rm -rf /'",
        "su --command='rm -rf /'",
        "su --command 'rm -rf /'",
        "sudo env -S'rm -rf /'",
    ] {
        let a = analyse(command);
        assert!(
            a.commands.iter().any(|c| c.words == ["rm", "-rf", "/"]),
            "{command:?}: {:?}",
            a.commands.iter().map(|c| &c.words).collect::<Vec<_>>()
        );
        let labels: Vec<_> = detect_all(&a).into_iter().map(|c| c.label).collect();
        assert!(
            labels.contains(&"recursive-delete-root"),
            "{command:?}: {labels:?}"
        );
        let deny = RuleSet::compile(&[], &[], &["bash(rm *)".to_string()]).unwrap();
        assert!(deny.deny("bash", Some(&a), &[]).is_some(), "{command:?}");
        round_trips(command);
    }
    round_trips("env -Stime <&'l -sl'");
}

/// path_normalise: with no roots, `./file:/x` and `./C:` printed their `absolute` as
/// `file:/x` and `C:`, which resolve as a URI and a drive: normalising twice changed them.
#[test]
fn relative_paths_that_look_anchored_keep_their_dot() {
    // POSIX names may hold `:`; with no roots it is the platform that says so.
    let linux = toolgate::platform::PathSettings {
        platform: Some(toolgate::platform::Platform::Linux),
        case_insensitive: None,
    };
    let ws = Workspace::new(&[], linux).unwrap();
    for (path, absolute) in [
        ("./file:/??cle", "./file:/??cle"),
        ("./C:", "./C:"),
        ("./c:/x/../y", "./c:/y"),
        ("a/../FILE:x", "./FILE:x"),
        ("./file", "file"),
        ("./Cx:", "Cx:"),
        // path_normalise: a whitespace-only component printed as blank text, which is an error
        ("\u{c}/", "./\u{c}"),
        (" /", "./ "),
    ] {
        let first = ws.resolve(path).unwrap();
        assert_eq!(first.absolute, absolute, "{path:?}");
        assert_eq!(first.root, Some(0), "{path:?}");
        let again = ws.resolve(&first.absolute).unwrap();
        assert_eq!(
            (again.absolute, again.root, again.relative),
            (first.absolute, first.root, first.relative),
            "{path:?}"
        );
    }
}

/// path_normalise: with no roots, `~./` (user `.`'s home) printed its `absolute` as `~.`,
/// which is not a home path (a user's home needs its separator): normalising twice changed it.
#[test]
fn a_users_home_keeps_its_separator() {
    let ws = Workspace::new(&[], Default::default()).unwrap();
    for (path, absolute) in [
        ("~./", "~./"),
        ("~y/", "~y/"),
        ("~y/a", "~y/a"),
        ("~/", "~"),
    ] {
        let first = ws.resolve(path).unwrap();
        assert_eq!(first.absolute, absolute, "{path:?}");
        let again = ws.resolve(&first.absolute).unwrap();
        assert_eq!(
            (again.absolute, again.root, again.relative),
            (first.absolute, first.root, first.relative),
            "{path:?}"
        );
    }
}

/// path_normalise: `\\?\UNC\?\UNC\x` named the UNC server `?`, whose normal form `//?/UNC/x`
/// reads back as a verbatim prefix: a server named `?` or `.` is not a server.
#[test]
fn unc_server_cannot_be_a_device_prefix() {
    let ws = Workspace::new(&["C:\\ws".to_string()], Default::default()).unwrap();
    for path in [
        "\\\\?\\UNC\\\\?\\UNC\\[x",
        "\\\\?\\UNC\\?\\share\\x",
        "//./share/x",
        "//../share/x",
        // path_normalise: `\\/??/x` is rooted `/??/x`, which reads back as the NT prefix `\??\`
        "\\\\/??/..CxU",
        "/??/x",
    ] {
        assert!(ws.resolve(path).is_err(), "{path:?}");
    }
    assert!(ws.resolve("//srv/share/x").is_ok());
}

/// shell_roundtrip: a launcher option holding an expansion (`` sudo -`…` cmd ``) was rendered
/// quoted, so the re-parsed text lost the substitution's commands.
#[test]
fn launcher_options_with_expansions_render_as_written() {
    round_trips("sudo -`rd ho -`rd ho");
    round_trips("sudo -u \"$USER\" rm -rf build");
    round_trips("nice -n $(echo 5) make");
    round_trips("timeout ${T:-5} bash -c 'ls'");
    // a script launcher's own words stay quoted: their substitutions render as commands
    round_trips("bash -^c4s$s`l>$` fca>e");
}

/// shell_roundtrip: a word with an expansion ending the input in a lone backslash (`$z\`),
/// rendered before a redirection, escaped the space after it.
#[test]
fn a_trailing_backslash_stays_literal_when_rendered() {
    round_trips("cm<tm </i i``f $z\\");
    round_trips("echo $HOME\\");
    round_trips("X=$a\\");
}

/// shell_roundtrip: a here-doc opened inside `$(…)` with its body after the `)` was accepted,
/// and rendering lost the body; such input is now not judged.
#[test]
fn a_heredoc_body_outside_its_substitution_is_unparseable() {
    for input in [
        " r$(cat NNN<<'EOF' >&-4|h s%'EOF' | s<>h)\n\tx\nEOF",
        "echo $(cat <<EOF)\nhi\nEOF",
    ] {
        assert!(
            matches!(analyse(input).problem, Some(Problem::Unparseable(_))),
            "{input:?}"
        );
    }
    round_trips("echo $(cat <<EOF\nhi\nEOF\n)");
}

/// shell_roundtrip: an array assignment holding a substitution (`l=(a <(b))`) rendered quoted,
/// so the re-parsed text lost the substitution's command.
#[test]
fn array_assignments_with_expansions_render_as_written() {
    round_trips("l=(ast<( .))");
    round_trips("a=(x $(id) 'y z') cmd");
    round_trips("a=(1 2 3)");
}

/// shell_roundtrip: in a script, assignments before a launcher (`watch X=1 env cmd`) rendered
/// after it.
#[test]
fn script_assignments_render_before_the_scripts_launchers() {
    round_trips("watch ls=e env b\\E<t");
    round_trips("bash -c 'X=1 env Y=2 cmd'");
    round_trips("sudo bash -c 'X=1 nice ls'");
}

/// shell_roundtrip: a command that is only an `&>` redirection parsed after `!` but not at the
/// start of a line, where rendering puts it.
#[test]
fn a_command_may_start_with_and_greater() {
    round_trips("f()  };!&>:");
    round_trips("&>out.log");
    round_trips("true\n&>>out.log");
}

/// shell_roundtrip: assignments before a launcher (`X=1 exec cmd`) rendered after it
/// (`exec X=1 cmd`), where they read as the command's name.
#[test]
fn assignments_render_before_launchers() {
    round_trips("did=r-} \\exec rid");
    round_trips("X=1 Y='a b' sudo -u me env Z=2 ls");
    round_trips("X=$(id) nice -n 5 ls");
    round_trips("X=1 bash -c 'ls; pwd'");
    // inside a script, the assignments are the script's
    round_trips("watch ls=ls");
    round_trips("bash -c 'X=1'");
    round_trips("X=1 sudo bash -c 'Y=2 ls'");
}

/// shell_roundtrip: a redirection of a command a script replaced (`bash -c 'x' > `…``,
/// `eval eval > $(…)`) rendered its target as written inside the quoted script, so the
/// substitution, already a command of its own, was parsed a second time there.
#[test]
fn a_script_launchers_redirection_renders_quoted() {
    round_trips(include_str!(
        "../fuzz/seeds/shell_roundtrip/regress-script-launcher-redirect-substitution"
    ));
    round_trips(include_str!(
        "../fuzz/seeds/shell_roundtrip/regress-nested-eval-redirect-substitution"
    ));
    round_trips("bash -c 'ls' > \"$(echo out)\"");
}

/// shell_roundtrip: brace expansion copied a word holding a substitution (`x{,}`…``), so the
/// rendered text ran the substitution twice while the analysis listed its commands once;
/// such a word is now left as read, its value unknown.
#[test]
fn braces_do_not_copy_a_substitution() {
    round_trips(include_str!(
        "../fuzz/seeds/shell_roundtrip/regress-braces-copying-a-substitution"
    ));
    round_trips("echo {a,b}$(ls) x{1..2}`pwd`");
    // nor does a loop variable's value copy a command holding a substitution or redirection
    round_trips("for f in a b; do echo $f $(x); done");
    round_trips("for f in a b; do echo $f > \"$(x)\"; done");
    round_trips("for f in a b; do cat $f <<EOF\n$(x)\nEOF\ndone");
    let a = analyse("cat {a,b}$(ls)");
    assert!(a
        .commands
        .iter()
        .any(|c| c.name() == Some("cat") && c.is_unknown(1)));
}

/// The seed bundle the wasm test embeds (tests/fixtures/fuzz-seeds.json) matches fuzz/seeds:
/// run `fuzz/bundle-seeds.py` after changing seeds.
#[test]
fn fuzz_seed_bundle_is_up_to_date() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let bundle: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(root.join("tests/fixtures/fuzz-seeds.json")).unwrap(),
    )
    .unwrap();
    let mut targets: Vec<_> = std::fs::read_dir(root.join("fuzz/seeds"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    targets.sort();
    let bundle = bundle.as_object().unwrap();
    assert_eq!(
        bundle.len(),
        targets.len(),
        "targets differ: run fuzz/bundle-seeds.py"
    );
    for dir in targets {
        let name = dir.file_name().unwrap().to_str().unwrap().to_string();
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        files.sort();
        let seeds: Vec<String> = files
            .iter()
            .filter_map(|f| String::from_utf8(std::fs::read(f).unwrap()).ok())
            .collect();
        let bundled: Vec<String> = bundle[&name]
            .as_array()
            .unwrap_or_else(|| panic!("{name} missing: run fuzz/bundle-seeds.py"))
            .iter()
            .map(|v| v.as_str().unwrap().to_string())
            .collect();
        assert_eq!(
            bundled, seeds,
            "{name} out of date: run fuzz/bundle-seeds.py"
        );
    }
}

/// Fixed: 2,000 lines of `**/a/**/b/**/c/**` (identical, or each with its own literal) made
/// one query on a 100-deep path take ~3 s in release. Many-star globs now check that their
/// literals appear in order before searching, and a repeated line is tried once.
#[test]
fn many_double_star_lines_stay_fast() {
    let identical = vec!["**/a/**/b/**/c/**".to_string(); 2000];
    let distinct: Vec<String> = (0..2000).map(|i| format!("**/a/**/b{i}/**/c/**")).collect();
    for lines in [identical, distinct] {
        let ig = toolgate::ignore::IgnoreBuilder::default()
            .build(Some(&lines.join("\n")))
            .unwrap();
        let t = std::time::Instant::now();
        let _ = ig.is_ignored(&"a/".repeat(100), false);
        // Release: ~40 µs (identical) and ~40 ms (distinct); the stall was ~3 s in release,
        // ~40 s in this debug build. The bound is generous for a loaded machine.
        assert!(
            t.elapsed() < std::time::Duration::from_secs(8),
            "{:?}",
            t.elapsed()
        );
    }
}

/// shell_roundtrip: a compound command's redirection was attached to the commands of its own
/// target's substitution too (`(( x )) <$(id)` gave the nested `id` the redirection `<$(id)`),
/// so the rendered text read as a different command. Such a target's substitution is a
/// command of its own and the target renders quoted.
#[test]
fn a_compound_redirection_is_not_its_targets_own() {
    round_trips("(( x )) <$(id)\nEOF\n");
    round_trips("{ ls; } >$(date) 2>`pwd`");
    round_trips("{ ls; pwd; } >$(date) <<EOF\nx\nEOF\n");
    round_trips("while false; do :; done <$(echo f)");
}

/// shell_roundtrip: in a script given its positional parameters (`dash -c '…' NAME`), a
/// process substitution word was field-split as if it held `$1` (`<(m -rf s )` became four
/// words), so its nested command was no longer re-created by the rendered text.
#[test]
fn a_process_substitution_is_one_word_in_a_script_with_parameters() {
    round_trips("dash -c '(<(m -rf s );~h)' -c0'[[ -f x r E&m -rf / ]]'");
    round_trips("bash -c 'cat <(rm -rf x ) >(tee y )' name a");
    let a = analyse("bash -c 'diff <(ls a ) \"$1\" $2' name 'b c' d");
    let top: Vec<_> = a.commands.iter().filter(|c| c.parent.is_none()).collect();
    assert_eq!(top.len(), 1);
    assert_eq!(top[0].words, ["diff", "<(ls a )", "b c", "d"]);
}

/// shell_roundtrip: a quoted subscript holding `]=` (`a["q&]=x a["]=`) had its value taken
/// after the first `]=` of the unquoted text, inside the subscript, so the rendered text
/// analysed to a different value.
#[test]
fn a_quoted_subscript_holding_an_equals_sign_keeps_its_value() {
    for (input, value) in [
        ("a[\"]=x\"]=v ls", "v"),
        ("a['k]=1']+=v ls", "v"),
        ("a[\\]=x]=v ls", "v"),
        ("a[\"\\\"]=\"]=v ls", "v"),
        ("a[\"q&]=-rf /1m[k://]+=v\\+=v a[\"]=&q-rf /", ""),
    ] {
        let a = analyse(input);
        assert_eq!(a.commands[0].assignments[0].1, value, "{input:?}");
        round_trips(input);
    }
    round_trips("a[/]+=v\\+=v a[\"q&]=-rf /1m[k://]+=v\\+=v a[\"]=&q-rf /");
    round_trips("a[=]=x m[k]+=v a[\"qk]+=v a[\"q\"]=1 rm -rf \"]=1 rm -rf /");
}

/// shell_roundtrip, kept in fuzz/known/ until round 8: an `env -S` script holding backquotes
/// and env's own escapes, and a script launcher's redirection target holding backquotes,
/// rendered to text whose nested commands differed. Each now runs a program named by a
/// substitution, which is refused (fail-closed), so there is no render to compare.
#[test]
fn formerly_open_nested_script_renders_are_refused() {
    for input in [
        "env -S'i&env 22`c\\\"`e\\#`re\\#`rLLLLLLLLLLLLLLLLL`e\\ \\ #`e\\ #-S'e-s<e",
        "bash -^c4s$<sa` f$ls$${!s4s$sas` fc4",
        "bash -^c4s$s`$l>$` fca>et$s`4\\\"`e\\$l>$` fca>e|$#`",
    ] {
        assert!(
            matches!(analyse(input).problem, Some(Problem::Unparseable(_))),
            "{input:?}"
        );
    }
}

/// shell_roundtrip: a redirection of a script launcher or a compound command applies to the
/// commands of the substitutions inside it too (`dash -c 'm <( s )' <&-`: `s` inherits the
/// closed stdin), but rendered on the command it became the substitution's lost it. Such
/// redirections render on a group around the command.
#[test]
fn an_enclosing_redirection_reaches_the_substitutions_when_rendered() {
    round_trips("dash -c ':8;m -<( s );~5c0'[[ -Efr  x <& -f-f r r/ ]b");
    round_trips("{ m <(s $(t)) >y; } <&- 2>x");
    round_trips("bash -c 'cat <(s) > x' <<EOF\nbody\nEOF\n");
    round_trips("while m <(s <&-); do :; done <&-");
    let a = analyse("{ cat <(cat); } < .env");
    assert!(a.commands.iter().all(|c| c.redirects.len() == 1));
}

/// shell_roundtrip: the commands of code run later (here a value bash evaluates: a literal
/// backquote in `typeset`'s argument) were rendered as a script launched by their runner's
/// words, which read as another command. Analysing the rendered line finds them again.
#[test]
fn code_run_later_is_found_again_not_rendered() {
    round_trips("typeset aig \\`k+][ash -^'FOO= find .eec {sh -^}\\'FOO= ;");
    round_trips("echo 'rm -rf x' > s.sh; sh s.sh");
}

/// shell_roundtrip: the script of a shell a listed command starts (`pwsh -c …`, read by its
/// own reader) was rendered as a line of its own besides the command that starts it, so the
/// rendered text listed it twice.
#[test]
fn a_started_shells_script_is_found_again_not_rendered() {
    round_trips("pwsh -gctit Ci Ciff]r-fr<t/ {in,-,,,,,,,,,,,,,}-=t-+iFf -o -\\fX=x");
}

/// shell_roundtrip: each nested script renders quoted once more than its parent (`'` becomes
/// `'\''` per level), so nine nested `eval`s in 177 bytes rendered to 285,609 bytes, past the
/// input limit, and the render no longer analysed. Rendering serves only the round trip, so
/// the property stops at the limit; the line itself analyses, and shallower nesting round-trips.
#[test]
fn nested_evals_render_past_the_input_limit() {
    let input = include_str!("../fuzz/seeds/shell_roundtrip/regress-nested-eval-render-size");
    let a = analyse(input);
    assert_eq!(a.problem, None);
    assert!(a.render().len() > MAX_INPUT_BYTES);
    round_trips("eval eval>val>:$l eval>:$l eval>va>val>:$val>val>:$l eval>:$l");
}

/// shell_roundtrip: a duplication's quoted target starting with `-` (`<&'-sl'`, an error in
/// bash) rendered unquoted, `<& -sl`, which closes the descriptor and adds the word `sl`.
#[test]
fn a_duplications_dash_target_renders_quoted() {
    round_trips("cat <&'-sl'");
    round_trips("cat 2>&'-x' y");
    round_trips("env<v<f -tSimec ,`r{,} } -mkEkec ,`r{,} } \\;e <&'-sl'");
    round_trips("cat <&- 2>&-");
}

/// windows_shells: a `)` closing no block in a `for /f` set's command (`in ('a') b')`) read
/// nothing, so the cmd reader read it again forever. It refuses such a command now.
#[test]
fn a_cmd_command_that_reads_nothing_is_refused() {
    use toolgate::shell::{analyse_as, Shell};
    let input = include_str!("../fuzz/seeds/windows_shells/regress-for-set-stray-paren");
    for input in [input, "for /f %a in ('a') b') do c"] {
        let a = analyse_as(input, Some(Shell::Cmd), true);
        assert!(
            matches!(a.problem, Some(Problem::Unparseable(_))),
            "{input:?}"
        );
    }
}

/// windows_shells: a PowerShell statement that read nothing (`…0>y` then a NUL byte) was read
/// again forever, each time pushing a value, until memory ran out. The reader refuses it now
/// (a command it cannot read is not vouched for).
#[test]
fn a_powershell_statement_that_reads_nothing_is_refused() {
    use toolgate::shell::{analyse_as, Shell};
    let input = "1111t e.pe?y?nv 0>y\0nul";
    for shell in [Some(Shell::Powershell), Some(Shell::Cmd), None] {
        let a = analyse_as(input, shell, true);
        assert!(
            a.commands.len() < 64,
            "{shell:?}: {} commands",
            a.commands.len()
        );
    }
}

/// shell_roundtrip: a PowerShell parameter holding a substitution (`pwsh -gcti,`…`$x -o`) was
/// skipped as an option, so pwsh read as an interactive `sh -i` whose render lost the
/// substitution. A parameter only known when it runs may be `-Command`: the line is refused.
#[test]
fn a_powershell_parameter_known_only_when_it_runs_is_refused() {
    let input = include_str!("../fuzz/seeds/shell_roundtrip/regress-pwsh-computed-parameter");
    for input in [
        input,
        "pwsh -$(echo c) 'rm -rf ~'",
        "powershell /$x Get-Content .env",
    ] {
        assert!(analyse(input).problem.is_some(), "{input}");
    }
    assert_eq!(analyse("pwsh -NoProfile -c Get-ChildItem").problem, None);
}

/// windows_shells: a walk's operand whose last name starts with a multi-byte character
/// (`robocopy C\x C\s ѰIR`) was sliced inside that character when asking whether it names a
/// file, a panic. The engine answers instead, on Windows and elsewhere.
#[test]
fn a_walk_operand_starting_with_a_multibyte_character_is_judged() {
    use toolgate::engine::Engine;
    use toolgate::settings::Settings;
    use toolgate::ToolCall;
    let input = include_str!("../fuzz/seeds/windows_shells/regress-multibyte-walk-operand");
    for (settings, command) in [
        (
            r#"{"platform":"windows","workspaceRoots":["C:\\ws"],"ignoreFile":".env\nsecrets/\n"}"#,
            input,
        ),
        (
            r#"{"platform":"linux","workspaceRoots":["/ws"],"ignoreFile":".env\n"}"#,
            "grep -r x ѰIR",
        ),
    ] {
        let settings = Settings::read(&mut serde_json::Deserializer::from_str(settings)).unwrap();
        let engine = Engine::new(settings).unwrap();
        let call = ToolCall::new("execute_command")
            .with("command", command)
            .with("requires_approval", false);
        // (it panicked before answering)
        let v = engine.check(&call);
        assert!(!v.reason.is_empty(), "{command}");
    }
}

/// shell_roundtrip: a substitution in the words of a launcher outside a script launcher
/// (`sudo -`rdc`x eval a`) belongs to no listed command, so the render writes it as a command
/// of its own; the launcher's word was also written with the substitution, which the render's
/// analysis then found twice. Those words are quoted now.
#[test]
fn a_substitution_in_a_launcher_before_a_script_renders_once() {
    let input = include_str!(
        "../fuzz/seeds/shell_roundtrip/regress-substitution-in-launcher-before-script"
    );
    for line in [
        input,
        "sudo -`rdc`x eval a",
        "sudo -u $(id -un) bash -c 'rm x'",
        "sudo -`rdc`x a",
    ] {
        round_trips(line);
    }
}
