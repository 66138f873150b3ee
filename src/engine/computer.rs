//! Computer players: what a computer in a seat chooses when its game offers a choice.
//!
//! Pure like the rest of the engine: a decision depends on the game's state, the level and the
//! numbers the caller hands in (a stream of the computer's own, never the dice). The dice are
//! still rolled by the table; a computer only chooses among [`Legal::Choose`]'s actions, so each
//! of its moves is an ordinary action of the game's log.
//!
//! - Snakes & Ladders offers no choice.
//! - Ludo: `easy` moves a random piece; `normal` plays [`Game::suggest`]; `hard` looks ahead
//!   (expectimax over the next dice: two rolls face to face, one with more players; the others
//!   expected to play the sensible move) with an evaluation of progress, pieces in the goal lane,
//!   danger of capture and threats, and keeps the sensible move unless the search finds one
//!   clearly better.
//! - Long Nardy: `easy` plays a random whole turn; `normal` plays [`Game::suggest`]; `hard` takes
//!   the four whole turns whose positions evaluate best (the race, blocks and primes in the
//!   opponent's way, the head, stacking and bearing off) and plays the one that is best on
//!   average over the opponent's 21 rolls, each answered by its best-looking turn; `expert`
//!   does the same with a value network trained by self-play (`nardy::net`, `dicetable train
//!   nardy`) on its two best turns. Ludo has no expert (the table's words refuse one).

use super::ludo::{HOUSE, Ludo, track_square};
use super::nardy::{ByColour, Colour, Nardy, Turn, net};
use super::{Action, Entropy, Game, Legal, Seat};

/// How well a computer plays.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    Default,
    PartialOrd,
    Ord,
    serde::Serialize,
    serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// Random among the legal choices.
    Easy,
    /// The engine's sensible move.
    #[default]
    Normal,
    /// A search with an evaluation of the position.
    Hard,
    /// Long Nardy only: a value network trained by self-play ([`super::nardy::net`]), one roll
    /// deep on its best few turns.
    Expert,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 4] = [Level::Easy, Level::Normal, Level::Hard, Level::Expert];

    /// The level's word in commands and the protocol.
    pub fn word(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
            Level::Expert => "expert",
        }
    }

    /// Whether the level plays `kind` (only Long Nardy has an expert).
    pub fn plays(self, kind: super::GameKind) -> bool {
        self != Level::Expert || kind == super::GameKind::Nardy
    }

    /// The level named by `word`.
    pub fn from_word(word: &str) -> Option<Self> {
        Level::ALL.into_iter().find(|l| l.word() == word)
    }
}

impl std::str::FromStr for Level {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Level::from_word(s)
            .ok_or_else(|| format!("unknown level {s:?}: easy, normal, hard or expert"))
    }
}

/// The computer's choice when the game waits for the seat to move to choose (a piece, a
/// checker's step); `None` when it waits for dice (the table rolls them) or is over.
pub fn choose(game: &Game, level: Level, entropy: &mut impl Entropy) -> Option<Action> {
    let Legal::Choose { actions, .. } = game.legal() else {
        return None;
    };
    if actions.len() == 1 {
        return actions.into_iter().next();
    }
    match (level, game) {
        (Level::Normal, _) | (_, Game::Snakes(_)) => game.suggest(),
        (Level::Easy, Game::Ludo(g)) => {
            // A random piece with a move; entering is one move whichever house piece makes
            // it, played (and logged) as the lowest-numbered (L6, docs/rules.md).
            let k = entropy.below(actions.len() as u32) as usize;
            actions.into_iter().nth(k).map(|a| g.distinct_move(a))
        }
        (Level::Easy, Game::Nardy(g)) => {
            let turns = g.turns();
            if turns.is_empty() {
                return game.suggest();
            }
            let k = entropy.below(turns.len() as u32) as usize;
            turns[k].steps.first().map(|s| Action::Step { from: s.from, die: s.die })
        }
        // Ludo has no expert: the words refuse one for a Ludo table ([`Level::plays`]).
        (Level::Hard | Level::Expert, Game::Ludo(g)) => ludo_hard(g, actions),
        (Level::Hard, Game::Nardy(g)) => nardy_hard(g),
        // The bot and `simulate` check the shipped network before they start and refuse to run
        // with a damaged one, so this fallback is never reached by a player; a library caller
        // that skipped the check gets the hard computer's search rather than a panic.
        (Level::Expert, Game::Nardy(g)) => match net::shipped() {
            Ok(net) => nardy_expert(g, net),
            Err(_) => nardy_hard(g),
        },
    }
}

// ---------------------------------------------------------------------------------------------
// Ludo

