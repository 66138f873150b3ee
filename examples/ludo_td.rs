//! An experiment for issue 63, item 5: does the machinery that made Long Nardy's `expert` (a
//! small value network trained here by self-play TD, used at play time with a search) give Ludo
//! a two-seat player that beats `hard` (≥ 55% of ≥ 4,000 games, mirrored dice)?
//!
//! It trains a network by self-play, then plays mirrored matches against a computer level (each
//! dice sequence twice, seats swapped, so luck cancels) and prints the win rate with its 95%
//! interval, at 0-ply (the move whose position the network likes best) and at 1-ply (that
//! position's value averaged over the next die, each die answered by its best move for whoever
//! moves). The figures are in README ("Why Ludo has no expert") and docs/decisions.md.
//!
//! ```text
//! cargo run --release --example ludo_td -- [training games] [match games] [hidden] [seed] [opponent]
//! cargo run --release --example ludo_td -- 200000 4000 40 63 hard
//! ```

use dicetable::engine::computer::{Level, choose};
use dicetable::engine::ludo::{HOUSE, Ludo, LudoOptions, PIECES, track_square};
use dicetable::engine::{Action, Entropy, Game, Legal, Seat};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Progress values a piece can have out of its house: the track's 40 squares and the lane's 4.
const STEPS: usize = 44;
/// One side's inputs: pieces in the house, one per progress value, the progress made.
const SIDE: usize = 1 + STEPS + 1;
/// Per side, what it stands to lose: pieces the other side could land on with one die, the
/// progress those pieces carry, and how many of them are 1, 2, … 6 steps ahead of a hunter.
const CONTACT: usize = 2 + 6;
/// Both sides from the mover's view, both sides' contacts, and whether I move next.
const INPUTS: usize = 2 * SIDE + 2 * CONTACT + 1;

/// A value network: inputs → hidden (tanh) → the chance that the side it looks from wins.
struct Net {
    hidden: usize,
    w1: Vec<f32>,
    b1: Vec<f32>,
    w2: Vec<f32>,
    b2: f32,
}

impl Net {
    fn new(hidden: usize, rng: &mut StdRng) -> Self {
        let mut w = |n: usize, scale: f32| -> Vec<f32> {
            (0..n).map(|_| (rng.random::<f32>() * 2.0 - 1.0) * scale).collect()
        };
        let w1 = w(hidden * INPUTS, 0.2);
        let w2 = w(hidden, 0.2);
        Net { hidden, w1, b1: vec![0.0; hidden], w2, b2: 0.0 }
    }

    /// The chance to win, with the hidden layer's activations left in `h`.
    fn forward(&self, x: &[f32; INPUTS], h: &mut [f32]) -> f32 {
        let mut out = self.b2;
        for (j, hj) in h.iter_mut().enumerate().take(self.hidden) {
            let row = &self.w1[j * INPUTS..(j + 1) * INPUTS];
            let s: f32 = row.iter().zip(x).map(|(w, v)| w * v).sum::<f32>() + self.b1[j];
            *hj = s.tanh();
            out += self.w2[j] * *hj;
        }
        1.0 / (1.0 + (-out).exp())
    }

    fn value(&self, x: &[f32; INPUTS]) -> f32 {
        let mut h = vec![0.0; self.hidden];
        self.forward(x, &mut h)
    }

    /// One gradient step of squared error towards `target`.
    fn learn(&mut self, x: &[f32; INPUTS], target: f32, rate: f32) {
        let mut h = vec![0.0; self.hidden];
        let y = self.forward(x, &mut h);
        let delta = (target - y) * y * (1.0 - y) * rate;
        for (j, &hj) in h.iter().enumerate() {
            let back = delta * self.w2[j] * (1.0 - hj * hj);
            self.w2[j] += delta * hj;
            self.b1[j] += back;
            let row = &mut self.w1[j * INPUTS..(j + 1) * INPUTS];
            for (w, v) in row.iter_mut().zip(x) {
                if *v != 0.0 {
                    *w += back * v;
                }
            }
        }
        self.b2 += delta;
    }
}

