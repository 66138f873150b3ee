//! The `dicetable verify` and `dicetable simulate` commands (C3; the simulator's report).

mod common;

use std::process::Command;

use dicetable::game::fair::{Roller, Seed};
use serde_json::Value;

/// Runs `dicetable` with `args`: its exit code, stdout and stderr.
fn ran(args: &[&str]) -> (i32, String, String) {
    let out = common::dicetable(args);
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn c3_verify_checks_the_commitment_and_prints_the_dice() {
    let seed = Seed::from_u64(99);
    let (code, out, _) = ran(&[
        "verify",
        "--seed",
        &seed.to_hex(),
        "--commitment",
        &seed.commitment_hex(),
        "--rolls",
        "25",
    ]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("commitment matches"));
    let printed: Vec<u8> = out
        .lines()
        .filter(|l| l.starts_with("dice"))
        .flat_map(|l| {
            l.split_whitespace().skip(2).map(|d| d.parse::<u8>().unwrap()).collect::<Vec<_>>()
        })
        .collect();
    assert_eq!(printed, Roller::new(&seed, 0).roll_many(25));

    let (code, out, _) = ran(&[
        "verify",
        "--seed",
        &seed.to_hex(),
        "--commitment",
        &Seed::from_u64(1).commitment_hex(),
    ]);
    assert_eq!(code, 1);
    assert!(out.contains("MISMATCH"));
    let (code, _, err) = ran(&["verify", "--seed", "xyz", "--commitment", "00"]);
    assert_eq!(code, 2);
    assert!(err.contains("--seed"), "{err}");
}

/// Issue 61: `dicetable verify … | head -1` ends quietly when `head` has gone: no panic on
/// the broken pipe.
#[test]
fn verify_into_a_closed_pipe_ends_quietly() {
    let seed = Seed::from_u64(7);
    let command = format!(
        "{} verify --seed {} --commitment {} --rolls 100000 | head -1",
        env!("CARGO_BIN_EXE_dicetable"),
        seed.to_hex(),
        seed.commitment_hex()
    );
    let out = Command::new("sh").arg("-c").arg(&command).output().unwrap();
    let (said, err) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(said.contains("commitment matches"), "{said}");
    assert!(!err.contains("panicked") && !err.contains("Broken pipe"), "{err}");
}

/// `dicetable verify --record` and `dicetable replay --record` on a whole game's record (C1–C3):
/// a true record passes; an edited roll, an edited state and a wrong seed are each caught and
/// named; the replay is a GIF with a frame per move.
#[test]
fn verify_and_replay_a_whole_game_record() {
    use dicetable::engine::computer::Level;
    use dicetable::engine::{Action, GameKind, Options};
    use dicetable::game::replay::Record;
    let dir = std::env::temp_dir().join(format!("dicetable-record-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let options = Options::default_for(GameKind::Nardy);
    let record = Record::computer_game(&options, 2, &Seed::from_u64(4), Level::Normal).unwrap();
    let write = |name: &str, record: &Record| {
        let path = dir.join(name);
        std::fs::write(&path, serde_json::to_vec(record).unwrap()).unwrap();
        path.to_string_lossy().into_owned()
    };
    let good = write("good.json", &record);
    let (code, out, err) = ran(&["verify", "--record", &good]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("OK: all") && out.contains("finished: "), "{out}");

    let mut rolled = record.clone();
    let at = rolled.steps.iter().rposition(|s| matches!(s.action, Action::Roll { .. })).unwrap();
    if let Action::Roll { dice } = &mut rolled.steps[at].action {
        dice[0] = dice[0] % 6 + 1;
    }
    let mut stated = record.clone();
    stated.steps[10].state = stated.steps[9].state.clone();
    let mut seeded = record.clone();
    seeded.seed = Seed::from_u64(5).to_hex();
    for (name, edited, says) in [
        ("roll.json", &rolled, format!("step {}: the roll", at + 1)),
        ("state.json", &stated, "step 11: the recorded state".to_owned()),
        ("seed.json", &seeded, "wrong seed".to_owned()),
    ] {
        let path = write(name, edited);
        let (code, out, _) = ran(&["verify", "--record", &path]);
        assert_eq!(code, 1, "{name}: {out}");
        assert!(out.contains("MISMATCH") && out.contains(&says), "{name}: {out}");
    }

    let gif = dir.join("game.gif");
    let (code, out, err) = ran(&["replay", "--record", &good, "--out", &gif.to_string_lossy()]);
    assert_eq!(code, 0, "{out}{err}");
    let bytes = std::fs::read(&gif).unwrap();
    assert!(bytes.starts_with(b"GIF89a"), "a GIF");
    let mut decoder = gif::DecodeOptions::new().read_info(&bytes[..]).unwrap();
    let mut frames = 0;
    while decoder.read_next_frame().unwrap().is_some() {
        frames += 1;
    }
    assert!(out.contains(&format!("({frames} frames")), "{out}");
    assert!(frames > 20, "{frames} frames for {} steps", record.steps.len());
    let _ = std::fs::remove_dir_all(&dir);
}

/// A scratch folder for record files, removed when dropped.
struct Scratch(std::path::PathBuf);

impl Scratch {
    fn new(name: &str) -> Self {
        let dir = std::env::temp_dir().join(format!("dicetable-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Self(dir)
    }

    /// Writes `bytes` to `name` and returns its path.
    fn write(&self, name: &str, bytes: &[u8]) -> String {
        let path = self.0.join(name);
        std::fs::write(&path, bytes).unwrap();
        path.to_string_lossy().into_owned()
    }

    /// Writes a JSON value to `name` and returns its path.
    fn json(&self, name: &str, value: &Value) -> String {
        self.write(name, value.to_string().as_bytes())
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A finished game's record, as `/export` writes it (the same `Record::from_log` and
/// `serde_json::to_vec`), as JSON.
fn exported(kind: &str, players: usize, seed: u64) -> Value {
    use dicetable::engine::Options;
    use dicetable::engine::computer::Level;
    use dicetable::game::replay::Record;
    let options = Options::default_for(kind.parse().unwrap());
    let record =
        Record::computer_game(&options, players, &Seed::from_u64(seed), Level::Normal).unwrap();
    serde_json::from_slice(&serde_json::to_vec(&record).unwrap()).unwrap()
}

/// Verifies the record file at `path`: (exit code, stdout, stderr).
fn verify(path: &str) -> (i32, String, String) {
    ran(&["verify", "--record", path])
}

/// A record exported today verifies (every game), says it is complete, and prints the ranking
/// the replay computed; a finished game whose ranking is `null` or left out is refused
/// (it used to pass and print `finished: ` with nothing after).
#[test]
fn a_finished_record_must_carry_the_ranking_the_replay_computes() {
    let dir = Scratch::new("record-ranking");
    for (kind, players) in [("snakes", 3), ("ludo", 2), ("nardy", 2)] {
        let record = exported(kind, players, 6);
        assert_eq!(record["format"], 2, "{kind}");
        assert_eq!(record["end"], "finished", "{kind}");
        let (code, out, err) = verify(&dir.json(&format!("{kind}.json"), &record));
        assert_eq!(code, 0, "{kind}: {out}{err}");
        assert!(out.contains("complete: the record says the game finished"), "{kind}: {out}");
        let ranking: Vec<u64> =
            record["ranking"].as_array().unwrap().iter().map(|r| r.as_u64().unwrap()).collect();
        let winner = ranking.iter().position(|&r| r == 1).unwrap();
        let line = out.lines().find(|l| l.starts_with("finished: ")).unwrap();
        assert!(line.starts_with(&format!("finished: 1. Player {}", winner + 1)), "{kind}: {line}");
        assert_eq!(line.matches(". Player ").count(), players, "{kind}: {line}");
    }
    let mut record = exported("snakes", 2, 6);
    record["ranking"] = Value::Null;
    let (code, out, _) = verify(&dir.json("null.json", &record));
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("MISMATCH: the game finished but the record has no ranking"), "{out}");
    // Without the key at all the file is not the shape of a record: exit 2, as
    // docs/fairness.md lists a missing field (issue 46, item 18).
    record.as_object_mut().unwrap().remove("ranking");
    let (code, out, err) = verify(&dir.json("none.json", &record));
    assert_eq!(code, 2, "{out}{err}");
    assert!(out.is_empty() && err.contains("ranking"), "{out}{err}");
}

/// Unknown fields are refused, at the top level and in a step, and named.
#[test]
fn a_record_with_unknown_fields_is_refused() {
    let dir = Scratch::new("record-fields");
    let mut record = exported("snakes", 2, 7);
    record["winner"] = "Mallory".into();
    let (code, out, err) = verify(&dir.json("top.json", &record));
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains("not a dicetable game record") && err.contains("`winner`"), "{err}");
    let mut record = exported("snakes", 2, 7);
    record["steps"][3]["note"] = "nice roll".into();
    let (code, out, err) = verify(&dir.json("step.json", &record));
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains("`note`"), "{err}");
    // In a step's action too.
    let mut record = exported("snakes", 2, 7);
    record["steps"][0]["action"]["by"] = "me".into();
    let (code, _, err) = verify(&dir.json("action.json", &record));
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("`by`"), "{err}");
    // `replay --record` reads records as strictly.
    let (code, _, err) = ran(&[
        "replay",
        "--record",
        &dir.json("top.json", &{
            let mut r = exported("snakes", 2, 7);
            r["winner"] = "Mallory".into();
            r
        }),
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("`winner`"), "{err}");
}

/// A record that ends before the game does passes only if it says the table was cancelled
/// (`"end":"cancelled"`, no ranking), and the check says it is not complete; one that says the
/// game finished but was cut short is refused as truncated; a cancelled claim on a finished game
/// is refused. Format 1 records (exported before `end`) still verify: their ranking is the claim.
#[test]
fn a_record_says_whether_it_is_complete_and_a_truncated_one_is_refused() {
    let dir = Scratch::new("record-end");
    let full = exported("ludo", 2, 8);
    let cut = |record: &Value, keep: usize| {
        let mut record = record.clone();
        record["steps"].as_array_mut().unwrap().truncate(keep);
        record
    };
    // Cut short, still saying finished: with its ranking, or with the ranking removed too.
    let truncated = cut(&full, 40);
    let (code, out, _) = verify(&dir.json("truncated.json", &truncated));
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("MISMATCH") && out.contains("truncated"), "{out}");
    let mut truncated = cut(&full, 40);
    truncated["ranking"] = Value::Null;
    let (code, out, _) = verify(&dir.json("truncated-null.json", &truncated));
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("truncated"), "{out}");
    // A cancelled table's record, as `/export` writes it: `end` cancelled, no ranking.
    {
        use dicetable::engine::Options;
        use dicetable::engine::snakes::BoardGenerator;
        use dicetable::game::replay::{End, Record};
        let played: Record = serde_json::from_value(full.clone()).unwrap();
        let actions = played.steps.iter().take(40).map(|s| s.action.clone()).collect();
        let options = Options::default_for(played.game);
        let seed = Seed::from_hex(&played.seed).unwrap();
        let boards = BoardGenerator::CURRENT;
        let record =
            Record::from_log(&options, boards, played.players, &seed, Some(3), actions).unwrap();
        assert_eq!((record.end, &record.ranking), (Some(End::Cancelled), &None));
        let path = dir.write("exported-cancelled.json", &serde_json::to_vec(&record).unwrap());
        let (code, out, err) = verify(&path);
        assert_eq!(code, 0, "{out}{err}");
        assert!(out.contains("not complete") && out.contains("after step 40"), "{out}");
    }
    // Cancelled, and stopping before the end: fine, and said to be not complete.
    let mut cancelled = cut(&full, 40);
    cancelled["end"] = "cancelled".into();
    cancelled["ranking"] = Value::Null;
    let (code, out, err) = verify(&dir.json("cancelled.json", &cancelled));
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("not complete") && out.contains("cancelled"), "{out}");
    assert!(out.contains("after step 40"), "{out}");
    assert!(!out.contains("finished: "), "{out}");
    // Cancelled with a ranking; cancelled though the game finished.
    let mut ranked = cancelled.clone();
    ranked["ranking"] = full["ranking"].clone();
    let (code, out, _) = verify(&dir.json("cancelled-ranked.json", &ranked));
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("ranking"), "{out}");
    let mut whole = full.clone();
    whole["end"] = "cancelled".into();
    whole["ranking"] = Value::Null;
    let (code, out, _) = verify(&dir.json("not-cancelled.json", &whole));
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("says the game was cancelled, but the game finished"), "{out}");
    // Format 2 must say how the game ended; an unknown word is not read.
    let mut silent = full.clone();
    silent.as_object_mut().unwrap().remove("end");
    let (code, out, _) = verify(&dir.json("no-end.json", &silent));
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("does not say how the game ended"), "{out}");
    let mut odd = full.clone();
    odd["end"] = "abandoned".into();
    let (code, _, err) = verify(&dir.json("odd-end.json", &odd));
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("abandoned"), "{err}");
    // Format 1, as exported before: no `end`; a ranking claims a finished game.
    let old = |record: &Value| {
        let mut record = record.clone();
        record["format"] = 1.into();
        record.as_object_mut().unwrap().remove("end");
        record
    };
    let (code, out, err) = verify(&dir.json("v1.json", &old(&full)));
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("complete: the record says the game finished"), "{out}");
    let (code, out, _) = verify(&dir.json("v1-truncated.json", &old(&cut(&full, 40))));
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("truncated"), "{out}");
    let mut unfinished = old(&cut(&full, 40));
    unfinished["ranking"] = Value::Null;
    let (code, out, _) = verify(&dir.json("v1-cancelled.json", &unfinished));
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("not complete"), "{out}");
    let mut mixed = old(&full);
    mixed["end"] = "finished".into();
    let (code, out, _) = verify(&dir.json("v1-end.json", &mixed));
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("format 1 record has no \"end\""), "{out}");
}

