//! `dicetable positions nardy`: Long Nardy's fixed benchmark of decisions (issue 63), to compare
//! one network (or level) with another without a long match.
//!
//! A decision is a position with the mover's dice rolled and nothing played yet. Its turns are
//! told apart by where they lead (the board and the borne-off counts afterwards; two step orders
//! that reach one position are one turn), sorted by that position, so that a turn is named by its
//! place in that list and the file stays small. The turns worth looking at (the network's four
//! best at no depth, and each level's own choice) carry their *rolled-out* equity for the mover:
//! the mean, over 72 trials, of playing on [`DEPTH`] half-turns with both sides played by the
//! network (0-ply) and then reading the network's value (or the result, if the game ended
//! first). Each trial's first roll is fixed (every ordered roll twice) and its later rolls are
//! one seeded sequence shared by every turn of the decision, so that the turns are compared on
//! the same dice. A level's *loss* on a decision is the best rolled-out equity less the one of the
//! turn it chose; a turn it chose outside those rolled out counts as the worst of them.
//!
//! The file: one decision a line, `colour dice first board off_white off_black ; turns ;
//! place:equity …` (e.g. `w 53 00 15,0,…,-15 0 0 ; 12 ; 3:0.1234 7:-0.0567`; `first` says
//! whether White's and Black's first turns are still to come), the board as
//! the engine's (White's frame, + White, − Black). Lines starting with `#` are notes.

use std::fmt::Write as _;

use crate::engine::computer::{self, Level};
use crate::engine::nardy::net::{self, Net};
use crate::engine::nardy::{CHECKERS, Colour, Nardy, NardyOptions, Turn};
use crate::engine::{Action, Entropy, Game, Legal};
use crate::game::fair::{Seed, Stream};

/// Half-turns played after a turn before the network's value is read.
pub const DEPTH: usize = 6;

/// Trials a rolled-out turn is worth (each of the 36 ordered first rolls twice).
pub const TRIALS: usize = 72;

/// How many of the network's best turns (at no depth) are rolled out, besides each level's own.
pub const BEST: usize = 4;

/// One decision of the benchmark.
#[derive(Debug, Clone, PartialEq)]
pub struct Decision {
    /// The position with the mover's dice rolled, nothing played yet.
    pub game: Nardy,
    /// How many distinct turns the dice allow (a check that the rules have not changed).
    pub turns: usize,
    /// The rolled-out turns: each one's place among the distinct turns and its equity for the
    /// mover.
    pub equities: Vec<(usize, f32)>,
}

/// Why a benchmark file was refused.
#[derive(Debug, thiserror::Error)]
#[error("line {line}: {reason}")]
pub struct PositionsError {
    /// The line (from 1).
    pub line: usize,
    /// What is wrong with it.
    pub reason: String,
}

/// How one chooser did on a benchmark.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Score {
    /// Who chose (a level's word, or `expert` with a network's file).
    pub chooser: String,
    /// Decisions scored.
    pub decisions: usize,
    /// Mean equity lost a decision against the rollouts, in thousandths of a point.
    pub mean_loss_milli: f64,
    /// Decisions where it chose the best rolled-out turn, as a share.
    pub best_share: f64,
    /// Decisions where it lost more than 0.1 point (a blunder).
    pub blunders: usize,
    /// Decisions where it chose a turn that was not rolled out.
    pub outside: usize,
}

/// The distinct turns of a decision, in the benchmark's order (by the position they lead to).
pub fn distinct_turns(game: &Nardy) -> Vec<Turn> {
    let mut turns = game.turns();
    turns.sort_by_key(|t| (t.board, t.off));
    turns.dedup_by(|a, b| a.board == b.board && a.off == b.off);
    turns
}

/// The colour of the side to choose, if the game waits for a choice.
fn mover(game: &Nardy) -> Option<Colour> {
    let seat = game.to_move()?;
    Some(if game.white_seat() == Some(seat) { Colour::White } else { Colour::Black })
}

