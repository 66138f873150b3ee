//! The standings: a pure function of the cup's stored results.

use super::{Cup, ahead};

/// One line of the standings.
#[derive(Debug, Clone, PartialEq)]
pub struct Standing {
    /// The entrant's number.
    pub player: usize,
    /// Place, from 1; players tied on every tie-break share it.
    pub place: usize,
    /// Points from games and byes.
    pub points: u32,
    /// Sonneborn–Berger: the points of every opponent this player finished ahead of, once per
    /// game.
    pub sonneborn: u32,
    /// Games finished (byes not counted).
    pub played: usize,
    /// Games won (first place).
    pub won: usize,
    /// Whether the player was withdrawn.
    pub withdrawn: bool,
}

/// The standings, best first: points, Sonneborn–Berger, the games among the players still tied
/// (finishing ahead of one of them minus finishing behind), rating, sign-up order.
pub fn standings(cup: &Cup) -> Vec<Standing> {
    let n = cup.entrants.len();
    let points = cup.points();
    let mut sonneborn = vec![0u32; n];
    let mut played = vec![0usize; n];
    let mut won = vec![0usize; n];
    for game in cup.games.iter().filter(|g| g.result.is_some()) {
        for &a in &game.players {
            if a >= n {
                continue;
            }
            played[a] += 1;
            let mut beat_all = true;
            for &b in game.players.iter().filter(|&&b| b != a && b < n) {
                if ahead(game, a, b) {
                    sonneborn[a] += points[b];
                } else {
                    beat_all = false;
                }
            }
            if beat_all && game.players.len() > 1 {
                won[a] += 1;
            }
        }
    }
    let key = |p: usize| (points[p], sonneborn[p]);
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| key(b).cmp(&key(a)).then(a.cmp(&b)));
    // Among players tied on points and Sonneborn–Berger: the games between them.
    let mut head = vec![0i64; n];
    let mut start = 0;
    while start < n {
        let end = (start..n).find(|&i| key(order[i]) != key(order[start])).unwrap_or(n);
        let tied = &order[start..end];
        if tied.len() > 1 {
            for game in cup.games.iter().filter(|g| g.result.is_some()) {
                for &a in tied {
                    for &b in tied {
                        if a != b && game.players.contains(&a) && game.players.contains(&b) {
                            head[a] += i64::from(ahead(game, a, b)) - i64::from(ahead(game, b, a));
                        }
                    }
                }
            }
        }
        start = end;
    }
    let rating = |p: usize| cup.entrants[p].rating;
    order.sort_by(|&a, &b| {
        key(b)
            .cmp(&key(a))
            .then(head[b].cmp(&head[a]))
            .then(rating(b).total_cmp(&rating(a)))
            .then(a.cmp(&b))
    });
    let mut lines: Vec<Standing> = Vec::with_capacity(n);
    for (i, &p) in order.iter().enumerate() {
        let same = |q: usize| key(q) == key(p) && head[q] == head[p] && rating(q) == rating(p);
        let place = match lines.last() {
            Some(last) if same(last.player) => last.place,
            _ => i + 1,
        };
        lines.push(Standing {
            player: p,
            place,
            points: points[p],
            sonneborn: sonneborn[p],
            played: played[p],
            won: won[p],
            withdrawn: cup.entrants[p].withdrawn,
        });
    }
    lines
}
