//! Ratings at the table (which finished games are rated, and their changes, are worked out as
//! the game is saved: `core/save.rs`; the formula is [`crate::game::rating`]): the change shown
//! after a game, `dicetable ratings --rebuild`, and the
//! answers of `/top`, `/stats`, `/stats public` and `/vs`.

use super::core::Plan;
use super::fail::{Fail, Refusal, say};
use super::i18n::{Arg, Lang};
use super::load::Loaded;
use super::message::{Attachment, Kind, Post};
use super::{Ctx, Target, View};
use crate::engine::computer::Level;
use crate::engine::{Game, GameKind};
use crate::game::rating::{self, ALL_TIME, Skill};
use crate::ids::UserId;
use crate::store::RatingRow;

crate::table::handles::part! {
    /// Ratings, leaderboards and seasons.
    Ratings uses [core, store, i18n, clock, seasons, renderer, drawing];
}

/// How many places a ladder shows.
const LADDER: usize = 10;

/// Which ladder `/top` shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Scope {
    /// This chat's, this season (`/top`).
    #[default]
    Season,
    /// This chat's, all time (`/top all`).
    AllTime,
    /// Everyone's who opted in, across chats, all time (`/top global`).
    Global,
}

impl Ratings {
    pub(super) async fn stats_of(
        &self,
        ctx: &Ctx,
        game: Option<GameKind>,
    ) -> Result<Vec<View>, Fail> {
        let lang = self.core.user_lang(ctx).await;
        let rows = self.store.user_stats(&ctx.user).await?;
        let mut lines =
            vec![self.i18n.text(lang, "stats-title", &[("name", ctx.name.clone().into())])];
        if rows.is_empty() {
            lines.push(self.i18n.text(lang, "stats-none", &[]));
        }
        for kind in GameKind::ALL {
            if game.is_some_and(|g| g != kind) {
                continue;
            }
            let of_game: Vec<_> = rows.iter().filter(|r| r.game == kind.name()).collect();
            // Games among people first (all of them count), then those against computers by
            // level, weakest first.
            let people = of_game.iter().filter(|r| r.against.is_none());
            let (games, wins) = people.fold((0, 0), |(g, w), r| (g + r.games, w + r.wins));
            if games > 0 {
                lines.push(self.i18n.text(
                    lang,
                    "stats-line",
                    &[
                        ("game", self.core.game_name(lang, kind).into()),
                        ("games", Arg::Number(games)),
                        ("wins", Arg::Number(wins)),
                        ("rate", Arg::Number(rate(wins, games))),
                    ],
                ));
            }
            for level in Level::ALL {
                for r in of_game.iter().filter(|r| r.against.as_deref() == Some(level.word())) {
                    let level = self.i18n.text(lang, &format!("level-{}", level.word()), &[]);
                    let line = self.i18n.text(
                        lang,
                        "stats-vs-computers",
                        &[
                            ("level", level.into()),
                            ("games", Arg::Number(r.games)),
                            ("wins", Arg::Number(r.wins)),
                            ("rate", Arg::Number(rate(r.wins, r.games))),
                        ],
                    );
                    lines.push(format!("{}: {line}", self.core.game_name(lang, kind)));
                }
            }
        }
        lines.extend(self.rating_stats_lines(ctx, lang, game).await?);
        let image = self.rating_chart(ctx, lang, game).await?;
        let post = Post { attachment: image.map(Attachment::Picture), ..Post::default() };
        Ok(vec![View::new(Some(lang), lines.join("\n"), Kind::Post(post))])
    }

    /// The rating changes of a game that just finished, one line each ("Ana 1512 → 1530 (+18)"),
    /// for the message under the final board; empty for an unrated game.
    pub(super) fn rating_lines(&self, t: &Loaded, lang: Lang) -> Vec<String> {
        t.rated
            .iter()
            .filter_map(|r| {
                let name = t.rec.seats.get(r.seat)?.name.clone();
                let delta = r.after.shown() - r.before.shown();
                // A provisional change says so in words (issue 47 item 3).
                let key = if r.after.provisional(r.games) {
                    "rating-change-provisional"
                } else {
                    "rating-change"
                };
                Some(self.i18n.text(
                    lang,
                    key,
                    &[
                        ("name", super::clean_name(&name).into()),
                        ("before", Arg::Number(r.before.shown())),
                        ("after", Arg::Number(r.after.shown())),
                        ("mark", mark(r.after, r.games).into()),
                        ("sign", if delta < 0 { "−" } else { "+" }.to_owned().into()),
                        ("delta", Arg::Number(delta.abs())),
                    ],
                ))
            })
            .collect()
    }