/// Makes a benchmark of `count` decisions from games the four levels play among themselves (the
/// games' dice, the levels and which positions are taken all from `seed`), rolled out with `net`
/// on `threads` threads (the same file whatever the number). `log` hears of progress.
pub fn make(
    seed: &Seed,
    count: usize,
    net: &Net,
    threads: usize,
    log: &mut impl std::io::Write,
) -> Vec<Decision> {
    let picked = pick(seed, count);
    let _ = writeln!(log, "{} decisions picked; rolling out on {threads} threads", picked.len());
    let threads = threads.max(1);
    let mut rolled: Vec<(usize, Decision)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let picked = &picked;
                scope.spawn(move || {
                    let mut out = Vec::new();
                    for (i, game) in picked.iter().enumerate().skip(t).step_by(threads) {
                        out.push((i, roll_out_decision(game, net, seed, i as u64)));
                    }
                    out
                })
            })
            .collect();
        handles.into_iter().flat_map(|h| h.join().unwrap_or_default()).collect()
    });
    rolled.sort_by_key(|(i, _)| *i);
    rolled.into_iter().map(|(_, d)| d).collect()
}

/// Plays games until `count` decisions are taken: about one decision in eight, at the start of a
/// turn with at least two distinct turns. Each side of a game is one of the four levels.
fn pick(seed: &Seed, count: usize) -> Vec<Nardy> {
    let mut picked = Vec::with_capacity(count);
    let mut g = 0u64;
    while picked.len() < count {
        let mut dice = seed.stream("dice", g);
        let mut choice = seed.stream("choice", g);
        let levels = [Level::ALL[choice.below(4) as usize], Level::ALL[choice.below(4) as usize]];
        let mut game = Game::Nardy(Nardy::new(NardyOptions::default()));
        for _ in 0..10_000 {
            if picked.len() >= count {
                break;
            }
            match game.legal() {
                Legal::Over => break,
                Legal::Roll { .. } | Legal::RollOff { .. } => {
                    let roll = vec![die(&mut dice), die(&mut dice)];
                    if game.play(&Action::Roll { dice: roll }).is_err() {
                        break;
                    }
                }
                Legal::Choose { seat, .. } => {
                    if let Game::Nardy(n) = &game {
                        let fresh = n
                            .rolled()
                            .is_some_and(|r| n.dice().len() == if r[0] == r[1] { 4 } else { 2 });
                        if fresh && choice.below(8) == 0 && distinct_turns(n).len() >= 2 {
                            picked.push(n.clone());
                        }
                    }
                    let level = levels[usize::from(seat) % 2];
                    let Some(action) = computer::choose(&game, level, &mut choice) else { break };
                    if game.play(&action).is_err() {
                        break;
                    }
                }
            }
        }
        g += 1;
    }
    picked
}

/// The turns worth rolling out for a decision and their rolled-out equities.
fn roll_out_decision(game: &Nardy, net: &Net, seed: &Seed, index: u64) -> Decision {
    let turns = distinct_turns(game);
    let me = mover(game).unwrap_or(Colour::White);
    let mut h = vec![0.0; net.hidden()];
    let mut by_net: Vec<(f32, usize)> = turns
        .iter()
        .enumerate()
        .map(|(i, t)| (net::equity(net::chances(net, &t.board, t.off, me, &mut h)), i))
        .collect();
    by_net.sort_by(|a, b| b.0.total_cmp(&a.0));
    let mut places: Vec<usize> = by_net.iter().take(BEST).map(|(_, i)| *i).collect();
    let mut entropy = seed.stream("levels", index);
    for level in Level::ALL {
        let chosen = chosen_place(game, &turns, &mut |g| turn_of(g, level, &mut entropy));
        if let Some(place) = chosen
            && !places.contains(&place)
        {
            places.push(place);
        }
    }
    places.sort_unstable();
    let equities = places
        .into_iter()
        .map(|place| (place, roll_out(game, &turns[place], me, net, seed, index)))
        .collect();
    Decision { game: game.clone(), turns: turns.len(), equities }
}