/// Input that is not a record at all exits 2 with a message that says what is wrong (empty,
/// cut-off JSON, binary, missing, an unknown format, too large); a record that does not check out
/// exits 1 (docs/fairness.md documents both).
#[test]
fn unreadable_records_exit_2_and_say_why() {
    let dir = Scratch::new("record-unreadable");
    let text = exported("snakes", 2, 9).to_string();
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        ("empty.json", Vec::new(), "is empty"),
        ("blank.json", b"  \n".to_vec(), "is empty"),
        ("cut.json", text.as_bytes()[..text.len() / 2].to_vec(), "ends in the middle"),
        ("binary.json", vec![0x89, b'P', b'N', b'G', 0, 0xff, 0xfe, 7], "is not JSON"),
        ("array.json", b"[1,2,3]".to_vec(), "not a dicetable game record"),
    ];
    for (name, bytes, says) in cases {
        let (code, out, err) = verify(&dir.write(name, &bytes));
        assert_eq!(code, 2, "{name}: {out}{err}");
        assert!(err.contains(says), "{name}: {err}");
        assert!(out.is_empty(), "{name}: nothing on stdout: {out}");
    }
    let (code, _, err) = verify(&dir.0.join("missing.json").to_string_lossy());
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("missing.json"), "{err}");
    let mut future = exported("snakes", 2, 9);
    future["format"] = 9.into();
    let (code, out, err) = verify(&dir.json("future.json", &future));
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("format 9") && err.contains("reads formats 1 to 2"), "{err}");
    assert!(out.is_empty(), "nothing on stdout: {out}");
}

