//! No input panics the protocol: random lines, random JSON of the right shape with wrong
//! contents, and random actions in every game are each answered with one JSON line that has "ok".

use dicetable::tools::protocol::Session;
use proptest::prelude::*;
use serde_json::{Value, json};

fn answered(session: &mut Session, line: &str) -> Value {
    match session.handle_line(line) {
        None => {
            assert!(line.trim().is_empty(), "only blank lines go unanswered: {line:?}");
            json!({"ok": true})
        }
        Some(answer) => {
            let value: Value = serde_json::from_str(&answer).expect("answers are JSON");
            assert!(value["ok"].is_boolean(), "{answer}");
            value
        }
    }
}

fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(|n| json!(n)),
        (-10i64..30).prop_map(|n| json!(n)),
        any::<f64>().prop_map(|f| json!(f)),
        "[a-z_]{0,12}".prop_map(Value::String),
        prop_oneof![
            Just("roll"),
            Just("move"),
            Just("step"),
            Just("resign"),
            Just("snakes"),
            Just("ludo"),
            Just("nardy")
        ]
        .prop_map(|s| json!(s)),
    ];
    leaf.prop_recursive(3, 24, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::btree_map(
                prop_oneof![
                    Just("op".to_owned()),
                    Just("type".to_owned()),
                    Just("dice".to_owned()),
                    Just("piece".to_owned()),
                    Just("from".to_owned()),
                    Just("die".to_owned()),
                    Just("seat".to_owned()),
                    Just("game".to_owned()),
                    Just("players".to_owned()),
                    Just("state".to_owned()),
                    Just("options".to_owned()),
                    "[a-z]{1,6}"
                ],
                inner,
                0..6
            )
            .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn random_lines_never_panic(lines in prop::collection::vec(".{0,80}", 1..8)) {
        let mut s = Session::new();
        for line in &lines {
            answered(&mut s, line);
        }
    }

    #[test]
    fn random_json_never_panics(game in 0..3usize, values in prop::collection::vec(json_value(), 1..12)) {
        let mut s = Session::new();
        let new = [
            r#"{"op":"new","game":"snakes","players":3,"seed":1}"#,
            r#"{"op":"new","game":"ludo","players":5,"seed":2}"#,
            r#"{"op":"new","game":"nardy","players":2,"seed":3}"#,
        ][game];
        prop_assert_eq!(answered(&mut s, new)["ok"].clone(), json!(true));
        for value in values {
            // As a whole request, as an action, and as a state to load.
            answered(&mut s, &value.to_string());
            answered(&mut s, &json!({"op": "play", "action": value}).to_string());
            let kind = ["snakes", "ludo", "nardy"][game];
            answered(&mut s, &json!({"op": "load", "game": kind, "state": value}).to_string());
        }
        answered(&mut s, r#"{"op":"legal"}"#);
        answered(&mut s, r#"{"op":"turns"}"#);
    }

    #[test]
    fn random_actions_in_every_game_never_panic(
        game in 0..3usize,
        actions in prop::collection::vec((0..6u8, -3i64..30, -3i64..30), 1..60),
    ) {
        let mut s = Session::new();
        let new = [
            r#"{"op":"new","game":"snakes","players":4,"seed":5}"#,
            r#"{"op":"new","game":"ludo","players":8,"seed":6}"#,
            r#"{"op":"new","game":"nardy","players":2,"seed":7}"#,
        ][game];
        answered(&mut s, new);
        for (kind, a, b) in actions {
            let action = match kind {
                0 => json!({"type": "roll"}),
                1 => json!({"type": "roll", "dice": [a, b]}),
                2 => json!({"type": "move", "piece": a}),
                3 => json!({"type": "step", "from": a, "die": b}),
                4 => json!({"type": "resign", "seat": a}),
                _ => json!({"type": "kick", "seat": b}),
            };
            answered(&mut s, &json!({"op": "play", "action": action}).to_string());
            // Whatever happened, the state still loads back.
            let state = answered(&mut s, r#"{"op":"state"}"#);
            let kind = ["snakes", "ludo", "nardy"][game];
            let back = answered(&mut Session::new(), &json!({"op": "load", "game": kind, "state": state["state"]}).to_string());
            prop_assert_eq!(back["ok"].clone(), json!(true), "{}", back);
        }
    }
}
