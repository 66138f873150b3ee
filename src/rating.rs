//! Ratings: what a finished game does to its players' skill estimates. Pure: no IO, no clock
//! (times are inputs).
//!
//! The model is Weng-Lin's Bayesian approximation for online ranking ("OpenSkill"), from the
//! `skillratings` crate (<https://docs.rs/skillratings/0.29.2/skillratings/weng_lin/>): a
//! skill `mu` and its deviation `sigma` per person. Ludo rates every seat's finishing place
//! against every other seat (`weng_lin_multi_team`, each player a team of one); Long Nardy
//! rates the match result between its two seats (`weng_lin`), once per match point the winner
//! scored over the loser, so a mars (2 points) counts twice. Snakes & Ladders is pure chance
//! and is not rated.
//!
//! Computer seats have fixed skills per level ([`computer_skill`]), measured by
//! `dicetable ratings --calibrate` (see `src/tools/calibrate.rs`): they take part in a
//! person's update but are never changed themselves, so beating `easy` again and again gains
//! almost nothing once the person's rating is well above it.
//!
//! A rating is shown as `60 × mu` (a new player's 25 shows as 1500), provisional ("1532?")
//! while `sigma` is at least [`PROVISIONAL_SIGMA`]; `sigma` grows while a player is away
//! ([`Skill::aged`]).

use skillratings::weng_lin::{self, WengLinConfig, WengLinRating};
use skillratings::{MultiTeamOutcome, Outcomes};

use crate::engine::computer::Level;
use crate::engine::{Game, GameKind};

/// A new player's skill: the crate's defaults, 25 ± 25/3.
pub const START: Skill = Skill { mu: 25.0, sigma: 25.0 / 3.0 };

/// A rating is provisional ("1532?") while its deviation is at least this (shown: 150 points).
/// A new player needs about 18 Ludo games of four against `normal` computers to fall below it
/// (a test checks 6 to 16).
pub const PROVISIONAL_SIGMA: f64 = 2.5;

/// How much the variance `sigma²` grows per day without a rated game (capped at a new
/// player's): after a year away a settled `sigma` of 1.5 is back near 4.
pub const AWAY_VARIANCE_PER_DAY: f64 = 0.04;

/// Display points per unit of `mu`.
pub const SCALE: f64 = 60.0;

/// One day in milliseconds.
const DAY_MS: f64 = 86_400_000.0;

/// The deviation of a computer's fixed skill: small, as it was measured over thousands of games.
pub const COMPUTER_SIGMA: f64 = 1.0;

/// A skill estimate.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Skill {
    /// The estimate.
    pub mu: f64,
    /// Its deviation.
    pub sigma: f64,
}

impl Skill {
    /// The rating shown: `SCALE × mu`, rounded.
    pub fn shown(self) -> i64 {
        (self.mu * SCALE).round() as i64
    }

    /// The deviation shown: `SCALE × sigma`, rounded.
    pub fn shown_deviation(self) -> i64 {
        (self.sigma * SCALE).round() as i64
    }

    /// Whether the rating is still provisional (see [`PROVISIONAL_SIGMA`]).
    pub fn provisional(self) -> bool {
        self.sigma >= PROVISIONAL_SIGMA
    }

    /// The skill after `idle_ms` without a rated game: the variance grows by
    /// [`AWAY_VARIANCE_PER_DAY`] per day, never beyond a new player's deviation.
    pub fn aged(self, idle_ms: i64) -> Skill {
        let days = idle_ms.max(0) as f64 / DAY_MS;
        let variance = (self.sigma * self.sigma + AWAY_VARIANCE_PER_DAY * days)
            .min(START.sigma * START.sigma)
            .max(self.sigma * self.sigma);
        Skill { mu: self.mu, sigma: variance.sqrt() }
    }

    fn weng_lin(self) -> WengLinRating {
        WengLinRating { rating: self.mu, uncertainty: self.sigma }
    }

    fn from_weng_lin(r: WengLinRating) -> Skill {
        Skill { mu: r.rating, sigma: r.uncertainty }
    }
}

/// Whether a game is rated at all: Snakes & Ladders (pure chance) is not.
pub fn rated_game(kind: GameKind) -> bool {
    kind != GameKind::Snakes
}

/// A computer's fixed skill at a level in a game, as calibrated by
/// `dicetable ratings --calibrate` (the figures are in README).
pub fn computer_skill(kind: GameKind, level: Level) -> Skill {
    let mu = match (kind, level) {
        (GameKind::Ludo, Level::Easy) => LUDO[0],
        (GameKind::Ludo, Level::Normal) => LUDO[1],
        (GameKind::Ludo, Level::Hard) => LUDO[2],
        (GameKind::Nardy, Level::Easy) => NARDY[0],
        (GameKind::Nardy, Level::Normal) => NARDY[1],
        (GameKind::Nardy, Level::Hard) => NARDY[2],
        (GameKind::Snakes, _) => START.mu,
    };
    Skill { mu, sigma: COMPUTER_SIGMA }
}