/// A position of a two-player game seen from `me`.
fn features(g: &Ludo, me: Seat) -> [f32; INPUTS] {
    let mut x = [0.0; INPUTS];
    let sides = [me, 1 - me];
    for (k, &seat) in sides.iter().enumerate() {
        let base = k * SIDE;
        let pieces = &g.pieces()[usize::from(seat)];
        let mut made = 0.0;
        for &p in pieces {
            if p == HOUSE {
                x[base] += 1.0 / PIECES as f32;
            } else {
                x[base + 1 + (p as usize).min(STEPS - 1)] = 1.0;
                made += f32::from(p + 1);
            }
        }
        x[base + SIDE - 1] = made / (PIECES * STEPS) as f32;
    }
    for (k, &seat) in sides.iter().enumerate() {
        let base = 2 * SIDE + k * CONTACT;
        x[base..base + CONTACT].copy_from_slice(&contacts(g, seat));
    }
    x[INPUTS - 1] = if g.to_move() == Some(me) { 1.0 } else { 0.0 };
    x
}

/// What `seat`'s pieces on the track stand to lose to the other side's next die: how many
/// could be landed on, the progress they carry, and the hunters' distances (1–6) behind them.
fn contacts(g: &Ludo, seat: Seat) -> [f32; CONTACT] {
    let (arms, len) = (g.arms(), g.track_len());
    let other = 1 - seat;
    let their_arm = g.seat_arms()[usize::from(other)];
    let theirs = &g.pieces()[usize::from(other)];
    let start = track_square(arms, their_arm, 0);
    let squares = i16::from(arms) * 10;
    let own_arm = g.seat_arms()[usize::from(seat)];
    let mut out = [0.0; CONTACT];
    for &p in g.pieces()[usize::from(seat)].iter().filter(|&&p| p != HOUSE && p < len) {
        let here = track_square(arms, own_arm, p);
        let mut hit = here == start && theirs.contains(&HOUSE);
        for &q in theirs.iter().filter(|&&q| q != HOUSE && q < len) {
            let there = track_square(arms, their_arm, q);
            let d = (i16::from(here) - i16::from(there)).rem_euclid(squares);
            if (1..=6).contains(&d) && q + d < len {
                hit = true;
                out[2 + d as usize - 1] += 1.0 / PIECES as f32;
            }
        }
        if hit {
            out[0] += 1.0 / PIECES as f32;
            out[1] += f32::from(p + 1) / STEPS as f32;
        }
    }
    out
}

/// The value of a position for `me`: 1 or 0 once it is over, else the network's.
fn worth(net: &Net, g: &Ludo, me: Seat) -> f32 {
    match g.ranking() {
        Some(r) => f32::from(u8::from(r[usize::from(me)] == 1)),
        None => net.value(&features(g, me)),
    }
}

fn after(g: &Ludo, a: &Action) -> Ludo {
    let mut t = g.clone();
    t.play(a).expect("a listed action");
    t
}

/// The action whose position is best for the mover: at 0-ply by the network; at 1-ply averaged
/// over the next die, each die answered by its best move for whoever moves then.
fn best(net: &Net, g: &Ludo, actions: &[Action], ply: u8) -> Action {
    let me = g.to_move().expect("a mover");
    let score = |a: &Action| {
        let t = after(g, a);
        if ply == 0 { worth(net, &t, me) } else { one_roll(net, &t, me) }
    };
    // The first of the best, as a stable sort would give.
    let scored = actions.iter().map(|a| (score(a), a));
    let best = scored.reduce(|best, next| if next.0 > best.0 { next } else { best });
    best.expect("a choice has actions").1.clone()
}

fn one_roll(net: &Net, g: &Ludo, me: Seat) -> f32 {
    let Legal::Roll { seat, .. } = g.legal() else {
        return worth(net, g, me);
    };
    let mut total = 0.0;
    for die in 1..=6 {
        let mut t = g.clone();
        t.play(&Action::Roll { dice: vec![die] }).expect("a roll");
        total += match t.legal() {
            Legal::Choose { actions, .. } => {
                let v = |a: &Action| worth(net, &after(&t, a), seat);
                let top = actions.iter().map(v).fold(f32::MIN, f32::max);
                if seat == me { top } else { 1.0 - top }
            }
            _ => worth(net, &t, me),
        };
    }
    total / 6.0
}