    /// `dicetable ratings --rebuild`: every rating recomputed from the stored finished games in
    /// their rating order, in one transaction. Returns how many games were rated.
    pub async fn rebuild_ratings(&self) -> Result<usize, ServiceFailure> {
        let games = self.store.ratings().finished_games().await?;
        let mut plans = Vec::new();
        for g in &games {
            let Ok(kind) = g.game.parse::<GameKind>() else { continue };
            let Ok(state) = serde_json::from_str(&g.state) else { continue };
            let Ok(game) = Game::from_json(kind, &state) else { continue };
            let seats: Vec<(UserId, Option<i32>)> =
                g.seats.iter().map(|(u, r)| (UserId::from(u.as_str()), Some(*r))).collect();
            let season = self.seasons.of(g.finished_ms);
            if let Some(plan) = Plan::of(kind, &game, &seats, g.finished_ms, season) {
                plans.push((g, plan));
            }
        }
        let rates: Vec<_> =
            plans.iter().map(|(_, p)| move |s: &str, rows: &[RatingRow]| p.rate(s, rows)).collect();
        let rated: Vec<_> = plans
            .iter()
            .zip(&rates)
            .map(|((g, p), rate)| {
                let rating = crate::store::Rating { users: &p.users, seasons: &p.seasons, rate };
                (g.table, g.game.as_str(), g.chat.as_str(), g.finished_ms, rating)
            })
            .collect();
        self.store.ratings().rebuild_ratings(&rated, rating::MODEL).await?;
        Ok(rated.len())
    }

    /// At start-up: ratings stored under an older model ([`rating::MODEL`]) are rebuilt under
    /// this one, once (issue 47 item 4). Returns how many games were rated, if it rebuilt.
    pub async fn upgrade_ratings(&self) -> Result<Option<usize>, ServiceFailure> {
        if self.store.ratings().rating_model().await? == Some(rating::MODEL) {
            return Ok(None);
        }
        Ok(Some(self.rebuild_ratings().await?))
    }

    /// `/top`: a ladder of this chat (this season or all time) or of everyone who opted in, for
    /// one game or every game. Snakes & Ladders has no rating: its wins are counted, and the
    /// answer says why.
    pub(super) async fn ladder_view(
        &self,
        ctx: &Ctx,
        game: Option<GameKind>,
        scope: Scope,
    ) -> Result<Vec<View>, Fail> {
        let lang = self.core.chat_lang(ctx).await;
        let now = self.clock.now_ms();
        let season = match scope {
            Scope::Season => self.seasons.of(now),
            _ => ALL_TIME.to_owned(),
        };
        let title = match scope {
            Scope::Season => self.i18n.text(
                lang,
                "ladder-season",
                &[("season", self.season_label(lang, &season).into())],
            ),
            Scope::AllTime => self.i18n.text(lang, "ladder-all-time", &[]),
            Scope::Global => self.i18n.text(lang, "ladder-global", &[]),
        };
        let mut lines = vec![title];
        let kinds: Vec<GameKind> = game.map_or(GameKind::ALL.to_vec(), |g| vec![g]);
        let chat = (scope != Scope::Global).then_some(&ctx.chat);
        let mut any = false;
        for kind in kinds {
            if !rating::rated_game(kind) && scope == Scope::Global {
                // Wins are counted per chat only: no ladder across chats.
                continue;
            }
            if !rating::rated_game(kind) {
                any |= self.wins_ladder(ctx, lang, kind, game.is_none(), &mut lines).await?;
                continue;
            }
            let rows = self.store.ratings().ladder(kind.name(), &season, chat).await?;
            if rows.is_empty() && game.is_none() {
                continue;
            }
            lines.push(format!("\n{}", self.core.game_name(lang, kind)));
            for (i, r) in rows.iter().take(LADDER).enumerate() {
                any = true;
                let skill = shown_skill(&r.rating, now);
                lines.push(self.i18n.text(
                    lang,
                    "ladder-line",
                    &[
                        ("rank", Arg::Number(i as i64 + 1)),
                        ("name", super::clean_name(&r.name).into()),
                        ("rating", Arg::Number(skill.shown())),
                        ("mark", mark(skill, r.rating.games).into()),
                        ("games", Arg::Number(r.rating.games)),
                    ],
                ));
            }
        }
        if !any {
            // Why it is empty (issue 47, item 6): nobody opted in across chats, a game that is
            // not rated across chats, no game between people, or no rated game yet.
            let unrated = game.is_some_and(|g| !rating::rated_game(g));
            let why = match scope {
                Scope::Global if unrated => "ladder-global-unrated",
                Scope::Global => "ladder-global-none",
                _ if unrated => "ladder-wins-none",
                _ => "ladder-none",
            };
            lines.push(self.i18n.text(lang, why, &[]));
        }
        if scope == Scope::Global {
            lines.push(self.core.text_for(ctx, lang, "ladder-global-how", &[]));
        }
        Ok(vec![View::post(Some(lang), lines.join("\n"))])
    }

