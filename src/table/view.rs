//! Views: the lobby, the board with its buttons, and the informational answers (status,
//! history, statistics, leaderboard, fairness, help).

use super::describe::{Units, Words};
use super::fail::{Fail, Refusal, say};
use super::i18n::{Arg, Lang, PLATFORM};
use super::load::{LEASE_MS, Loaded};
use super::message::spread_audience;
use super::token::{Button as TokenButton, Token};
use super::words::{self, Settings, Timer};
use super::{BoardMode, Button, Ctx, Kind, Place, Post, ServiceError, Slot, TableMessage, View};
use crate::engine::{Event, Game, GameKind, Legal, Options};
use crate::ids::{ChatId, Platform, TableId};
use crate::render::{Player, Scene, Theme};
use crate::store::TableStatus;

mod turn;

use turn::{Turn, second_six};

crate::table::handles::part! {
    /// What a table's messages say: the lobby, the board, the answers.
    Views uses [core, store, i18n, key, renderer, drawing, metrics, clock, owed];
}

/// How many moves `/history` tells.
const HISTORY: usize = 12;

/// The most a text answer may hold on every platform: Discord's 2,000 characters a message
/// (Telegram's 4,096 UTF-16 units are more).
const TEXT_MAX: usize = 2000;

impl Views {
    /// The lines a rematch lobby adds under its players: which table it is (the chat may have
    /// others open, so commands name it by number) and whom it still waits for.
    fn rematch_note(&self, t: &Loaded, lang: Lang) -> Option<String> {
        let of = t.rec.rematch_of?;
        let mut args = vec![("number", of.into()), ("table", t.rec.id.into())];
        if t.rec.chat.platform() == Platform::Discord {
            args.push((PLATFORM, Arg::Text("discord".into())));
        }
        let mut lines = vec![self.i18n.text(lang, "rematch-lobby", &args)];
        let awaited: Vec<String> = t.awaited().iter().map(|s| s.name.clone()).collect();
        if t.rec.status == TableStatus::Lobby && !awaited.is_empty() {
            let names = super::shown_names(lang, &awaited);
            lines.push(self.i18n.text(lang, "rematch-invited", &[("names", names.into())]));
        }
        Some(lines.join("\n"))
    }

    fn button(&self, t: &Loaded, button: TokenButton, label: String) -> Button {
        let token = Token::table(t.rec.id, t.rec.version, button);
        Button { label, token: token.encode(&self.key) }
    }

    /// The options of a table in words, one `name: value` per option.
    fn options_text(&self, lang: Lang, t: &Loaded) -> String {
        let keys = words::choices(t.kind).into_iter().map(|(key, _)| key);
        let parts: Vec<String> =
            keys.filter_map(|key| self.option_line(lang, key, &t.options, t.settings)).collect();
        parts.join(" · ")
    }

    /// One option and its value in words (`Finish: bounce back`), if the game has it.
    fn option_line(
        &self,
        lang: Lang,
        key: &str,
        options: &Options,
        settings: Settings,
    ) -> Option<String> {
        let word = words::current(key, options, settings);
        let value = match words::value_key(key, &word) {
            _ if word.is_empty() => return None,
            Some(message) => self.i18n.text(lang, &message, &[]),
            None => crate::render::text::number(word.parse().unwrap_or(0), lang.persian_digits()),
        };
        Some(format!("{}: {value}", self.i18n.text(lang, &format!("option-{key}"), &[])))
    }

    pub(super) fn lobby_view(&self, t: &Loaded, lang: Lang) -> View {
        let invite =
            t.settings.private.then(|| super::token::invite_code(t.rec.id.to_token(), &self.key));
        let text = self.lobby_text(t, lang, invite.as_deref());
        let label = |key: &str| self.i18n.text(lang, key, &[]);
        let computer_row = self.computer_row(t, lang);
        let message = TableMessage {
            table: t.rec.id,
            slot: Slot::Lobby,
            version: t.rec.version,
            image: None,
            alt: None,
            text_first: false,
            buttons: vec![
                vec![
                    self.button(t, TokenButton::Join, label("button-join")),
                    self.button(t, TokenButton::Leave, label("button-leave")),
                ],
                vec![
                    self.button(t, TokenButton::Start, label("button-start")),
                    self.button(t, TokenButton::Options, label("button-options")),
                    self.button(t, TokenButton::Cancel, label("button-cancel")),
                ],
            ]
            .into_iter()
            .chain(Some(computer_row).filter(|row| !row.is_empty()))
            .collect(),
            mentions: t.awaited().iter().map(|s| s.user.clone()).collect(),
            audience: t.audience(),
            invite,
            thread: false,
            place: Place::New,
            tidy: false,
        };
        View::new(Some(lang), text, Kind::Table(message))
    }