/// A record bigger than the cap (64 MiB) is refused with a message, before it is read: a
/// sparse file of 256 MiB would take seconds and gigabytes if it were.
#[test]
fn a_record_larger_than_the_cap_is_refused_unread() {
    let dir = Scratch::new("record-huge");
    let path = dir.0.join("huge.json");
    let file = std::fs::File::create(&path).unwrap();
    file.set_len(256 << 20).unwrap();
    drop(file);
    let started = std::time::Instant::now();
    let (code, out, err) = verify(&path.to_string_lossy());
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains("larger than 64 MiB"), "{err}");
    assert!(started.elapsed() < std::time::Duration::from_secs(5), "{:?}", started.elapsed());
    // Just over the cap, through a pipe (no size known in advance): refused once 64 MiB came.
    let just_over = dir.0.join("over.json");
    let file = std::fs::File::create(&just_over).unwrap();
    file.set_len((64 << 20) + 1).unwrap();
    drop(file);
    let (code, _, err) = verify(&just_over.to_string_lossy());
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("larger than 64 MiB"), "{err}");
    let mut child = Command::new(env!("CARGO_BIN_EXE_dicetable"))
        .args(["verify", "--record", "/dev/stdin"])
        .stdin(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        use std::io::Write;
        let chunk = vec![b' '; 1 << 20];
        // Stops when the reader has had enough and closes the pipe.
        for _ in 0..80 {
            if stdin.write_all(&chunk).is_err() {
                break;
            }
        }
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("larger than 64 MiB"), "{err}");
}