    /// An unrated game's part of the ladder (Snakes & Ladders: wins counted in this chat);
    /// whether it listed anyone. With `all_games` a game nobody won is left out.
    async fn wins_ladder(
        &self,
        ctx: &Ctx,
        lang: Lang,
        kind: GameKind,
        all_games: bool,
        lines: &mut Vec<String>,
    ) -> Result<bool, Fail> {
        let rows = self.store.leaderboard(&ctx.chat).await?;
        let of_game: Vec<_> = rows.iter().filter(|r| r.game == kind.name()).take(LADDER).collect();
        if all_games && of_game.is_empty() {
            return Ok(false);
        }
        lines.push(format!("\n{}", self.core.game_name(lang, kind)));
        lines.push(self.i18n.text(lang, "ladder-unrated", &[]));
        for (i, r) in of_game.iter().enumerate() {
            lines.push(self.i18n.text(
                lang,
                "ladder-wins-line",
                &[
                    ("rank", Arg::Number(i as i64 + 1)),
                    ("name", super::clean_name(&r.name).into()),
                    ("games", Arg::Number(r.games)),
                    ("wins", Arg::Number(r.wins)),
                ],
            ));
        }
        Ok(!of_game.is_empty())
    }

    /// `/stats` (and `/stats <game>`): the counts of games and wins, then each rated game's
    /// rating (this season and all time, with the rank in this chat's season ladder) and the
    /// last season's top three of this chat.
    async fn rating_stats_lines(
        &self,
        ctx: &Ctx,
        lang: Lang,
        game: Option<GameKind>,
    ) -> Result<Vec<String>, Fail> {
        let now = self.clock.now_ms();
        let season = self.seasons.of(now);
        let mine = self.store.ratings().user_ratings(&ctx.user, &season).await?;
        let mut lines = Vec::new();
        for kind in GameKind::ALL {
            if !rating::rated_game(kind) || game.is_some_and(|g| g != kind) {
                continue;
            }
            let of = |s: &str| mine.iter().find(|(g, ss, _)| g == kind.name() && ss == s);
            if let Some((_, _, all)) = of(ALL_TIME) {
                let skill = shown_skill(all, now);
                let ladder =
                    self.store.ratings().ladder(kind.name(), &season, Some(&ctx.chat)).await?;
                let place = ladder.iter().position(|r| r.user == ctx.user);
                // A season's rating is an estimate of its own, from the season's games.
                let this = of(&season).map(|(_, _, r)| (shown_skill(r, now), r.games));
                lines.push(self.i18n.text(
                    lang,
                    "stats-rating",
                    &[
                        ("game", self.core.game_name(lang, kind).into()),
                        ("rating", Arg::Number(skill.shown())),
                        ("mark", mark(skill, all.games).into()),
                        ("deviation", Arg::Number(skill.shown_deviation())),
                        ("games", Arg::Number(all.games)),
                    ],
                ));
                if let Some((this, this_games)) = this {
                    lines.push(self.i18n.text(
                        lang,
                        "stats-season",
                        &[
                            ("season", self.season_label(lang, &season).into()),
                            ("rating", Arg::Number(this.shown())),
                            ("mark", mark(this, this_games).into()),
                            ("place", Arg::Number(place.map_or(0, |p| p as i64 + 1))),
                            ("players", Arg::Number(ladder.len() as i64)),
                        ],
                    ));
                }
            }
            let last = self.seasons.before(now);
            let podium = self.store.ratings().ladder(kind.name(), &last, Some(&ctx.chat)).await?;
            if !podium.is_empty() {
                let names: Vec<Arg> = podium
                    .iter()
                    .take(3)
                    .map(|r| {
                        Arg::Text(format!(
                            "{} {}",
                            super::clean_name(&r.name),
                            r.rating.mu.map_or(0, |mu| (mu * rating::SCALE).round() as i64)
                        ))
                    })
                    .collect();
                lines.push(self.i18n.text(
                    lang,
                    "stats-last-season",
                    &[
                        ("game", self.core.game_name(lang, kind).into()),
                        ("season", self.season_label(lang, &last).into()),
                        ("names", Arg::List(names)),
                    ],
                ));
            }
        }
        Ok(lines)
    }

