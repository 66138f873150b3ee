//! The group cup (issue 49): a tournament a chat runs over days. `/cup nardy 5 rounds 24h`
//! opens it; players sign up with its button (or `/cup join`); the host starts it (`/cup
//! start`); each round is paired by [`crate::engine::cup`] (docs/rules.md T1–T9) and its games
//! open as tables of the chat, seated and started; the timer ([`crate::table::Service::tick`]) closes a
//! round's window, pairs the next round when the last game of one ends, and crowns the winner.
//!
//! The cup's row is its state and every change is guarded by its version
//! ([`crate::store::Store::update_cup`]): a round's pairing and its tables are written in one
//! transaction, so of several processes that see a round end at once exactly one pairs it. The
//! standings are never stored: they are computed from the stored results each time.
//!
//! The cup's room: [`plan`] reads `/cup <game> …`'s words, [`read`] checks a stored cup (and
//! refuses a damaged one), this file is everything a chat does with a cup besides playing its
//! rounds (open it, sign up, leave, start, cancel, excuse or lift a no-show, show it, export
//! it), [`rounds`] pairs rounds, opens their tables and runs the timer, and [`views`] says it
//! all in the cup's messages.

mod plan;
mod read;
mod rounds;
mod views;

use crate::engine::GameKind;
use crate::engine::cup::{self, Format};
use crate::ids::{ChatId, CupId, UserId, Version};
use crate::store::{CupChange, CupPlayer, CupRecord, CupStatus, StoreError, TableStatus};
use crate::table::fail::{Fail, ServiceError, say};
use crate::table::i18n::{Arg, Lang};
use crate::table::message::{Kind, Post};
use crate::table::token::Button as TokenButton;
use crate::table::words::{self, Settings};
use crate::table::{Ctx, CupOp, Target, View};

use crate::table::fail::Refusal;
use plan::{fitted_timer, plan};
use read::Read;

crate::table::handles::part! {
    /// The group cup.
    Cups uses [core, store, i18n, key, clock]
    calls [lobby: crate::table::Lobby, replays: crate::table::Replays, ratings: crate::table::Ratings];
}

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

impl Cups {
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
    pub(super) async fn cup_press(
        &self,
        ctx: &Ctx,
        id: CupId,
        button: TokenButton,
    ) -> Result<Vec<View>, Fail> {
        match button {
            TokenButton::CupJoin => self.cup_join(ctx, Some(id)).await,
            _ => self.cup_start(ctx, Some(id)).await,
        }
    }
}

/// A cup changed under every try of an operation (a bound that should never be reached).
fn kept_changing() -> Fail {
    Fail::Internal(ServiceError::Internal("a cup kept changing".into()))
}

/// Refuses a cup that has ended: cancelled, or over.
fn ended(c: &Read) -> Result<(), Fail> {
    match c.rec.status {
        CupStatus::Cancelled => Err(say(Refusal::CupGone)),
        CupStatus::Finished => Err(say(Refusal::CupOver)),
        _ => Ok(()),
    }
}

impl Cups {
    /// A person's offset from UTC in minutes, as `/notify tz` set it (0 when unset).
    async fn user_tz(&self, ctx: &Ctx) -> i32 {
        match self.store.notify(&ctx.user).await {
            Ok(stored) => {
                crate::table::NotifyChoice::read(&stored.map(|(n, _)| n).unwrap_or_default()).tz_min
            }
            Err(e) => {
                tracing::warn!(error = %e, "reading a time zone for a cup failed");
                0
            }
        }
    }