/// A state that is not the rules' names the first field that differs, with both values.
#[test]
fn a_state_mismatch_names_the_first_differing_field() {
    let dir = Scratch::new("record-state");
    let record = exported("snakes", 2, 10);
    let mut edited = record.clone();
    let turn = edited["steps"][5]["state"]["turn"].as_u64().unwrap();
    edited["steps"][5]["state"]["turn"] = 999.into();
    let (code, out, _) = verify(&dir.json("turn.json", &edited));
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("step 6: the recorded state is not the one the rules give after")
            && out.contains(&format!("turn is 999 in the record, {turn} by the rules")),
        "{out}"
    );
    let mut edited = record.clone();
    let square = edited["steps"][2]["state"]["squares"][1].clone();
    edited["steps"][2]["state"]["squares"][1] = 77.into();
    let (code, out, _) = verify(&dir.json("square.json", &edited));
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains(&format!("squares[1] is 77 in the record, {square} by the rules")),
        "{out}"
    );
    let mut edited = record;
    edited["steps"][0]["state"]["winner"] = "Mallory".into();
    let (code, out, _) = verify(&dir.json("extra.json", &edited));
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("winner is \"Mallory\" in the record, absent by the rules"), "{out}");
}

#[test]
fn simulate_prints_one_json_report() {
    let (code, out, err) = ran(&[
        "simulate",
        "--game",
        "snakes",
        "--players",
        "3",
        "--games",
        "500",
        "--seed",
        "4",
        "--option",
        "preset=quick",
        "--option",
        "board=random",
    ]);
    assert_eq!(code, 0, "{err}");
    let report: Value = serde_json::from_str(out.trim()).unwrap();
    for field in ["mean_turns", "median_turns", "p90_turns", "wins_by_seat", "games_per_second"] {
        assert!(!report[field].is_null(), "{field} missing: {report}");
    }
    let wins: u64 =
        report["wins_by_seat"].as_array().unwrap().iter().map(|w| w.as_u64().unwrap()).sum();
    assert_eq!(wins, 500);
    assert!(report["p90_turns"].as_f64().unwrap() >= report["median_turns"].as_f64().unwrap());

    let (code, _, err) = ran(&["simulate", "--game", "snakes", "--option", "finish"]);
    assert_eq!(code, 2);
    assert!(err.contains("key=value"), "{err}");
    let (code, _, err) = ran(&["simulate", "--game", "snakes", "--option", "finish=late"]);
    assert_eq!(code, 2);
    assert!(err.contains("exact or bounce"), "{err}");
    let (code, _, err) = ran(&["simulate", "--game", "chess"]);
    assert_eq!(code, 2);
    assert!(err.contains("chess"), "{err}");
}