    /// `/stats public` and `/stats private`: whether the user is on ladders across chats.
    pub(super) async fn set_public(&self, ctx: &Ctx, public: bool) -> Result<Vec<View>, Fail> {
        let lang = self.core.user_lang(ctx).await;
        self.store.ratings().set_public(&ctx.user, public).await?;
        let key = if public { "stats-public-on" } else { "stats-public-off" };
        Ok(vec![View::private(
            Some(lang),
            self.core.text_for(ctx, lang, key, &[]),
            ctx.user.clone(),
        )])
    }

    /// `/vs <name>` (Discord: `/game vs user`): the record between the user and another person
    /// of this chat, per game. `target` is a name as shown at tables, `@name`, or a user id.
    pub(super) async fn versus(&self, ctx: &Ctx, target: &Target) -> Result<Vec<View>, Fail> {
        let lang = self.core.chat_lang(ctx).await;
        // Names are stored without bidi controls (`clean_name`): so is the one typed.
        let typed = target.name().trim();
        let cleaned = if typed.is_empty() { String::new() } else { super::clean_name(typed) };
        let wanted = cleaned.trim().trim_start_matches('@');
        if wanted.is_empty() {
            return Err(say(Refusal::VsWho));
        }
        // A person by id: as the platform picked them, or typed as an id.
        let id = match target {
            Target::User { id, .. } => Some(id.clone()),
            Target::Typed(_) => Some(UserId::from(wanted)).filter(|_| wanted.contains(':')),
        };
        let other = match id {
            Some(id) => self.store.user_name(&id).await?.map(|n| (id, n)),
            None => self.store.ratings().player_named(&ctx.chat, wanted).await?,
        };
        let Some((other, other_name)) = other else {
            return Err(Fail::Say(Refusal::VsUnknown, vec![("name", wanted.to_owned().into())]));
        };
        let rows = self.store.ratings().head_to_head(&ctx.user, &other).await?;
        let mut lines = vec![self.i18n.text(
            lang,
            "vs-title",
            &[
                ("name", super::clean_name(&ctx.name).into()),
                ("other", super::clean_name(&other_name).into()),
            ],
        )];
        if rows.is_empty() || other == ctx.user {
            lines.push(self.i18n.text(lang, "vs-none", &[]));
        } else {
            for r in rows {
                let Ok(kind) = r.game.parse::<GameKind>() else { continue };
                lines.push(self.i18n.text(
                    lang,
                    "vs-line",
                    &[
                        ("game", self.core.game_name(lang, kind).into()),
                        ("games", Arg::Number(r.games)),
                        ("ahead", Arg::Number(r.ahead)),
                        ("behind", Arg::Number(r.behind)),
                    ],
                ));
            }
        }
        Ok(vec![View::post(Some(lang), lines.join("\n"))])
    }
}

