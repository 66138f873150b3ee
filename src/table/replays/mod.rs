//! Replays and records of ended games: `/replay` posts a game as an animation, `/export` sends
//! its record (see [`crate::game::replay`]). A running game has neither: its seed is secret until it
//! ends, and the record holds the seed.

mod audit;

pub use audit::LogCheck;

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::engine::GameKind;
use crate::game::replay::{self, Record};
use crate::ids::{ChatId, TableId};
use crate::render::{Player, Theme};
use crate::store::{StoreError, TableStatus};
use crate::table::fail::{Fail, Refusal, ServiceError, say};
use crate::table::i18n::{Arg, Lang};
use crate::table::load::Loaded;
use crate::table::{About, Attachment, Ctx, File, FileKind, Kind, Pick, Post, View};

/// Replays of finished games and the check of stored logs (`audit.rs`). Built by the
/// composition root ([`crate::table::Service`]) with the handles it uses; written out rather
/// than by `part!` because it also keeps its own state, the replays drawn lately (`Drawn`),
/// shared by every clone of it.
#[derive(Clone)]
pub struct Replays {
    core: crate::table::core::Core,
    store: crate::store::Store,
    i18n: std::sync::Arc<crate::table::i18n::I18n>,
    renderer: std::sync::Arc<crate::render::Renderer>,
    drawing: std::sync::Arc<tokio::sync::Semaphore>,
    drawn: std::sync::Arc<Drawn>,
    replay_wait: std::time::Duration,
    background: std::sync::Arc<crate::runtime::lanes::Background>,
}

impl Replays {
    /// The part, from the handles it uses.
    pub(in crate::table) fn new(h: &crate::table::handles::Handles) -> Self {
        Self {
            core: h.core.clone(),
            store: h.store.clone(),
            i18n: h.i18n.clone(),
            renderer: h.renderer.clone(),
            drawing: h.drawing.clone(),
            drawn: Arc::default(),
            replay_wait: h.replay_wait,
            background: h.background.clone(),
        }
    }
}

/// Replays drawn lately, kept so that a second request (a double tap, a friend asking again)
/// does not draw the whole game again: `(table, Persian digits)` → GIF. A request that comes
/// while the same replay is being drawn waits for that drawing instead of starting another.
#[derive(Default)]
pub(in crate::table) struct Drawn {
    kept: std::sync::Mutex<Vec<(Key, Arc<Slot>)>>,
    /// Replays drawn so far (drawings, not requests).
    drawings: std::sync::atomic::AtomicUsize,
    /// Replays asked for by their button, by chat and table: on their way (`None`), or
    /// answered at that instant. A second press meanwhile, or within [`PRESSED_AGAIN`] after
    /// (a double tap), posts nothing: drawing was single-flight already, posting is too.
    pressed: std::sync::Mutex<HashMap<(String, TableId), Option<Instant>>>,
    /// Replays finished after their request was answered with "being drawn" (see
    /// [`REPLAY_WAIT`]), by chat, for the bot to post ([`Replays::later`]).
    later: std::sync::Mutex<Vec<(ChatId, View)>>,
    /// Told when `later` has views.
    ready: tokio::sync::Notify,
}

/// How long a replay request waits for its drawing before the chat is told, at once, that the
/// replay is being drawn; the GIF follows when it is ready ([`Replays::later`]).
/// [`crate::table::Service::with_replay_wait`] changes it.
pub const REPLAY_WAIT: Duration = Duration::from_secs(2);

/// How long after a replay was posted to a chat a press of its button there posts nothing.
const PRESSED_AGAIN: Duration = Duration::from_secs(10);

/// A chat's claim to post a table's replay (see [`Drawn::pressed`]): released if dropped
/// before it is [`PostClaim::posted`] (a failed drawing lets the next press try again).
struct PostClaim {
    drawn: Arc<Drawn>,
    key: Option<(String, TableId)>,
}

impl PostClaim {
    /// The replay was answered now: presses within [`PRESSED_AGAIN`] post nothing.
    fn posted(mut self) {
        if let Some(key) = self.key.take() {
            self.drawn.pressed_lock().insert(key, Some(Instant::now()));
        }
    }
}

impl Drop for PostClaim {
    fn drop(&mut self) {
        if let Some(key) = self.key.take() {
            self.drawn.pressed_lock().remove(&key);
        }
    }
}

