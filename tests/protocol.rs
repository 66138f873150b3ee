//! The `dicetable engine` JSON-lines protocol: answers, refusals, and a session that survives
//! any input.

use std::io::Write;
use std::process::{Command, Stdio};

use dicetable::tools::protocol::Session;
use serde_json::{Value, json};

fn ask(session: &mut Session, line: &str) -> Value {
    let answer = session.handle_line(line).expect("a non-blank line gets an answer");
    serde_json::from_str(&answer).expect("every answer is one JSON value")
}

fn ask_json(session: &mut Session, request: Value) -> Value {
    ask(session, &request.to_string())
}

/// Asserts a refusal with `code` and returns its message.
fn refusal_message(answer: &Value, code: &str) -> String {
    assert_eq!(answer["ok"], json!(false), "{answer}");
    assert_eq!(answer["error"]["code"], json!(code), "{answer}");
    let message = answer["error"]["message"].as_str().unwrap().to_owned();
    assert!(!message.is_empty());
    message
}

fn new_snakes(session: &mut Session, extra: Value) -> Value {
    let mut request = json!({"op": "new", "game": "snakes", "players": 2, "seed": 7});
    if let (Value::Object(r), Value::Object(e)) = (&mut request, extra) {
        r.extend(e);
    }
    ask_json(session, request)
}

#[test]
fn garbage_lines_are_refused_and_the_session_goes_on() {
    let mut s = Session::new();
    assert_eq!(s.handle_line(""), None);
    assert_eq!(s.handle_line("   "), None);
    for (line, code) in [
        ("garbage", "bad_json"),
        ("{", "bad_json"),
        ("{\"op\":\"new\"", "bad_json"),
        ("[1,2,3]", "bad_request"),
        ("42", "bad_request"),
        ("null", "bad_request"),
        ("\"new\"", "bad_request"),
        ("{}", "bad_request"),
        ("{\"op\":5}", "bad_request"),
        ("{\"op\":\"fly\"}", "unknown_op"),
        ("{\"op\":\"legal\"}", "no_game"),
        ("{\"op\":\"state\"}", "no_game"),
        ("{\"op\":\"play\",\"action\":{\"type\":\"roll\"}}", "no_game"),
        ("{\"op\":\"new\",\"game\":\"chess\",\"players\":2}", "unknown_game"),
        ("{\"op\":\"new\",\"game\":\"snakes\",\"players\":1}", "bad_players"),
        ("{\"op\":\"new\",\"game\":\"snakes\",\"players\":7}", "bad_players"),
        ("{\"op\":\"new\",\"game\":\"snakes\",\"players\":-1}", "bad_request"),
        ("{\"op\":\"new\",\"game\":\"snakes\",\"players\":\"two\"}", "bad_request"),
        ("{\"op\":\"new\",\"game\":\"snakes\"}", "bad_request"),
        ("{\"op\":\"new\",\"game\":\"snakes\",\"players\":2,\"seed\":\"abc\"}", "bad_seed"),
        ("{\"op\":\"new\",\"game\":\"snakes\",\"players\":2,\"seed\":[1]}", "bad_request"),
    ] {
        refusal_message(&ask(&mut s, line), code);
    }
    // Still alive and well.
    assert_eq!(new_snakes(&mut s, json!({}))["ok"], json!(true));
}