impl Ratings {
    /// The chart of `/stats`: the user's rating over this season in `game` (or the first rated
    /// game they played this season), drawn on the drawing pool; `None` with no rated game.
    async fn rating_chart(
        &self,
        ctx: &Ctx,
        lang: Lang,
        game: Option<GameKind>,
    ) -> Result<Option<Vec<u8>>, Fail> {
        let season = self.seasons.of(self.clock.now_ms());
        let mut found = None;
        for kind in GameKind::ALL {
            if !rating::rated_game(kind) || game.is_some_and(|g| g != kind) {
                continue;
            }
            let history =
                self.store.ratings().rating_history(&ctx.user, kind.name(), &season).await?;
            if !history.is_empty() {
                found = Some((kind, history));
                break;
            }
        }
        let Some((kind, history)) = found else { return Ok(None) };
        let chart = crate::render::Chart {
            title: self.i18n.text(
                lang,
                "chart-title",
                &[
                    ("game", self.core.game_name(lang, kind).into()),
                    ("season", self.season_label(lang, &season).into()),
                ],
            ),
            // A season's rating starts from a new player's: that is its first point, so that a
            // first game's chart is a line from where it began, not a lone dot.
            points: std::iter::once(&(0, rating::START.mu, rating::START.sigma))
                .chain(&history)
                .map(|(_, mu, sigma)| (mu * rating::SCALE, sigma * rating::SCALE))
                .collect(),
            theme: crate::render::Theme::Light,
            persian_digits: lang.persian_digits(),
        };
        Ok(self.draw("the rating chart", move |r| r.chart(&chart)).await)
    }
}

impl Ratings {
    /// A picture drawn on the drawing pool (its turn for a core, off the async threads); `None`
    /// if drawing failed, which is logged as `what` (the words it goes with still go).
    pub(super) async fn draw(
        &self,
        what: &'static str,
        draw: impl FnOnce(&crate::render::Renderer) -> Result<Vec<u8>, crate::render::RenderError>
        + Send
        + 'static,
    ) -> Option<Vec<u8>> {
        let renderer = self.renderer.clone();
        // Waits its turn for a core: the semaphore is never closed.
        let permit = self.drawing.clone().acquire_owned().await.ok();
        let drawn = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            draw(&renderer)
        })
        .await;
        match drawn {
            Ok(Ok(png)) => Some(png),
            Ok(Err(e)) => {
                tracing::error!(error = %e, what, "drawing failed");
                None
            }
            Err(e) => {
                tracing::error!(error = %e, what, "a drawing task failed");
                None
            }
        }
    }

    /// A season's name in the reader's words: `2026-Q4` → "Q4 2026", "4-й квартал 2026".
    fn season_label(&self, lang: Lang, season: &str) -> String {
        let (year, part) = season.split_once('-').unwrap_or((season, ""));
        let Ok(year) = year.parse::<i64>() else { return season.to_owned() };
        let number = |s: &str| s.parse::<i64>().ok();
        let (key, n) = match part.as_bytes().first() {
            None => ("season-year", None),
            Some(b'Q') => ("season-quarter", number(&part[1..])),
            Some(b'H') => ("season-half", number(&part[1..])),
            Some(_) => ("season-month", number(part)),
        };
        let mut args =
            vec![("year", Arg::Text(crate::render::text::number(year, lang.persian_digits())))];
        if let Some(n) = n {
            args.push(("n", Arg::Number(n)));
            args.push((
                "month",
                Arg::Text(crate::render::text::number(format!("{n:02}"), lang.persian_digits())),
            ));
        }
        self.i18n.text(lang, key, &args)
    }
}

/// A stored rating as shown now: its deviation grown by the time since its last game.
fn shown_skill(r: &RatingRow, now_ms: i64) -> Skill {
    let skill = Skill {
        mu: r.mu.unwrap_or(rating::START.mu),
        sigma: r.sigma.unwrap_or(rating::START.sigma),
    };
    skill.aged(now_ms - r.last_ms)
}

/// "?" after a provisional rating (`games` rated games played).
fn mark(skill: Skill, games: i64) -> String {
    if skill.provisional(games) { "?".to_owned() } else { String::new() }
}

/// Why `dicetable ratings --rebuild` failed.
pub type ServiceFailure = crate::store::StoreError;

/// A win rate in whole percent.
fn rate(wins: i64, games: i64) -> i64 {
    if games == 0 { 0 } else { (wins * 100 + games / 2) / games }
}