/// The outcome of table `table`'s replay drawing task: its views, with `claim` (if any) marked
/// posted; or why it failed (the claim then dropped, so the next press tries again).
fn posted(
    table: TableId,
    drawn: Result<Result<Vec<View>, Fail>, tokio::task::JoinError>,
    claim: Option<PostClaim>,
) -> Result<Vec<View>, Fail> {
    let views = drawn.unwrap_or_else(|e| {
        tracing::error!(table = table.get(), error = %e, "a replay's task failed");
        Err(say(Refusal::ReplayFailed))
    })?;
    if let Some(claim) = claim {
        claim.posted();
    }
    Ok(views)
}

/// Which replay: the table, and whether its digits are Persian.
type Key = (TableId, bool);

/// A replay drawn or being drawn: the GIF and its frame count, once drawn.
type Slot = tokio::sync::OnceCell<(Arc<Vec<u8>>, usize)>;

/// How many replays are kept (a 300-move game's GIF is a few MB).
const KEPT: usize = 4;

/// How many late replays wait at most for the bot to post them ([`Replays::later`]); the bot
/// takes them within moments, so more waiting means nobody takes them.
const LATER_KEPT: usize = 16;

impl Drawn {
    fn pressed_lock(
        &self,
    ) -> std::sync::MutexGuard<'_, HashMap<(String, TableId), Option<Instant>>> {
        self.pressed.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A claim to post `table`'s replay to `chat` for a press of its button, unless one is on
    /// its way there or was posted within [`PRESSED_AGAIN`].
    fn claim_post(self: &Arc<Self>, chat: &str, table: TableId) -> Option<PostClaim> {
        let now = Instant::now();
        let mut pressed = self.pressed_lock();
        pressed.retain(|_, at| at.is_none_or(|at| now.duration_since(at) < PRESSED_AGAIN));
        let key = (chat.to_owned(), table);
        if pressed.contains_key(&key) {
            return None;
        }
        pressed.insert(key.clone(), None);
        Some(PostClaim { drawn: self.clone(), key: Some(key) })
    }

    /// Keeps `views` for `chat` until the bot takes them ([`Replays::later`]): at most
    /// [`LATER_KEPT`], the oldest given up (and logged) beyond that, so a process whose poster
    /// stopped taking them does not hold every replay drawn since.
    fn post_later(&self, chat: ChatId, views: Vec<View>) {
        let mut later = self.later.lock().unwrap_or_else(|e| e.into_inner());
        later.extend(views.into_iter().map(|v| (chat.clone(), v)));
        if later.len() > LATER_KEPT {
            let over = later.len() - LATER_KEPT;
            let dropped: Vec<ChatId> = later.drain(..over).map(|(chat, _)| chat).collect();
            tracing::warn!(?dropped, "replays nobody took for posting were given up");
        }
        drop(later);
        // One stored permit suffices: the taker drains everything kept.
        self.ready.notify_one();
    }

    /// The slot of `key`'s replay, the most recently used from now on; a new, empty one if
    /// none is kept (the least recently used beyond [`KEPT`] is forgotten).
    fn slot(&self, key: Key) -> Arc<Slot> {
        let mut kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        let slot = match kept.iter().position(|(k, _)| *k == key) {
            Some(i) => kept.remove(i).1,
            None => Arc::default(),
        };
        kept.push((key, slot.clone()));
        if kept.len() > KEPT {
            kept.remove(0);
        }
        slot
    }
}

impl Replays {
    /// How many replays this process has drawn: drawings, not requests (a request that finds
    /// its replay kept, or being drawn, draws nothing).
    pub fn replays_drawn(&self) -> usize {
        self.drawn.drawings.load(std::sync::atomic::Ordering::SeqCst)
    }

    /// Replays waiting to be drawn or being drawn now.
    pub fn replays_pending(&self) -> usize {
        self.background.pending()
    }

    /// Board drawing permits free now (replays never take one).
    pub fn board_permits_free(&self) -> usize {
        self.drawing.available_permits()
    }