/// How many pips the search must find over the sensible move ([`Game::suggest`]) to play
/// another: the evaluation is rough, and the sensible move's habits (run the leader, capture,
/// enter) are sound. Measured with `simulate --seats hard,normal,normal,normal` (10,000 games):
/// no margin 27.4%, 1 pip 28.7%, 2 pips 29.3%, 4 pips 28.4%.
const LUDO_MARGIN: f64 = 2.0;

/// How much of a piece's worth its danger costs: the chance it is captured before its owner
/// moves again, times this (1.5 won 28.3% of 4-player games against 27.4% for 1.0, 27.8% for 2).
const LUDO_DANGER: f64 = 1.5;

/// The action whose expected evaluation, one or two rolls ahead, is best for the mover.
fn ludo_hard(g: &Ludo, actions: Vec<Action>) -> Option<Action> {
    let me = g.to_move()?;
    // Measured with `simulate --seats`: two rolls ahead wins more 2-player games; with more
    // players the next rolls are mostly other people's, and one roll does as well (two and three
    // rolls: within a point), faster.
    let depth = if g.departures().active() == 2 { 2 } else { 1 };
    let sensible = g.suggest();
    let mut best: Option<(f64, Action)> = None;
    for action in actions {
        let mut after = g.clone();
        if after.play(&action).is_err() {
            continue;
        }
        let mut value = ludo_expect(&after, me, depth);
        if sensible.as_ref() == Some(&action) {
            value += LUDO_MARGIN;
        }
        if best.as_ref().is_none_or(|(v, _)| value > *v) {
            best = Some((value, action));
        }
    }
    best.map(|(_, a)| a)
}

/// The expected evaluation for `me` over the next die, `depth` rolls ahead: the computer picks
/// its own best reply, and expects the other players to play the sensible move (as most people
/// and the normal computers do; modelling them by the evaluation won 1–2 points less).
fn ludo_expect(g: &Ludo, me: Seat, depth: u8) -> f64 {
    let Some(mover) = g.to_move() else {
        return ludo_eval(g, me);
    };
    if depth == 0 || !matches!(g.legal(), Legal::Roll { .. }) {
        return ludo_eval(g, me);
    }
    let mut total = 0.0;
    for die in 1..=6u8 {
        let mut rolled = g.clone();
        if rolled.play(&Action::Roll { dice: vec![die] }).is_err() {
            total += ludo_eval(g, me);
            continue;
        }
        let after = match rolled.legal() {
            Legal::Choose { .. } if mover != me => rolled
                .suggest()
                .and_then(|a| {
                    let mut played = rolled.clone();
                    played.play(&a).ok()?;
                    Some(played)
                })
                .unwrap_or(rolled),
            Legal::Choose { actions, .. } => actions
                .iter()
                .filter_map(|a| {
                    let mut t = rolled.clone();
                    t.play(a).ok()?;
                    Some(t)
                })
                .max_by(|a, b| ludo_eval(a, me).total_cmp(&ludo_eval(b, me)))
                .unwrap_or(rolled),
            _ => rolled,
        };
        total += ludo_expect(&after, me, depth - 1);
    }
    total / 6.0
}

/// How good the position is for `me`: my strength less my opponents' (half the strongest,
/// half their mean). A won game is worth far more than any position.
fn ludo_eval(g: &Ludo, me: Seat) -> f64 {
    if let Some(ranking) = g.ranking() {
        return if ranking.get(usize::from(me)) == Some(&1) { 1e6 } else { -1e6 };
    }
    let players = g.players();
    let mine = ludo_strength(g, me);
    let others: Vec<f64> = (0..players as Seat)
        .filter(|&s| s != me && g.departures().is_active(s))
        .map(|s| ludo_strength(g, s))
        .collect();
    if others.is_empty() {
        return mine;
    }
    let max = others.iter().copied().fold(f64::MIN, f64::max);
    let mean = others.iter().sum::<f64>() / others.len() as f64;
    mine - 0.5 * max - 0.5 * mean
}