    /// The language of a cup's messages: its chat's, else its creator's.
    async fn cup_lang(&self, c: &CupRecord) -> Lang {
        let settings: Settings = serde_json::from_str(&c.settings).unwrap_or_default();
        self.core.stored_chat_lang(&c.chat).await.or(settings.lang).unwrap_or_default()
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

    async fn read_cup(&self, id: CupId) -> Result<Read, Fail> {
        let rec = match self.store.cups().cup(id).await {
            Ok(rec) => rec,
            Err(StoreError::NoCup(_)) => return Err(say(Refusal::CupNone)),
            Err(StoreError::BadCupRow { why, .. }) => {
                return Err(Fail::Internal(ServiceError::DamagedCup(id, why)));
            }
            Err(e) => return Err(e.into()),
        };
        Ok(Read::of(rec)?)
    }

    /// The chat's open cup, or the one a button names (which must be this chat's).
    async fn open_cup(&self, ctx: &Ctx, id: Option<CupId>) -> Result<Read, Fail> {
        let id = match id {
            Some(id) => id,
            None => {
                self.store.cups().open_cup(&ctx.chat).await?.ok_or_else(|| say(Refusal::CupNone))?
            }
        };
        let c = self.read_cup(id).await?;
        if c.rec.chat != ctx.chat {
            return Err(say(Refusal::OtherChat));
        }
        Ok(c)
    }

    /// The chat's cup: the open one, else the last.
    async fn chats_cup(&self, ctx: &Ctx) -> Result<Read, Fail> {
        let cups = self.store.cups();
        let id = match cups.open_cup(&ctx.chat).await? {
            Some(id) => id,
            None => cups.last_cup(&ctx.chat).await?.ok_or_else(|| say(Refusal::CupNone))?,
        };
        self.read_cup(id).await
    }
}

impl Cups {
    async fn cup_create(
        &self,
        ctx: &Ctx,
        game: GameKind,
        words: &[String],
    ) -> Result<Vec<View>, Fail> {
        let plan = plan(game, words)?;
        let lang = self.core.user_lang(ctx).await;
        let threads = ctx.chat.platform() == crate::ids::Platform::Discord;
        // On Discord a cup's games play in threads of their own unless `thread=off`: a
        // round's games at once would crowd the channel.
        let creator = Settings { lang: Some(lang), thread: threads, ..Settings::default() };
        let (options, mut settings) = words::apply(game, None, creator, &plan.rest, threads)
            .map_err(|e| crate::table::lobby::word_refusal(threads, game, e))?;
        if settings.private {
            return Err(say(Refusal::CupPrivate));
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
                name: self.lobby.computer_name(lang, k, settings.level),
                rating: UNRATED,
                withdrawn: false,
                excused: 0,
            });
        }
        let rec = CupRecord {
            id: CupId::default(),
            chat: ctx.chat.clone(),
            game,
            options: serde_json::to_string(&options).map_err(internal)?,
            settings: serde_json::to_string(&settings).map_err(internal)?,
            format: plan.format,
            rounds: plan.rounds.unwrap_or(DEFAULT_ROUNDS) as i32,
            window_ms: plan.window_ms,
            host: ctx.user.clone(),
            status: CupStatus::Signup,
            round: 0,
            round_ends: None,
            version: 0,
            updated_ms: self.clock.now_ms(),
            starts_ms: match plan.start {
                Some(start) => Some(start.at(self.clock.now_ms(), self.user_tz(ctx).await)),
                None => None,
            },
            cancelled_by: None,
            standings_version: Version::default(),
            players,
            games: Vec::new(),
        };
        let id = match self.store.cups().create_cup(&rec).await {
            Ok(id) => id,
            Err(StoreError::CupExists) => return Err(say(Refusal::CupExists)),
            Err(e) => return Err(e.into()),
        };
        tracing::info!(cup = id.get(), chat = %ctx.chat, game = game.name(), "a cup opened");
        let c = self.read_cup(id).await?;
        let lang = self.cup_lang(&c.rec).await;
        Ok(vec![self.cup_signup_view(&c, lang)])
    }

    /// A private answer to the one who pressed, and the cup's own message as it now stands.
    async fn cup_answer(
        &self,
        ctx: &Ctx,
        lang: Lang,
        text: String,
        cup: CupId,
    ) -> Result<Vec<View>, Fail> {
        let now = self.read_cup(cup).await?;
        Ok(vec![
            View::private(Some(lang), text, ctx.user.clone()),
            self.cup_message_view(&now).await,
        ])
    }

    async fn cup_join(&self, ctx: &Ctx, id: Option<CupId>) -> Result<Vec<View>, Fail> {
        for _ in 0..TRIES {
            let c = self.open_cup(ctx, id).await?;
            // An ended cup says so first, to its players too (not "already signed up").
            ended(&c)?;
            if c.rec.players.iter().any(|p| p.user == ctx.user) {
                return Err(say(Refusal::CupSigned));
            }
            self.no_show_wait(ctx).await?;
            // Late sign-up until half the rounds have started.
            let late_ok = c.rec.status == CupStatus::Playing
                && c.rec.format != Format::RoundRobin
                && c.rec.round * 2 <= c.rec.rounds;
            if c.rec.status != CupStatus::Signup && !late_ok {
                return Err(say(Refusal::CupClosed));
            }
            let seq = c.rec.players.iter().map(|p| p.seq + 1).max().unwrap_or(0);
            let player = CupPlayer {
                seq,
                user: ctx.user.clone(),
                name: ctx.name.clone(),
                rating: self.cup_rating(&ctx.user, c.rec.game).await,
                withdrawn: false,
                excused: 0,
            };
            let mut next = c.rec.clone();
            next.updated_ms = self.clock.now_ms();
            let join = [player];
            if !self.cup_stored(&next, &CupChange { join: &join, ..CupChange::default() }).await? {
                continue;
            }
            let lang = self.core.user_lang(ctx).await;
            let args = [
                ("game", self.core.game_name(lang, c.rec.game).into()),
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
            let lang = self.core.user_lang(ctx).await;
            let args = vec![
                ("cups", Arg::Number(streak as i64)),
                ("left", self.cup_left(lang, left).into()),
            ];
            return Err(Fail::Say(Refusal::CupWait, args));
        }
        Ok(())
    }

    /// `/cup excuse Ana`: one of Ana's forfeits no longer counts (T8); withdrawn for it, she is
    /// paired again.
    async fn cup_excuse(&self, ctx: &Ctx, who: &Target) -> Result<Vec<View>, Fail> {
        for _ in 0..TRIES {
            let c = self.open_cup(ctx, None).await?;
            if c.rec.host != ctx.user && !ctx.admin {
                return Err(say(Refusal::CupHost));
            }
            let named =
                || Fail::Say(Refusal::CupUnknown, vec![("name", who.name().to_owned().into())]);
            let i = c.player(who).ok_or_else(named)?;
            let p = &c.rec.players[i];
            if c.unexcused(i) == 0 {
                return Err(Fail::Say(
                    Refusal::CupNoForfeit,
                    vec![("name", p.name.clone().into())],
                ));
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
            return Err(say(Refusal::CupAdmin));
        }
        let user = match who {
            Target::User { id, .. } => Some(id.clone()),
            Target::Typed(_) => self.store.cups().cup_player_named(&ctx.chat, who.name()).await?,
        };
        let Some(user) = user else {
            return Err(Fail::Say(
                Refusal::CupUnknown,
                vec![("name", who.name().to_owned().into())],
            ));
        };
        self.store.cups().lift_cup_wait(&ctx.chat, &user, self.clock.now_ms()).await?;
        let lang = self.core.chat_lang(ctx).await;
        let args = [("name", who.name().to_owned().into())];
        // Discord says "channel" (`cup-lifted-discord`).
        Ok(vec![View::post(Some(lang), self.core.text_for(ctx, lang, "cup-lifted", &args))])
    }

    async fn cup_leave(&self, ctx: &Ctx) -> Result<Vec<View>, Fail> {
        for _ in 0..TRIES {
            let c = self.open_cup(ctx, None).await?;
            if !c.rec.players.iter().any(|p| p.user == ctx.user) {
                return Err(say(Refusal::CupNotSigned));
            }
            if c.rec.status != CupStatus::Signup {
                return Err(say(Refusal::CupStarted));
            }
            let mut next = c.rec.clone();
            next.updated_ms = self.clock.now_ms();
            let leave = [ctx.user.clone()];
            if !self.cup_stored(&next, &CupChange { leave: &leave, ..CupChange::default() }).await?
            {
                continue;
            }
            let lang = self.core.user_lang(ctx).await;
            let text = self.i18n.text(lang, "cup-left", &[]);
            return self.cup_answer(ctx, lang, text, c.rec.id).await;
        }
        Err(kept_changing())
    }

    async fn cup_start(&self, ctx: &Ctx, id: Option<CupId>) -> Result<Vec<View>, Fail> {
        let c = self.open_cup(ctx, id).await?;
        if c.rec.host != ctx.user && !ctx.admin {
            return Err(say(Refusal::CupHost));
        }
        ended(&c)?;
        if c.rec.status != CupStatus::Signup {
            return Err(say(Refusal::CupRunning));
        }
        if c.rec.players.len() < 2 {
            return Err(say(Refusal::CupFew));
        }
        let views = self.begin_cup(c).await?;
        Ok(views.into_iter().map(|(_, v)| v).collect())
    }

    /// Begins a cup that is signing up: its first round is paired and its tables open.
    async fn begin_cup(&self, c: Read) -> Result<Vec<(ChatId, View)>, Fail> {
        let mut c = c;
        if c.rec.format == Format::RoundRobin {
            if c.rec.players.len() <= cup::ROUND_ROBIN_MAX {
                c.rec.rounds = Format::round_robin_rounds(c.rec.players.len()) as i32;
            } else {
                c.rec.format = Format::Swiss;
                c.cup.format = Format::Swiss;
            }
        }
        self.open_round(c, 1).await
    }

    /// A cup whose start time has passed: it begins, or with fewer than two players it is
    /// cancelled.
    async fn cup_starts(&self, c: Read) -> Result<Vec<(ChatId, View)>, Fail> {
        if c.rec.players.len() >= 2 {
            tracing::info!(cup = c.rec.id.get(), "a cup begins at its start time");
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
            &[("game", self.core.game_name(lang, c.rec.game).into())],
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
                return Err(say(Refusal::CupHost));
            }
            let mut next = c.rec.clone();
            next.status = CupStatus::Cancelled;
            next.cancelled_by = Some(ctx.name.clone());
            next.updated_ms = self.clock.now_ms();
            if !self.cup_stored(&next, &CupChange::default()).await? {
                continue;
            }
            tracing::info!(cup = c.rec.id.get(), user = %ctx.user, "a cup cancelled");
            let lang = self.cup_lang(&c.rec).await;
            let args = [
                ("game", self.core.game_name(lang, c.rec.game).into()),
                ("name", ctx.name.clone().into()),
            ];
            let said = View::post(Some(lang), self.i18n.text(lang, "cup-cancelled", &args));
            let now = self.read_cup(c.rec.id).await?;
            return Ok(vec![said, self.cup_cancelled_view(&now, lang)]);
        }
        Err(kept_changing())
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
                let t = self.core.load(table).await?;
                records.push(self.replays.record(&t).await?);
            }
        }
        let export = crate::game::replay::CupExport {
            format: crate::game::replay::CUP_FORMAT,
            game: c.rec.game,
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
            ("game", self.core.game_name(lang, c.rec.game).into()),
            ("games", Arg::Number(export.records.len() as i64)),
        ];
        let text = format!(
            "{}\ndicetable verify --record {name}",
            self.i18n.text(lang, "cup-export", &args)
        );
        let file = crate::table::message::File {
            name,
            kind: crate::table::message::FileKind::Json,
            bytes,
        };
        let post = Post {
            attachment: Some(crate::table::message::Attachment::File(file)),
            ..Post::default()
        };
        Ok(vec![View::new(Some(lang), text, Kind::Post(post))])
    }

    /// `/cup`: the chat's cup (the open one, else the last): where it stands, the standings,
    /// who still has to play this round and the time left.
    async fn cup_show(&self, ctx: &Ctx) -> Result<Vec<View>, Fail> {
        let c = self.chats_cup(ctx).await?;
        let lang = self.core.user_lang(ctx).await;
        let text = match c.rec.status {
            CupStatus::Signup => {
                let head = self.i18n.text(
                    lang,
                    "cup-status-signup",
                    &[("game", self.core.game_name(lang, c.rec.game).into())],
                );
                let mut lines = vec![head, self.cup_players_line(&c, lang), self.cup_how(&c, lang)];
                lines.extend(self.cup_starts_line(&c, lang));
                lines.join("\n")
            }
            _ => self.cup_standing_text(&c, lang),
        };
        Ok(vec![View::private(Some(lang), text, ctx.user.clone())])
    }
}
