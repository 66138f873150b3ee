//! Pairing a round.
//!
//! Swiss rounds are paired top down: the best-placed unpaired player takes the first partner in
//! order of preference (same points first; within a score group the top half meets the bottom
//! half, as in the Dutch system) whose choice still lets the rest be paired with as few repeat
//! meetings as any pairing of the whole round has. That number comes from a maximum matching of
//! the "never met" graph (Gabow's algorithm, `petgraph`), so no two players meet twice while
//! another pairing exists, and the greedy order only decides among pairings that are equally
//! good on that count.

use petgraph::graph::{NodeIndex, UnGraph};

use super::{Cup, Format, ROUND_ROBIN_MAX};

/// A round's tables.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pairing {
    /// The tables, each its players by entrant number in seat order (T4).
    pub tables: Vec<Vec<usize>>,
    /// Players who sit this round out and score a bye.
    pub byes: Vec<usize>,
}

/// Pairs round `round` (from 1) of the cup from the results so far. Withdrawn players are left
/// out. A round robin of more than [`ROUND_ROBIN_MAX`] players is paired as Swiss.
pub fn pair_round(cup: &Cup, round: u32) -> Pairing {
    let history = History::of(cup);
    match cup.format {
        Format::RoundRobin if cup.entrants.len() <= ROUND_ROBIN_MAX => {
            round_robin(cup, round, &history)
        }
        Format::Swiss | Format::RoundRobin => swiss(cup, round, &history),
        Format::Tables(seats) => tables(cup, round, seats.max(2) as usize),
    }
}

/// Who met whom, and who sat first, in the cup so far.
struct History {
    met: Vec<Vec<u16>>,
    /// Games in seat 0 minus games in seat 1 (two-seat games).
    balance: Vec<i32>,
    /// The seat of the most recent two-seat game.
    last: Vec<Option<usize>>,
    bye: Vec<bool>,
}

impl History {
    fn of(cup: &Cup) -> History {
        let n = cup.entrants.len();
        let mut h = History {
            met: vec![vec![0; n]; n],
            balance: vec![0; n],
            last: vec![None; n],
            bye: vec![false; n],
        };
        let mut games: Vec<_> = cup.games.iter().collect();
        games.sort_by_key(|g| g.round);
        for game in games {
            let players: Vec<usize> = game.players.iter().copied().filter(|&p| p < n).collect();
            for &a in &players {
                for &b in &players {
                    if a != b {
                        h.met[a][b] = h.met[a][b].saturating_add(1);
                    }
                }
            }
            if let [first, second] = players[..] {
                h.balance[first] += 1;
                h.balance[second] -= 1;
                h.last[first] = Some(0);
                h.last[second] = Some(1);
            }
        }
        for &(_, p) in &cup.byes {
            if let Some(b) = h.bye.get_mut(p) {
                *b = true;
            }
        }
        h
    }

    fn never(&self, a: usize, b: usize) -> bool {
        self.met[a][b] == 0
    }

    /// The largest number of pairs among `players` that have never met.
    fn fresh_pairs(&self, players: &[usize]) -> usize {
        let m = players.len();
        // Dirac: when everyone may still meet at least half of the others, there is a
        // Hamiltonian cycle, so an even number of players pairs up without a repeat.
        if m.is_multiple_of(2) {
            let min_degree = players
                .iter()
                .map(|&a| players.iter().filter(|&&b| b != a && self.never(a, b)).count())
                .min()
                .unwrap_or(0);
            if 2 * min_degree >= m {
                return m / 2;
            }
        }
        let mut graph = UnGraph::<(), ()>::with_capacity(m, m * m / 2);
        let nodes: Vec<NodeIndex> = players.iter().map(|_| graph.add_node(())).collect();
        for i in 0..m {
            for j in i + 1..m {
                if self.never(players[i], players[j]) {
                    graph.add_edge(nodes[i], nodes[j], ());
                }
            }
        }
        petgraph::algo::maximum_matching(&graph).len()
    }

    /// Seat order for two players: the one who sat first less often goes first; then the one
    /// who sat second last time; then the better placed in odd rounds, the other in even ones.
    fn orient(&self, better: usize, worse: usize, round: u32) -> Vec<usize> {
        let first_is_better = match self.balance[better].cmp(&self.balance[worse]) {
            std::cmp::Ordering::Less => true,
            std::cmp::Ordering::Greater => false,
            std::cmp::Ordering::Equal => match (self.last[better], self.last[worse]) {
                (Some(x), Some(y)) if x != y => x == 1,
                _ => round % 2 == 1,
            },
        };
        if first_is_better { vec![better, worse] } else { vec![worse, better] }
    }
}

