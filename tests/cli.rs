//! The `dicetable verify` and `dicetable simulate` commands (C3; the simulator's report).

use std::process::Command;

use dicetable::fair::{Roller, Seed};
use serde_json::Value;

fn dicetable(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_dicetable")).args(args).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn c3_verify_checks_the_commitment_and_prints_the_dice() {
    let seed = Seed::from_u64(99);
    let (code, out, _) = dicetable(&[
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

    let (code, out, _) = dicetable(&[
        "verify",
        "--seed",
        &seed.to_hex(),
        "--commitment",
        &Seed::from_u64(1).commitment_hex(),
    ]);
    assert_eq!(code, 1);
    assert!(out.contains("MISMATCH"));
    let (code, _, err) = dicetable(&["verify", "--seed", "xyz", "--commitment", "00"]);
    assert_eq!(code, 2);
    assert!(err.contains("--seed"), "{err}");
}

#[test]
fn simulate_prints_one_json_report() {
    let (code, out, err) = dicetable(&[
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

    let (code, _, err) = dicetable(&["simulate", "--game", "snakes", "--option", "finish"]);
    assert_eq!(code, 2);
    assert!(err.contains("key=value"), "{err}");
    let (code, _, err) = dicetable(&["simulate", "--game", "snakes", "--option", "finish=late"]);
    assert_eq!(code, 2);
    assert!(err.contains("exact or bounce"), "{err}");
    let (code, _, err) = dicetable(&["simulate", "--game", "chess"]);
    assert_eq!(code, 2);
    assert!(err.contains("chess"), "{err}");
}

#[test]
fn simulate_ludo_and_nardy_with_each_policy() {
    for policy in ["random", "first", "greedy"] {
        let (code, out, err) = dicetable(&[
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
    let (code, _, err) = dicetable(&["simulate", "--game", "ludo", "--policy", "clever"]);
    assert_eq!(code, 2);
    assert!(err.contains("random, first or greedy"), "{err}");
}

#[test]
fn render_draws_a_protocol_state_and_the_demo_gallery() {
    let dir = std::env::temp_dir().join(format!("dicetable-render-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // A whole protocol answer line, as `dicetable engine` prints it.
    let mut session = dicetable::protocol::Session::new();
    session.handle_line(r#"{"op":"new","game":"ludo","players":3,"seed":4}"#);
    let answer =
        session.handle_line(r#"{"op":"play","action":{"type":"roll","dice":[6,2,1]}}"#).unwrap();
    let state = dir.join("answer.json");
    std::fs::write(&state, &answer).unwrap();
    let events = dir.join("events.json");
    std::fs::write(&events, &answer).unwrap();
    let out = dir.join("board.png");
    let (code, _, err) = dicetable(&[
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
        dicetable(&["render", "--state", bare.to_str().unwrap(), "--out", out.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("--game"), "{err}");
    let (code, _, _) = dicetable(&[
        "render",
        "--game",
        "ludo",
        "--state",
        bare.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0);
    let (code, _, err) =
        dicetable(&["render", "--state", bare.to_str().unwrap(), "--theme", "neon"]);
    assert_eq!(code, 2);
    assert!(err.contains("light or dark"), "{err}");
    std::fs::write(&bare, r#"{"pieces":[[99,0,0,0]]}"#).unwrap();
    let (code, _, err) =
        dicetable(&["render", "--game", "ludo", "--state", bare.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("pieces"), "{err}");
    // The gallery: every example in every theme and language.
    let gallery = dir.join("gallery");
    let (code, out, err) = dicetable(&["render", "--demo", "--out-dir", gallery.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("72 pictures"), "{out}");
    assert_eq!(std::fs::read_dir(&gallery).unwrap().count(), 72);
    std::fs::remove_dir_all(&dir).unwrap();
}
