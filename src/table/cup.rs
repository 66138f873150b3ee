//! The group cup (issue 49): a tournament a chat runs over days. `/cup nardy 5 rounds 24h`
//! opens it; players sign up with its button (or `/cup join`); the host starts it (`/cup
//! start`); each round is paired by [`crate::engine::cup`] (docs/rules.md T1–T9) and its games
//! open as tables of the chat, seated and started; the timer ([`Play::tick`]) closes a
//! round's window, pairs the next round when the last game of one ends, and crowns the winner.
//!
//! The cup's row is its state and every change is guarded by its version
//! ([`crate::store::Store::update_cup`]): a round's pairing and its tables are written in one
//! transaction, so of several processes that see a round end at once exactly one pairs it. The
//! standings are never stored: they are computed from the stored results each time.

use super::fail::{Fail, ServiceError, say};
use super::i18n::{Arg, Lang};
use super::load::{Loaded, MAX_STRIKES};
use super::message::{Button, Kind, Post};
use super::token::{Button as TokenButton, Token};
use super::words::{self, Settings, Timer};
use super::{Ctx, CupOp, Cups, Target, View};
use crate::engine::cup::{self, Cup, CupGame, Entrant, Format, Seat as CupSeat};
use crate::engine::{Action, GameKind};
use crate::game::fair::Seed;
use crate::ids::{ChatId, MessageRef, TableId, UserId, Version};
use crate::store::{
    CupChange, CupGameRow, CupPlayer, CupRecord, CupStatus, SeatRecord, StoreError, TableRecord,
    TableStatus,
};

/// The most rounds a cup plays.
const MOST_ROUNDS: u32 = 15;
/// The rounds a cup plays when not told.
const DEFAULT_ROUNDS: u32 = 5;
/// A round's window when not told: a day.
const DEFAULT_WINDOW_MS: i64 = 86_400_000;
/// The shortest and longest window.
const WINDOW_MS: std::ops::RangeInclusive<i64> = 60_000..=7 * 86_400_000;
/// How often a change to a cup is tried again when another came first.
const TRIES: usize = 16;
/// The rating of a player with none yet.
const UNRATED: f64 = 1500.0;

/// What `/cup <game> …` asks for, read from its words.
#[derive(Debug, Clone, PartialEq)]
struct Plan {
    rounds: Option<u32>,
    window_ms: i64,
    format: Format,
    /// When sign-up closes and the cup begins by itself, if said.
    start: Option<Start>,
    /// The words left for the game's options and the tables' settings.
    rest: Vec<String>,
}

/// A cup's start time, as said.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Start {
    /// After this long (`start=2h`).
    In(i64),
    /// At this minute of the host's day (`start=18:30`, in their `/notify tz` time).
    At(i64),
}

impl Start {
    /// The start as a time (Unix ms), from `now` and the host's offset from UTC (minutes).
    fn at(self, now: i64, tz_min: i32) -> i64 {
        const DAY: i64 = 86_400_000;
        match self {
            Start::In(ms) => now + ms,
            Start::At(minute) => {
                let offset = i64::from(tz_min) * 60_000;
                let local = now + offset;
                let mut at = local.div_euclid(DAY) * DAY + minute * 60_000;
                if at <= local {
                    at += DAY;
                }
                at - offset
            }
        }
    }
}

/// A start word's value: a duration (`2h`) or a time of day (`18:30`).
fn start_word(value: &str) -> Option<Start> {
    let Some((hh, mm)) = value.split_once(':') else { return duration_ms(value).map(Start::In) };
    let digits = |t: &str| !t.is_empty() && t.len() <= 2 && t.bytes().all(|b| b.is_ascii_digit());
    if !digits(hh) || mm.len() != 2 || !digits(mm) {
        return None;
    }
    let (h, m): (i64, i64) = (hh.parse().ok()?, mm.parse().ok()?);
    (h < 24 && m < 60).then_some(Start::At(h * 60 + m))
}

/// Reads the cup's own words among `/cup <game>`'s: `5 rounds` (`rounds=5`), a window (`24h`,
/// `90m`, `2d`, `window=24h`), `roundrobin` (`rr`) or `swiss`, `4 seats` (`seats=4`), a start
/// time (`start=2h`, `start=18:30`). The rest are the game's options and its tables'
/// settings, as for a table.
fn plan(game: GameKind, words: &[String]) -> Result<Plan, Fail> {
    let word_refused = |w: &str| Fail::Say("err-cup-word", vec![("word", w.to_owned().into())]);
    let lower: Vec<String> = words.iter().map(|w| w.trim().to_lowercase()).collect();
    // Each setting with the words that set it: said twice differently, the words contradict
    // each other and are refused by name (issue 61: `swiss rr`, `3 rounds 5 rounds`).
    let (mut rounds, mut window_ms, mut seats, mut round_robin) = (None, None, None, None);
    let mut start = None;
    let mut rest = Vec::new();
    let mut i = 0;
    while i < lower.len() {
        let w = lower[i].as_str();
        let next = lower.get(i + 1).map(String::as_str);
        let number = w.parse::<u32>().ok().filter(|_| w.bytes().all(|b| b.is_ascii_digit()));
        let said = || words[i].clone();
        match (w, number, next) {
            (_, Some(n), Some("round" | "rounds")) => {
                once(&mut rounds, n, format!("{} {}", words[i], words[i + 1]))?;
                i += 1;
            }
            (_, Some(n), Some("seat" | "seats" | "players")) => {
                once(&mut seats, n, format!("{} {}", words[i], words[i + 1]))?;
                i += 1;
            }
            ("swiss", ..) => once(&mut round_robin, false, said())?,
            ("roundrobin" | "round-robin" | "rr", ..) => once(&mut round_robin, true, said())?,
            _ => {
                if let Some(v) = w.strip_prefix("rounds=") {
                    let n = v.parse().map_err(|_| word_refused(&words[i]))?;
                    once(&mut rounds, n, said())?;
                } else if let Some(v) = w.strip_prefix("seats=") {
                    let n = v.parse().map_err(|_| word_refused(&words[i]))?;
                    once(&mut seats, n, said())?;
                } else if let Some(v) = w.strip_prefix("start=") {
                    let at = start_word(v).ok_or_else(|| say("err-cup-start"))?;
                    if matches!(at, Start::In(ms) if !WINDOW_MS.contains(&ms)) {
                        return Err(say("err-cup-start"));
                    }
                    once(&mut start, at, said())?;
                } else if let Some(ms) = duration_ms(w.strip_prefix("window=").unwrap_or(w)) {
                    once(&mut window_ms, ms, said())?;
                } else if w.starts_with("window=") || looks_like_a_time(w) {
                    return Err(say("err-cup-window"));
                } else {
                    rest.push(words[i].clone());
                }
            }
        }
        i += 1;
    }
    let (rounds, window_ms, seats) =
        (rounds.map(|s| s.0), window_ms.map(|s| s.0), seats.map(|s: (u32, _)| s.0));
    let (round_robin, start) = (round_robin.is_some_and(|s| s.0), start.map(|s| s.0));
    if rounds.is_some_and(|r| r == 0 || r > MOST_ROUNDS) {
        return Err(Fail::Say("err-cup-rounds", vec![("max", Arg::Number(MOST_ROUNDS.into()))]));
    }
    let window_ms = window_ms.unwrap_or(DEFAULT_WINDOW_MS);
    if !WINDOW_MS.contains(&window_ms) {
        return Err(say("err-cup-window"));
    }
    let most = *game.players().end();
    let seats = seats.map_or(if game == GameKind::Nardy { 2 } else { 4.min(most) }, |s| s as usize);
    if !game.players().contains(&seats) {
        let range = [
            ("min", Arg::Number(*game.players().start() as i64)),
            ("max", Arg::Number(most as i64)),
        ];
        return Err(Fail::Say("err-cup-seats", range.to_vec()));
    }
    let format = match (seats, round_robin) {
        (2, true) => Format::RoundRobin,
        (2, false) => Format::Swiss,
        (_, true) => return Err(say("err-cup-round-robin")),
        (n, false) => Format::Tables(n as u8),
    };
    Ok(Plan { rounds, window_ms, format, start, rest })
}

/// Sets a cup's setting once: said again with the same value it stays; with another, the two
/// words are refused together (`err-cup-contradiction`).
fn once<T: PartialEq>(slot: &mut Option<(T, String)>, value: T, said: String) -> Result<(), Fail> {
    match slot {
        Some((was, _)) if *was == value => Ok(()),
        Some((_, first)) => Err(Fail::Say(
            "err-cup-contradiction",
            vec![("first", first.clone().into()), ("second", said.into())],
        )),
        None => {
            *slot = Some((value, said));
            Ok(())
        }
    }
}