    /// The ended table `pick` means, as seen from `ctx`'s chat, with a game played at it. In a
    /// table's own thread (Discord), that table: its replay once it ended, "still running"
    /// before. `command` (`replay` or `export`) is the one a refusal suggests.
    async fn ended(&self, ctx: &Ctx, pick: Pick, command: &'static str) -> Result<Loaded, Fail> {
        let command_arg = || ("command", Arg::from(command.to_owned()));
        let t = match pick {
            Pick::Unknown(word) => {
                return Err(Fail::Say(
                    Refusal::NotATable,
                    vec![("word", word.into()), command_arg()],
                ));
            }
            Pick::Table(id) => {
                let t = match self.core.load(id).await {
                    Ok(t) => t,
                    Err(ServiceError::Store(StoreError::NotFound(_))) => {
                        return Err(Fail::Say(Refusal::NoSuchTable, vec![("table", id.into())]));
                    }
                    Err(e) => return Err(e.into()),
                };
                // Another chat's table is not shown, unless the user played at it or this is
                // its thread.
                let seated = t.rec.seats.iter().any(|s| s.user == ctx.user);
                if t.rec.chat != ctx.chat
                    && !seated
                    && self.core.thread_table(ctx).await?.is_none_or(|own| own.rec.id != id)
                {
                    return Err(Fail::Say(Refusal::NoSuchTable, vec![("table", id.into())]));
                }
                t
            }
            Pick::Last | Pick::Game(_) => {
                let game = match pick {
                    Pick::Game(g) => Some(g),
                    _ => None,
                };
                match self.core.thread_table(ctx).await? {
                    Some(own) if game.is_none_or(|k| k == own.kind) => own,
                    _ => self.last_ended(ctx, game, command).await?,
                }
            }
        };
        t.replayable()?;
        Ok(t)
    }

    /// The chat's last ended table with a game played (of `game`, if named), or why there is
    /// none: a game still running, or none finished (of that game).
    async fn last_ended(
        &self,
        ctx: &Ctx,
        game: Option<GameKind>,
        command: &'static str,
    ) -> Result<Loaded, Fail> {
        if let Some(id) = self.store.last_played_table(&ctx.chat, game.map(GameKind::name)).await? {
            return Ok(self.core.load(id).await?);
        }
        let open = self.store.tables_in_chat(&ctx.chat, &TableStatus::OPEN).await?;
        let running = open.iter().any(|(_, g, status)| {
            *status == TableStatus::Playing && game.is_none_or(|k| k.name() == g)
        });
        let command = ("command", Arg::from(command.to_owned()));
        Err(match game {
            _ if running => say(Refusal::ReplayRunning),
            Some(kind) => Fail::Say(
                Refusal::NoFinishedGame,
                vec![("game", Arg::from(kind.name().to_owned())), command],
            ),
            // A number is worth suggesting only where the user has a finished game to name:
            // their own newest, from another chat (issue 46, item 15).
            None => match self.store.finished_elsewhere(&ctx.user, &ctx.chat).await? {
                Some(id) => {
                    Fail::Say(Refusal::NoFinished, vec![command, ("table", id.to_string().into())])
                }
                None => Fail::Say(Refusal::NoFinishedYet, vec![command]),
            },
        })
    }

    /// The record of an ended table, from its log.
    pub(in crate::table) async fn record(&self, t: &Loaded) -> Result<Record, Fail> {
        let build = self.record_builder(t).await?;
        build().map_err(|why| Fail::Internal(ServiceError::Damaged(t.rec.id, why)))
    }