/// One seat's strength: the distance its pieces have come, with a bonus for pieces out of the
/// house and safe in the goal lane, less what the pieces on the track stand to lose to a
/// capture, plus what they threaten.
fn ludo_strength(g: &Ludo, seat: Seat) -> f64 {
    let len = g.track_len();
    let arms = g.arms();
    let own_arm = g.seat_arms()[usize::from(seat)];
    let pieces = &g.pieces()[usize::from(seat)];
    // Being out of the house is worth a lot face to face; with more players, where danger
    // comes from every side, it made the computer too shy (measured: 29% of 4-player games
    // against 3 normal computers without the bonus, 13% with twice of it).
    let out = if g.departures().active() == 2 { 8.0 } else { 0.0 };
    let mut value = 0.0;
    for &p in pieces {
        if p == HOUSE {
            continue;
        }
        if p >= len {
            // In the goal lane: safe, and the further in, the better (packed at the far end).
            value += f64::from(len) + 12.0 + f64::from(p - len) * 2.0;
            continue;
        }
        let here = track_square(arms, own_arm, p);
        let (safe, threat) = ludo_contacts(g, seat, here);
        let worth = f64::from(p) + 1.0 + out;
        value += worth;
        value -= LUDO_DANGER * (1.0 - safe) * worth;
        value += 0.15 * f64::from(threat);
    }
    value
}

/// For a piece of `seat` on track square `here`: the chance that no opponent lands on it
/// with one die before the seat moves again (entering on a 6 included), and how many opponent
/// pieces it could land on.
fn ludo_contacts(g: &Ludo, seat: Seat, here: u8) -> (f64, u32) {
    let len = g.track_len();
    let arms = g.arms();
    let squares = i16::from(arms) * 10;
    let (mut safe, mut threat) = (1.0, 0);
    for (other, pieces) in g.pieces().iter().enumerate() {
        let other = other as Seat;
        if other == seat || !g.departures().is_active(other) {
            continue;
        }
        let arm = g.seat_arms()[usize::from(other)];
        let start = track_square(arms, arm, 0);
        if here == start && pieces.contains(&HOUSE) {
            safe *= 5.0 / 6.0;
        }
        for &q in pieces {
            if q == HOUSE || q >= len {
                continue;
            }
            let there = track_square(arms, arm, q);
            // They come from behind: d steps from there to here, without turning into their lane.
            let d = (i16::from(here) - i16::from(there)).rem_euclid(squares);
            if (1..=6).contains(&d) && q + d < len {
                safe *= 5.0 / 6.0;
            }
            // I come from behind them.
            let d = (i16::from(there) - i16::from(here)).rem_euclid(squares);
            if (1..=6).contains(&d) {
                threat += 1;
            }
        }
    }
    (safe, threat)
}

// ---------------------------------------------------------------------------------------------
// Long Nardy

/// The first step of the whole turn that is best for the mover: the few turns whose positions
/// evaluate best are looked at one roll further (the opponent's 21 rolls, each answered by the
/// opponent's best-looking turn), and the best on average is played.
fn nardy_hard(g: &Nardy) -> Option<Action> {
    let seat = g.to_move()?;
    let me = if g.white_seat() == Some(seat) { Colour::White } else { Colour::Black };
    let mut turns: Vec<_> =
        g.turns().into_iter().map(|t| (nardy_eval(&t.board, t.off, me), t)).collect();
    turns.sort_by(|(a, _), (b, _)| b.total_cmp(a));
    turns.dedup_by(|(_, a), (_, b)| a.board == b.board && a.off == b.off);
    turns.truncate(NARDY_LOOKED_AT);
    let mut best: Option<(f64, &super::nardy::Turn)> = None;
    for (_, t) in &turns {
        let value = nardy_reply(g, t, me).unwrap_or(f64::MIN);
        if best.is_none_or(|(v, _)| value > v) {
            best = Some((value, t));
        }
    }
    best.and_then(|(_, t)| t.steps.first().map(|s| Action::Step { from: s.from, die: s.die }))
}

/// How many of the best-looking turns are looked at one roll further.
const NARDY_LOOKED_AT: usize = 4;

/// How many of the turns the network values most the expert looks at one roll further
/// (measured: see README's computer section).
pub const EXPERT_LOOKED_AT: usize = 2;

/// The expert's step: the first step of the whole turn that `net` values most for the mover,
/// its best [`EXPERT_LOOKED_AT`] turns valued one roll further (the opponent's 21 rolls, each
/// answered by the opponent's own best turn by the network).
pub fn nardy_expert(g: &Nardy, net: &net::Net) -> Option<Action> {
    nardy_expert_turn(g, net, EXPERT_LOOKED_AT)
        .and_then(|t| t.steps.first().map(|s| Action::Step { from: s.from, die: s.die }))
}