/// A word that is a number with a unit the cup does not know (`5s`, `3w`): a round's time
/// said wrong, not a table's option.
fn looks_like_a_time(word: &str) -> bool {
    let digits = word.bytes().take_while(u8::is_ascii_digit).count();
    digits > 0 && digits < word.len() && word[digits..].bytes().all(|b| b.is_ascii_alphabetic())
}

/// A duration word: `90m`, `24h`, `2d`.
fn duration_ms(word: &str) -> Option<i64> {
    let unit = match word.chars().last()? {
        'm' => 60_000,
        'h' => 3_600_000,
        'd' => 86_400_000,
        _ => return None,
    };
    let digits = &word[..word.len() - 1];
    if digits.is_empty() || digits.len() > 4 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse::<i64>().ok().map(|n| n * unit)
}

/// The turn timer of a cup's tables (T7): the longest of the timers that is at most an eighth
/// of the window (the shortest, one minute, for windows under eight minutes).
fn fitted_timer(window_ms: i64) -> Timer {
    [Timer::Day, Timer::Hour, Timer::FiveMinutes, Timer::Minute]
        .into_iter()
        .find(|t| t.millis().is_some_and(|ms| ms * 8 <= window_ms))
        .unwrap_or(Timer::Minute)
}

/// A stored cup as the engine's pairing and standings see it.
struct Read {
    rec: CupRecord,
    game: GameKind,
    format: Format,
    cup: Cup,
}

impl Read {
    /// A stored cup, checked as a table is ([`Loaded::read`]): a row this code cannot have
    /// written (options or settings that do not read, rounds out of range, a game naming a
    /// player the cup does not have, a rating that is no number, …) is damage, refused with
    /// the cup's own message and logged once, never shown with a stand-in (issue 61).
    fn of(rec: CupRecord) -> Result<Read, ServiceError> {
        let damaged = |why: String| ServiceError::DamagedCup(rec.id, why);
        let game: GameKind =
            rec.game.parse().map_err(|_| damaged(format!("game {:?}", rec.game)))?;
        super::load::checked_options(game, &rec.options, &rec.settings).map_err(damaged)?;
        let format: Format =
            serde_json::from_str(&rec.format).map_err(|e| damaged(format!("format: {e}")))?;
        // A round robin plays a round per opponent (up to 63); anything else at most 15.
        let most = (MOST_ROUNDS as usize).max(rec.players.len()) as i32;
        if !(1..=most).contains(&rec.rounds) || !(0..=rec.rounds).contains(&rec.round) {
            return Err(damaged(format!("round {} of {}", rec.round, rec.rounds)));
        }
        if !WINDOW_MS.contains(&rec.window_ms) {
            return Err(damaged(format!("a round's window of {} ms", rec.window_ms)));
        }
        if let Some(p) = rec.players.iter().find(|p| !p.rating.is_finite() || p.excused < 0) {
            return Err(damaged(format!(
                "player {} ({:?}): rating {}, {} excused",
                p.seq, p.name, p.rating, p.excused
            )));
        }
        let entrants = rec
            .players
            .iter()
            .map(|p| Entrant { rating: p.rating, withdrawn: p.withdrawn })
            .collect();
        let mut cup = Cup { format, entrants, games: Vec::new(), byes: Vec::new() };
        for g in &rec.games {
            let at = || format!("round {} game {}", g.round, g.board);
            let players: Vec<usize> =
                serde_json::from_str(&g.players).map_err(|e| damaged(format!("{}: {e}", at())))?;
            let unknown = players.iter().find(|&&p| p >= rec.players.len());
            if let Some(p) = unknown {
                return Err(damaged(format!("{}: player {p} of {}", at(), rec.players.len())));
            }
            let distinct: std::collections::BTreeSet<_> = players.iter().collect();
            let seats = if g.table.is_some() { 2..=usize::MAX } else { 1..=1 };
            if distinct.len() != players.len() || !seats.contains(&players.len()) {
                return Err(damaged(format!("{}: players {}", at(), g.players)));
            }
            if !(1..=rec.round).contains(&g.round) {
                return Err(damaged(format!("{} while the cup is at round {}", at(), rec.round)));
            }
            let round = u32::try_from(g.round).unwrap_or(0);
            if g.table.is_none() {
                cup.byes.extend(players.first().map(|&p| (round, p)));
                continue;
            }
            let result = match &g.result {
                Some(json) => Some(
                    serde_json::from_str::<Vec<CupSeat>>(json)
                        .map_err(|e| damaged(format!("result of round {}: {e}", g.round)))?,
                ),
                None => None,
            };
            cup.games.push(CupGame { round, players, result });
        }
        Ok(Read { rec, game, format, cup })
    }

    fn name(&self, player: usize) -> String {
        self.rec.players.get(player).map_or_else(|| "?".to_owned(), |p| p.name.clone())
    }

    /// A player's forfeits in the cup that were not excused (T8, T9).
    fn unexcused(&self, player: usize) -> usize {
        let excused = self.rec.players.get(player).map_or(0, |p| p.excused.max(0) as usize);
        self.cup.forfeits(player).saturating_sub(excused)
    }

    /// The player a command names: by id, or by name as signed up (case aside, `@` aside).
    fn player(&self, who: &Target) -> Option<usize> {
        self.rec.players.iter().position(|p| match who {
            Target::User { id, .. } => p.user == *id,
            Target::Typed(_) => p.name.to_lowercase() == who.name().to_lowercase(),
        })
    }

    /// The games of the current round still being played.
    fn open_games(&self) -> impl Iterator<Item = &CupGameRow> {
        self.rec.games.iter().filter(|g| {
            g.round == self.rec.round
                && matches!(g.table_status, Some(TableStatus::Lobby | TableStatus::Playing))
        })
    }
}