/// The mover's mean equity after `turn` over [`TRIALS`] trials of [`DEPTH`] half-turns.
fn roll_out(game: &Nardy, turn: &Turn, me: Colour, net: &Net, seed: &Seed, index: u64) -> f32 {
    let mut after = game.clone();
    for s in &turn.steps {
        if after.play(&Action::Step { from: s.from, die: s.die }).is_err() {
            return -2.0;
        }
    }
    let mut h = vec![0.0; net.hidden()];
    let mut total = 0.0f64;
    for trial in 0..TRIALS {
        let mut dice = seed.stream("rollout", index * TRIALS as u64 + trial as u64);
        let first = (trial % 36) as u8;
        let mut roll = Some(vec![first / 6 + 1, first % 6 + 1]);
        let mut g = after.clone();
        // The side that moved last and its position's chances, from its side.
        let mut last = (me, net::chances(net, &turn.board, turn.off, me, &mut h));
        for _ in 0..DEPTH {
            if !matches!(g.legal(), Legal::Roll { .. }) {
                break;
            }
            let rolled = roll.take().unwrap_or_else(|| vec![die(&mut dice), die(&mut dice)]);
            if g.play(&Action::Roll { dice: rolled }).is_err() {
                break;
            }
            let Some(side) = mover(&g) else { break };
            let turns = g.turns();
            let Some(best) = net::best(net, &turns, side) else { break };
            last = (side, net::chances(net, &best.board, best.off, side, &mut h));
            let steps = best.steps.clone();
            if steps.iter().any(|s| g.play(&Action::Step { from: s.from, die: s.die }).is_err()) {
                break;
            }
            if g.off().iter().any(|&off| off == CHECKERS) {
                break;
            }
        }
        let (side, chances) = last;
        let mine = if side == me { chances } else { net::flip(chances) };
        total += f64::from(net::equity(mine));
    }
    (total / TRIALS as f64) as f32
}

fn die(stream: &mut Stream) -> u8 {
    stream.below(6) as u8 + 1
}

/// The whole turn `level` plays in `game` (its steps one by one, as it plays them).
pub fn turn_of(game: &Nardy, level: Level, entropy: &mut impl Entropy) -> Option<Nardy> {
    let side = game.to_move()?;
    let mut g = Game::Nardy(game.clone());
    for _ in 0..8 {
        if !matches!(g.legal(), Legal::Choose { seat, .. } if seat == side) {
            break;
        }
        let action = computer::choose(&g, level, entropy)?;
        g.play(&action).ok()?;
    }
    match g {
        Game::Nardy(n) => Some(n),
        _ => None,
    }
}

/// The game after `turn` is played in `game`.
pub fn after(game: &Nardy, turn: &Turn) -> Option<Nardy> {
    let mut g = game.clone();
    for s in &turn.steps {
        g.play(&Action::Step { from: s.from, die: s.die }).ok()?;
    }
    Some(g)
}

/// Where the turn `choose` plays leads, as its place among `turns`; `None` if it plays none.
fn chosen_place(
    game: &Nardy,
    turns: &[Turn],
    choose: &mut impl FnMut(&Nardy) -> Option<Nardy>,
) -> Option<usize> {
    let after = choose(game)?;
    turns.iter().position(|t| &t.board == after.board() && t.off == after.off())
}