/// The expert's whole turn, with `looked_at` turns looked at one roll further (0: none).
pub fn nardy_expert_turn(g: &Nardy, net: &net::Net, looked_at: usize) -> Option<Turn> {
    let seat = g.to_move()?;
    let me = if g.white_seat() == Some(seat) { Colour::White } else { Colour::Black };
    let mut h = vec![0.0; net.hidden()];
    let mut turns: Vec<(f32, Turn)> = g
        .turns()
        .into_iter()
        .map(|t| (net::equity(net::chances(net, &t.board, t.off, me, &mut h)), t))
        .collect();
    turns.sort_by(|(a, _), (b, _)| b.total_cmp(a));
    if looked_at <= 1 || turns.len() <= 1 {
        return turns.into_iter().next().map(|(_, t)| t);
    }
    turns.truncate(looked_at);
    let mut best: Option<(f32, Turn)> = None;
    for (zero, t) in turns {
        let value = expert_reply(g, &t, me, net, &mut h).unwrap_or(zero);
        if best.as_ref().is_none_or(|(v, _)| value > *v) {
            best = Some((value, t));
        }
    }
    best.map(|(_, t)| t)
}

/// The mover's expected equity after `turn` and the opponent's best reply by the network, over
/// the opponent's 21 rolls; `None` if the turn does not play.
fn expert_reply(g: &Nardy, turn: &Turn, me: Colour, net: &net::Net, h: &mut [f32]) -> Option<f32> {
    let mut after = g.clone();
    for s in &turn.steps {
        after.play(&Action::Step { from: s.from, die: s.die }).ok()?;
    }
    if !matches!(after.legal(), Legal::Roll { .. }) {
        return Some(net::equity(net::chances(net, &turn.board, turn.off, me, h)));
    }
    let them = me.other();
    let mut total = 0.0;
    for a in 1..=6u8 {
        for b in a..=6u8 {
            let weight = if a == b { 1.0 } else { 2.0 };
            let mut rolled = after.clone();
            let value = match rolled.play(&Action::Roll { dice: vec![a, b] }) {
                Ok(_) => rolled
                    .turns()
                    .iter()
                    .map(|t| net::chances(net, &t.board, t.off, them, h))
                    .max_by(|x, y| net::equity(*x).total_cmp(&net::equity(*y)))
                    .map_or_else(
                        || net::equity(net::chances(net, &turn.board, turn.off, me, h)),
                        |o| net::equity(net::flip(o)),
                    ),
                Err(_) => net::equity(net::chances(net, &turn.board, turn.off, me, h)),
            };
            total += weight * value;
        }
    }
    Some(total / 36.0)
}

/// The mover's expected evaluation after `turn` and the opponent's reply, over the opponent's
/// 21 rolls (doubles 1/36, others 2/36); `None` if the turn does not play.
fn nardy_reply(g: &Nardy, turn: &super::nardy::Turn, me: Colour) -> Option<f64> {
    let mut after = g.clone();
    for s in &turn.steps {
        after.play(&Action::Step { from: s.from, die: s.die }).ok()?;
    }
    if !matches!(after.legal(), Legal::Roll { .. }) {
        return Some(nardy_eval(after.board(), after.off(), me));
    }
    let them = match me {
        Colour::White => Colour::Black,
        Colour::Black => Colour::White,
    };
    let mut total = 0.0;
    for a in 1..=6u8 {
        for b in a..=6u8 {
            let weight = if a == b { 1.0 } else { 2.0 };
            let mut rolled = after.clone();
            let value = if rolled.play(&Action::Roll { dice: vec![a, b] }).is_ok() {
                rolled
                    .turns()
                    .into_iter()
                    .map(|t| (nardy_eval(&t.board, t.off, them), t))
                    .max_by(|(x, _), (y, _)| x.total_cmp(y))
                    .map_or_else(
                        || nardy_eval(rolled.board(), rolled.off(), me),
                        |(_, t)| nardy_eval(&t.board, t.off, me),
                    )
            } else {
                nardy_eval(after.board(), after.off(), me)
            };
            total += weight * value;
        }
    }
    Some(total / 36.0)
}

/// The counts of `colour`'s checkers by its own route position (1–24; 24 is its head, 1–6 its
/// home).
fn nardy_route(board: &[i8; 24], colour: Colour) -> [u8; 25] {
    let mut mine = [0u8; 25];
    for (r, slot) in mine.iter_mut().enumerate().skip(1) {
        let v = board[usize::from(colour.point(r)) - 1];
        *slot = match colour {
            Colour::White if v > 0 => v as u8,
            Colour::Black if v < 0 => v.unsigned_abs(),
            _ => 0,
        };
    }
    mine
}

/// How good a position is for `me`: my shape less my opponent's.
fn nardy_eval(board: &[i8; 24], off: ByColour<u8>, me: Colour) -> f64 {
    if off[me] == 15 {
        return 1e6;
    }
    let them = me.other();
    nardy_side(board, off[me], me, them) - nardy_side(board, off[them], them, me)
}