    /// Reads an ended table's log and returns what makes its record from it (the record
    /// replays the whole game: a replay makes it on the background lane, an export at once).
    async fn record_builder(
        &self,
        t: &Loaded,
    ) -> Result<impl FnOnce() -> Result<Record, String> + Send + 'static, Fail> {
        let actions = self.core.actions(t).await?;
        let (options, boards, names, seed, id) =
            (t.options.clone(), t.settings.boards, t.names(), t.seed(), t.rec.id);
        Ok(move || {
            Record::from_log(&options, boards, names, &seed, Some(id.get()), actions)
                .map_err(|e| e.to_string())
        })
    }

    /// A view that posts `file` with `text` for table `t`, in the table's language.
    fn file_view(t: &Loaded, lang: Lang, text: String, file: File) -> Vec<View> {
        let post = Post {
            attachment: Some(Attachment::File(file)),
            about: Some(About { table: t.rec.id, thread: false }),
            ..Post::default()
        };
        vec![View::new(Some(lang), text, Kind::Post(post))]
    }

    /// `/replay`: the game as an animated GIF, drawn on the background lane (never on a move's
    /// path).
    pub(in crate::table) async fn replay_game(
        &self,
        ctx: &Ctx,
        pick: Pick,
    ) -> Result<Vec<View>, Fail> {
        let t = self.ended(ctx, pick, "replay").await?;
        self.replay_table(ctx, t, None).await
    }

    /// The replay a press of a finished table's 🎞 Replay button asks for, in `ctx`'s chat:
    /// nothing if a press there already has it on its way, or had it posted within
    /// [`PRESSED_AGAIN`] (a double tap posts one GIF).
    pub(in crate::table) async fn replay_pressed(
        &self,
        ctx: &Ctx,
        t: Loaded,
    ) -> Result<Vec<View>, Fail> {
        let Some(claim) = self.drawn.claim_post(ctx.chat.as_str(), t.rec.id) else {
            tracing::debug!(table = t.rec.id.get(), chat = %ctx.chat, "a replay pressed again");
            return Ok(Vec::new());
        };
        self.replay_table(ctx, t, Some(claim)).await
    }

    /// Views made after the requests that asked for them were answered, with the chat each
    /// goes to: replays that took longer than the replay wait
    /// ([`crate::table::Service::with_replay_wait`]) to draw (their requests were
    /// answered "being drawn"), or the word that their drawing failed. Waits until there are
    /// some. The bot posts them as they come.
    pub async fn later(&self) -> Vec<(ChatId, View)> {
        loop {
            let ready = self.drawn.ready.notified();
            {
                let mut later = self.drawn.later.lock().unwrap_or_else(|e| e.into_inner());
                if !later.is_empty() {
                    return std::mem::take(&mut *later);
                }
            }
            ready.await;
        }
    }

    /// The replay of a table known to have ended with a game, for a request from `ctx`'s
    /// chat. Drawn within [`REPLAY_WAIT`] (or kept from before), it is the answer; else the
    /// answer says it is being drawn, and the replay follows by [`Replays::later`]. `claim`
    /// (a press of the Replay button) is marked posted once the replay is.
    async fn replay_table(
        &self,
        ctx: &Ctx,
        t: Loaded,
        claim: Option<PostClaim>,
    ) -> Result<Vec<View>, Fail> {
        let lang = self.core.table_lang(&t).await;
        let slot = self.drawn.slot((t.rec.id, lang.persian_digits()));
        if slot.initialized() {
            let views = self.replay_view(&t, lang, &slot).await?;
            if let Some(claim) = claim {
                claim.posted();
            }
            return Ok(views);
        }
        let (id, game) = (t.rec.id, t.kind);
        let replays = self.clone();
        let mut drawing = tokio::spawn(async move { replays.replay_view(&t, lang, &slot).await });
        let drawn = match tokio::time::timeout(self.replay_wait, &mut drawing).await {
            Ok(drawn) => drawn,
            Err(_) => {
                // It takes a while: the chat is told now, and the replay follows.
                let (replays, chat) = (self.clone(), ctx.chat.clone());
                tokio::spawn(async move {
                    let views = match posted(id, drawing.await, claim) {
                        Ok(views) => views,
                        Err(fail) => replays.replay_failed(id, lang, fail),
                    };
                    replays.drawn.post_later(chat, views);
                });
                let text = self.i18n.text(
                    lang,
                    "replay-drawing",
                    &[("game", self.core.game_name(lang, game).into()), ("table", id.into())],
                );
                let post =
                    Post { about: Some(About { table: id, thread: false }), ..Post::default() };
                return Ok(vec![View::new(Some(lang), text, Kind::Post(post))]);
            }
        };
        posted(id, drawn, claim)
    }

    /// What a chat is told when the replay it was promised could not be drawn: `fail`'s
    /// words, in the table's language, as a message of its own (the request was answered).
    fn replay_failed(&self, table: TableId, lang: Lang, fail: Fail) -> Vec<View> {
        let (key, args) = match fail {
            Fail::Say(refusal, args) => (refusal, args),
            _ => (Refusal::ReplayFailed, Vec::new()),
        };
        let text = self.i18n.text(lang, key.key(), &args);
        let post = Post { about: Some(About { table, thread: false }), ..Post::default() };
        vec![View::new(Some(lang), text, Kind::Post(post))]
    }

    /// The replay of `t` as a view: drawn into `slot`, or taken from it if drawn before.
    async fn replay_view(&self, t: &Loaded, lang: Lang, slot: &Slot) -> Result<Vec<View>, Fail> {
        let (gif, frames) = slot
            .get_or_try_init(|| async {
                let (gif, frames) = self.animate(t, lang).await?;
                Ok::<_, Fail>((Arc::new(gif), frames))
            })
            .await?
            .clone();
        let text = self.i18n.text(
            lang,
            "replay-caption",
            &[
                ("game", self.core.game_name(lang, t.kind).into()),
                ("table", t.rec.id.into()),
                ("frames", Arg::Number(frames as i64)),
            ],
        );
        let file = File {
            name: format!("dicetable-{}.gif", t.rec.id),
            kind: FileKind::Animation,
            bytes: gif.as_ref().clone(),
        };
        Ok(Self::file_view(t, lang, text, file))
    }

    /// Draws a table's replay on the background lane (one at a time, at the lowest CPU
    /// priority), never with a board's drawing permit: moves' boards go first. The record is
    /// made there too (it replays the whole game), so a replay costs the async threads only
    /// reading the log.
    async fn animate(&self, t: &Loaded, lang: Lang) -> Result<(Vec<u8>, usize), Fail> {
        let id = t.rec.id;
        let build = self.record_builder(t).await?;
        let renderer = self.renderer.clone();
        let persian = lang.persian_digits();
        self.drawn.drawings.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        let drawn = self
            .background
            .run(move || {
                let record = build()?;
                let replay = record.replay().map_err(|e| e.to_string())?;
                let players: Vec<Player> =
                    record.players.iter().map(|name| Player { name: name.clone() }).collect();
                replay::animate(&renderer, &replay, &players, Theme::Light, persian)
                    .map_err(|e| e.to_string())
            })
            .await;
        match drawn {
            Some(Ok(animated)) => Ok((animated.gif, animated.frames)),
            Some(Err(why)) => {
                tracing::error!(table = id.get(), why, "drawing a replay failed");
                Err(say(Refusal::ReplayFailed))
            }
            None => {
                tracing::error!(table = id.get(), "the replay's drawing panicked");
                Err(say(Refusal::ReplayFailed))
            }
        }
    }

    /// `/export`: the game's record as a JSON file, with the command that checks it.
    pub(in crate::table) async fn export_game(
        &self,
        ctx: &Ctx,
        pick: Pick,
    ) -> Result<Vec<View>, Fail> {
        let t = self.ended(ctx, pick, "export").await?;
        self.export_table(t).await
    }

    /// The record of a table known to have ended with a game.
    pub(in crate::table) async fn export_table(&self, t: Loaded) -> Result<Vec<View>, Fail> {
        let lang = self.core.table_lang(&t).await;
        let record = self.record(&t).await?;
        let bytes = serde_json::to_vec(&record)
            .map_err(|e| Fail::Internal(ServiceError::Damaged(t.rec.id, e.to_string())))?;
        let name = format!("dicetable-{}.json", t.rec.id);
        let said = self.i18n.text(
            lang,
            "export-caption",
            &[
                ("game", self.core.game_name(lang, t.kind).into()),
                ("table", t.rec.id.into()),
                ("moves", Arg::Number(record.steps.len() as i64)),
            ],
        );
        // The commands stand outside the sentence, to paste into a shell as they are.
        let text = format!(
            "{said}\ndicetable verify --record {name}\ndicetable replay --record {name} --out {}",
            name.replace(".json", ".gif")
        );
        let file = File { name, kind: FileKind::Json, bytes };
        Ok(Self::file_view(&t, lang, text, file))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::{Kind, Post};

    /// A replay's view, told apart by its text.
    fn replay(n: usize) -> View {
        View { text: format!("replay {n}"), lang: None, kind: Kind::Post(Post::default()) }
    }

    #[test]
    fn late_replays_nobody_takes_are_not_kept_without_end() {
        let drawn = Drawn::default();
        for n in 0..LATER_KEPT + 5 {
            drawn.post_later(ChatId::from(format!("chat {n}")), vec![replay(n)]);
        }
        let kept = std::mem::take(&mut *drawn.later.lock().unwrap());
        assert_eq!(kept.len(), LATER_KEPT, "at most LATER_KEPT wait");
        assert_eq!(kept[0].0, "chat 5", "the oldest given up first");
        assert_eq!(kept.last().unwrap().1.text, format!("replay {}", LATER_KEPT + 4));
    }
}