impl Cups<'_> {
    /// `/cup …`.
    pub(super) async fn cup(&self, ctx: &Ctx, op: CupOp) -> Result<Vec<View>, Fail> {
        match op {
            CupOp::Create { game, words } => self.cup_create(ctx, game, &words).await,
            CupOp::Show => self.cup_show(ctx).await,
            CupOp::Join => self.cup_join(ctx, None).await,
            CupOp::Leave => self.cup_leave(ctx).await,
            CupOp::Start => self.cup_start(ctx, None).await,
            CupOp::Cancel => self.cup_cancel(ctx).await,
            CupOp::Excuse(who) => self.cup_excuse(ctx, &who).await,
            CupOp::Lift(who) => self.cup_lift(ctx, &who).await,
            CupOp::Export => self.cup_export(ctx).await,
        }
    }

    /// A cup's button: sign up, or start it.
    pub(super) async fn cup_press(&self, ctx: &Ctx, token: &Token) -> Result<Vec<View>, Fail> {
        let id = i64::try_from(token.table).map_err(|_| say("err-forged"))?;
        match token.button {
            TokenButton::CupJoin => self.cup_join(ctx, Some(id)).await,
            _ => self.cup_start(ctx, Some(id)).await,
        }
    }

    async fn cup_create(
        &self,
        ctx: &Ctx,
        game: GameKind,
        words: &[String],
    ) -> Result<Vec<View>, Fail> {
        let plan = plan(game, words)?;
        let lang = self.user_lang(ctx).await;
        let threads = ctx.chat.platform() == crate::ids::Platform::Discord;
        // On Discord a cup's games play in threads of their own unless `thread=off`: a
        // round's games at once would crowd the channel.
        let creator = Settings { lang: Some(lang), thread: threads, ..Settings::default() };
        let (options, mut settings) = words::apply(game, None, creator, &plan.rest, threads)
            .map_err(|e| super::lobby::word_refusal(threads, game, e))?;
        if settings.private {
            return Err(say("err-cup-private"));
        }
        settings.timer = fitted_timer(plan.window_ms);
        let bots = match settings.bots.take() {
            Some(u8::MAX) => 1,
            Some(n) => usize::from(n),
            None => 0,
        };
        let internal = |e: serde_json::Error| Fail::Internal(ServiceError::Internal(e.to_string()));
        let mut players = vec![CupPlayer {
            seq: 0,
            user: ctx.user.clone(),
            name: ctx.name.clone(),
            rating: self.cup_rating(&ctx.user, game).await,
            withdrawn: false,
            excused: 0,
        }];
        for k in 1..=bots.min(63) {
            players.push(CupPlayer {
                seq: k as i32,
                user: UserId::computer(settings.level, k),
                name: self.lobby().computer_name(lang, k, settings.level),
                rating: UNRATED,
                withdrawn: false,
                excused: 0,
            });
        }
        let rec = CupRecord {
            chat: ctx.chat.clone(),
            game: game.name().to_owned(),
            options: serde_json::to_string(&options).map_err(internal)?,
            settings: serde_json::to_string(&settings).map_err(internal)?,
            format: serde_json::to_string(&plan.format).map_err(internal)?,
            rounds: plan.rounds.unwrap_or(DEFAULT_ROUNDS) as i32,
            window_ms: plan.window_ms,
            host: ctx.user.clone(),
            status: CupStatus::Signup,
            updated_ms: self.clock.now_ms(),
            starts_ms: match plan.start {
                Some(start) => Some(start.at(self.clock.now_ms(), self.user_tz(ctx).await)),
                None => None,
            },
            players,
            ..CupRecord::default()
        };
        let id = match self.store.cups().create_cup(&rec).await {
            Ok(id) => id,
            Err(StoreError::CupExists) => return Err(say("err-cup-exists")),
            Err(e) => return Err(e.into()),
        };
        tracing::info!(cup = id, chat = %ctx.chat, game = game.name(), "a cup opened");
        let c = self.read_cup(id).await?;
        let lang = self.cup_lang(&c.rec).await;
        Ok(vec![self.cup_signup_view(&c, lang)])
    }

    /// The cup's sign-up message: what it plays, who signed up, and its buttons.
    fn cup_signup_view(&self, c: &Read, lang: Lang) -> View {
        let mut lines = vec![self.i18n.text(
            lang,
            "cup-created",
            &[
                ("game", self.views().game_name(lang, c.game).into()),
                ("rounds", Arg::Number(c.rec.rounds.into())),
                ("window", self.cup_window(lang, c.rec.window_ms).into()),
                ("format", self.cup_format(lang, c.format).into()),
            ],
        )];
        lines.push(self.cup_players_line(c, lang));
        lines.push(self.cup_how(c, lang));
        lines.extend(self.cup_starts_line(c, lang));
        let token = |button| Token { table: c.rec.id as u64, version: 0, button }.encode(&self.key);
        let buttons = vec![vec![
            Button {
                label: self.i18n.text(lang, "button-cup-join", &[]),
                token: token(TokenButton::CupJoin),
            },
            Button {
                label: self.i18n.text(lang, "button-cup-start", &[]),
                token: token(TokenButton::CupStart),
            },
        ]];
        Self::cup_words_view(c, lang, lines.join("\n"), buttons)
    }

    /// The cup's message while it has no picture: its words and its buttons.
    fn cup_words_view(c: &Read, lang: Lang, text: String, buttons: Vec<Vec<Button>>) -> View {
        let message = super::Standings {
            cup: c.rec.id,
            version: Self::standings_version(c),
            image: None,
            alt: None,
            buttons,
            replaced: None,
        };
        View::new(Some(lang), text, Kind::Standings(message))
    }

    /// The cup's own message as it stands now: its sign-up, its standings, or its end.
    async fn cup_message_view(&self, c: &Read) -> View {
        let lang = self.cup_lang(&c.rec).await;
        match c.rec.status {
            CupStatus::Signup => self.cup_signup_view(c, lang),
            CupStatus::Cancelled => self.cup_cancelled_view(c, lang),
            _ => self.cup_live_view(c, lang, None).await,
        }
    }

    /// The chat's open cup's own message as it stands now (its sign-up or its standings), and
    /// the message recorded as showing it, if any: for an adapter that lost its messages (the
    /// playground after a restart) to show it again in its place.
    pub async fn open_cup_message(&self, chat: &ChatId) -> Option<(View, Option<MessageRef>)> {
        let id = match self.store.cups().open_cup(chat).await {
            Ok(id) => id?,
            Err(e) => {
                tracing::warn!(%chat, error = %e, "reading the chat's cup failed");
                return None;
            }
        };
        let c = self.read_cup(id).await.ok()?;
        let view = self.cup_message_view(&c).await;
        let shown = match self.store.shows().cup_message(id).await {
            Ok(shown) => shown.map(|(m, _)| m),
            Err(e) => {
                tracing::warn!(cup = id, error = %e, "reading the cup's message failed");
                None
            }
        };
        Some((view, shown))
    }

    /// A private answer to the one who pressed, and the cup's own message as it now stands.
    async fn cup_answer(
        &self,
        ctx: &Ctx,
        lang: Lang,
        text: String,
        cup: i64,
    ) -> Result<Vec<View>, Fail> {
        let now = self.read_cup(cup).await?;
        Ok(vec![
            View::private(Some(lang), text, ctx.user.clone()),
            self.cup_message_view(&now).await,
        ])
    }

    /// A cancelled cup's message: said so, its buttons gone.
    fn cup_cancelled_view(&self, c: &Read, lang: Lang) -> View {
        let game = self.views().game_name(lang, c.game);
        let text = match &c.rec.cancelled_by {
            Some(by) => {
                let args = [("game", game.into()), ("name", by.clone().into())];
                self.i18n.text(lang, "cup-cancelled", &args)
            }
            None => self.i18n.text(lang, "cup-cancelled-unattended", &[("game", game.into())]),
        };
        Self::cup_words_view(c, lang, text, Vec::new())
    }

    /// When a cup with a start time begins by itself, in words.
    fn cup_starts_line(&self, c: &Read, lang: Lang) -> Option<String> {
        let at = c.rec.starts_ms.filter(|_| c.rec.status == CupStatus::Signup)?;
        let left = self.cup_left(lang, at - self.clock.now_ms());
        Some(self.i18n.text(lang, "cup-starts-in", &[("left", left.into())]))
    }

    /// A person's offset from UTC in minutes, as `/notify tz` set it (0 when unset).
    async fn user_tz(&self, ctx: &Ctx) -> i32 {
        match self.store.notify(&ctx.user).await {
            Ok(stored) => {
                super::NotifyChoice::read(&stored.map(|(n, _)| n).unwrap_or_default()).tz_min
            }
            Err(e) => {
                tracing::warn!(error = %e, "reading a time zone for a cup failed");
                0
            }
        }
    }

    /// How to sign up and start, as the cup's platform says it.
    fn cup_how(&self, c: &Read, lang: Lang) -> String {
        let discord = c.rec.chat.platform() == crate::ids::Platform::Discord;
        let key = if discord { "cup-signup-how-discord" } else { "cup-signup-how" };
        self.i18n.text(lang, key, &[])
    }

    fn cup_players_line(&self, c: &Read, lang: Lang) -> String {
        let names: Vec<String> = c.rec.players.iter().map(|p| p.name.clone()).collect();
        self.i18n.text(
            lang,
            "cup-players",
            &[
                ("count", Arg::Number(names.len() as i64)),
                ("names", super::shown_names(lang, &names).into()),
            ],
        )
    }

    fn cup_format(&self, lang: Lang, format: Format) -> String {
        match format {
            Format::Swiss => self.i18n.text(lang, "cup-format-swiss", &[]),
            Format::RoundRobin => self.i18n.text(lang, "cup-format-round-robin", &[]),
            Format::Tables(n) => {
                self.i18n.text(lang, "cup-format-tables", &[("seats", Arg::Number(n.into()))])
            }
        }
    }

    /// A window's length in words: days, hours or minutes, whichever says it exactly.
    fn cup_window(&self, lang: Lang, ms: i64) -> String {
        let minutes = ms / 60_000;
        let (key, n) = if minutes % 1440 == 0 {
            ("cup-days", minutes / 1440)
        } else if minutes % 60 == 0 {
            ("cup-hours", minutes / 60)
        } else {
            ("cup-minutes", minutes)
        };
        self.i18n.text(lang, key, &[("n", Arg::Number(n))])
    }

    /// A time left in words, rounded up to what a reader needs: days from two days, hours from
    /// an hour, else minutes.
    fn cup_left(&self, lang: Lang, ms: i64) -> String {
        let up = |unit: i64| (ms.max(1) + unit - 1) / unit;
        let (key, n) = match ms {
            _ if ms >= 2 * 86_400_000 => ("cup-days", up(86_400_000)),
            _ if ms >= 3_600_000 => ("cup-hours", up(3_600_000)),
            _ => ("cup-minutes", up(60_000)),
        };
        self.i18n.text(lang, key, &[("n", Arg::Number(n))])
    }

    /// The language of a cup's messages: its chat's, else its creator's.
    async fn cup_lang(&self, c: &CupRecord) -> Lang {
        let settings: Settings = serde_json::from_str(&c.settings).unwrap_or_default();
        self.stored_chat_lang(&c.chat).await.or(settings.lang).unwrap_or_default()
    }

    /// A player's rating in `game` for seeding: all time, 1500 with none.
    async fn cup_rating(&self, user: &UserId, game: GameKind) -> f64 {
        match self.store.ratings().user_ratings(user, "all").await {
            Ok(rows) => rows
                .into_iter()
                .find(|(g, season, _)| g == game.name() && season == "all")
                .and_then(|(_, _, row)| row.mu)
                .map_or(UNRATED, |mu| 60.0 * mu),
            Err(e) => {
                tracing::warn!(error = %e, "reading a rating for a cup failed");
                UNRATED
            }
        }
    }

    /// Stores `next` with `change`, if the cup is still as read: false when another change
    /// came first (the caller reads the cup again and tries again).
    async fn cup_stored(&self, next: &CupRecord, change: &CupChange<'_>) -> Result<bool, Fail> {
        match self.store.cups().update_cup(next, change).await {
            Ok(_) => Ok(true),
            Err(StoreError::CupConflict(_)) => Ok(false),
            Err(e) => Err(e.into()),
        }
    }

    async fn read_cup(&self, id: i64) -> Result<Read, Fail> {
        let rec = match self.store.cups().cup(id).await {
            Ok(rec) => rec,
            Err(StoreError::NoCup(_)) => return Err(say("err-cup-none")),
            Err(StoreError::BadCupRow { why, .. }) => {
                return Err(Fail::Internal(ServiceError::DamagedCup(id, why)));
            }
            Err(e) => return Err(e.into()),
        };
        Ok(Read::of(rec)?)
    }

    /// The chat's open cup, or the one a button names (which must be this chat's).
    async fn open_cup(&self, ctx: &Ctx, id: Option<i64>) -> Result<Read, Fail> {
        let id = match id {
            Some(id) => id,
            None => {
                self.store.cups().open_cup(&ctx.chat).await?.ok_or_else(|| say("err-cup-none"))?
            }
        };
        let c = self.read_cup(id).await?;
        if c.rec.chat != ctx.chat {
            return Err(say("err-other-chat"));
        }
        Ok(c)
    }

    async fn cup_join(&self, ctx: &Ctx, id: Option<i64>) -> Result<Vec<View>, Fail> {
        for _ in 0..TRIES {
            let c = self.open_cup(ctx, id).await?;
            // An ended cup says so first, to its players too (not "already signed up").
            ended(&c)?;
            if c.rec.players.iter().any(|p| p.user == ctx.user) {
                return Err(say("err-cup-signed"));
            }
            self.no_show_wait(ctx).await?;
            // Late sign-up until half the rounds have started.
            let late_ok = c.rec.status == CupStatus::Playing
                && c.format != Format::RoundRobin
                && c.rec.round * 2 <= c.rec.rounds;
            if c.rec.status != CupStatus::Signup && !late_ok {
                return Err(say("err-cup-closed"));
            }
            let seq = c.rec.players.iter().map(|p| p.seq + 1).max().unwrap_or(0);
            let player = CupPlayer {
                seq,
                user: ctx.user.clone(),
                name: ctx.name.clone(),
                rating: self.cup_rating(&ctx.user, c.game).await,
                withdrawn: false,
                excused: 0,
            };
            let mut next = c.rec.clone();
            next.updated_ms = self.clock.now_ms();
            let join = [player];
            if !self.cup_stored(&next, &CupChange { join: &join, ..CupChange::default() }).await? {
                continue;
            }
            let lang = self.user_lang(ctx).await;
            let args = [
                ("game", self.views().game_name(lang, c.game).into()),
                ("count", Arg::Number(c.rec.players.len() as i64 + 1)),
            ];
            let text = self.i18n.text(lang, "cup-joined", &args);
            return self.cup_answer(ctx, lang, text, c.rec.id).await;
        }
        Err(kept_changing())
    }

    /// T9: refuses a sign-up while the player's no-show wait runs, saying how long is left.
    async fn no_show_wait(&self, ctx: &Ctx) -> Result<(), Fail> {
        let ids = self.store.cups().ended_cups_of(&ctx.chat, &ctx.user, 12).await?;
        let (mut streak, mut ended) = (0, None);
        for id in ids {
            let c = self.read_cup(id).await?;
            let Some(i) = c.rec.players.iter().position(|p| p.user == ctx.user) else { break };
            if c.unexcused(i) == 0 {
                break;
            }
            streak += 1;
            ended = ended.or(Some(c.rec.updated_ms));
        }
        let wait = cup::no_show_wait_ms(streak);
        let left = ended.map_or(0, |e| e + wait - self.clock.now_ms());
        if wait > 0 && left > 0 {
            let lang = self.user_lang(ctx).await;
            let args = vec![
                ("cups", Arg::Number(streak as i64)),
                ("left", self.cup_left(lang, left).into()),
            ];
            return Err(Fail::Say("err-cup-wait", args));
        }
        Ok(())
    }

    /// `/cup excuse Ana`: one of Ana's forfeits no longer counts (T8); withdrawn for it, she is
    /// paired again.
    async fn cup_excuse(&self, ctx: &Ctx, who: &Target) -> Result<Vec<View>, Fail> {
        for _ in 0..TRIES {
            let c = self.open_cup(ctx, None).await?;
            if c.rec.host != ctx.user && !ctx.admin {
                return Err(say("err-cup-host"));
            }
            let named =
                || Fail::Say("err-cup-unknown", vec![("name", who.name().to_owned().into())]);
            let i = c.player(who).ok_or_else(named)?;
            let p = &c.rec.players[i];
            if c.unexcused(i) == 0 {
                return Err(Fail::Say("err-cup-no-forfeit", vec![("name", p.name.clone().into())]));
            }
            let back = p.withdrawn && c.unexcused(i) - 1 < 2;
            let seq = [p.seq];
            let mut next = c.rec.clone();
            next.updated_ms = self.clock.now_ms();
            let change = CupChange {
                excuse: &seq,
                reinstate: if back { &seq } else { &[] },
                ..CupChange::default()
            };
            if !self.cup_stored(&next, &change).await? {
                continue;
            }
            let lang = self.cup_lang(&c.rec).await;
            let key = if back { "cup-excused-back" } else { "cup-excused" };
            let args = [("name", p.name.clone().into()), ("by", ctx.name.clone().into())];
            return Ok(vec![View::post(Some(lang), self.i18n.text(lang, key, &args))]);
        }
        Err(kept_changing())
    }

    /// `/cup lift Ana` (a chat admin): Ana's no-show wait in this chat is lifted (T9).
    async fn cup_lift(&self, ctx: &Ctx, who: &Target) -> Result<Vec<View>, Fail> {
        if !ctx.admin {
            return Err(say("err-cup-admin"));
        }
        let user = match who {
            Target::User { id, .. } => Some(id.clone()),
            Target::Typed(_) => self.store.cups().cup_player_named(&ctx.chat, who.name()).await?,
        };
        let Some(user) = user else {
            return Err(Fail::Say("err-cup-unknown", vec![("name", who.name().to_owned().into())]));
        };
        self.store.cups().lift_cup_wait(&ctx.chat, &user, self.clock.now_ms()).await?;
        let lang = self.chat_lang(ctx).await;
        let args = [("name", who.name().to_owned().into())];
        // Discord says "channel" (`cup-lifted-discord`).
        Ok(vec![View::post(Some(lang), self.text_for(ctx, lang, "cup-lifted", &args))])
    }

    async fn cup_leave(&self, ctx: &Ctx) -> Result<Vec<View>, Fail> {
        for _ in 0..TRIES {
            let c = self.open_cup(ctx, None).await?;
            if !c.rec.players.iter().any(|p| p.user == ctx.user) {
                return Err(say("err-cup-not-signed"));
            }
            if c.rec.status != CupStatus::Signup {
                return Err(say("err-cup-started"));
            }
            let mut next = c.rec.clone();
            next.updated_ms = self.clock.now_ms();
            let leave = [ctx.user.clone()];
            if !self.cup_stored(&next, &CupChange { leave: &leave, ..CupChange::default() }).await?
            {
                continue;
            }
            let lang = self.user_lang(ctx).await;
            let text = self.i18n.text(lang, "cup-left", &[]);
            return self.cup_answer(ctx, lang, text, c.rec.id).await;
        }
        Err(kept_changing())
    }

    async fn cup_start(&self, ctx: &Ctx, id: Option<i64>) -> Result<Vec<View>, Fail> {
        let c = self.open_cup(ctx, id).await?;
        if c.rec.host != ctx.user && !ctx.admin {
            return Err(say("err-cup-host"));
        }
        ended(&c)?;
        if c.rec.status != CupStatus::Signup {
            return Err(say("err-cup-running"));
        }
        if c.rec.players.len() < 2 {
            return Err(say("err-cup-few"));
        }
        let views = self.begin_cup(c).await?;
        Ok(views.into_iter().map(|(_, v)| v).collect())
    }

    /// Begins a cup that is signing up: its first round is paired and its tables open.
    async fn begin_cup(&self, c: Read) -> Result<Vec<(ChatId, View)>, Fail> {
        let mut c = c;
        if c.format == Format::RoundRobin {
            if c.rec.players.len() <= cup::ROUND_ROBIN_MAX {
                c.rec.rounds = Format::round_robin_rounds(c.rec.players.len()) as i32;
            } else {
                c.format = Format::Swiss;
            }
        }
        self.open_round(c, 1).await
    }

    /// A cup whose start time has passed: it begins, or with fewer than two players it is
    /// cancelled.
    async fn cup_starts(&self, c: Read) -> Result<Vec<(ChatId, View)>, Fail> {
        if c.rec.players.len() >= 2 {
            tracing::info!(cup = c.rec.id, "a cup begins at its start time");
            return self.begin_cup(c).await;
        }
        let mut next = c.rec.clone();
        next.status = CupStatus::Cancelled;
        next.updated_ms = self.clock.now_ms();
        match self.store.cups().update_cup(&next, &CupChange::default()).await {
            Ok(_) => {}
            Err(StoreError::CupConflict(_)) => return Ok(Vec::new()),
            Err(e) => return Err(e.into()),
        }
        let lang = self.cup_lang(&c.rec).await;
        let text = self.i18n.text(
            lang,
            "cup-start-few",
            &[("game", self.views().game_name(lang, c.game).into())],
        );
        let chat = c.rec.chat.clone();
        let now = self.read_cup(c.rec.id).await?;
        Ok(vec![
            (chat.clone(), View::post(Some(lang), text)),
            (chat, self.cup_cancelled_view(&now, lang)),
        ])
    }

    async fn cup_cancel(&self, ctx: &Ctx) -> Result<Vec<View>, Fail> {
        for _ in 0..TRIES {
            let c = self.open_cup(ctx, None).await?;
            if c.rec.host != ctx.user && !ctx.admin {
                return Err(say("err-cup-host"));
            }
            let mut next = c.rec.clone();
            next.status = CupStatus::Cancelled;
            next.cancelled_by = Some(ctx.name.clone());
            next.updated_ms = self.clock.now_ms();
            if !self.cup_stored(&next, &CupChange::default()).await? {
                continue;
            }
            tracing::info!(cup = c.rec.id, user = %ctx.user, "a cup cancelled");
            let lang = self.cup_lang(&c.rec).await;
            let args = [
                ("game", self.views().game_name(lang, c.game).into()),
                ("name", ctx.name.clone().into()),
            ];
            let said = View::post(Some(lang), self.i18n.text(lang, "cup-cancelled", &args));
            let now = self.read_cup(c.rec.id).await?;
            return Ok(vec![said, self.cup_cancelled_view(&now, lang)]);
        }
        Err(kept_changing())
    }

    /// The chat's cup: the open one, else the last.
    async fn chats_cup(&self, ctx: &Ctx) -> Result<Read, Fail> {
        let cups = self.store.cups();
        let id = match cups.open_cup(&ctx.chat).await? {
            Some(id) => id,
            None => cups.last_cup(&ctx.chat).await?.ok_or_else(|| say("err-cup-none"))?,
        };
        self.read_cup(id).await
    }

    /// `/cup export`: the chat's cup (the open one, else the last) as a JSON file: its
    /// players, games, results, standings and the record of every game that ended.
    async fn cup_export(&self, ctx: &Ctx) -> Result<Vec<View>, Fail> {
        let c = self.chats_cup(ctx).await?;
        let id = c.rec.id;
        let mut records = Vec::new();
        let mut tables = Vec::new();
        for g in c.rec.games.iter().filter(|g| g.table.is_some()) {
            let Some(table) = g.table else { continue };
            tables.push(table.get());
            if matches!(g.table_status, Some(TableStatus::Finished | TableStatus::Cancelled)) {
                let t = self.load(table).await?;
                records.push(self.replays().record(&t).await?);
            }
        }
        let export = crate::game::replay::CupExport {
            format: crate::game::replay::CUP_FORMAT,
            game: c.game,
            rounds: u32::try_from(c.rec.rounds).unwrap_or(0),
            players: c.rec.players.iter().map(|p| p.name.clone()).collect(),
            cup: c.cup.clone(),
            tables,
            standings: Vec::new(),
            records,
        };
        let export =
            crate::game::replay::CupExport { standings: export.computed_standings(), ..export };
        let bytes = serde_json::to_vec(&export)
            .map_err(|e| Fail::Internal(ServiceError::Internal(e.to_string())))?;
        let name = format!("dicetable-cup-{id}.json");
        let lang = self.cup_lang(&c.rec).await;
        let args = [
            ("game", self.views().game_name(lang, c.game).into()),
            ("games", Arg::Number(export.records.len() as i64)),
        ];
        let text = format!(
            "{}\ndicetable verify --record {name}",
            self.i18n.text(lang, "cup-export", &args)
        );
        let file = super::message::File { name, kind: super::message::FileKind::Json, bytes };
        let post =
            Post { attachment: Some(super::message::Attachment::File(file)), ..Post::default() };
        Ok(vec![View::new(Some(lang), text, Kind::Post(post))])
    }

    /// `/cup`: the chat's cup (the open one, else the last): where it stands, the standings,
    /// who still has to play this round and the time left.
    async fn cup_show(&self, ctx: &Ctx) -> Result<Vec<View>, Fail> {
        let c = self.chats_cup(ctx).await?;
        let lang = self.user_lang(ctx).await;
        let text = match c.rec.status {
            CupStatus::Signup => {
                let head = self.i18n.text(
                    lang,
                    "cup-status-signup",
                    &[("game", self.views().game_name(lang, c.game).into())],
                );
                let mut lines = vec![head, self.cup_players_line(&c, lang), self.cup_how(&c, lang)];
                lines.extend(self.cup_starts_line(&c, lang));
                lines.join("\n")
            }
            _ => self.cup_standing_text(&c, lang),
        };
        Ok(vec![View::private(Some(lang), text, ctx.user.clone())])
    }

    /// The standings in words, with the round, who still has to play and the time left (or the
    /// winner, once it is over).
    fn cup_standing_text(&self, c: &Read, lang: Lang) -> String {
        let game = self.views().game_name(lang, c.game);
        let mut lines = Vec::new();
        match c.rec.status {
            CupStatus::Finished => lines.push(self.i18n.text(
                lang,
                "cup-finished-title",
                &[("game", game.clone().into())],
            )),
            CupStatus::Cancelled => {
                let key = if c.rec.cancelled_by.is_some() {
                    "cup-cancelled"
                } else {
                    "cup-cancelled-unattended"
                };
                let by = c.rec.cancelled_by.clone().unwrap_or_default();
                let args = [("game", game.clone().into()), ("name", by.into())];
                lines.push(self.i18n.text(lang, key, &args));
            }
            _ => {
                let left = c.rec.round_ends.map_or(0, |e| (e - self.clock.now_ms()).max(0));
                let args = [
                    ("game", game.clone().into()),
                    ("round", Arg::Number(c.rec.round.into())),
                    ("rounds", Arg::Number(c.rec.rounds.into())),
                    ("left", self.cup_left(lang, left).into()),
                ];
                lines.push(self.i18n.text(lang, "cup-status-round", &args));
                let waiting = self.cup_waiting(c);
                if !waiting.is_empty() {
                    let names = super::shown_names(lang, &waiting);
                    lines.push(self.i18n.text(
                        lang,
                        "cup-still-to-play",
                        &[("names", names.into())],
                    ));
                }
            }
        }
        if c.rec.round > 0 {
            lines.push(self.cup_standings_lines(c, lang));
            lines.push(self.i18n.text(lang, "cup-tiebreaks", &[]));
        }
        lines.join("\n")
    }

    fn cup_standings_lines(&self, c: &Read, lang: Lang) -> String {
        cup::standings(&c.cup)
            .iter()
            .map(|s| {
                let key = if s.withdrawn { "cup-line-withdrawn" } else { "cup-line" };
                let args = [
                    ("place", Arg::Number(s.place as i64)),
                    ("name", c.name(s.player).into()),
                    ("points", Arg::Number(s.points.into())),
                    ("sb", Arg::Number(s.sonneborn.into())),
                    ("played", Arg::Number(s.played as i64)),
                ];
                self.i18n.text(lang, key, &args)
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// Pairs round `round` of cup `c` and opens its tables, in one transaction guarded by the
    /// cup's version; then starts them. Returns what to post, each with its chat; nothing when
    /// another process paired the round first.
    async fn open_round(&self, mut c: Read, round: u32) -> Result<Vec<(ChatId, View)>, Fail> {
        let now = self.clock.now_ms();
        // T8: twice forfeited, withdrawn.
        let mut withdraw = Vec::new();
        for (i, p) in c.rec.players.iter().enumerate() {
            if !p.withdrawn && c.unexcused(i) >= 2 {
                withdraw.push(p.seq);
                c.cup.entrants[i].withdrawn = true;
            }
        }
        let pairing = cup::pair_round(&c.cup, round);
        let mut tables = Vec::with_capacity(pairing.tables.len());
        for players in &pairing.tables {
            tables.push(self.cup_table(&c, players, now)?);
        }
        let json = |players: &[usize]| serde_json::to_string(players).unwrap_or_default();
        let mut games: Vec<(CupGameRow, Option<&TableRecord>)> = Vec::new();
        for (i, (players, table)) in pairing.tables.iter().zip(&tables).enumerate() {
            let row = CupGameRow {
                round: round as i32,
                board: i as i32 + 1,
                players: json(players),
                ..CupGameRow::default()
            };
            games.push((row, Some(table)));
        }
        for (j, &p) in pairing.byes.iter().enumerate() {
            let board = (pairing.tables.len() + j) as i32 + 1;
            let row = CupGameRow {
                round: round as i32,
                board,
                players: json(&[p]),
                ..CupGameRow::default()
            };
            games.push((row, None));
        }
        let mut next = c.rec.clone();
        let over = pairing.tables.is_empty();
        next.status = if over { CupStatus::Finished } else { CupStatus::Playing };
        next.round = if over { c.rec.round } else { round as i32 };
        next.round_ends = (!over).then_some(now + c.rec.window_ms);
        next.updated_ms = now;
        let change = CupChange {
            withdraw: &withdraw,
            games: if over { Vec::new() } else { games },
            ..CupChange::default()
        };
        next.format = serde_json::to_string(&c.format).unwrap_or_else(|_| next.format.clone());
        match self.store.cups().update_cup(&next, &change).await {
            Ok(_) => {}
            Err(StoreError::CupConflict(_)) => {
                tracing::debug!(cup = c.rec.id, round, "the round was paired elsewhere");
                return Ok(Vec::new());
            }
            Err(e) => return Err(e.into()),
        }
        let c = self.read_cup(c.rec.id).await?;
        let lang = self.cup_lang(&c.rec).await;
        let chat = c.rec.chat.clone();
        if over {
            return Ok(self
                .cup_end_views(&c, lang)
                .await
                .into_iter()
                .map(|v| (chat.clone(), v))
                .collect());
        }
        tracing::info!(cup = c.rec.id, round, tables = tables.len(), "a cup round paired");
        let round = self.cup_round_view(&c, lang, &withdraw);
        let live = self.cup_live_view(&c, lang, None).await;
        let mut out = vec![(chat.clone(), round), (chat.clone(), live)];
        out.extend(self.start_cup_tables(&c).await.into_iter().map(|v| (chat.clone(), v)));
        Ok(out)
    }

    /// Which standings a cup's state shows (see [`super::Standings::version`]): every change
    /// to the cup adds one to its version, every game's result one more.
    fn standings_version(c: &Read) -> Version {
        let results = c.rec.games.iter().filter(|g| g.result.is_some()).count() as i64;
        Version::new(c.rec.version + results)
    }

    /// The cup's standings message (issue 49): the round, who still plays, the standings in
    /// words and as a picture; once it is over, the final standings with the podium. One
    /// message, edited in place after every game. `picture`: one already drawn.
    async fn cup_live_view(&self, c: &Read, lang: Lang, picture: Option<Vec<u8>>) -> View {
        let game = self.views().game_name(lang, c.game);
        let mut lines = Vec::new();
        if c.rec.status == CupStatus::Finished {
            lines.push(self.i18n.text(lang, "cup-finished-title", &[("game", game.into())]));
        } else {
            let args = [
                ("game", game.into()),
                ("round", Arg::Number(c.rec.round.into())),
                ("rounds", Arg::Number(c.rec.rounds.into())),
            ];
            lines.push(self.i18n.text(lang, "cup-live-title", &args));
            let waiting = self.cup_waiting(c);
            if !waiting.is_empty() {
                let names = super::shown_names(lang, &waiting);
                lines.push(self.i18n.text(lang, "cup-still-to-play", &[("names", names.into())]));
            }
        }
        lines.push(self.cup_standings_lines(c, lang));
        lines.push(self.i18n.text(lang, "cup-tiebreaks", &[]));
        let image = match picture {
            Some(png) => Some(png),
            None => self.cup_picture(c, lang).await,
        };
        let alt = image.as_ref().map(|_| self.cup_standings_lines(c, lang));
        let game = self.views().game_name(lang, c.game);
        let closed = self.i18n.text(lang, "cup-signup-closed", &[("game", game.into())]);
        let standings = super::Standings {
            cup: c.rec.id,
            version: Self::standings_version(c),
            image,
            alt,
            buttons: Vec::new(),
            replaced: Some(closed),
        };
        View::new(Some(lang), lines.join("\n"), Kind::Standings(standings))
    }

    /// The names of the players whose game of the current round is still being played.
    fn cup_waiting(&self, c: &Read) -> Vec<String> {
        c.open_games()
            .filter_map(|g| serde_json::from_str::<Vec<usize>>(&g.players).ok())
            .flatten()
            .map(|p| c.name(p))
            .collect()
    }

    /// A finished cup's last views: the winner announced with the podium, and its standings
    /// message brought to its final state (the same picture).
    async fn cup_end_views(&self, c: &Read, lang: Lang) -> Vec<View> {
        let picture = self.cup_picture(c, lang).await;
        let mut last = self.cup_final_view(c, lang);
        attach(&mut last, picture.clone(), self.cup_standings_lines(c, lang));
        let live = self.cup_live_view(c, lang, picture).await;
        vec![last, live]
    }

    /// After a cup game ends: the cup's standings message, brought up to date.
    pub(super) async fn cup_standings_after(&self, t: &Loaded) -> Option<View> {
        let id = t.rec.cup?;
        let c = match self.read_cup(id).await {
            Ok(c) => c,
            Err(Fail::Internal(ServiceError::DamagedCup(cup, why))) => {
                self.note_damaged_cup(cup, &why);
                return None;
            }
            Err(Fail::Internal(e)) => {
                tracing::warn!(cup = id, table = t.rec.id.get(), error = %e, "the cup did not read");
                return None;
            }
            Err(_) => return None,
        };
        let lang = self.cup_lang(&c.rec).await;
        Some(self.cup_live_view(&c, lang, None).await)
    }

    /// A new table for a cup game: the cup's chat, game, options and settings, its players in
    /// seat order, a new seed; a lobby until [`Cups::start_cup_tables`] starts it.
    fn cup_table(&self, c: &Read, players: &[usize], now: i64) -> Result<TableRecord, Fail> {
        let seed = Seed::generate().map_err(|e| {
            Fail::Internal(ServiceError::Internal(format!("no OS randomness: {e}")))
        })?;
        let seats = players
            .iter()
            .filter_map(|&p| c.rec.players.get(p))
            .map(|p| SeatRecord {
                user: p.user.clone(),
                name: p.name.clone(),
                ..SeatRecord::default()
            })
            .collect();
        Ok(TableRecord {
            chat: c.rec.chat.clone(),
            game: c.rec.game.clone(),
            options: c.rec.options.clone(),
            settings: c.rec.settings.clone(),
            seed: seed.as_bytes().to_vec(),
            commitment: seed.commitment_hex(),
            status: TableStatus::Lobby,
            shape: super::load::SHAPE,
            host: c.rec.host.clone(),
            updated_ms: now,
            seats,
            ..TableRecord::default()
        })
    }

    /// Starts the current round's tables that are still lobbies; returns their boards.
    async fn start_cup_tables(&self, c: &Read) -> Vec<View> {
        let mut views = Vec::new();
        for g in c.rec.games.iter().filter(|g| g.round == c.rec.round) {
            let (Some(id), Some(TableStatus::Lobby)) = (g.table, g.table_status) else { continue };
            let started = async {
                let t = self.load(id).await?;
                let lang = self.table_lang(&t).await;
                self.lobby().begin(t, lang).await
            };
            match started.await {
                Ok(v) => views.extend(first_board_first(v)),
                Err(Fail::Internal(e)) => {
                    tracing::error!(cup = c.rec.id, table = id.get(), error = %e, "a cup table did not start")
                }
                Err(_) => {
                    tracing::debug!(
                        cup = c.rec.id,
                        table = id.get(),
                        "a cup table started elsewhere"
                    )
                }
            }
        }
        views
    }

    /// The round's post: its number, its tables and byes, with every player mentioned.
    fn cup_round_view(&self, c: &Read, lang: Lang, withdrawn: &[i32]) -> View {
        let mut lines = Vec::new();
        for seq in withdrawn {
            if let Some(p) = c.rec.players.iter().find(|p| p.seq == *seq) {
                lines.push(self.i18n.text(
                    lang,
                    "cup-withdrawn",
                    &[("name", p.name.clone().into())],
                ));
            }
        }
        let args = [
            ("game", self.views().game_name(lang, c.game).into()),
            ("round", Arg::Number(c.rec.round.into())),
            ("rounds", Arg::Number(c.rec.rounds.into())),
            ("window", self.cup_window(lang, c.rec.window_ms).into()),
        ];
        lines.push(self.i18n.text(lang, "cup-round", &args));
        let mut mentions = Vec::new();
        for g in c.rec.games.iter().filter(|g| g.round == c.rec.round) {
            let players: Vec<usize> = serde_json::from_str(&g.players).unwrap_or_default();
            let names: Vec<String> = players.iter().map(|&p| c.name(p)).collect();
            mentions.extend(
                players
                    .iter()
                    .filter_map(|&p| c.rec.players.get(p))
                    .filter(|p| !p.user.is_computer())
                    .map(|p| p.user.clone()),
            );
            match g.table {
                Some(table) => {
                    let args = [
                        ("table", table.into()),
                        ("players", super::shown_names(lang, &names).into()),
                    ];
                    lines.push(self.i18n.text(lang, "cup-table-line", &args));
                }
                None => {
                    let args = [
                        ("name", names.join(", ").into()),
                        ("points", Arg::Number(c.format.bye_points().into())),
                    ];
                    lines.push(self.i18n.text(lang, "cup-bye-line", &args));
                }
            }
        }
        if c.rec.round > 1 {
            lines.push(String::new());
            lines.push(self.cup_standings_lines(c, lang));
        }
        View::new(Some(lang), lines.join("\n"), Kind::Post(Post { mentions, ..Post::default() }))
    }

    /// The standings as a picture (the post's text says them in words), drawn on the drawing
    /// pool; `None` if drawing failed (logged: the words still go).
    async fn cup_picture(&self, c: &Read, lang: Lang) -> Option<Vec<u8>> {
        let podium = c.rec.status == CupStatus::Finished;
        let game = self.views().game_name(lang, c.game);
        let title = if podium {
            self.i18n.text(lang, "cup-picture-final", &[("game", game.into())])
        } else {
            let args = [
                ("game", game.into()),
                ("round", Arg::Number(c.rec.round.into())),
                ("rounds", Arg::Number(c.rec.rounds.into())),
            ];
            self.i18n.text(lang, "cup-picture-title", &args)
        };
        let lines = cup::standings(&c.cup)
            .iter()
            .map(|s| crate::render::StandingLine {
                place: s.place,
                name: crate::game::replay::unmarked(&c.name(s.player)),
                points: s.points,
                sonneborn: s.sonneborn,
                played: s.played,
                withdrawn: s.withdrawn,
            })
            .collect();
        let picture = crate::render::Standings {
            title: crate::game::replay::unmarked(&title),
            heads: ["cup-head-points", "cup-head-sb", "cup-head-games"]
                .map(|key| self.i18n.text(lang, key, &[])),
            lines,
            podium,
            theme: crate::render::Theme::Light,
            persian_digits: lang.persian_digits(),
        };
        self.ratings().draw("the cup's standings", move |r| r.standings(&picture)).await
    }

    /// The last post: the final standings and the winner.
    fn cup_final_view(&self, c: &Read, lang: Lang) -> View {
        let standings = cup::standings(&c.cup);
        let winners: Vec<String> =
            standings.iter().filter(|s| s.place == 1).map(|s| c.name(s.player)).collect();
        let mut lines = vec![self.i18n.text(
            lang,
            "cup-winner",
            &[
                ("game", self.views().game_name(lang, c.game).into()),
                ("names", super::shown_names(lang, &winners).into()),
                ("count", Arg::Number(winners.len() as i64)),
            ],
        )];
        lines.push(self.cup_standings_lines(c, lang));
        lines.push(self.i18n.text(lang, "cup-tiebreaks", &[]));
        View::post(Some(lang), lines.join("\n"))
    }

    /// The cups' part of the timer: closes rounds whose window has passed (T7), pairs the next
    /// round when one is over, and starts tables a stopped process left unstarted. Returns what
    /// to post, each with its chat.
    pub(super) async fn cup_tick(&self) -> Result<Vec<(ChatId, View)>, ServiceError> {
        let now = self.clock.now_ms();
        let mut out = Vec::new();
        for id in self.store.cups().cups_due(now).await? {
            match self.cup_due(id, now).await {
                Ok(views) => out.extend(views),
                Err(Fail::Internal(ServiceError::DamagedCup(cup, why))) => {
                    self.note_damaged_cup(cup, &why)
                }
                Err(Fail::Internal(e)) => {
                    tracing::error!(cup = id, error = %e, "the cup's timer failed")
                }
                Err(_) => tracing::debug!(cup = id, "the cup's timer lost a race"),
            }
        }
        Ok(out)
    }

    /// What the timer does for cup `id`: [`Cups::cup_advance`], and the standings
    /// message brought up to date when a stopped process left it behind the results.
    async fn cup_due(&self, id: i64, now: i64) -> Result<Vec<(ChatId, View)>, Fail> {
        let mut out = self.cup_advance(id, now).await?;
        if out.iter().any(|(_, v)| matches!(v.kind, Kind::Standings(_))) {
            return Ok(out);
        }
        let c = self.read_cup(id).await?;
        let shown = matches!(c.rec.status, CupStatus::Playing | CupStatus::Finished);
        if shown && c.rec.standings_version < Self::standings_version(&c) {
            tracing::debug!(cup = id, "the standings are behind: shown again");
            let lang = self.cup_lang(&c.rec).await;
            out.push((c.rec.chat.clone(), self.cup_live_view(&c, lang, None).await));
        }
        Ok(out)
    }

    /// The timer's step for a cup: begins it at its start time, starts tables a stopped
    /// process left unstarted, closes a round whose window passed, pairs the next round or
    /// ends the cup.
    async fn cup_advance(&self, id: i64, now: i64) -> Result<Vec<(ChatId, View)>, Fail> {
        let mut c = self.read_cup(id).await?;
        if c.rec.status == CupStatus::Signup && c.rec.starts_ms.is_some_and(|at| at <= now) {
            return self.cup_starts(c).await;
        }
        if c.rec.status != CupStatus::Playing {
            return Ok(Vec::new());
        }
        let chat = c.rec.chat.clone();
        let mut out: Vec<(ChatId, View)> = Vec::new();
        // Tables paired but not started (a process stopped in between).
        if c.open_games().any(|g| g.table_status == Some(TableStatus::Lobby)) {
            out.extend(self.start_cup_tables(&c).await.into_iter().map(|v| (chat.clone(), v)));
            c = self.read_cup(id).await?;
        }
        if c.open_games().next().is_some() {
            if c.rec.round_ends.is_none_or(|e| e > now) {
                return Ok(out);
            }
            // T7: the window closed; its unfinished games end as the timer ends a game.
            let open: Vec<TableId> = c.open_games().filter_map(|g| g.table).collect();
            for table in open {
                out.extend(
                    self.close_cup_table(table).await?.into_iter().map(|v| (chat.clone(), v)),
                );
            }
            c = self.read_cup(id).await?;
        }
        if c.open_games().next().is_some() {
            return Ok(out);
        }
        let last = c.rec.round >= c.rec.rounds;
        if last {
            let mut next = c.rec.clone();
            next.status = CupStatus::Finished;
            next.round_ends = None;
            next.updated_ms = now;
            match self.store.cups().update_cup(&next, &CupChange::default()).await {
                Ok(_) => {}
                Err(StoreError::CupConflict(_)) => return Ok(out),
                Err(e) => return Err(e.into()),
            }
            tracing::info!(cup = id, "a cup finished");
            let c = self.read_cup(id).await?;
            let lang = self.cup_lang(&c.rec).await;
            out.extend(self.cup_end_views(&c, lang).await.into_iter().map(|v| (chat.clone(), v)));
            return Ok(out);
        }
        let round = u32::try_from(c.rec.round).unwrap_or(0) + 1;
        out.extend(self.open_round(c, round).await?);
        Ok(out)
    }

    /// Ends a cup game whose window closed (T7): the player to move is removed, as the timer
    /// removes a player, until the game is over.
    async fn close_cup_table(&self, id: TableId) -> Result<Vec<View>, Fail> {
        let mut views = Vec::new();
        for _ in 0..crate::engine::ludo::MAX_PLAYERS + 1 {
            let mut t = self.load(id).await?;
            if t.rec.status != TableStatus::Playing {
                break;
            }
            let Some(game) = &t.game else { break };
            let seat = game
                .legal()
                .to_move()
                .map(usize::from)
                .or_else(|| t.rec.seats.iter().position(|s| !s.left));
            let Some(seat) = seat else { break };
            let name = t.rec.seats[seat].name.clone();
            t.rec.seats[seat].strikes = MAX_STRIKES;
            let lang = self.table_lang(&t).await;
            let header =
                vec![self.i18n.text(lang, "cup-window-closed", &[("name", name.clone().into())])];
            let action = Action::Remove { seat: seat as crate::engine::Seat };
            let mut shown = self.play().play_chain(t, action, None, lang, header).await?;
            // The header says why the player is out; the timer's own words would say otherwise.
            let timed_out = self.i18n.text(lang, "event-left-timed-out", &[("name", name.into())]);
            for v in &mut shown {
                v.text = v.text.replace(&format!("{timed_out}\n"), "").replace(&timed_out, "");
            }
            views.extend(shown);
        }
        Ok(views)
    }
}

/// Refuses a cup that has ended: cancelled, or over.
/// A cup changed under every try of an operation (a bound that should never be reached).
fn kept_changing() -> Fail {
    Fail::Internal(ServiceError::Internal("a cup kept changing".into()))
}

fn ended(c: &Read) -> Result<(), Fail> {
    match c.rec.status {
        CupStatus::Cancelled => Err(say("err-cup-gone")),
        CupStatus::Finished => Err(say("err-cup-over")),
        _ => Ok(()),
    }
}

/// A cup game's first views as the chat gets them: where the game plays in the chat itself
/// (no thread of its own to open from its start), the start's words (who plays, the seed's
/// fingerprint) ride on its first board, so that a game's first message is its first board
/// and a cup costs the chat one message less a game (issue 60: at most 3 new messages a cup
/// game on Telegram). A game in a thread (Discord) keeps its start as the message its thread
/// opens from.
fn first_board_first(mut views: Vec<View>) -> Vec<View> {
    let [started, board] = &mut views[..] else { return views };
    let lobby = matches!(started.shows(), Some((_, super::Slot::Lobby)));
    let first = matches!(board.shows(), Some((_, super::Slot::Board)));
    if !lobby || !first || started.thread() || board.thread() {
        return views;
    }
    board.text = format!("{}\n{}", started.text, board.text);
    views.remove(0);
    views
}

/// Puts a picture on a post, with its words (`alt`: issue 61, the winner's podium had none).
fn attach(view: &mut View, png: Option<Vec<u8>>, alt: String) {
    if let (Kind::Post(post), Some(png)) = (&mut view.kind, png) {
        post.attachment = Some(super::message::Attachment::Picture(png));
        post.alt = Some(alt);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(game: GameKind, text: &str) -> Plan {
        match plan(game, &words(text)) {
            Ok(p) => p,
            Err(_) => panic!("{text} was refused"),
        }
    }

    fn words(text: &str) -> Vec<String> {
        text.split_whitespace().map(str::to_owned).collect()
    }

    #[test]
    fn a_cups_words_are_read_and_the_rest_left_for_the_game() {
        let p = read(GameKind::Nardy, "5 rounds 24h 3");
        assert_eq!((p.rounds, p.window_ms, p.format), (Some(5), 86_400_000, Format::Swiss));
        assert_eq!(p.rest, ["3"], "a bare number is the match length, as for a table");
        let p = read(GameKind::Ludo, "rounds=4 90m");
        assert_eq!((p.rounds, p.window_ms, p.format), (Some(4), 5_400_000, Format::Tables(4)));
        let p = read(GameKind::Ludo, "2 seats rr bots=3");
        assert_eq!((p.format, p.rest.clone()), (Format::RoundRobin, words("bots=3")));
        assert_eq!(read(GameKind::Snakes, "6 seats 2d").format, Format::Tables(6));
        let refused = |g, w: &str| match plan(g, &words(w)) {
            Err(Fail::Say(key, _)) => key,
            _ => panic!("{w} was not refused by name"),
        };
        assert_eq!(refused(GameKind::Nardy, "0 rounds"), "err-cup-rounds");
        assert_eq!(refused(GameKind::Nardy, "16 rounds"), "err-cup-rounds");
        assert_eq!(refused(GameKind::Nardy, "30d"), "err-cup-window");
        assert_eq!(refused(GameKind::Nardy, "4 seats"), "err-cup-seats");
        assert_eq!(refused(GameKind::Ludo, "4 seats rr"), "err-cup-round-robin");
        assert_eq!(refused(GameKind::Ludo, "rounds=x"), "err-cup-word");
        // Issue 61: words that contradict each other are refused, naming both.
        for contradiction in
            ["swiss rr", "3 rounds 5 rounds", "rounds=3 4 rounds", "24h 2d", "2 seats seats=4"]
        {
            match plan(GameKind::Ludo, &words(contradiction)) {
                Err(Fail::Say("err-cup-contradiction", args)) => {
                    assert_eq!(args.len(), 2, "{contradiction}");
                }
                _ => panic!("{contradiction} was not refused as a contradiction"),
            }
        }
        assert_eq!(refused(GameKind::Nardy, "start=2h start=18:30"), "err-cup-contradiction");
        // The same thing said twice is no contradiction.
        assert_eq!(read(GameKind::Nardy, "5 rounds rounds=5 swiss swiss").rounds, Some(5));
    }

    #[test]
    fn a_start_time_is_a_wait_or_a_time_of_the_hosts_day() {
        assert_eq!(read(GameKind::Nardy, "start=2h").start, Some(Start::In(7_200_000)));
        assert_eq!(read(GameKind::Nardy, "start=18:30").start, Some(Start::At(18 * 60 + 30)));
        assert_eq!(read(GameKind::Nardy, "5 rounds").start, None);
        for bad in ["start=24:00", "start=7:5", "start=x", "start=30s", "start=8d", "start="] {
            match plan(GameKind::Nardy, &words(bad)) {
                Err(Fail::Say(key, _)) => assert_eq!(key, "err-cup-start", "{bad}"),
                _ => panic!("{bad} was not refused by name"),
            }
        }
        // 2026-12-05 10:00 UTC; the host is at UTC+3:30 (13:30 there).
        let now = 1_796_464_800_000;
        assert_eq!(Start::At(18 * 60 + 30).at(now, 210), now + 5 * 3_600_000, "today at 18:30");
        assert_eq!(Start::At(12 * 60).at(now, 210), now + 22 * 3_600_000 + 1_800_000, "tomorrow");
        assert_eq!(Start::At(9 * 60).at(now, -300), now + 4 * 3_600_000, "09:00 at UTC−5");
        assert_eq!(Start::In(60_000).at(now, 210), now + 60_000);
    }

    /// Issue 61 item 7: every cup sentence a Discord user can read says "channel" (never
    /// "chat") and Discord's commands (`/cup show`, `/cup begin`, options), never Telegram's
    /// typed words (`/cup nardy 5 rounds 24h`, `/cup` alone, `start=2h`), in all four languages.
    #[test]
    fn discord_cup_sentences_say_channel_and_discords_commands() {
        use crate::table::i18n::{I18n, PLATFORM};
        let i18n = I18n::new();
        let keys: Vec<&str> = include_str!("../../assets/locales/en.ftl")
            .lines()
            .filter_map(|l| l.split_once(" = ").map(|(k, _)| k))
            .filter(|k| k.starts_with("cup-") || k.starts_with("err-cup-"))
            .filter(|k| !k.ends_with("-discord"))
            .collect();
        assert!(keys.len() > 50, "{keys:?}");
        let args: Vec<(&str, Arg)> =
            ["game", "window", "format", "names", "name", "left", "word", "first", "second", "by"]
                .into_iter()
                .map(|a| (a, Arg::from("X")))
                .chain(
                    [
                        "rounds", "round", "count", "seats", "n", "place", "points", "sb",
                        "played", "max",
                    ]
                    .into_iter()
                    .chain(["min", "cups", "games", "table", "players"])
                    .map(|a| (a, Arg::Number(2))),
                )
                .chain([(PLATFORM, Arg::Text("discord".into()))])
                .collect();
        let subs =
            ["start", "join", "leave", "begin", "cancel", "show", "export", "excuse", "lift"];
        let chat = [(Lang::En, "chat"), (Lang::Ru, "чат"), (Lang::Fa, "گفتگو"), (Lang::Tl, "chat")];
        let mut wrong = Vec::new();
        for (lang, chat) in chat {
            for key in &keys {
                let text = i18n
                    .format(lang, &format!("{key}-discord"), &args)
                    .unwrap_or_else(|| i18n.text(lang, key, &args));
                let text = text.replace(['\u{2068}', '\u{2069}'], "");
                let telegram = text.split("/cup").skip(1).any(|after| {
                    let sub = after.strip_prefix(' ').unwrap_or("");
                    !subs.iter().any(|s| sub.starts_with(s))
                });
                let lower = text.to_lowercase();
                let says_chat =
                    lower.split(|c: char| !c.is_alphabetic()).any(|w| w.starts_with(chat));
                if says_chat || telegram || text.contains("start=") {
                    wrong.push(format!("{lang:?} {key}: {text}"));
                }
            }
        }
        assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    }

    #[test]
    fn the_turn_timer_fits_the_window_t7() {
        assert_eq!(fitted_timer(86_400_000), Timer::Hour, "a day: an hour a move");
        assert_eq!(fitted_timer(8 * 86_400_000), Timer::Day, "eight days: a day a move");
        assert_eq!(fitted_timer(3_600_000), Timer::FiveMinutes);
        assert_eq!(fitted_timer(60_000), Timer::Minute);
    }
}