/// One side's shape: the race (pips), checkers borne off, blocks and primes in front of the
/// opponent's checkers, checkers still on the head, and stacks.
fn nardy_side(board: &[i8; 24], off: u8, me: Colour, them: Colour) -> f64 {
    let mine = nardy_route(board, me);
    let theirs = nardy_route(board, them);
    let pips: u32 = (1..=24).map(|r| r as u32 * u32::from(mine[r])).sum();
    let mut value = -f64::from(pips) * 0.1 + f64::from(off) * 1.5;
    // The furthest-back opponent checker, in the opponent's route (24 = its head): my points
    // ahead of it on its way block it.
    let their_back = (1..=24).rev().find(|&r| theirs[r] > 0).unwrap_or(0);
    // My points as the opponent meets them: its route position of each of my points.
    let mut blocks = [false; 25];
    for (r, _) in mine.iter().enumerate().skip(1).filter(|(_, n)| **n > 0) {
        let theirs_r = them.route(me.point(r));
        if theirs_r < their_back {
            blocks[theirs_r] = true;
        }
    }
    let mut run = 0u32;
    for b in blocks.iter().skip(1) {
        if *b {
            run += 1;
            value += 0.25 * f64::from(run.min(6));
        } else {
            run = 0;
        }
    }
    // A checker still on the head is slow (one leaves per turn), the more so late.
    value -= 0.35 * f64::from(mine[24].saturating_sub(1));
    // Tall stacks waste checkers that could hold points.
    value -= (1..=24).map(|r| f64::from(mine[r].saturating_sub(3))).sum::<f64>() * 0.3;
    // Checkers home, ready to bear off, and points held (each one blocks the opponent).
    value += (1..=6).map(|r| f64::from(mine[r])).sum::<f64>() * 0.3;
    value += (1..=24).filter(|&r| mine[r] > 0).count() as f64 * 0.3;
    value
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::ludo::LudoOptions;

    struct Counter(u32);
    impl Entropy for Counter {
        fn next_u32(&mut self) -> u32 {
            self.0 = self.0.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            self.0
        }
    }

    #[test]
    fn levels_read_back_as_their_words() {
        for level in Level::ALL {
            assert_eq!(level.word().parse::<Level>(), Ok(level));
        }
        assert!("master".parse::<Level>().is_err());
    }

    /// Issue 46, item 18: the easy computer enters with the lowest-numbered house piece, as
    /// the bot's own buttons do (L6: pieces in the house are alike), never a random one.
    #[test]
    fn the_easy_computer_enters_the_lowest_numbered_house_piece() {
        let mut g = Game::Ludo(Ludo::new(2, LudoOptions::default()).unwrap());
        // Sixes until the seat to move has a piece out and another 6 to play.
        let mut entered = 0;
        for _ in 0..40 {
            match g.legal() {
                Legal::RollOff { seats } => {
                    let dice = (0..seats.len()).map(|i| 6 - i as u8).collect();
                    g.play(&Action::Roll { dice }).unwrap();
                }
                Legal::Roll { .. } => {
                    g.play(&Action::Roll { dice: vec![6] }).unwrap();
                }
                // Enter piece 1, then move it off the start square.
                Legal::Choose { actions, .. } if entered < 2 || actions.len() < 3 => {
                    entered += 1;
                    g.play(&actions[0]).unwrap();
                }
                Legal::Choose { .. } => {
                    // Enter with piece 2, 3 or 4, or move piece 1 on: 4 actions, 2 moves.
                    let mut chosen = Vec::new();
                    for seed in 0..64 {
                        chosen.push(choose(&g, Level::Easy, &mut Counter(seed)).unwrap());
                    }
                    let pieces: std::collections::BTreeSet<u8> = chosen
                        .iter()
                        .filter_map(|a| match a {
                            Action::Move { piece } => Some(*piece),
                            _ => None,
                        })
                        .collect();
                    assert_eq!(pieces.len(), 2, "one entering piece and the piece out: {pieces:?}");
                    assert!(pieces.contains(&1), "piece 2 (index 1) enters: {pieces:?}");
                    return;
                }
                Legal::Over => break,
            }
        }
        panic!("never reached a choice between entering and moving");
    }

    /// While the game waits for dice, a computer has nothing to choose (the table rolls).
    #[test]
    fn a_computer_chooses_nothing_while_dice_are_due() {
        let g = Ludo::new(2, LudoOptions::default()).unwrap();
        for level in Level::ALL {
            assert_eq!(choose(&Game::Ludo(g.clone()), level, &mut Counter(1)), None);
        }
    }
}