    /// A lobby's words: the game and its seats, who sits (the host marked), the options, a
    /// hint, a rematch's note, and a private table's invite.
    fn lobby_text(&self, t: &Loaded, lang: Lang, invite: Option<&str>) -> String {
        let range = t.kind.players();
        let players: Vec<String> = t
            .rec
            .seats
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let host = if s.user == t.rec.host {
                    format!(" ({})", self.i18n.text(lang, "lobby-host", &[]))
                } else {
                    String::new()
                };
                format!(
                    "{}. {}{host}",
                    crate::render::text::number(i + 1, lang.persian_digits()),
                    super::shown_name(&s.name)
                )
            })
            .collect();
        let text = [
            self.i18n.text(
                lang,
                // Nardy is for exactly two: "1 of 2 seated", not "2 to 2 can play".
                if range.start() == range.end() { "lobby-title-exact" } else { "lobby-title" },
                &[
                    ("game", self.core.game_name(lang, t.kind).into()),
                    ("count", Arg::Number(t.rec.seats.len() as i64)),
                    ("min", Arg::Number(*range.start() as i64)),
                    ("max", Arg::Number(*range.end() as i64)),
                ],
            ),
            players.join("\n"),
            self.options_text(lang, t),
            self.i18n.text(lang, "lobby-hint", &[]),
        ]
        .join("\n");
        // A rematch says which table it is and whom it invited (see `table::rematch`).
        let text = match self.rematch_note(t, lang) {
            Some(note) => format!("{text}\n{note}"),
            None => text,
        };
        match invite {
            Some(code) => format!(
                "{text}\n\n{}\n{}",
                self.i18n.text(lang, "lobby-private", &[]),
                self.i18n.text(lang, "lobby-invite-join", &[("code", code.to_owned().into())])
            ),
            None => text,
        }
    }

    /// The lobby's computer buttons: the host seats computers here (at the table's level) and
    /// takes them out again.
    fn computer_row(&self, t: &Loaded, lang: Lang) -> Vec<Button> {
        let mut row = Vec::new();
        if t.rec.seats.len() < *t.kind.players().end() {
            let level = self.i18n.text(lang, &format!("level-{}", t.settings.level.word()), &[]);
            // A label stands alone: Fluent's isolation marks would show as boxes in it.
            let add = self.i18n.text(lang, "button-add-computer", &[("level", level.into())]);
            let add = crate::game::replay::unmarked(&add);
            row.push(self.button(t, TokenButton::AddComputer, add));
        }
        if t.computers() > 0 {
            let remove = self.i18n.text(lang, "button-remove-computer", &[]);
            row.push(self.button(t, TokenButton::RemoveComputer, remove));
        }
        row
    }

    /// The lobby with its options as buttons, two to a row: each shows an option's value and
    /// steps it to the next (host); "Done" shows the lobby again.
    pub(super) fn options_panel(&self, t: &Loaded, lang: Lang) -> View {
        let mut view = self.lobby_view(t, lang);
        view.text = format!("{}\n\n{}", view.text, self.i18n.text(lang, "lobby-options-hint", &[]));
        let mut buttons = Vec::new();
        for (k, (key, _)) in words::choices(t.kind).iter().enumerate() {
            // An option that cannot change with the others as they are is not offered.
            if words::cycle(t.kind, &t.options, t.settings, k).is_none() {
                continue;
            }
            let Some(label) = self.option_line(lang, key, &t.options, t.settings) else { continue };
            buttons.push(self.button(t, TokenButton::Cycle(k as u8), label));
        }
        let mut rows: Vec<Vec<Button>> = Vec::new();
        let mut buttons = buttons.into_iter();
        while let Some(first) = buttons.next() {
            rows.push(std::iter::once(first).chain(buttons.next()).collect());
        }
        rows.push(vec![self.button(
            t,
            TokenButton::Refresh,
            self.i18n.text(lang, "button-done", &[]),
        )]);
        if let Some(message) = view.table_message_mut() {
            message.buttons = rows;
        }
        view
    }

    /// The rules of the game at this chat's table (with its options), or of `game` with its
    /// default options: a summary, then one sentence per option.
    pub(super) async fn rules(&self, ctx: &Ctx, game: Option<GameKind>) -> Result<Vec<View>, Fail> {
        let table = match self.core.find(ctx, game, &TableStatus::OPEN).await {
            Ok(t) => Some(t),
            Err(Fail::Say(..) | Fail::NoTable) => None,
            Err(e) => return Err(e),
        };
        let (kind, options, settings) = match (table, game) {
            (Some(t), _) => (t.kind, t.options, t.settings),
            (None, Some(kind)) => (kind, Options::default_for(kind), Settings::default()),
            (None, None) => return Err(say(Refusal::RulesWhich)),
        };
        let lang = self.core.chat_lang(ctx).await;
        let mut lines = vec![
            self.i18n.text(
                lang,
                "rules-title",
                &[("game", self.core.game_name(lang, kind).into())],
            ),
            self.i18n.text(lang, &format!("rules-{}", kind.name()), &[]),
            String::new(),
            self.i18n.text(lang, "rules-options", &[]),
        ];
        for key in words::keys(kind) {
            let line = match options.word(key).as_deref() {
                Some("1") => self.i18n.text(lang, &format!("rule-{key}-1"), &[]),
                Some(number) if number.bytes().all(|b| b.is_ascii_digit()) => {
                    let points = Arg::Number(number.parse().unwrap_or(1));
                    self.i18n.text(lang, &format!("rule-{key}"), &[("points", points)])
                }
                Some(word) => self.i18n.text(lang, &format!("rule-{key}-{word}"), &[]),
                _ => continue,
            };
            lines.push(format!("• {line}"));
        }
        let timer = match settings.timer {
            Timer::Off => self.i18n.text(lang, "rule-timer-off", &[]),
            other => {
                let word = self.i18n.text(lang, &format!("timer-{}", other.word()), &[]);
                self.i18n.text(lang, "rule-timer", &[("timer", word.into())])
            }
        };
        lines.push(format!("• {timer}"));
        Ok(vec![View::post(Some(lang), lines.join("\n"))])
    }

    /// The board after `events`, with the prompt and buttons of whoever acts next.
    pub(super) async fn board_view(
        &self,
        t: &Loaded,
        lang: Lang,
        events: &[Event],
        header: Vec<String>,
    ) -> View {
        let Some(game) = &t.game else { return self.lobby_view(t, lang) };
        let names = t.names();
        let mut lines = header;
        // A cancelled table is nobody's turn: the turn its last departure passed on is not said.
        let cancelled = t.rec.status == TableStatus::Cancelled;
        let said = events.iter().filter(|e| !(cancelled && matches!(e, Event::Turn { .. })));
        lines.extend(said.filter_map(|e| self.i18n.event(lang, e, &names)));
        lines.extend(second_six(&self.i18n, lang, game, events, &names));
        let text_first = t.text_first();
        let turn = self.turn(t, game, lang, &names, text_first);
        let Turn { buttons, mentions, .. } = turn;
        match turn.line {
            Some(line) => lines.push(line),
            None if t.rec.status == TableStatus::Cancelled => {
                lines.push(self.i18n.text(lang, "table-was-cancelled", &[]));
            }
            None => {
                if !events.iter().any(|e| matches!(e, Event::GameOver { .. }))
                    && let Some(ranking) = game.ranking()
                {
                    let over = Event::GameOver { ranking };
                    lines.extend(self.i18n.event(lang, &over, &names));
                }
            }
        }
        let image = self.picture(game, events, &names, lang).await;
        // The board this version owes is made: a computer's turn held back for it may go.
        self.owed.board_made(t.rec.id, t.rec.version);
        let discord = t.rec.chat.platform() == Platform::Discord;
        let alt =
            image.as_ref().map(|_| Words::new(&self.i18n, lang, game, &names, &lines, discord));
        let message = TableMessage {
            table: t.rec.id,
            slot: Slot::Board,
            version: t.rec.version,
            image,
            alt,
            text_first,
            buttons,
            mentions,
            audience: t.audience(),
            invite: None,
            thread: t.settings.thread,
            place: Place::New,
            tidy: self.core.table_board_mode(t).await == BoardMode::Tidy,
        };
        View::new(Some(lang), lines.join("\n"), Kind::Table(message))
    }

    /// `/board text`: the table's board as text, for the one who asks, in their language:
    /// whose turn it is, where everything is, and the moves open, in plain words.
    pub(super) async fn board_text(&self, ctx: &Ctx, game: super::Pick) -> Result<Vec<View>, Fail> {
        let t = self.core.find(ctx, game, &TableStatus::OPEN).await?;
        let lang = self.core.user_lang(ctx).await;
        let Some(game) = &t.game else { return Err(say(Refusal::NotStarted)) };
        let names = t.names();
        let turn = self.turn(&t, game, lang, &names, true);
        let lines: Vec<String> = turn.line.into_iter().collect();
        let discord = ctx.chat.platform() == Platform::Discord;
        let words = Words::new(&self.i18n, lang, game, &names, &lines, discord);
        let moves: Vec<&Button> = turn.buttons.iter().flatten().collect();
        // The moves open, to the player who may choose one: another reader hears whose turn it
        // is, not someone else's moves as theirs.
        let theirs = turn.mentions.contains(&ctx.user);
        let mut after = String::new();
        if matches!(game.legal(), Legal::Choose { .. }) && theirs && !moves.is_empty() {
            after.push_str(&format!("\n{}", self.i18n.text(lang, "board-text-moves", &[])));
            for button in moves {
                after.push_str(&format!("\n• {}", button.label));
            }
        }
        // Every place, whole where the smallest message holds it (Discord's 2,000 characters;
        // Telegram counts UTF-16 units, never fewer); else densely.
        let room = TEXT_MAX.saturating_sub(Units::Utf16.of(&after));
        let text = words.within(room, Units::Utf16) + &after;
        Ok(vec![View::private(Some(lang), text, ctx.user.clone())])
    }

    pub(super) async fn picture(
        &self,
        game: &Game,
        events: &[Event],
        names: &[String],
        lang: Lang,
    ) -> Option<Vec<u8>> {
        let renderer = self.renderer.clone();
        let game = game.clone();
        let events = events.to_vec();
        let players: Vec<Player> = names.iter().map(|n| Player { name: n.clone() }).collect();
        let persian_digits = lang.persian_digits();
        let metrics = self.metrics.clone();
        // Waits its turn for a core: the semaphore is never closed, so this cannot fail.
        let permit = self.drawing.clone().acquire_owned().await.ok();
        let result = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            let started = std::time::Instant::now();
            let scene = Scene {
                game: &game,
                events: &events,
                players: &players,
                theme: Theme::Light,
                persian_digits,
            };
            let png = renderer.render(&scene);
            if let Some(m) = metrics {
                m.render_seconds.observe(started.elapsed().as_secs_f64());
            }
            png
        })
        .await;
        match result {
            Ok(Ok(png)) => Some(png),
            Ok(Err(e)) => {
                tracing::error!(error = %e, "drawing the board failed");
                None
            }
            Err(e) => {
                tracing::error!(error = %e, "the drawing task failed");
                None
            }
        }
    }

    /// After a game ends: the seed, so anyone can check every roll (C3), posted right under the
    /// final board; a finished game's also offers its replay and its record. (The final board
    /// itself has no buttons: a board without buttons is a game over, for players and tools.)
    /// `ratings`: each rated player's change (issue 37), said above the seed.
    pub(super) fn end_views(&self, t: &Loaded, lang: Lang, ratings: Vec<String>) -> Vec<View> {
        if !t.rec.status.is_ended() {
            return Vec::new();
        }
        let mut buttons = Vec::new();
        if t.rec.status == TableStatus::Finished {
            let label = |key: &str| self.i18n.text(lang, key, &[]);
            buttons.push(vec![
                self.button(t, TokenButton::Replay, label("button-replay")),
                self.button(t, TokenButton::Export, label("button-export")),
            ]);
            // Issue 37: a new table like this one, with the same players (`table::rematch`);
            // not for a cup's game, whose next game is the cup's to pair.
            if t.rec.cup.is_none() {
                buttons.push(vec![self.button(t, TokenButton::Rematch, label("button-rematch"))]);
            }
        }
        let mut text = ratings;
        text.push(self.reveal_text(t, lang));
        let post = Post { buttons, ..Post::default() };
        vec![View::new(Some(lang), text.join("\n"), Kind::Post(post))]
    }

    fn reveal_text(&self, t: &Loaded, lang: Lang) -> String {
        let seed = t.seed();
        // One flag a line (shell continuations), so chat clients never wrap inside a flag and
        // the whole command still pastes into a shell.
        let command = format!(
            "dicetable verify \\\n  --seed {} \\\n  --commitment {} \\\n  --rolls {}",
            seed.to_hex(),
            t.rec.commitment,
            t.rec.next_roll.max(1)
        );
        // The command stands outside the sentence: no invisible isolation marks get copied
        // into a shell with it.
        let said = self.i18n.text(
            lang,
            "fair-reveal",
            &[("seed", seed.to_hex().into()), ("commitment", t.rec.commitment.clone().into())],
        );
        format!("{said}\n{command}")
    }

    /// The table as it stands: the lobby or the board.
    pub(super) async fn current_view(&self, t: &Loaded, lang: Lang) -> View {
        match t.rec.status {
            TableStatus::Lobby => self.lobby_view(t, lang),
            _ => self.board_view(t, lang, &[], Vec::new()).await,
        }
    }

    /// Views of open tables whose newest change was stored but never shown (the process
    /// stopped in between), each with the chat to post it in. Call it at start-up, before
    /// taking updates: each table found is claimed for a while, so that several processes
    /// starting together show it once. Tables untouched for a week are left alone.
    pub async fn unshown(&self) -> Result<Vec<(ChatId, View)>, ServiceError> {
        const WEEK_MS: i64 = 7 * 24 * 3600 * 1000;
        let mut out = Vec::new();
        loop {
            let now = self.clock.now_ms();
            let ids = self.store.claim_unshown(now - WEEK_MS, now, LEASE_MS, 100).await?;
            if ids.is_empty() {
                return Ok(out);
            }
            for id in ids {
                let t = match self.core.load(id).await {
                    Ok(t) => t,
                    Err(e) => {
                        tracing::warn!(table = id.get(), error = %e, "an unshown table does not load");
                        continue;
                    }
                };
                let lang = self.core.table_lang(&t).await;
                let slot = t.slot();
                let mut views = vec![self.current_view(&t, lang).await];
                // A lobby is one message edited in place; so is a board in a chat that asked.
                if (slot == Slot::Lobby || self.core.table_board_mode(&t).await == BoardMode::Edit)
                    && let Some(m) = self.store.message(id, slot.name()).await?
                    && let Some(message) = views[0].table_message_mut()
                {
                    message.place = Place::Edit(m);
                }
                spread_audience(&mut views);
                tracing::info!(
                    table = id.get(),
                    version = t.rec.version.get(),
                    "showing a change never shown"
                );
                out.extend(views.into_iter().map(|v| (t.rec.chat.clone(), v)));
            }
        }
    }

    /// A name for a table's thread (Discord): the game and its players, as the chat reads
    /// them ("Ludo: Ana, Ben"), at most 100 characters.
    pub async fn thread_name(&self, table: TableId) -> String {
        match self.core.load(table).await {
            Ok(t) => {
                let lang = self.core.table_lang(&t).await;
                let name =
                    format!("{}: {}", self.core.game_name(lang, t.kind), t.names().join(", "));
                let name = name.replace(['\u{2068}', '\u{2069}'], "");
                name.chars().take(100).collect()
            }
            Err(e) => {
                tracing::warn!(table = table.get(), error = %e, "naming a thread");
                format!("#{table}")
            }
        }
    }

    /// The open tables of `chat` as they stand (lobby or board, oldest first), for an adapter
    /// that starts with no history of the chat (the playground after a restart). Each view is
    /// a new message that takes the table's buttons.
    pub async fn open_views(&self, chat: &ChatId) -> Vec<View> {
        let rows = match self.store.tables_in_chat(chat, &TableStatus::OPEN).await {
            Ok(rows) => rows,
            Err(e) => {
                tracing::warn!(%chat, error = %e, "reading the chat's tables failed");
                return Vec::new();
            }
        };
        let mut views = Vec::new();
        for (id, _, _) in rows.into_iter().rev() {
            match self.core.load(id).await {
                Ok(t) => {
                    let lang = self.core.table_lang(&t).await;
                    views.push(self.current_view(&t, lang).await);
                }
                Err(e) => {
                    tracing::warn!(table = id.get(), error = %e, "an open table does not load")
                }
            }
        }
        views
    }

    /// The table numbered, whatever its state; or an open table of the chat, or else its last
    /// ended one with a game played (a lobby cancelled since does not hide it).
    async fn find_recent(&self, ctx: &Ctx, pick: super::Pick) -> Result<Loaded, Fail> {
        let game = match pick {
            super::Pick::Table(id) => return self.core.numbered(ctx, id).await,
            super::Pick::Game(game) => Some(game),
            super::Pick::Last | super::Pick::Unknown(_) => None,
        };
        match self.core.find(ctx, game, &TableStatus::OPEN).await {
            Err(Fail::NoTable) => {}
            other => return other,
        }
        // In a table's own thread (Discord), that table, after its game too.
        if let Some(t) = self.core.thread_table(ctx).await?
            && game.is_none_or(|k| k == t.kind)
            && t.rec.state.is_some()
        {
            return Ok(t);
        }
        let last = self.store.last_played_table(&ctx.chat, game.map(GameKind::name)).await?;
        let id = last.ok_or(Fail::NoTable)?;
        Ok(self.core.load(id).await?)
    }

    pub(super) async fn status(&self, ctx: &Ctx, game: super::Pick) -> Result<Vec<View>, Fail> {
        let t = self.core.find(ctx, game, &TableStatus::OPEN).await?;
        let lang = self.core.table_lang(&t).await;
        Ok(vec![self.current_view(&t, lang).await])
    }

    pub(super) async fn history(&self, ctx: &Ctx, game: super::Pick) -> Result<Vec<View>, Fail> {
        let t = self.find_recent(ctx, game).await?;
        let lang = self.core.table_lang(&t).await;
        if t.rec.status == TableStatus::Lobby || t.game.is_none() {
            return Err(say(Refusal::NotStarted));
        }
        let (_, log) = self.core.replay(&t).await?;
        let names = t.names();
        let skip = log.len().saturating_sub(HISTORY);
        let mut lines = vec![self.i18n.text(
            lang,
            "history-title",
            &[
                ("game", self.core.game_name(lang, t.kind).into()),
                ("count", Arg::Number(log.len() as i64)),
            ],
        )];
        for (_, events) in &log[skip..] {
            let said: Vec<String> =
                events.iter().filter_map(|e| self.i18n.event(lang, e, &names)).collect();
            if !said.is_empty() {
                lines.push(format!("• {}", said.join(" ")));
            }
        }
        Ok(vec![View::post(Some(lang), lines.join("\n"))])
    }

    pub(super) async fn fair(&self, ctx: &Ctx, game: super::Pick) -> Result<Vec<View>, Fail> {
        let t = self.find_recent(ctx, game).await?;
        let lang = self.core.table_lang(&t).await;
        let text = if t.rec.status.is_ended() {
            self.reveal_text(&t, lang)
        } else {
            self.i18n.text(
                lang,
                "fair-commitment",
                &[
                    ("commitment", t.rec.commitment.clone().into()),
                    ("rolls", Arg::Number(t.rec.next_roll)),
                ],
            )
        };
        Ok(vec![View::post(Some(lang), text)])
    }

    pub(super) fn help(&self, ctx: &Ctx, lang: Lang) -> View {
        let text = HELP_PARTS.map(|key| self.core.text_for(ctx, lang, key, &[])).join("\n");
        View::private(Some(lang), text, ctx.user.clone())
    }
}

/// The parts `/help` sends, in order (each with a `-discord` form for Discord).
pub(crate) const HELP_PARTS: [&str; 4] = ["help", "help-ratings", "help-access", "help-cup"];
