//! Long Nardy test vectors (`tests/data/nardy.perft`), read by one harness: each position and
//! roll must have exactly the listed number of distinct legal final positions, and each sample
//! sequence, played step by step, must end the turn on one of them (N3–N11, N15).

use dicetable::engine::{Action, Game, GameKind, Legal};
use serde_json::{Value, json};

#[derive(Debug, Default)]
struct Vector {
    name: String,
    white: Vec<(u8, i64)>,
    black: Vec<(u8, i64)>,
    black_to_move: bool,
    first: Vec<String>,
    options: serde_json::Map<String, Value>,
    dice: Vec<u8>,
    turns: usize,
    samples: Vec<Vec<(u8, u8)>>,
}

fn parse_checkers(text: &str) -> Vec<(u8, i64)> {
    text.split_whitespace()
        .map(|c| {
            let (p, n) = c.split_once('x').expect("point x count");
            (p.parse().unwrap(), n.parse().unwrap())
        })
        .collect()
}

fn parse(text: &str) -> Vec<Vector> {
    let mut vectors = Vec::new();
    let mut v = Vector::default();
    for line in text.lines().chain([""]) {
        let line = line.trim();
        if line.starts_with('#') {
            continue;
        }
        if line.is_empty() {
            if !v.name.is_empty() {
                vectors.push(std::mem::take(&mut v));
            }
            continue;
        }
        let (key, value) = line.split_once(':').expect("key: value");
        let value = value.trim();
        match key {
            "name" => v.name = value.to_owned(),
            "white" => v.white = parse_checkers(value),
            "black" => v.black = parse_checkers(value),
            "move" => v.black_to_move = value == "black",
            "first" => v.first = value.split_whitespace().map(str::to_owned).collect(),
            "options" => {
                for pair in value.split_whitespace() {
                    let (k, v2) = pair.split_once('=').unwrap();
                    v.options.insert(k.to_owned(), dicetable::engine::option_value(v2));
                }
            }
            "dice" => v.dice = value.split_whitespace().map(|d| d.parse().unwrap()).collect(),
            "turns" => v.turns = value.parse().unwrap(),
            "sample" => v.samples.push(
                value
                    .split_whitespace()
                    .map(|s| {
                        let (from, die) = s.split_once('/').unwrap();
                        (from.parse().unwrap(), die.parse().unwrap())
                    })
                    .collect(),
            ),
            other => panic!("unknown field {other}"),
        }
    }
    vectors
}

/// The position, White on seat 0, with the side to move about to roll; loaded like any input.
fn load(v: &Vector) -> Game {
    let mut board = [0i64; 24];
    for &(p, n) in &v.white {
        board[usize::from(p) - 1] += n;
    }
    for &(p, n) in &v.black {
        board[usize::from(p) - 1] -= n;
    }
    let off = |cs: &[(u8, i64)]| 15 - cs.iter().map(|c| c.1).sum::<i64>();
    let state = json!({
        "options": v.options,
        "board": board,
        "off": [off(&v.white), off(&v.black)],
        "white_seat": 0,
        "colour_to_move": if v.black_to_move { "black" } else { "white" },
        "first_turn": [v.first.iter().any(|c| c == "white"), v.first.iter().any(|c| c == "black")],
        "turn": 5,
    });
    Game::from_json(GameKind::Nardy, &state).unwrap_or_else(|e| panic!("{}: {e}", v.name))
}

#[test]
fn n3_to_n15_nardy_vectors() {
    let text = include_str!("data/nardy.perft");
    let vectors = parse(text);
    assert!(vectors.len() >= 12, "vectors not read");
    for v in &vectors {
        let mut game = load(v);
        let mover = game.legal().to_move();
        game.play(&Action::Roll { dice: v.dice.clone() }).unwrap();
        let Game::Nardy(nardy) = &game else { unreachable!() };
        let turns = nardy.turns();
        assert_eq!(turns.len(), v.turns, "{}: {:#?}", v.name, turns);
        if v.turns == 0 {
            assert_ne!(game.legal().to_move(), mover, "{}: the turn should have passed", v.name);
        }
        for sample in &v.samples {
            let mut g = game.clone();
            for &(from, die) in sample {
                g.play(&Action::Step { from, die })
                    .unwrap_or_else(|e| panic!("{}: step {from}/{die}: {e}", v.name));
            }
            assert!(
                !matches!(g.legal(), Legal::Choose { seat, .. } if Some(seat) == mover),
                "{}: sample {sample:?} did not end the turn",
                v.name
            );
            let state = g.to_json();
            let board: Vec<i64> =
                state["board"].as_array().unwrap().iter().map(|x| x.as_i64().unwrap()).collect();
            assert!(
                turns.iter().any(|t| t
                    .board
                    .iter()
                    .map(|&x| i64::from(x))
                    .eq(board.iter().copied())),
                "{}: sample {sample:?} ended outside the listed turns",
                v.name
            );
        }
    }
}