/// Scores `choose` (the position after its whole turn, from a decision's position) on
/// `decisions`.
pub fn score(
    chooser: &str,
    decisions: &[Decision],
    mut choose: impl FnMut(&Nardy) -> Option<Nardy>,
) -> Score {
    let (mut loss, mut best, mut blunders, mut outside) = (0.0f64, 0usize, 0usize, 0usize);
    for d in decisions {
        let turns = distinct_turns(&d.game);
        let top = d.equities.iter().map(|e| e.1).fold(f32::MIN, f32::max);
        let worst = d.equities.iter().map(|e| e.1).fold(f32::MAX, f32::min);
        let place = chosen_place(&d.game, &turns, &mut choose);
        let lost = match d.equities.iter().find(|(p, _)| Some(*p) == place) {
            Some((_, e)) => top - e,
            None => {
                outside += 1;
                top - worst
            }
        };
        loss += f64::from(lost);
        best += usize::from(lost <= 0.0);
        blunders += usize::from(lost > 0.1);
    }
    let n = decisions.len().max(1) as f64;
    Score {
        chooser: chooser.to_owned(),
        decisions: decisions.len(),
        mean_loss_milli: 1000.0 * loss / n,
        best_share: best as f64 / n,
        blunders,
        outside,
    }
}

/// The benchmark as its file's text, with `notes` as its first lines.
pub fn to_text(decisions: &[Decision], notes: &[String]) -> String {
    let mut out = String::new();
    for n in notes {
        let _ = writeln!(out, "# {n}");
    }
    for d in decisions {
        let g = &d.game;
        let colour = if mover(g) == Some(Colour::Black) { 'b' } else { 'w' };
        let rolled = g.rolled().unwrap_or([1, 1]);
        let board: Vec<String> = g.board().iter().map(i8::to_string).collect();
        let first: String = g.first_turn().iter().map(|&b| if b { '1' } else { '0' }).collect();
        let _ = write!(
            out,
            "{colour} {}{} {first} {} {} {} ; {} ;",
            rolled[0],
            rolled[1],
            board.join(","),
            g.off()[Colour::White],
            g.off()[Colour::Black],
            d.turns
        );
        for (place, e) in &d.equities {
            let _ = write!(out, " {place}:{e:.4}");
        }
        out.push('\n');
    }
    out
}

/// Reads a benchmark file's text; every decision is checked against the rules (its position is
/// legal and its dice allow as many distinct turns as the file says).
pub fn parse(text: &str) -> Result<Vec<Decision>, PositionsError> {
    let mut decisions = Vec::new();
    for (k, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let bad = |reason: &str| PositionsError { line: k + 1, reason: reason.to_owned() };
        let mut parts = line.split(';').map(str::trim);
        let (Some(position), Some(turns), Some(equities), None) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return Err(bad("three parts separated by ';' are wanted"));
        };
        let game = position_of(position).map_err(|e| bad(&e))?;
        let turns: usize = turns.parse().map_err(|_| bad("the number of turns is not a number"))?;
        if distinct_turns(&game).len() != turns {
            return Err(bad("the dice allow another number of turns than the file says"));
        }
        let mut list = Vec::new();
        for item in equities.split_whitespace() {
            let (place, e) = item.split_once(':').ok_or_else(|| bad("a turn is place:equity"))?;
            let place: usize = place.parse().map_err(|_| bad("a turn's place is not a number"))?;
            let e: f32 = e.parse().map_err(|_| bad("an equity is not a number"))?;
            if place >= turns || !(-2.0..=2.0).contains(&e) {
                return Err(bad("a turn's place or equity is out of range"));
            }
            list.push((place, e));
        }
        if list.is_empty() {
            return Err(bad("no turn is rolled out"));
        }
        decisions.push(Decision { game, turns, equities: list });
    }
    Ok(decisions)
}

