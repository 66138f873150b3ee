//! The cup's messages: its sign-up, its standings (in words and as a picture), its rounds'
//! posts and its end.

use super::Read;
use crate::engine::cup::{self, Format};
use crate::ids::{ChatId, MessageRef, Version};
use crate::store::CupStatus;
use crate::table::i18n::{Arg, Lang};
use crate::table::message::{Button, Kind, Post};
use crate::table::token::{Button as TokenButton, Token};
use crate::table::{Cups, View};

impl Cups {
    /// The cup's sign-up message: what it plays, who signed up, and its buttons.
    pub(super) fn cup_signup_view(&self, c: &Read, lang: Lang) -> View {
        let mut lines = vec![self.i18n.text(
            lang,
            "cup-created",
            &[
                ("game", self.core.game_name(lang, c.rec.game).into()),
                ("rounds", Arg::Number(c.rec.rounds.into())),
                ("window", self.cup_window(lang, c.rec.window_ms).into()),
                ("format", self.cup_format(lang, c.rec.format).into()),
            ],
        )];
        lines.push(self.cup_players_line(c, lang));
        lines.push(self.cup_how(c, lang));
        lines.extend(self.cup_starts_line(c, lang));
        let token = |button| Token::cup(c.rec.id, button).encode(&self.key);
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
        let message = crate::table::Standings {
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
    pub(super) async fn cup_message_view(&self, c: &Read) -> View {
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
                tracing::warn!(cup = id.get(), error = %e, "reading the cup's message failed");
                None
            }
        };
        Some((view, shown))
    }