/// Ludo's computers (easy, normal, hard), fitted to 10,000 games (README, "Ratings").
const LUDO: [f64; 3] = [18.66, 25.0, 26.29];
/// Long Nardy's computers (easy, normal, hard), fitted to 200 matches (README, "Ratings").
const NARDY: [f64; 3] = [10.03, 25.0, 29.13];

/// The model's settings: the crate's defaults (`beta` = 25/6).
pub fn config() -> WengLinConfig {
    WengLinConfig::new()
}

/// One seat of a finished game, as the rating sees it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Entrant {
    /// A person, with their skill before the game (already [`Skill::aged`]).
    Person(Skill),
    /// A computer of this level: its fixed skill, never changed.
    Computer(Level),
}

/// How many times a finished game counts: Long Nardy's winner's match points over the
/// loser's (a mars in a one-point match counts twice), at least once; every other game once.
pub fn weight(game: &Game) -> u32 {
    match game {
        Game::Nardy(g) => {
            let [a, b] = g.score();
            a.abs_diff(b).max(1)
        }
        _ => 1,
    }
}

/// The skills after a finished game: `ranks` are the seats' finishing places (1 = first; equal
/// places tie), `weight` from [`weight`]. Returns one skill per seat: a person's new skill, a
/// computer's fixed one.
pub fn rate(kind: GameKind, seats: &[Entrant], ranks: &[u32], weight: u32) -> Vec<Skill> {
    let config = config();
    let mut skills: Vec<Skill> = seats
        .iter()
        .map(|e| match *e {
            Entrant::Person(s) => s,
            Entrant::Computer(level) => computer_skill(kind, level),
        })
        .collect();
    if seats.len() < 2 || ranks.len() != seats.len() || !rated_game(kind) {
        return skills;
    }
    for _ in 0..weight.max(1) {
        let new: Vec<Skill> = if seats.len() == 2 {
            let outcome = match ranks[0].cmp(&ranks[1]) {
                std::cmp::Ordering::Less => Outcomes::WIN,
                std::cmp::Ordering::Greater => Outcomes::LOSS,
                std::cmp::Ordering::Equal => Outcomes::DRAW,
            };
            let (a, b) =
                weng_lin::weng_lin(&skills[0].weng_lin(), &skills[1].weng_lin(), &outcome, &config);
            vec![Skill::from_weng_lin(a), Skill::from_weng_lin(b)]
        } else {
            let teams: Vec<[WengLinRating; 1]> = skills.iter().map(|s| [s.weng_lin()]).collect();
            let ranked: Vec<(&[WengLinRating], MultiTeamOutcome)> = teams
                .iter()
                .zip(ranks)
                .map(|(t, &r)| (&t[..], MultiTeamOutcome::new(r as usize)))
                .collect();
            weng_lin::weng_lin_multi_team(&ranked, &config)
                .into_iter()
                .map(|t| Skill::from_weng_lin(t[0]))
                .collect()
        };
        for ((skill, new), seat) in skills.iter_mut().zip(new).zip(seats) {
            if matches!(seat, Entrant::Person(_)) {
                *skill = new;
            }
        }
    }
    skills
}

/// The chance of each seat to win (finish first), as the model predicts it from their skills.
pub fn win_chances(skills: &[Skill]) -> Vec<f64> {
    let config = config();
    if skills.len() == 2 {
        let (a, b) =
            weng_lin::expected_score(&skills[0].weng_lin(), &skills[1].weng_lin(), &config);
        return vec![a, b];
    }
    let teams: Vec<[WengLinRating; 1]> = skills.iter().map(|s| [s.weng_lin()]).collect();
    let refs: Vec<&[WengLinRating]> = teams.iter().map(|t| &t[..]).collect();
    weng_lin::expected_score_multi_team(&refs, &config)
}

/// How seasons are cut: calendar quarters by default.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Seasons {
    /// A month (`2026-12`).
    Month,
    /// A calendar quarter (`2026-Q4`).
    #[default]
    Quarter,
    /// Half a year (`2026-H2`).
    Half,
    /// A calendar year (`2026`).
    Year,
}

/// The season key of the all-time rating.
pub const ALL_TIME: &str = "all";

impl std::str::FromStr for Seasons {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "month" => Ok(Seasons::Month),
            "quarter" => Ok(Seasons::Quarter),
            "half" => Ok(Seasons::Half),
            "year" => Ok(Seasons::Year),
            _ => Err(format!("unknown season length {s:?}: month, quarter, half or year")),
        }
    }
}

impl Seasons {
    /// The season a moment (Unix ms, UTC) falls in.
    pub fn of(self, ms: i64) -> String {
        let (year, month) = year_month(ms);
        self.name(year, month)
    }

    /// The season before the one a moment falls in.
    pub fn before(self, ms: i64) -> String {
        let (year, month) = year_month(ms);
        let back = match self {
            Seasons::Month => 1,
            Seasons::Quarter => 3,
            Seasons::Half => 6,
            Seasons::Year => 12,
        };
        let months = year * 12 + i64::from(month) - 1 - back;
        self.name(months.div_euclid(12), (months.rem_euclid(12) + 1) as u32)
    }