#[test]
fn simulate_ludo_and_nardy_with_each_policy() {
    for policy in ["random", "first", "greedy"] {
        let (code, out, err) = ran(&[
            "simulate",
            "--game",
            "ludo",
            "--players",
            "6",
            "--games",
            "40",
            "--policy",
            policy,
            "--option",
            "must_capture=on",
        ]);
        assert_eq!(code, 0, "{err}");
        let report: Value = serde_json::from_str(out.trim()).unwrap();
        assert_eq!(report["policy"], policy);
        let wins: u64 =
            report["wins_by_seat"].as_array().unwrap().iter().map(|w| w.as_u64().unwrap()).sum();
        assert_eq!(wins, 40);
    }
    let (code, _, err) = ran(&["simulate", "--game", "ludo", "--policy", "clever"]);
    assert_eq!(code, 2);
    assert!(err.contains("random, first or greedy"), "{err}");
}

/// `simulate --advantage N`: the first seat's gain from choosing by playouts, as README shows
/// it; refused without `--seats` or with fewer than 2 playouts, with a message that says why.
#[test]
fn simulate_measures_the_advantage_of_choosing_by_playouts() {
    let (code, out, err) = ran(&[
        "simulate",
        "--game",
        "ludo",
        "--seats",
        "easy,normal",
        "--games",
        "2",
        "--seed",
        "3",
        "--advantage",
        "40",
    ]);
    assert_eq!(code, 0, "{err}");
    let report: Value = serde_json::from_str(out.trim()).unwrap();
    let advantage = &report["advantage"];
    assert_eq!(advantage["seat"], 0);
    assert_eq!(advantage["playouts"], 40);
    assert!(advantage["choices"].as_u64().unwrap() > 0, "{report}");
    let (per_game, ci) = (advantage["per_game"].as_f64().unwrap(), &advantage["ci95"]);
    assert!(ci[0].as_f64().unwrap() <= per_game && per_game <= ci[1].as_f64().unwrap());
    let (_, out, _) =
        ran(&["simulate", "--game", "ludo", "--seats", "easy,normal", "--games", "2"]);
    assert!(!out.contains("advantage"), "only when asked: {out}");

    let (code, _, err) = ran(&["simulate", "--game", "ludo", "--advantage", "40"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("give --seats too"), "{err}");
    let (code, _, err) =
        ran(&["simulate", "--game", "ludo", "--seats", "hard,normal", "--advantage", "1"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("at least 2 playouts"), "{err}");
    let (code, _, err) =
        ran(&["simulate", "--game", "ludo", "--seats", "hard,normal", "--advantage", "4000000000"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("at most 100000 playouts"), "{err}");
}

#[test]
fn render_draws_a_protocol_state_and_the_demo_gallery() {
    let dir = std::env::temp_dir().join(format!("dicetable-render-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // A whole protocol answer line, as `dicetable engine` prints it.
    let mut session = dicetable::tools::protocol::Session::new();
    session.handle_line(r#"{"op":"new","game":"ludo","players":3,"seed":4}"#);
    let answer =
        session.handle_line(r#"{"op":"play","action":{"type":"roll","dice":[6,2,1]}}"#).unwrap();
    let state = dir.join("answer.json");
    std::fs::write(&state, &answer).unwrap();
    let events = dir.join("events.json");
    std::fs::write(&events, &answer).unwrap();
    let out = dir.join("board.png");
    let (code, _, err) = ran(&[
        "render",
        "--state",
        state.to_str().unwrap(),
        "--events",
        events.to_str().unwrap(),
        "--players",
        "Ali,Мария,علی",
        "--theme",
        "dark",
        "--persian-digits",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let png = std::fs::read(&out).unwrap();
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    // A bare state needs --game; a bad theme or state is refused with a message.
    let bare = dir.join("state.json");
    let value: Value = serde_json::from_str(&answer).unwrap();
    std::fs::write(&bare, value["state"].to_string()).unwrap();
    let (code, _, err) =
        ran(&["render", "--state", bare.to_str().unwrap(), "--out", out.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("--game"), "{err}");
    let (code, _, _) = ran(&[
        "render",
        "--game",
        "ludo",
        "--state",
        bare.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0);
    let (code, _, err) = ran(&["render", "--state", bare.to_str().unwrap(), "--theme", "neon"]);
    assert_eq!(code, 2);
    assert!(err.contains("light or dark"), "{err}");
    std::fs::write(&bare, r#"{"pieces":[[99,0,0,0]]}"#).unwrap();
    let (code, _, err) = ran(&["render", "--game", "ludo", "--state", bare.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("pieces"), "{err}");
    // The gallery: every example in every theme and language.
    let gallery = dir.join("gallery");
    let (code, out, err) = ran(&["render", "--demo", "--out-dir", gallery.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("72 pictures"), "{out}");
    assert_eq!(std::fs::read_dir(&gallery).unwrap().count(), 72);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The main command, as README's run command starts it: settings from a `.env` file, the
/// playground's address printed, healthy (`dicetable healthcheck` and `/healthz`), and a clean
/// stop on SIGTERM; on SQLite and on Postgres.
#[test]
fn the_bot_runs_from_a_dot_env_file_and_stops_on_sigterm() {
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    let postgres = runtime.block_on(common::fresh_postgres("cli_run"));
    for (db, url) in [("sqlite", "sqlite://from-dot-env.db".to_owned()), ("postgres", postgres)] {
        run_bot_and_stop(db, &url);
    }
}

fn run_bot_and_stop(db: &str, url: &str) {
    use std::io::{BufRead, BufReader, Read, Write};
    let dir = std::env::temp_dir().join(format!("dicetable-cli-run-{db}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join(".env"), format!("DATABASE_URL={url}\nLISTEN=127.0.0.1:0\n")).unwrap();
    /// Stops the bot even if an assertion fails.
    struct Bot(std::process::Child);
    impl Drop for Bot {
        fn drop(&mut self) {
            let _ = self.0.kill();
            let _ = self.0.wait();
        }
    }
    let child = Command::new(env!("CARGO_BIN_EXE_dicetable"))
        .current_dir(&dir)
        .env_remove("DATABASE_URL")
        .env_remove("LISTEN")
        .env("RUST_LOG", "info")
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut child = Bot(child);
    let mut lines = BufReader::new(child.0.stderr.take().unwrap()).lines();
    let addr = loop {
        let line = lines.next().expect("the bot prints its address").unwrap();
        if let Some(rest) = line.strip_prefix("dicetable playground: http://") {
            break rest.split('/').next().unwrap().to_owned();
        }
    };
    if db == "sqlite" {
        assert!(dir.join("from-dot-env.db").exists(), "DATABASE_URL came from .env");
    }
    let (code, out, _) = ran(&["healthcheck", "--listen", &addr]);
    assert_eq!(code, 0, "{db}: {out}");
    assert!(out.starts_with("healthy"), "{db}: {out}");
    // /healthz says how each part is, in JSON.
    let mut stream = std::net::TcpStream::connect(&addr).unwrap();
    write!(stream, "GET /healthz HTTP/1.0\r\nHost: x\r\n\r\n").unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    assert!(answer.starts_with("HTTP/1.0 200"), "{db}: {answer}");
    let body: Value = serde_json::from_str(answer.split("\r\n\r\n").nth(1).unwrap()).unwrap();
    assert_eq!(body["status"], "ok", "{db}: {body}");
    assert_eq!(body["database"], "ok", "{db}: {body}");
    let kill = Command::new("kill").args(["-TERM", &child.0.id().to_string()]).status().unwrap();
    assert!(kill.success());
    let status = child.0.wait().unwrap();
    assert!(status.success(), "{status}");
    let rest: Vec<String> = lines.map_while(Result::ok).collect();
    assert!(rest.iter().any(|l| l.contains("stopped")), "{rest:?}");
    // Logs to a pipe or a file carry no colour codes.
    assert!(rest.iter().all(|l| !l.contains('\x1b')), "{rest:?}");
    let (code, _, _) = ran(&["healthcheck", "--listen", &addr]);
    assert_ne!(code, 0, "nothing answers after the stop");
}

/// Each tool offers only the settings it uses: `--listen` is the bot's and healthcheck's, not
/// the engine's, the simulator's, the renderer's or verify's; `--game` names every game.
#[test]
fn tools_offer_only_their_own_settings() {
    for tool in ["engine", "simulate", "render", "verify", "replay"] {
        let (code, out, _) = ran(&[tool, "--help"]);
        assert_eq!(code, 0, "{tool}");
        assert!(!out.contains("--listen"), "{tool} --help offers --listen:\n{out}");
    }
    let (_, out, _) = ran(&["healthcheck", "--help"]);
    assert!(out.contains("--listen"), "{out}");
    let (_, out, _) = ran(&["simulate", "--help"]);
    assert!(out.contains("snakes, ludo or nardy"), "{out}");
}

#[test]
fn help_explains_every_setting_and_bad_settings_are_named() {
    let (code, out, _) = ran(&["--help"]);
    assert_eq!(code, 0);
    for setting in [
        "DATABASE_URL",
        "LISTEN",
        "PLAYGROUND",
        "DICETABLE_SECRET",
        "LOG_FORMAT",
        "TELEGRAM_TOKEN",
        "TELEGRAM_API_URL",
        "TELEGRAM_WEBHOOK_URL",
        "DISCORD_TOKEN",
        "DISCORD_PROXY_URL",
        "DISCORD_SHARDS",
        "SHUTDOWN_TIMEOUT",
    ] {
        assert!(out.contains(setting), "--help lacks {setting}");
        let example = include_str!("../.env.example");
        assert!(example.contains(setting), ".env.example lacks {setting}");
    }
    let out = Command::new(env!("CARGO_BIN_EXE_dicetable"))
        .env("DATABASE_URL", "mysql://nowhere/x")
        .env("LISTEN", "127.0.0.1:0")
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("DATABASE_URL"), "{err}");
    // Issue 33: an unreachable Postgres is named by host and port with the cause, not "pool
    // timed out", and the password is not shown.
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = closed.local_addr().unwrap().port();
    drop(closed);
    let out = Command::new(env!("CARGO_BIN_EXE_dicetable"))
        .env("DATABASE_URL", format!("postgres://bot:hunter2@127.0.0.1:{port}/dicetable"))
        .env("LISTEN", "127.0.0.1:0")
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_ne!(out.status.code(), Some(0), "{err}");
    let at = format!("cannot reach Postgres at 127.0.0.1:{port}: connection refused");
    assert!(err.contains(&at), "{err}");
    assert!(!err.contains("pool timed out") && !err.contains("hunter2"), "{err}");
    let out = Command::new(env!("CARGO_BIN_EXE_dicetable"))
        .env("TELEGRAM_API_URL", "not a url")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("--telegram-api-url"),
        "a bad URL is named"
    );
    for (setting, value, flag) in [
        ("DISCORD_PROXY_URL", "not a url", "--discord-proxy-url"),
        ("DISCORD_SHARDS", "3-1/2", "--discord-shards"),
    ] {
        let out =
            Command::new(env!("CARGO_BIN_EXE_dicetable")).env(setting, value).output().unwrap();
        assert_eq!(out.status.code(), Some(2));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(flag), "a bad {setting} is named: {err}");
    }
    let out =
        Command::new(env!("CARGO_BIN_EXE_dicetable")).env("LISTEN", "nowhere").output().unwrap();
    assert!(String::from_utf8_lossy(&out.stderr).contains("--listen"), "a bad LISTEN is named");
}

/// A malformed `RUST_LOG` stops the start with a message naming it (it used to be ignored,
/// logging at `info`); a good one starts as before (see the run test).
#[test]
fn a_malformed_rust_log_stops_the_start_and_is_named() {
    for filter in ["dicetable=loud", "info,dicetable[=debug", "=="] {
        let out = Command::new(env!("CARGO_BIN_EXE_dicetable"))
            .env("RUST_LOG", filter)
            // Without the check, the start would stop here (and name only DATABASE_URL).
            .env("DATABASE_URL", "mysql://nowhere/x")
            .env("LISTEN", "127.0.0.1:0")
            .env_remove("TELEGRAM_TOKEN")
            .env_remove("DISCORD_TOKEN")
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{filter}: {err}");
        assert!(err.contains("RUST_LOG") && err.contains("not a log filter"), "{filter}: {err}");
    }
}

/// `TELEGRAM_WEBHOOK_URL` must be HTTPS (Telegram posts to nothing else): `http://` is refused
/// at start, naming the setting.
#[test]
fn a_webhook_url_that_is_not_https_is_refused() {
    for url in
        ["http://bot.example.com/telegram/webhook", "ftp://bot.example.com/x", "bot.example.com"]
    {
        let out = Command::new(env!("CARGO_BIN_EXE_dicetable"))
            .env("TELEGRAM_TOKEN", "123:TEST")
            .env("TELEGRAM_WEBHOOK_URL", url)
            .env("TELEGRAM_API_URL", "http://127.0.0.1:9/")
            // Without the check, the start would stop here (and name only DATABASE_URL).
            .env("DATABASE_URL", "mysql://nowhere/x")
            .env("LISTEN", "127.0.0.1:0")
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{url}: {err}");
        assert!(
            err.contains("TELEGRAM_WEBHOOK_URL") && err.contains("--telegram-webhook-url"),
            "{url}: {err}"
        );
    }
}

/// Issue 63: `dicetable positions nardy` builds a benchmark of rolled-out decisions and scores
/// the levels on it, one JSON line each; a damaged file is refused with its line, and only
/// Long Nardy has one.
#[test]
fn positions_builds_and_scores_a_benchmark() {
    let dir = std::env::temp_dir().join(format!("dicetable-positions-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("positions.txt");
    let path = file.to_str().unwrap();
    let (code, _, err) =
        ran(&["positions", "nardy", "--make", "--count", "2", "--seed", "7", "--file", path]);
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&file).unwrap();
    assert_eq!(text.lines().filter(|l| !l.starts_with('#')).count(), 2, "{text}");
    assert!(text.contains("--seed") && text.contains("FNV-1a"), "its command is noted: {text}");
    let (code, out, err) =
        ran(&["positions", "nardy", "--file", path, "--levels", "normal,expert"]);
    assert_eq!(code, 0, "{err}");
    let scores: Vec<serde_json::Value> =
        out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(scores.len(), 2, "{out}");
    for (score, level) in scores.iter().zip(["normal", "expert"]) {
        assert_eq!(score["chooser"], level, "{out}");
        assert_eq!(score["decisions"], 2, "{out}");
        assert!(score["mean_loss_milli"].as_f64().is_some_and(|l| l >= 0.0), "{out}");
    }
    let damaged = text.replacen(" ; ", " ; x", 1);
    std::fs::write(&file, damaged).unwrap();
    let (code, _, err) = ran(&["positions", "nardy", "--file", path]);
    assert_ne!(code, 0);
    assert!(err.contains("line 3") && err.contains("number of turns"), "{err}");
    let (code, _, err) = ran(&["positions", "ludo"]);
    assert_ne!(code, 0);
    assert!(err.contains("only nardy"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}
