//! The lobby's rules as pure methods on a loaded table: who may join, leave, start, change the
//! options; each returns what happened or a [`Refusal`] naming the message to show. No database,
//! no views: `Service::lobby_apply` stores and shows the outcome.

use super::i18n::Arg;
use super::service::{Fail, Loaded, word_fail};
use super::words;
use crate::store::{SeatRecord, TableStatus};

/// Why a lobby rule refused: the message key and its arguments, said privately to who asked.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Refusal {
    /// The Fluent message key.
    pub(super) key: &'static str,
    /// Its arguments.
    pub(super) args: Vec<(&'static str, Arg)>,
}

impl Refusal {
    fn say(key: &'static str) -> Self {
        Self { key, args: Vec::new() }
    }
}

impl From<Refusal> for Fail {
    fn from(r: Refusal) -> Self {
        Fail::Say(r.key, r.args)
    }
}

/// What a lobby rule did to the table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Outcome {
    /// The lobby changed; say `note` (a message key about `name`) above it, if any.
    Changed(Option<(&'static str, String)>),
    /// The last player left: the table is cancelled.
    Emptied,
    /// The game begins: the host started it, or a join filled the table.
    Starts,
    /// The host asked for the options panel: show it; nothing changed.
    ShowPanel,
    /// An option changed from the panel: show the panel again.
    PanelChanged,
}

/// Who acts in the lobby.
#[derive(Debug, Clone, Copy)]
pub(super) struct Actor<'a> {
    /// The platform user id.
    pub(super) user: &'a str,
    /// Their display name.
    pub(super) name: &'a str,
    /// A chat admin (may start any lobby).
    pub(super) admin: bool,
}

impl Loaded {
    /// Whether the table is still a lobby: a started or ended table takes no lobby operation.
    pub(super) fn still_lobby(&self) -> Result<(), Refusal> {
        match self.rec.status {
            TableStatus::Lobby => Ok(()),
            TableStatus::Playing => Err(Refusal::say("err-started")),
            TableStatus::Finished | TableStatus::Cancelled => Err(Refusal::say("err-game-over")),
        }
    }

    /// Seats `who`; a join that fills the table starts it.
    pub(super) fn join(&mut self, who: Actor<'_>) -> Result<Outcome, Refusal> {
        self.still_lobby()?;
        if self.seat_of(who.user).is_some() {
            return Err(Refusal::say("err-already-seated"));
        }
        if self.rec.seats.len() >= *self.kind.players().end() {
            return Err(Refusal::say("err-table-full"));
        }
        self.rec.seats.push(SeatRecord {
            user: who.user.to_owned(),
            name: who.name.to_owned(),
            ..Default::default()
        });
        if self.rec.seats.len() >= *self.kind.players().end() {
            return Ok(Outcome::Starts);
        }
        Ok(Outcome::Changed(Some(("lobby-joined", who.name.to_owned()))))
    }

    /// Unseats `who`; the host's leaving hands the lobby to the next seat, the last one's
    /// cancels the table.
    pub(super) fn leave(&mut self, who: Actor<'_>) -> Result<Outcome, Refusal> {
        self.still_lobby()?;
        let seat = self.seat_of(who.user).ok_or_else(|| Refusal::say("err-not-seated"))?;
        self.rec.seats.remove(usize::from(seat));
        let Some(first) = self.rec.seats.first() else {
            self.rec.status = TableStatus::Cancelled;
            return Ok(Outcome::Emptied);
        };
        if self.rec.host == who.user {
            self.rec.host = first.user.clone();
        }
        Ok(Outcome::Changed(Some(("lobby-left", who.name.to_owned()))))
    }

    /// Starts the game: the host or an admin, with enough players seated.
    pub(super) fn start(&self, who: Actor<'_>) -> Result<Outcome, Refusal> {
        self.still_lobby()?;
        if self.rec.host != who.user && !who.admin {
            return Err(Refusal::say("err-host-only"));
        }
        let min = *self.kind.players().start();
        if self.rec.seats.len() < min {
            return Err(Refusal {
                key: "err-too-few",
                args: vec![("min", Arg::Number(min as i64))],
            });
        }
        Ok(Outcome::Starts)
    }

    /// Applies option words (host only); `threads`: the chat's platform has threads.
    pub(super) fn set_options(
        &mut self,
        who: Actor<'_>,
        words: &[String],
        threads: bool,
    ) -> Result<Outcome, Refusal> {
        self.host_only(who)?;
        let (options, settings) =
            words::apply(self.kind, Some(&self.options), self.settings, words).map_err(|e| {
                match word_fail(threads, self.kind, e) {
                    Fail::Say(key, args) => Refusal { key, args },
                    _ => Refusal::say("err-internal"),
                }
            })?;
        self.options = options;
        self.settings = settings;
        Ok(Outcome::Changed(None))
    }

    /// Shows the options panel (host only).
    pub(super) fn panel(&self, who: Actor<'_>) -> Result<Outcome, Refusal> {
        self.host_only(who)?;
        Ok(Outcome::ShowPanel)
    }