/// The active players, best placed first: points, rating, sign-up order.
fn ranked(cup: &Cup) -> (Vec<usize>, Vec<u32>) {
    let points = cup.points();
    let mut players: Vec<usize> =
        (0..cup.entrants.len()).filter(|&p| !cup.entrants[p].withdrawn).collect();
    players.sort_by(|&a, &b| {
        points[b]
            .cmp(&points[a])
            .then(cup.entrants[b].rating.total_cmp(&cup.entrants[a].rating))
            .then(a.cmp(&b))
    });
    (players, points)
}

fn swiss(cup: &Cup, round: u32, h: &History) -> Pairing {
    let (mut left, points) = ranked(cup);
    let mut byes = Vec::new();
    if left.len() % 2 == 1 {
        let best = h.fresh_pairs(&left);
        // The lowest placed without a bye; among those with one only if nobody else can sit out.
        let mut candidates: Vec<usize> = left.iter().rev().copied().collect();
        candidates.sort_by_key(|&p| h.bye[p]);
        let without = |b: usize| left.iter().copied().filter(|&p| p != b).collect::<Vec<_>>();
        let bye = candidates
            .iter()
            .copied()
            .find(|&b| h.fresh_pairs(&without(b)) == best)
            .unwrap_or(candidates[0]);
        left.retain(|&p| p != bye);
        byes.push(bye);
    }
    let mut target = h.fresh_pairs(&left);
    let mut tables = Vec::with_capacity(left.len() / 2);
    while left.len() >= 2 {
        let p = left[0];
        let group: Vec<usize> = left.iter().copied().filter(|&q| points[q] == points[p]).collect();
        let half = group.len() / 2;
        let mut candidates: Vec<(u32, usize, usize)> = left[1..]
            .iter()
            .enumerate()
            .map(|(i, &q)| {
                let preference = match group.iter().position(|&g| g == q) {
                    Some(at) => at.abs_diff(half),
                    None => i + 1,
                };
                (points[p].abs_diff(points[q]), preference, q)
            })
            .collect();
        candidates.sort_unstable();
        let mut chosen = None;
        for &(_, _, q) in &candidates {
            let gain = usize::from(h.never(p, q));
            let rest: Vec<usize> = left.iter().copied().filter(|&r| r != p && r != q).collect();
            if gain + h.fresh_pairs(&rest) == target {
                chosen = Some((q, gain, rest));
                break;
            }
        }
        // Some partner always keeps the count (p's partner in a maximum matching).
        let (q, gain, rest) = chosen.unwrap_or_else(|| {
            let q = candidates[0].2;
            (
                q,
                usize::from(h.never(p, q)),
                left.iter().copied().filter(|&r| r != p && r != q).collect(),
            )
        });
        target = target.saturating_sub(gain);
        tables.push(h.orient(p, q, round));
        left = rest;
    }
    Pairing { tables, byes }
}

/// Everyone against everyone (the circle method over sign-up order): round r of n−1 (n when
/// one sits out each round). A withdrawn player's opponent scores a bye.
fn round_robin(cup: &Cup, round: u32, h: &History) -> Pairing {
    let mut ring: Vec<Option<usize>> = (0..cup.entrants.len()).map(Some).collect();
    if ring.len() % 2 == 1 {
        ring.push(None);
    }
    let m = ring.len();
    let mut tables = Vec::new();
    let mut byes = Vec::new();
    if m < 2 || round == 0 || round as usize > m - 1 {
        return Pairing { tables, byes };
    }
    ring[1..].rotate_right((round as usize - 1) % (m - 1));
    let playing = |p: Option<usize>| p.filter(|&p| !cup.entrants[p].withdrawn);
    for i in 0..m / 2 {
        match (playing(ring[i]), playing(ring[m - 1 - i])) {
            (Some(a), Some(b)) => tables.push(h.orient(a.min(b), a.max(b), round)),
            (Some(a), None) | (None, Some(a)) => byes.push(a),
            (None, None) => {}
        }
    }
    Pairing { tables, byes }
}

/// Tables of up to `seats`, as even as they can be, filled in order of the standings (T5: the
/// best placed together, in the order T6 gives them, Sonneborn–Berger and all, as players read
/// them); the seat order turns by one each round.
fn tables(cup: &Cup, round: u32, seats: usize) -> Pairing {
    let players: Vec<usize> = super::standings(cup)
        .into_iter()
        .map(|s| s.player)
        .filter(|&p| !cup.entrants[p].withdrawn)
        .collect();
    let n = players.len();
    if n < 2 {
        return Pairing { tables: Vec::new(), byes: players };
    }
    let count = n.div_ceil(seats);
    let (base, extra) = (n / count, n % count);
    let mut tables = Vec::with_capacity(count);
    let mut at = 0;
    for t in 0..count {
        let size = base + usize::from(t < extra);
        let mut table = players[at..at + size].to_vec();
        table.rotate_left((round as usize).saturating_sub(1) % size);
        tables.push(table);
        at += size;
    }
    Pairing { tables, byes: Vec::new() }
}