    fn name(self, year: i64, month: u32) -> String {
        match self {
            Seasons::Month => format!("{year}-{month:02}"),
            Seasons::Quarter => format!("{year}-Q{}", (month - 1) / 3 + 1),
            Seasons::Half => format!("{year}-H{}", (month - 1) / 6 + 1),
            Seasons::Year => format!("{year}"),
        }
    }
}

/// The UTC year and month (1–12) of a Unix time in ms (Howard Hinnant's `civil_from_days`).
fn year_month(ms: i64) -> (i64, u32) {
    let days = ms.div_euclid(86_400_000);
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seasons_are_calendar_cuts() {
        // 2026-12-01 22:00 UTC.
        let ms = 1_796_162_400_000;
        assert_eq!(Seasons::Quarter.of(ms), "2026-Q4");
        assert_eq!(Seasons::Month.of(ms), "2026-12");
        assert_eq!(Seasons::Half.of(ms), "2026-H2");
        assert_eq!(Seasons::Year.of(ms), "2026");
        assert_eq!(Seasons::Quarter.before(ms), "2026-Q3");
        assert_eq!(Seasons::Year.before(ms), "2025");
        // 1970-01-01 and the last ms of 2025's first quarter.
        assert_eq!(Seasons::Quarter.of(0), "1970-Q1");
        assert_eq!(Seasons::Quarter.before(0), "1969-Q4");
        assert_eq!(Seasons::Quarter.of(1_743_465_599_999), "2025-Q1");
        assert_eq!(Seasons::Quarter.of(1_743_465_600_000), "2025-Q2");
    }

    #[test]
    fn beating_easy_again_and_again_gains_almost_nothing() {
        for kind in [GameKind::Ludo, GameKind::Nardy] {
            let mut me = START;
            let seats = if kind == GameKind::Ludo { 4 } else { 2 };
            let mut gains = Vec::new();
            for _ in 0..60 {
                let mut entrants = vec![Entrant::Person(me)];
                entrants.extend((1..seats).map(|_| Entrant::Computer(Level::Easy)));
                let ranks: Vec<u32> = (1..=seats as u32).collect();
                let after = rate(kind, &entrants, &ranks, 1)[0];
                gains.push(after.shown() - me.shown());
                me = after;
            }
            // The first wins count; the last ones almost nothing, and far less than one win
            // over hard computers at the same rating would.
            assert!(gains[0] > 20, "{kind:?}: {gains:?}");
            let last = *gains.last().unwrap();
            assert!(last <= 5, "{kind:?}: {gains:?}");
            let mut entrants = vec![Entrant::Person(me)];
            entrants.extend((1..seats).map(|_| Entrant::Computer(Level::Hard)));
            let ranks: Vec<u32> = (1..=seats as u32).collect();
            let hard = rate(kind, &entrants, &ranks, 1)[0].shown() - me.shown();
            assert!(hard > 2 * last.max(1), "{kind:?}: hard {hard}, easy {last}");
        }
    }

    #[test]
    fn computers_never_change_and_people_do() {
        let seats = [Entrant::Person(START), Entrant::Computer(Level::Hard)];
        let after = rate(GameKind::Nardy, &seats, &[2, 1], 1);
        assert_eq!(after[1], computer_skill(GameKind::Nardy, Level::Hard));
        assert!(after[0].mu < START.mu && after[0].sigma < START.sigma);
        // A mars counts twice.
        let twice = rate(GameKind::Nardy, &seats, &[2, 1], 2);
        assert!(twice[0].mu < after[0].mu);
        // Snakes is not rated.
        let snakes = rate(GameKind::Snakes, &[Entrant::Person(START); 2], &[1, 2], 1);
        assert_eq!(snakes, vec![START, START]);
    }

    #[test]
    fn a_rating_is_provisional_until_enough_games_and_again_after_long_away() {
        let mut me = START;
        let mut games = 0;
        while me.provisional() {
            let seats = [
                Entrant::Person(me),
                Entrant::Computer(Level::Normal),
                Entrant::Computer(Level::Normal),
                Entrant::Computer(Level::Normal),
            ];
            let ranks =
                [1 + games % 4, 1 + (games + 1) % 4, 1 + (games + 2) % 4, 1 + (games + 3) % 4];
            me = rate(GameKind::Ludo, &seats, &ranks, 1)[0];
            games += 1;
        }
        assert!((6..=20).contains(&games), "{games} games");
        // Away, the uncertainty grows: a month widens it, a long absence makes it provisional.
        assert!(me.aged(30 * 86_400_000).sigma > me.sigma);
        assert!(me.aged(400 * 86_400_000).provisional());
        assert!(me.aged(10_000 * 86_400_000).sigma <= START.sigma + 1e-12);
        assert_eq!(me.aged(-5), me);
        assert!(!Skill { mu: 25.0, sigma: 2.49 }.provisional());
    }

    #[test]
    fn levels_are_ordered() {
        for kind in [GameKind::Ludo, GameKind::Nardy] {
            let [e, n, h] = Level::ALL.map(|l| computer_skill(kind, l).mu);
            assert!(e < n && n < h, "{kind:?}");
        }
    }
}