    /// Steps option `k` of the panel to its next value (host only); a `k` the panel does not
    /// have is a forged button.
    pub(super) fn cycle(&mut self, who: Actor<'_>, k: usize) -> Result<Outcome, Refusal> {
        self.host_only(who)?;
        let (options, settings) = words::cycle(self.kind, &self.options, self.settings, k)
            .ok_or_else(|| Refusal::say("err-forged"))?;
        self.options = options;
        self.settings = settings;
        Ok(Outcome::PanelChanged)
    }

    fn host_only(&self, who: Actor<'_>) -> Result<(), Refusal> {
        self.still_lobby()?;
        if self.rec.host == who.user { Ok(()) } else { Err(Refusal::say("err-host-only")) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{GameKind, Options};
    use crate::fair::Seed;
    use crate::store::TableRecord;
    use crate::table::words::Settings;

    fn lobby(kind: GameKind, seated: &[&str]) -> Loaded {
        let seats = seated
            .iter()
            .map(|u| SeatRecord {
                user: (*u).to_owned(),
                name: u.to_uppercase(),
                ..Default::default()
            })
            .collect();
        let rec = TableRecord {
            id: 1,
            host: seated.first().map_or_else(String::new, |u| (*u).to_owned()),
            seats,
            ..TableRecord::default()
        };
        Loaded::new(rec, kind, Options::default_for(kind), Settings::default(), Seed::from_u64(1))
    }

    fn who(user: &str) -> Actor<'_> {
        Actor { user, name: user, admin: false }
    }

    #[test]
    fn join_seats_once_and_a_full_table_starts() {
        let mut t = lobby(GameKind::Nardy, &["ana"]);
        assert_eq!(t.join(who("ana")), Err(Refusal::say("err-already-seated")));
        assert_eq!(t.join(who("ben")), Ok(Outcome::Starts), "two seats fill a Nardy table");
        let mut t = lobby(GameKind::Ludo, &["ana"]);
        assert_eq!(t.join(who("ben")), Ok(Outcome::Changed(Some(("lobby-joined", "ben".into())))));
        assert_eq!(t.rec.seats.len(), 2);
        let mut full = lobby(GameKind::Snakes, &["a", "b", "c", "d", "e", "f"]);
        assert_eq!(full.join(who("g")), Err(Refusal::say("err-table-full")));
        assert_eq!(full.rec.seats.len(), 6, "a refusal changes nothing");
    }

    #[test]
    fn leave_hands_the_host_on_and_the_last_leave_cancels() {
        let mut t = lobby(GameKind::Ludo, &["ana", "ben"]);
        assert_eq!(t.leave(who("cyd")), Err(Refusal::say("err-not-seated")));
        assert_eq!(t.leave(who("ana")), Ok(Outcome::Changed(Some(("lobby-left", "ana".into())))));
        assert_eq!(t.rec.host, "ben");
        assert_eq!(t.leave(who("ben")), Ok(Outcome::Emptied));
        assert_eq!(t.rec.status, TableStatus::Cancelled);
        assert_eq!(t.join(who("cyd")), Err(Refusal::say("err-game-over")));
    }

    #[test]
    fn only_the_host_or_an_admin_starts_and_only_with_enough_players() {
        let t = lobby(GameKind::Ludo, &["ana"]);
        let too_few = Refusal { key: "err-too-few", args: vec![("min", Arg::Number(2))] };
        assert_eq!(t.start(who("ana")), Err(too_few));
        let t = lobby(GameKind::Ludo, &["ana", "ben"]);
        assert_eq!(t.start(who("ben")), Err(Refusal::say("err-host-only")));
        assert_eq!(t.start(Actor { admin: true, ..who("zed") }), Ok(Outcome::Starts));
        assert_eq!(t.start(who("ana")), Ok(Outcome::Starts));
        let mut playing = t;
        playing.rec.status = TableStatus::Playing;
        assert_eq!(playing.start(who("ana")), Err(Refusal::say("err-started")));
    }

    #[test]
    fn options_are_the_hosts_and_bad_words_are_named() {
        let mut t = lobby(GameKind::Snakes, &["ana", "ben"]);
        let words = |s: &str| s.split(' ').map(str::to_owned).collect::<Vec<_>>();
        assert_eq!(
            t.set_options(who("ben"), &words("bounce"), false),
            Err(Refusal::say("err-host-only"))
        );
        assert_eq!(
            t.set_options(who("ana"), &words("bounce 5m"), false),
            Ok(Outcome::Changed(None))
        );
        assert_eq!(t.settings.timer.word(), "5m");
        let before = (t.options.clone(), t.settings);
        let refused = t.set_options(who("ana"), &words("bounce bogus"), false).unwrap_err();
        assert_eq!(refused.key, "err-option-word");
        assert!(refused.args.iter().any(|(k, v)| *k == "word" && *v == Arg::from("bogus")));
        assert_eq!((t.options.clone(), t.settings), before, "a refusal changes nothing");
        assert_eq!(t.panel(who("ben")), Err(Refusal::say("err-host-only")));
        assert_eq!(t.panel(who("ana")), Ok(Outcome::ShowPanel));
        assert_eq!(t.cycle(who("ana"), 0), Ok(Outcome::PanelChanged));
        assert_ne!(t.options, before.0);
        assert_eq!(t.cycle(who("ana"), 999), Err(Refusal::say("err-forged")));
    }
}