    /// A cancelled cup's message: said so, its buttons gone.
    pub(super) fn cup_cancelled_view(&self, c: &Read, lang: Lang) -> View {
        let game = self.core.game_name(lang, c.rec.game);
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
    pub(super) fn cup_starts_line(&self, c: &Read, lang: Lang) -> Option<String> {
        let at = c.rec.starts_ms.filter(|_| c.rec.status == CupStatus::Signup)?;
        let left = self.cup_left(lang, at - self.clock.now_ms());
        Some(self.i18n.text(lang, "cup-starts-in", &[("left", left.into())]))
    }

    /// How to sign up and start, as the cup's platform says it.
    pub(super) fn cup_how(&self, c: &Read, lang: Lang) -> String {
        let discord = c.rec.chat.platform() == crate::ids::Platform::Discord;
        let key = if discord { "cup-signup-how-discord" } else { "cup-signup-how" };
        self.i18n.text(lang, key, &[])
    }

    pub(super) fn cup_players_line(&self, c: &Read, lang: Lang) -> String {
        let names: Vec<String> = c.rec.players.iter().map(|p| p.name.clone()).collect();
        self.i18n.text(
            lang,
            "cup-players",
            &[
                ("count", Arg::Number(names.len() as i64)),
                ("names", crate::table::shown_names(lang, &names).into()),
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
    pub(super) fn cup_left(&self, lang: Lang, ms: i64) -> String {
        let up = |unit: i64| (ms.max(1) + unit - 1) / unit;
        let (key, n) = match ms {
            _ if ms >= 2 * 86_400_000 => ("cup-days", up(86_400_000)),
            _ if ms >= 3_600_000 => ("cup-hours", up(3_600_000)),
            _ => ("cup-minutes", up(60_000)),
        };
        self.i18n.text(lang, key, &[("n", Arg::Number(n))])
    }

    /// The standings in words, with the round, who still has to play and the time left (or the
    /// winner, once it is over).
    pub(super) fn cup_standing_text(&self, c: &Read, lang: Lang) -> String {
        let game = self.core.game_name(lang, c.rec.game);
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
                    let names = crate::table::shown_names(lang, &waiting);
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

    /// Which standings a cup's state shows (see [`crate::table::Standings::version`]): every change
    /// to the cup adds one to its version, every game's result one more.
    pub(super) fn standings_version(c: &Read) -> Version {
        let results = c.rec.games.iter().filter(|g| g.result.is_some()).count() as i64;
        Version::new(c.rec.version + results)
    }

    /// The cup's standings message (issue 49): the round, who still plays, the standings in
    /// words and as a picture; once it is over, the final standings with the podium. One
    /// message, edited in place after every game. `picture`: one already drawn.
    pub(super) async fn cup_live_view(
        &self,
        c: &Read,
        lang: Lang,
        picture: Option<Vec<u8>>,
    ) -> View {
        let game = self.core.game_name(lang, c.rec.game);
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
                let names = crate::table::shown_names(lang, &waiting);
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
        let game = self.core.game_name(lang, c.rec.game);
        let closed = self.i18n.text(lang, "cup-signup-closed", &[("game", game.into())]);
        let standings = crate::table::Standings {
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
        c.open_games().flat_map(|g| &g.players).map(|&p| c.name(p)).collect()
    }

    /// A finished cup's last views: the winner announced with the podium, and its standings
    /// message brought to its final state (the same picture).
    pub(super) async fn cup_end_views(&self, c: &Read, lang: Lang) -> Vec<View> {
        let picture = self.cup_picture(c, lang).await;
        let mut last = self.cup_final_view(c, lang);
        attach(&mut last, picture.clone(), self.cup_standings_lines(c, lang));
        let live = self.cup_live_view(c, lang, picture).await;
        vec![last, live]
    }

    /// The round's post: its number, its tables and byes, with every player mentioned.
    pub(super) fn cup_round_view(&self, c: &Read, lang: Lang, withdrawn: &[i32]) -> View {
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
            ("game", self.core.game_name(lang, c.rec.game).into()),
            ("round", Arg::Number(c.rec.round.into())),
            ("rounds", Arg::Number(c.rec.rounds.into())),
            ("window", self.cup_window(lang, c.rec.window_ms).into()),
        ];
        lines.push(self.i18n.text(lang, "cup-round", &args));
        let mut mentions = Vec::new();
        for g in c.rec.games.iter().filter(|g| g.round == c.rec.round) {
            let players = &g.players;
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
                        ("players", crate::table::shown_names(lang, &names).into()),
                    ];
                    lines.push(self.i18n.text(lang, "cup-table-line", &args));
                }
                None => {
                    let args = [
                        ("name", names.join(", ").into()),
                        ("points", Arg::Number(c.rec.format.bye_points().into())),
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
        let game = self.core.game_name(lang, c.rec.game);
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
        self.ratings.draw("the cup's standings", move |r| r.standings(&picture)).await
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
                ("game", self.core.game_name(lang, c.rec.game).into()),
                ("names", crate::table::shown_names(lang, &winners).into()),
                ("count", Arg::Number(winners.len() as i64)),
            ],
        )];
        lines.push(self.cup_standings_lines(c, lang));
        lines.push(self.i18n.text(lang, "cup-tiebreaks", &[]));
        View::post(Some(lang), lines.join("\n"))
    }
}

/// A cup game's first views as the chat gets them: where the game plays in the chat itself
/// (no thread of its own to open from its start), the start's words (who plays, the seed's
/// fingerprint) ride on its first board, so that a game's first message is its first board
/// and a cup costs the chat one message less a game (issue 60: at most 3 new messages a cup
/// game on Telegram). A game in a thread (Discord) keeps its start as the message its thread
/// opens from.
pub(super) fn first_board_first(mut views: Vec<View>) -> Vec<View> {
    let [started, board] = &mut views[..] else { return views };
    let lobby = matches!(started.shows(), Some((_, crate::table::Slot::Lobby)));
    let first = matches!(board.shows(), Some((_, crate::table::Slot::Board)));
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
        post.attachment = Some(crate::table::message::Attachment::Picture(png));
        post.alt = Some(alt);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 61 item 7: every cup sentence a Discord user can read says "channel" (never
    /// "chat") and Discord's commands (`/cup show`, `/cup begin`, options), never Telegram's
    /// typed words (`/cup nardy 5 rounds 24h`, `/cup` alone, `start=2h`), in all four languages.
    #[test]
    fn discord_cup_sentences_say_channel_and_discords_commands() {
        use crate::table::i18n::{I18n, PLATFORM};
        let i18n = I18n::new();
        let keys: Vec<&str> = include_str!("../../../assets/locales/en.ftl")
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
}