/// Self-play: each seat's successive positions after its moves learn towards the next (TD(0)
/// on after-states), the last towards the result.
fn train(net: &mut Net, games: u64, seed: u64) {
    let mut rng = StdRng::seed_from_u64(seed);
    let start = std::time::Instant::now();
    for n in 0..games {
        let rate = 0.1 * (1.0 - 0.8 * n as f32 / games as f32);
        let mut g = Ludo::new(2, LudoOptions::default()).expect("two players");
        let mut last: [Option<[f32; INPUTS]>; 2] = [None, None];
        loop {
            match g.legal() {
                Legal::RollOff { seats } => {
                    let dice = seats.iter().map(|_| rng.random_range(1..=6)).collect();
                    g.play(&Action::Roll { dice }).expect("a roll-off");
                }
                Legal::Roll { .. } => {
                    g.play(&Action::Roll { dice: vec![rng.random_range(1..=6)] }).expect("a roll");
                }
                Legal::Choose { seat, actions } => {
                    let a = best(net, &g, &actions, 0);
                    g.play(&a).expect("a listed action");
                    let x = features(&g, seat);
                    if let Some(prev) = last[usize::from(seat)] {
                        // The network's value of the position just made (its features
                        // are `x`), or the result once the game is over.
                        let target = match g.ranking() {
                            Some(r) => f32::from(u8::from(r[usize::from(seat)] == 1)),
                            None => net.value(&x),
                        };
                        net.learn(&prev, target, rate);
                    }
                    last[usize::from(seat)] = Some(x);
                }
                _ => break,
            }
        }
        let ranking = g.ranking().expect("over");
        for seat in 0..2u8 {
            if let Some(prev) = last[usize::from(seat)] {
                net.learn(&prev, f32::from(u8::from(ranking[usize::from(seat)] == 1)), rate);
            }
        }
        if (n + 1) % 20_000 == 0 {
            eprintln!("{} games, {:.0} s", n + 1, start.elapsed().as_secs_f64());
        }
    }
}

/// The computers' own choices (the levels that use any).
struct Numbers(StdRng);

impl Entropy for Numbers {
    fn next_u32(&mut self) -> u32 {
        self.0.random()
    }
}

/// One game with the network at `net_seat` (at `ply`), the level at the other, on dice from
/// `seed`: whether the network won.
fn duel(net: &Net, ply: u8, level: Level, net_seat: Seat, seed: u64) -> bool {
    let mut dice = StdRng::seed_from_u64(seed);
    let mut numbers = Numbers(StdRng::seed_from_u64(seed ^ 0x5eed));
    let mut g = Ludo::new(2, LudoOptions::default()).expect("two players");
    loop {
        match g.legal() {
            Legal::RollOff { seats } => {
                let d = seats.iter().map(|_| dice.random_range(1..=6)).collect();
                g.play(&Action::Roll { dice: d }).expect("a roll-off");
            }
            Legal::Roll { .. } => {
                g.play(&Action::Roll { dice: vec![dice.random_range(1..=6)] }).expect("a roll");
            }
            Legal::Choose { seat, actions } => {
                let a = if seat == net_seat {
                    best(net, &g, &actions, ply)
                } else {
                    choose(&Game::Ludo(g.clone()), level, &mut numbers).expect("a choice")
                };
                g.play(&a).expect("a legal choice");
            }
            _ => break,
        }
    }
    g.ranking().expect("over")[usize::from(net_seat)] == 1
}

/// Mirrored games: each seed's dice played twice, the seats swapped. The network's share of
/// wins with its 95% interval.
fn mirrored(net: &Net, ply: u8, level: Level, games: u64, seed: u64) -> (f64, f64) {
    let wins: u64 = (0..games / 2)
        .map(|m| {
            let s = seed.wrapping_mul(1_000_003).wrapping_add(m);
            u64::from(duel(net, ply, level, 0, s)) + u64::from(duel(net, ply, level, 1, s))
        })
        .sum();
    let n = (games / 2 * 2) as f64;
    let p = wins as f64 / n;
    (p, 1.96 * (p * (1.0 - p) / n).sqrt())
}

fn main() {
    let arg = |i: usize, default: &str| std::env::args().nth(i).unwrap_or(default.to_owned());
    let games: u64 = arg(1, "100000").parse().expect("training games");
    let matches: u64 = arg(2, "4000").parse().expect("match games");
    let hidden: usize = arg(3, "40").parse().expect("hidden units");
    let seed: u64 = arg(4, "63").parse().expect("seed");
    let level: Level = arg(5, "hard").parse().expect("a level");
    let mut rng = StdRng::seed_from_u64(seed);
    let mut net = Net::new(hidden, &mut rng);
    let start = std::time::Instant::now();
    train(&mut net, games, seed);
    println!(
        "trained: {games} games, {hidden} hidden, seed {seed}, {:.0} s",
        start.elapsed().as_secs_f64()
    );
    for ply in [0, 1] {
        let (p, half) = mirrored(&net, ply, level, matches, seed + 1);
        println!(
            "network at {ply}-ply vs {}: {:.1}% of {matches} mirrored games (95%: {:.1}–{:.1})",
            level.word(),
            100.0 * p,
            100.0 * (p - half),
            100.0 * (p + half)
        );
    }
}