#[test]
fn unknown_fields_are_named() {
    let mut s = Session::new();
    let m = refusal_message(&new_snakes(&mut s, json!({"colour": "red"})), "bad_request");
    assert!(m.contains("colour"), "{m}");
    let m =
        refusal_message(&new_snakes(&mut s, json!({"options": {"colour": "red"}})), "bad_option");
    assert!(m.contains("colour") && m.contains("bonus_six"), "{m}");
    let m =
        refusal_message(&new_snakes(&mut s, json!({"options": {"finish": "soon"}})), "bad_option");
    assert!(m.contains("exact or bounce"), "{m}");
    refusal_message(&new_snakes(&mut s, json!({"options": {"three_sixes": "cap"}})), "bad_option");
    refusal_message(&new_snakes(&mut s, json!({"options": [1]})), "bad_request");
    new_snakes(&mut s, json!({}));
    refusal_message(&ask(&mut s, r#"{"op":"legal","verbose":true}"#), "bad_request");
    let a = ask(&mut s, r#"{"op":"play","action":{"type":"roll","dice":[3],"cheat":1}}"#);
    let m = refusal_message(&a, "bad_action");
    assert!(m.contains("cheat"), "{m}");
    refusal_message(&ask(&mut s, r#"{"op":"play"}"#), "bad_request");
    refusal_message(&ask(&mut s, r#"{"op":"play","action":"roll"}"#), "bad_action");
    refusal_message(&ask(&mut s, r#"{"op":"play","action":{"type":"fly"}}"#), "bad_action");
}

#[test]
fn illegal_actions_are_refused_with_a_reason_and_change_nothing() {
    let mut s = Session::new();
    new_snakes(&mut s, json!({}));
    let before = ask(&mut s, r#"{"op":"state"}"#);
    for (action, reason) in [
        (json!({"type": "roll", "dice": [7]}), "bad_die"),
        (json!({"type": "roll", "dice": [0]}), "bad_die"),
        (json!({"type": "roll", "dice": [1, 2]}), "dice_count"),
        (json!({"type": "roll", "dice": []}), "dice_count"),
        (json!({"type": "resign", "seat": 5}), "no_such_seat"),
    ] {
        let a = ask_json(&mut s, json!({"op": "play", "action": action}));
        refusal_message(&a, "illegal_action");
        assert_eq!(a["error"]["reason"], json!(reason), "{a}");
    }
    refusal_message(
        &ask(&mut s, r#"{"op":"play","action":{"type":"roll","dice":[300]}}"#),
        "bad_action",
    );
    assert_eq!(ask(&mut s, r#"{"op":"state"}"#), before);
}

#[test]
fn a_whole_game_with_seeded_and_forced_dice() {
    let mut s = Session::new();
    let start = new_snakes(&mut s, json!({"options": {"preset": "quick"}}));
    assert_eq!(start["ok"], json!(true));
    assert_eq!(start["commitment"].as_str().unwrap().len(), 64);
    assert_eq!(start["state"]["status"], json!("playing"));
    assert_eq!(start["state"]["options"]["finish"], json!("bounce"));
    let legal = ask(&mut s, r#"{"op":"legal"}"#);
    assert_eq!(legal["actions"], json!([{"type": "roll"}]));
    assert_eq!(legal["to_move"], legal["state"]["to_move"]);
    // A forced die: seat to move goes 0 → 4 → ladder to 14.
    let seat = legal["to_move"].as_u64().unwrap() as usize;
    let a = ask(&mut s, r#"{"op":"play","action":{"type":"roll","dice":[4]}}"#);
    assert_eq!(a["state"]["squares"][seat], json!(14));
    assert!(
        a["events"]
            .as_array()
            .unwrap()
            .contains(&json!({"type":"climbed","seat":seat,"from":4,"to":14}))
    );
    let mut answers = 0;
    let last = loop {
        let a = ask(&mut s, r#"{"op":"play","action":{"type":"roll"}}"#);
        assert_eq!(a["ok"], json!(true), "{a}");
        answers += 1;
        assert!(answers < 10_000);
        if a["state"]["status"] == json!("finished") {
            break a;
        }
    };
    let ranking = last["state"]["ranking"].as_array().unwrap();
    assert!(ranking.contains(&json!(1)) && ranking.contains(&json!(2)));
    assert_eq!(last["state"]["to_move"], Value::Null);
    assert!(last["events"].as_array().unwrap().iter().any(|e| e["type"] == json!("game_over")));
    let after = ask(&mut s, r#"{"op":"play","action":{"type":"roll"}}"#);
    assert_eq!(after["error"]["reason"], json!("game_over"));
    let legal = ask(&mut s, r#"{"op":"legal"}"#);
    assert_eq!((legal["actions"].clone(), legal["to_move"].clone()), (json!([]), Value::Null));
}

#[test]
fn same_seed_same_answers() {
    let run = || {
        let mut s = Session::new();
        new_snakes(&mut s, json!({"seed": "00".repeat(32)}));
        (0..30)
            .map(|_| ask(&mut s, r#"{"op":"play","action":{"type":"roll"}}"#))
            .collect::<Vec<_>>()
    };
    assert_eq!(run(), run());
}

#[test]
fn load_validates_like_any_input_and_round_trips() {
    let mut s = Session::new();
    new_snakes(&mut s, json!({}));
    for _ in 0..9 {
        ask(&mut s, r#"{"op":"play","action":{"type":"roll"}}"#);
    }
    let saved = ask(&mut s, r#"{"op":"state"}"#);
    let mut other = Session::new();
    let loaded = ask_json(
        &mut other,
        json!({"op": "load", "game": "snakes", "state": saved["state"], "seed": 7, "next_roll": saved["next_roll"]}),
    );
    assert_eq!(loaded, saved);
    // Both sessions now roll the same dice.
    let roll = r#"{"op":"play","action":{"type":"roll"}}"#;
    assert_eq!(ask(&mut s, roll), ask(&mut other, roll));

    let load = |session: &mut Session, state: Value| {
        ask_json(session, json!({"op": "load", "game": "snakes", "state": state}))
    };
    let mut bad = saved["state"].clone();
    bad["squares"] = json!([120, 3]);
    assert!(refusal_message(&load(&mut other, bad), "bad_state").contains("past 100"));
    let mut bad = saved["state"].clone();
    bad["snakes"] = json!([[100, 1]]);
    refusal_message(&load(&mut other, bad), "bad_state");
    refusal_message(&load(&mut other, json!("nonsense")), "bad_state");
    refusal_message(&load(&mut other, json!({})), "bad_state");
    let a = ask_json(&mut other, json!({"op": "load", "game": "ludo?", "state": {}}));
    refusal_message(&a, "unknown_game");
    // A minimal hand-written state: derived fields may be left out.
    let minimal =
        json!({"ladders": [[2, 50]], "snakes": [[60, 3]], "squares": [0, 0], "to_move": 1});
    let a = load(&mut other, minimal);
    assert_eq!(a["state"]["status"], json!("playing"), "{a}");
    let a = ask_json(&mut other, json!({"op": "play", "action": {"type": "roll", "dice": [2]}}));
    assert_eq!(a["state"]["squares"], json!([0, 50]));
}

#[test]
fn the_binary_speaks_the_protocol_and_survives_bytes_that_are_not_utf8() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_dicetable"))
        .arg("engine")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"{\"op\":\"new\",\"game\":\"snakes\",\"players\":3,\"seed\":1}\n").unwrap();
    stdin.write_all(b"\xff\xfe not utf-8\n\n").unwrap();
    stdin.write_all(b"{\"op\":\"play\",\"action\":{\"type\":\"roll\"}}\n").unwrap();
    stdin.write_all(b"{\"op\":\"legal\"}").unwrap(); // last line without a newline
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let lines: Vec<Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 4, "{lines:?}");
    assert_eq!(lines[0]["ok"], json!(true));
    assert_eq!(lines[1]["error"]["code"], json!("bad_json"));
    assert_eq!(lines[2]["events"][0]["type"], json!("rolled"));
    assert_eq!(lines[3]["actions"], json!([{"type": "roll"}]));
}

#[test]
fn a_whole_ludo_game_with_roll_off_and_piece_choices() {
    let mut s = Session::new();
    let a =
        ask(&mut s, r#"{"op":"new","game":"ludo","players":3,"seed":5,"options":{"until":"all"}}"#);
    assert_eq!(a["state"]["arms"], json!(4));
    assert_eq!(a["state"]["seat_arms"], json!([0, 1, 2]));
    assert_eq!(a["state"]["pieces"], json!([[-1, -1, -1, -1], [-1, -1, -1, -1], [-1, -1, -1, -1]]));
    // The roll-off: no one to move yet, everyone rolls at once.
    let legal = ask(&mut s, r#"{"op":"legal"}"#);
    assert_eq!(
        (legal["to_move"].clone(), legal["actions"].clone()),
        (Value::Null, json!([{"type": "roll"}]))
    );
    let a = ask(&mut s, r#"{"op":"play","action":{"type":"roll","dice":[2,6,4]}}"#);
    assert_eq!(a["events"][0], json!({"type": "roll_off", "rolls": [[0, 2], [1, 6], [2, 4]]}));
    assert_eq!(a["state"]["to_move"], json!(1));
    // Seat 1 rolls a 6 and must choose a piece; a roll now is refused.
    let a = ask(&mut s, r#"{"op":"play","action":{"type":"roll","dice":[6]}}"#);
    assert_eq!(a["state"]["die"], json!(6));
    let legal = ask(&mut s, r#"{"op":"legal"}"#);
    assert_eq!(legal["actions"].as_array().unwrap().len(), 4);
    assert_eq!(legal["actions"][2], json!({"type": "move", "piece": 2}));
    let a = ask(&mut s, r#"{"op":"play","action":{"type":"roll"}}"#);
    assert_eq!(a["error"]["reason"], json!("move_expected"));
    let a = ask(&mut s, r#"{"op":"play","action":{"type":"move","piece":4}}"#);
    assert_eq!(a["error"]["reason"], json!("no_such_piece"));
    let a = ask(&mut s, r#"{"op":"play","action":{"type":"move","piece":2}}"#);
    assert_eq!(a["events"][0], json!({"type": "entered", "seat": 1, "piece": 2}));
    assert_eq!(a["state"]["pieces"][1], json!([-1, -1, 0, -1]));
    // Play on to the end, always moving the first listed piece.
    for _ in 0..20_000 {
        let legal = ask(&mut s, r#"{"op":"legal"}"#);
        let Some(action) = legal["actions"].as_array().unwrap().first().cloned() else {
            break;
        };
        let a = ask_json(&mut s, json!({"op": "play", "action": action}));
        assert_eq!(a["ok"], json!(true), "{a}");
    }
    let end = ask(&mut s, r#"{"op":"state"}"#);
    assert_eq!(end["state"]["status"], json!("finished"));
    let mut ranks: Vec<u64> =
        end["state"]["ranking"].as_array().unwrap().iter().map(|r| r.as_u64().unwrap()).collect();
    ranks.sort_unstable();
    assert_eq!(ranks, vec![1, 2, 3], "until all: every place is played out");
    // Round trip through load.
    let mut other = Session::new();
    let loaded = ask_json(
        &mut other,
        json!({"op": "load", "game": "ludo", "state": end["state"], "seed": 5, "next_roll": end["next_roll"]}),
    );
    assert_eq!(loaded, end);
    let mut bad = end["state"].clone();
    bad["pieces"][0] = json!([0, 0, -1, -1]);
    refusal_message(
        &ask_json(&mut other, json!({"op": "load", "game": "ludo", "state": bad})),
        "bad_state",
    );
    let m =
        refusal_message(&ask(&mut s, r#"{"op":"new","game":"ludo","players":9}"#), "bad_players");
    assert!(m.contains("2 to 8"), "{m}");
    refusal_message(
        &ask(&mut s, r#"{"op":"new","game":"ludo","players":4,"options":{"until":"never"}}"#),
        "bad_option",
    );
}

#[test]
fn nardy_through_the_protocol_with_turns_and_steps() {
    let mut s = Session::new();
    let a = ask(
        &mut s,
        r#"{"op":"new","game":"nardy","players":2,"seed":9,"options":{"match_to":3,"six_block":"on"}}"#,
    );
    assert_eq!(a["state"]["board"][23], json!(15));
    assert_eq!(a["state"]["board"][11], json!(-15));
    assert_eq!(a["state"]["roll_off"], json!(true));
    refusal_message(&ask(&mut s, r#"{"op":"new","game":"nardy","players":3}"#), "bad_players");
    refusal_message(
        &ask(&mut s, r#"{"op":"new","game":"nardy","players":2,"options":{"match_to":0}}"#),
        "bad_option",
    );
    ask(&mut s, r#"{"op":"new","game":"nardy","players":2,"seed":9}"#);
    let a = ask(&mut s, r#"{"op":"play","action":{"type":"roll","dice":[6,1]}}"#);
    assert!(a["events"].as_array().unwrap().contains(&json!({"type": "colours", "white": 0})));
    let a = ask(&mut s, r#"{"op":"play","action":{"type":"roll","dice":[3,3]}}"#);
    assert_eq!(a["state"]["dice"], json!([3, 3, 3, 3]));
    assert_eq!(a["state"]["head_limit"], json!(2));
    let turns = ask(&mut s, r#"{"op":"turns"}"#);
    assert_eq!(turns["turns"].as_array().unwrap().len(), 2, "{turns}");
    let legal = ask(&mut s, r#"{"op":"legal"}"#);
    assert_eq!(legal["actions"], json!([{"type": "step", "from": 24, "die": 3}]));
    let a = ask(&mut s, r#"{"op":"play","action":{"type":"step","from":12,"die":3}}"#);
    assert_eq!(a["error"]["reason"], json!("step_not_allowed"));
    assert!(a["error"]["message"].as_str().unwrap().contains("none of your checkers"), "{a}");
    let a = ask(&mut s, r#"{"op":"play","action":{"type":"roll"}}"#);
    assert_eq!(a["error"]["reason"], json!("step_expected"));
    let a = ask(&mut s, r#"{"op":"play","action":{"type":"step","from":24,"die":3}}"#);
    assert_eq!(
        a["events"][0],
        json!({"type": "stepped", "seat": 0, "from": 24, "to": 21, "die": 3})
    );
    // Play the match out with the first listed action.
    for _ in 0..20_000 {
        let legal = ask(&mut s, r#"{"op":"legal"}"#);
        let action = legal["actions"].as_array().unwrap().first().cloned();
        let Some(action) = action else { break };
        let a = ask_json(&mut s, json!({"op": "play", "action": action}));
        assert_eq!(a["ok"], json!(true), "{a}");
    }
    let end = ask(&mut s, r#"{"op":"state"}"#);
    assert_eq!(end["state"]["status"], json!("finished"));
    let mut other = Session::new();
    let loaded = ask_json(
        &mut other,
        json!({"op": "load", "game": "nardy", "state": end["state"], "seed": 9, "next_roll": end["next_roll"]}),
    );
    assert_eq!(loaded, end);
    let mut bad = end["state"].clone();
    bad["board"][0] = json!(99);
    assert!(
        refusal_message(
            &ask_json(&mut other, json!({"op": "load", "game": "nardy", "state": bad})),
            "bad_state"
        )
        .contains("15")
    );
    // `turns` is for nardy only.
    ask(&mut other, r#"{"op":"new","game":"snakes","players":2}"#);
    refusal_message(&ask(&mut other, r#"{"op":"turns"}"#), "not_supported");
}