/// The game of a line's position part (`colour dice first board off_white off_black`).
fn position_of(text: &str) -> Result<Nardy, String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let [colour, dice, first, board, white, black] = words[..] else {
        return Err("a position is: colour dice first board off_white off_black".into());
    };
    let colour = match colour {
        "w" => "white",
        "b" => "black",
        _ => return Err("the colour is w or b".into()),
    };
    if first.len() != 2 || first.bytes().any(|b| b != b'0' && b != b'1') {
        return Err("first is two digits, 0 or 1: White's first turn, Black's".into());
    }
    let dice: Vec<u8> = dice.bytes().map(|b| b.wrapping_sub(b'0')).collect();
    let [a, b] = dice[..] else { return Err("the dice are two digits".into()) };
    let board: Vec<i64> = board
        .split(',')
        .map(str::parse)
        .collect::<Result<_, _>>()
        .map_err(|_| "the board is 24 numbers separated by commas".to_owned())?;
    let off = [white, black].map(|o| o.parse::<u8>().unwrap_or(u8::MAX));
    let unplayed = if a == b { vec![a; 4] } else { vec![a, b] };
    let value = serde_json::json!({
        "options": NardyOptions::default(),
        "board": board,
        "off": off,
        "white_seat": 0,
        "colour_to_move": colour,
        "roll_off": false,
        "rolled": [a, b],
        "dice": unplayed,
        "head_moved": 0,
        "first_turn": [first.starts_with('1'), first.ends_with('1')],
        "score": [0, 0],
        "game": 1,
        "turn": 1,
    });
    Nardy::from_json(&value).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tiny_net() -> Net {
        let mut k = 0u32;
        Net::new(8, move || {
            k = k.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            (k >> 16) as f32 / 65_536.0 - 0.5
        })
    }

    /// The same seed makes the same benchmark, whatever the threads, and its file reads back
    /// as it was written.
    #[test]
    fn a_benchmark_is_reproducible_and_reads_back() {
        let net = tiny_net();
        let seed = Seed::from_u64(5);
        let one = make(&seed, 6, &net, 1, &mut std::io::sink());
        let two = make(&seed, 6, &net, 2, &mut std::io::sink());
        assert_eq!(one.len(), 6);
        let text = to_text(&one, &["a note".into()]);
        assert_eq!(text, to_text(&two, &["a note".into()]));
        let back = parse(&text).unwrap();
        assert_eq!(to_text(&back, &["a note".into()]), text);
        for d in &back {
            assert!(d.turns >= 2 && !d.equities.is_empty());
        }
        // A chooser of the best rolled-out turn loses nothing; one of the worst loses.
        let best = score("best", &back, |g| {
            let d = back.iter().find(|d| &d.game == g)?;
            let (place, _) = d.equities.iter().max_by(|a, b| a.1.total_cmp(&b.1))?;
            let t = &distinct_turns(g)[*place];
            after(g, t)
        });
        assert_eq!((best.mean_loss_milli, best.best_share, best.outside), (0.0, 1.0, 0));
    }

    /// The line with one more White checker on its first point.
    fn damage_board(line: &str) -> String {
        let mut words: Vec<String> = line.split(' ').map(str::to_owned).collect();
        let mut board: Vec<i64> = words[3].split(',').map(|n| n.parse().unwrap()).collect();
        board[0] = if board[0] >= 0 { board[0] + 1 } else { board[0] };
        if board[0] < 0 {
            let empty = board.iter().position(|&c| c == 0).unwrap();
            board[empty] = 1;
        }
        words[3] = board.iter().map(i64::to_string).collect::<Vec<_>>().join(",");
        words.join(" ")
    }

    /// A damaged line is refused with its number and what is wrong.
    #[test]
    fn damaged_lines_are_refused() {
        let net = tiny_net();
        let text = to_text(&make(&Seed::from_u64(6), 1, &net, 1, &mut std::io::sink()), &[]);
        let line = text.lines().next().unwrap();
        for (damaged, says) in [
            (line.replacen(" ;", "", 1), "three parts"),
            (line.replacen("w ", "x ", 1).replacen("b ", "x ", 1), "colour"),
            (format!("{line} 99999:0.1"), "out of range"),
            (damage_board(line), "15"),
        ] {
            let e = parse(&format!("# note\n{damaged}\n")).unwrap_err();
            assert_eq!(e.line, 2, "{damaged}");
            assert!(e.to_string().contains(says), "{damaged}: {e}");
        }
    }
}
