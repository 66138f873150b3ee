//! Discord: the only module that imports serenity. Slash commands become table operations;
//! views become channel messages with the board as an attachment and the controls of the
//! player to move as buttons (or select menus when there are too many); refusals are ephemeral.
//!
//! Chats are `discord:<channel id>`, users `discord:<user id>`; a message reference is
//! `<channel id>:<message id>`. Every interaction is acknowledged at once (a deferred reply for
//! a command, a deferred update for a button), so Discord's 3 seconds never run out while the
//! database or the renderer works; the reply then edits `@original`, and if that fails (the
//! token expired) a new message is posted instead.
//!
//! With `DISCORD_PROXY_URL` every REST call goes to that proxy with serenity's own rate limiter
//! off (serenity 0.12.5 ignores the proxy otherwise), through a loopback relay that honours
//! 429 answers ([`relay`]).
//!
//! A board a button press sets off is shown through the press's own interaction (issue 60): a
//! new board is the interaction's follow-up message and the pressed board's buttons come off
//! through `@original`, so a press costs its channel none of Discord's per-channel writes
//! (about 5 in 5 s). Every other write to a channel (a timer's or a computer's board, texts,
//! strips of other messages) is spent from the channel's [`Budget`] first; once a channel
//! cannot spare the two writes of a new board and a strip, a table's new board edits its live
//! board message in place, and a channel lane that fell behind folds boards that a newer board
//! of the same table supersedes, so the newest board is on screen at once.

mod commands;
mod message;
pub mod relay;

use commands::{command_op, commands};
use message::{
    board_file, clip, components, discord_message, first_message, literal, mentions, shown,
};

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serenity::all::{
    ChannelId, ChannelType, Command, CommandInteraction, ComponentInteraction,
    ComponentInteractionDataKind, Context, CreateInteractionResponse,
    CreateInteractionResponseFollowup, CreateInteractionResponseMessage, CreateMessage,
    CreateThread, EditAttachments, EditInteractionResponse, EditMessage, EventHandler,
    GatewayIntents, GetMessages, GuildId, Http, HttpBuilder, Interaction, Member, MessageId,
    Permissions, Ready, ShardManager, ShardStageUpdateEvent, User, UserId,
};
use serenity::builder::Builder as _;
use serenity::gateway::ConnectionStage;
use tokio::sync::watch;

use crate::ids::{MessageRef, Posted, TableId};
use crate::runtime::health::{Health, Part};
use crate::runtime::lanes::Lanes;
use crate::table::budget::{Budget, Limit};
use crate::table::describe::Units;
use crate::table::i18n::Lang;
use crate::table::show::{Gap, fold_boards};
use crate::table::{Ctx, Kind, Op, Service, Slot, TurnNotice, View, mark_last};

/// Discord's limit on a message's text.
const CONTENT: usize = 2000;
/// Buttons per row and rows per message; options per select menu.
const ROW: usize = 5;
const ROWS: usize = 5;
const OPTIONS: usize = 25;

/// Which shards this process runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shards {
    /// As many as Discord recommends, all in this process.
    Auto,
    /// Shards `first..=last` of `total` (several processes share one bot).
    Range {
        /// The first shard, from 0.
        first: u32,
        /// The last shard, inclusive.
        last: u32,
        /// Shards in all.
        total: u32,
    },
}

impl std::str::FromStr for Shards {
    type Err = String;

    /// `auto`, or `first-last/total` (`0-1/4`: shards 0 and 1 of 4), or `n/total`.
    fn from_str(text: &str) -> Result<Self, String> {
        if text.eq_ignore_ascii_case("auto") {
            return Ok(Shards::Auto);
        }
        let bad = || format!("expected `auto` or `first-last/total` (e.g. `0-1/4`), got `{text}`");
        let (range, total) = text.split_once('/').ok_or_else(bad)?;
        let (first, last) = range.split_once('-').unwrap_or((range, range));
        let parse = |s: &str| s.trim().parse::<u32>().map_err(|_| bad());
        let (first, last, total) = (parse(first)?, parse(last)?, parse(total)?);
        if first > last || last >= total {
            return Err(format!("shards {first}-{last} are not within 0-{}", total.max(1) - 1));
        }
        Ok(Shards::Range { first, last, total })
    }
}

/// The Discord adapter.
#[derive(Clone)]
pub struct Discord {
    service: Service,
    http: Arc<Http>,
    token: String,
    /// The REST proxy, if any (then serenity's limiter is off and this module honours 429s).
    proxy: Option<String>,
    /// Display names by user id, as seen in interactions (for mentions).
    names: Arc<Mutex<HashMap<u64, String>>>,
    /// Work by channel, done in order.
    lanes: Arc<Lanes<Job>>,
    /// Interactions being acknowledged, not yet in their lane (the shutdown waits for them).
    arriving: Arc<std::sync::atomic::AtomicUsize>,
    /// Which shards are connected, by shard id (for `/healthz`).
    shards: Arc<Mutex<HashMap<u32, bool>>>,
    health: Arc<Health>,
    /// The writes each channel may still take (Discord's per-channel limit).
    budget: Arc<Mutex<Budget<ChannelId>>>,
    /// The shards whose READY came: a starting shard's bucket waits for it. Only READY puts a
    /// shard here and nothing takes it out: stage updates are handled in tasks of their own, in
    /// any order, so a late "connecting" could otherwise hide a READY already seen and hold
    /// the bucket's identify turn for `IDENTIFY_WAIT`.
    readied: Arc<watch::Sender<std::collections::HashSet<u32>>>,
    /// The bot's public address (`PUBLIC_URL`): set, boards get the live board's buttons.
    public_url: Option<url::Url>,
}

/// How a slash command has been acknowledged so far. Discord wants an answer within 3 s: an
/// answer ready sooner that is private goes out as an ephemeral reply, with no public
/// "…is thinking" shown first; otherwise the command is deferred (publicly) at [`ACK_WITHIN`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Ack {
    Pending,
    Deferred,
    Answered,
}

/// When an unanswered slash command is deferred, within Discord's 3 seconds.
const ACK_WITHIN: std::time::Duration = std::time::Duration::from_millis(2200);

/// How long a starting shard may take to connect before its bucket's turn passes on anyway.
const IDENTIFY_WAIT: Duration = Duration::from_secs(30);

/// How often tidy channels' boards are looked for to delete (`/boards tidy`).
const TIDY_EVERY: Duration = Duration::from_millis(500);

/// Work for a channel's lane.
enum Job {
    Command(Box<CommandInteraction>, Arc<tokio::sync::Mutex<Ack>>),
    Press(Box<ComponentInteraction>),
    /// Views to show (a timer's).
    Post(ChannelId, Vec<View>),
    /// Turn notices to send to a user as direct messages.
    Notice(UserId, Vec<View>),
}

/// A channel lane's next job, without the boards that a later job of the lane (only a lane that
/// fell behind has later jobs) shows a newer board of the same table for: only the newest board
/// is worth showing, at once. Commands and presses are never folded; posts left empty are
/// skipped.
fn fold(queue: &mut VecDeque<Job>) -> Option<Job> {
    while let Some(job) = queue.pop_front() {
        let Job::Post(channel, mut views) = job else { return Some(job) };
        let later = queue.iter().flat_map(|later| match later {
            Job::Post(_, views) => views.as_slice(),
            _ => &[],
        });
        fold_boards(&mut views, later);
        if !views.is_empty() {
            return Some(Job::Post(channel, views));
        }
    }
    None
}

impl Discord {
    /// An adapter for the bot `token`, sending REST calls to `proxy` if set (through a relay
    /// on loopback that waits out 429 answers, see [`relay`]).
    pub async fn new(
        service: Service,
        token: &str,
        proxy: Option<&url::Url>,
        health: Arc<Health>,
    ) -> std::io::Result<Self> {
        let proxy = match proxy {
            Some(p) => Some(relay::start(p.as_str()).await?),
            None => None,
        };
        health.set("discord", Part::Starting);
        Ok(Self {
            service,
            http: Arc::new(http(token, proxy.as_deref())),
            token: token.to_owned(),
            proxy,
            names: Arc::default(),
            lanes: Arc::default(),
            arriving: Arc::default(),
            shards: Arc::default(),
            health,
            budget: Arc::new(Mutex::new(Budget::new(Limit::discord_channel()))),
            readied: Arc::new(watch::Sender::new(Default::default())),
            public_url: None,
        })
    }

    /// Gives boards a "Live board" link to `PUBLIC_URL/live/…` (watch) and a button that
    /// answers a seated player, privately, with their own link to play from the page.
    pub fn with_live(mut self, public_url: Option<url::Url>) -> Self {
        self.public_url = public_url;
        self
    }

    /// A view's components, and on a board with `PUBLIC_URL` set the live board's row: a link
    /// to watch, and a button (`live.<table>`) for a player's own play link.
    fn components_of(&self, view: &View) -> Vec<serenity::all::CreateActionRow> {
        let mut rows = components(view);
        let (Some(base), Some((table, Slot::Board))) = (&self.public_url, view.shows()) else {
            return rows;
        };
        if rows.len() >= ROWS {
            return rows;
        }
        let lang = view.lang.unwrap_or_default();
        let link = self.service.live().live_link(table, None);
        let Ok(page) = base.join(&format!("live/{link}")) else { return rows };
        rows.push(serenity::all::CreateActionRow::Buttons(vec![
            serenity::all::CreateButton::new_link(page.to_string())
                .label(clip(&self.service.words(lang, "live-button"), 80)),
            serenity::all::CreateButton::new(format!("live.{table}"))
                .label(clip(&self.service.words(lang, "live-play-button"), 80))
                .style(serenity::all::ButtonStyle::Secondary),
        ]));
        rows
    }

    /// Answers a press of a board's "play from the page" button privately (an ephemeral
    /// reply): a seated player's own play link, anyone else a refusal.
    async fn answer_live(&self, press: &ComponentInteraction, table: &str) {
        let ctx = self.press_ctx(press);
        let base = self.public_url.as_ref().map(url::Url::as_str).unwrap_or_default();
        let text = match table.parse::<TableId>() {
            Ok(table) => self.service.live().live_play_text(&ctx, table, base).await,
            Err(_) => self.service.say_privately(&ctx, "live-err-link").await.text,
        };
        let answer = CreateInteractionResponse::Message(
            CreateInteractionResponseMessage::new().ephemeral(true).content(text),
        );
        let _ = self.call("live link", || press.create_response(&self.http, answer.clone())).await;
    }

    /// Finishes the work in flight when the bot stops (after the gateway closed): every
    /// interaction acknowledged is handled and its views shown.
    pub async fn finish(&self) {
        use std::sync::atomic::Ordering;
        while self.arriving.load(Ordering::SeqCst) > 0 {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        self.lanes.idle().await;
    }

    /// Notes a shard's connection and reports the gateway's health.
    fn shard_state(&self, shard: u32, connected: bool) {
        let mut shards = self.shards.lock().unwrap_or_else(|e| e.into_inner());
        shards.insert(shard, connected);
        let mut down: Vec<u32> = shards.iter().filter(|(_, up)| !**up).map(|(s, _)| *s).collect();
        down.sort_unstable();
        self.health.set(
            "discord",
            if down.is_empty() {
                Part::Up
            } else {
                Part::Down(format!("gateway shards not connected: {down:?}"))
            },
        );
    }

    /// Connects to the gateway with `shards` and handles interactions until `stopped`.
    ///
    /// Each shard is a serenity client of its own, started in its identify bucket's turn
    /// (`shard id % max_concurrency`), which the database hands out across every process of the
    /// deployment: no two shards of a bucket, in any process, identify less than `identify`
    /// (Discord's 5 s) apart. serenity's own pacing knows only its process.
    pub async fn run(self, shards: Shards, identify: Duration, mut stopped: watch::Receiver<bool>) {
        let managers: Arc<Mutex<Vec<Arc<ShardManager>>>> = Arc::default();
        let run = async {
            let (ids, total, concurrency) = match self.plan(shards).await {
                Some(plan) => plan,
                None => return,
            };
            let mut buckets: std::collections::BTreeMap<u32, Vec<u32>> = Default::default();
            for id in ids {
                buckets.entry(id % concurrency).or_default().push(id);
            }
            // Buckets start side by side; a bucket's shards one after another.
            let mut starts = tokio::task::JoinSet::new();
            for (bucket, ids) in buckets {
                let (this, managers) = (self.clone(), managers.clone());
                starts.spawn(async move {
                    let mut running = Vec::new();
                    for id in ids {
                        running
                            .push(this.start_shard(id, total, bucket, identify, &managers).await);
                    }
                    for client in running.into_iter().flatten() {
                        let _ = client.await;
                    }
                });
            }
            while starts.join_next().await.is_some() {}
        };
        let stop = async {
            let _ = stopped.wait_for(|s| *s).await;
        };
        tokio::select! {
            _ = run => {}
            _ = stop => {
                let all = managers.lock().unwrap_or_else(|e| e.into_inner()).clone();
                for manager in all {
                    manager.shutdown_all().await;
                }
            }
        }
    }

    /// The shards to run, of how many, and Discord's `max_concurrency` (identify buckets).
    async fn plan(&self, shards: Shards) -> Option<(Vec<u32>, u32, u32)> {
        let gateway = self.call("get gateway", || self.http.get_bot_gateway()).await;
        let concurrency = gateway.as_ref().map_or(1, |g| {
            u32::try_from(g.session_start_limit.max_concurrency).unwrap_or(1).max(1)
        });
        match shards {
            Shards::Range { first, last, total } => {
                Some(((first..=last).collect(), total, concurrency))
            }
            Shards::Auto => match gateway {
                Some(g) => Some(((0..g.shards.max(1)).collect(), g.shards.max(1), concurrency)),
                None => {
                    tracing::error!("Discord's gateway address could not be read");
                    self.health.set("discord", Part::Down("no gateway address".into()));
                    None
                }
            },
        }
    }

    /// Starts shard `id` of `total` in its bucket's turn and waits until it has identified
    /// (or [`IDENTIFY_WAIT`] passed); returns the running client's task.
    async fn start_shard(
        &self,
        id: u32,
        total: u32,
        bucket: u32,
        interval: Duration,
        managers: &Mutex<Vec<Arc<ShardManager>>>,
    ) -> Option<tokio::task::JoinHandle<()>> {
        // The gateway client's own REST client, set up like `self.http` (Http is not Clone).
        let http = http(&self.token, self.proxy.as_deref());
        let built = serenity::client::ClientBuilder::new_with_http(http, GatewayIntents::GUILDS)
            .event_handler(Handler(self.clone()))
            .await;
        let mut client = match built {
            Ok(client) => client,
            Err(e) => {
                tracing::error!(error = %e, shard = id, "the Discord client could not be built");
                return None;
            }
        };
        managers.lock().unwrap_or_else(|e| e.into_inner()).push(client.shard_manager.clone());
        let turn = match self.service.identify_turn(bucket, interval).await {
            Ok(turn) => Some(turn),
            Err(e) => {
                // Without the database, pace within this process at least.
                tracing::warn!(error = %e, shard = id, "no identify turn from the database");
                tokio::time::sleep(interval).await;
                None
            }
        };
        let mut readied = self.readied.subscribe();
        let health = self.health.clone();
        let running = tokio::spawn(async move {
            if let Err(e) = client.start_shard(id, total).await {
                tracing::error!(error = %e, shard = id, "the Discord gateway stopped");
                health.set("discord", Part::Down(format!("the gateway stopped: {e}")));
            }
        });
        let wait = readied.wait_for(|r| r.contains(&id));
        let up = tokio::time::timeout(IDENTIFY_WAIT, wait).await.is_ok_and(|r| r.is_ok());
        if !up {
            tracing::warn!(shard = id, "the shard did not connect in time; the next one starts");
        }
        if let Some(turn) = turn
            && let Err(e) = turn.identified().await
        {
            tracing::warn!(error = %e, shard = id, "the identify time was not recorded");
        }
        tracing::info!(shard = id, total, bucket, "Discord shard started");
        Some(running)
    }

    /// Registers the slash commands, with Russian names' descriptions where Discord has the
    /// locale (it has none for Persian or Tagalog: `/lang` covers those).
    pub async fn register_commands(&self) {
        let commands = commands(&self.service);
        let done = self
            .call("set global commands", || {
                Command::set_global_commands(&self.http, commands.clone())
            })
            .await;
        if done.is_none() {
            tracing::warn!("the slash commands were not registered");
        }
    }

    fn remember(&self, user: &User, member: Option<&Member>) -> String {
        let name = member
            .and_then(|m| m.nick.clone())
            .or_else(|| user.global_name.clone())
            .unwrap_or_else(|| user.name.clone());
        let name = crate::table::clean_name(&name);
        let mut names = self.names.lock().unwrap_or_else(|e| e.into_inner());
        if names.len() > 100_000 {
            names.clear();
        }
        names.insert(user.id.get(), name.clone());
        name
    }

    /// Who pressed a button, where.
    fn press_ctx(&self, press: &ComponentInteraction) -> Ctx {
        self.ctx(
            press.guild_id,
            press.channel_id,
            &press.user,
            press.member.as_ref(),
            &press.locale,
        )
    }

    /// Who did something where. A server's channel is `discord:<server>/<channel>`, so that a
    /// language set for the server (`/lang server`) holds in its every channel.
    fn ctx(
        &self,
        guild: Option<GuildId>,
        channel: ChannelId,
        user: &User,
        member: Option<&Member>,
        locale: &str,
    ) -> Ctx {
        let admin = member.is_none_or(|m| {
            m.permissions.is_some_and(|p| {
                p.contains(Permissions::MANAGE_MESSAGES) || p.contains(Permissions::ADMINISTRATOR)
            })
        });
        Ctx {
            chat: crate::ids::ChatId::discord(guild.map(GuildId::get), channel.get()),
            user: crate::ids::UserId::discord(user.id.get()),
            name: self.remember(user, member),
            locale: Some(locale.to_owned()),
            admin,
            chat_title: None,
        }
    }

    /// Acknowledges an interaction at once (Discord's 3 seconds), then queues its handling in
    /// its channel's lane, so that one channel's answers are posted in the order they happened.
    async fn on_interaction(&self, interaction: Interaction) {
        /// Counts an interaction as arriving until it is queued (or dropped).
        struct Arriving(Arc<std::sync::atomic::AtomicUsize>);
        impl Drop for Arriving {
            fn drop(&mut self) {
                self.0.fetch_sub(1, std::sync::atomic::Ordering::SeqCst);
            }
        }
        self.arriving.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        let _arriving = Arriving(self.arriving.clone());
        let (channel, job) = match interaction {
            Interaction::Command(command) => {
                // Answered by the lane if it is quick; deferred (then edited) if it is not.
                let ack = Arc::new(tokio::sync::Mutex::new(Ack::Pending));
                let (this, later, deferred) = (self.clone(), ack.clone(), command.clone());
                tokio::spawn(async move {
                    tokio::time::sleep(ACK_WITHIN).await;
                    let mut state = later.lock().await;
                    if *state == Ack::Pending {
                        let _ = this.call("defer", || deferred.defer(&this.http)).await;
                        *state = Ack::Deferred;
                    }
                });
                (command.channel_id, Job::Command(Box::new(command), ack))
            }
            Interaction::Component(press) => {
                if let Some(table) = press.data.custom_id.strip_prefix("live.") {
                    self.answer_live(&press, table).await;
                    return;
                }
                if self.call("acknowledge", || press.defer(&self.http)).await.is_none() {
                    return;
                }
                (press.channel_id, Job::Press(Box::new(press)))
            }
            _ => return,
        };
        self.queue(channel, job);
    }

    fn queue(&self, channel: ChannelId, job: Job) {
        let this = self.clone();
        self.lanes.submit(channel.get().to_string(), job, fold, move |job| {
            let this = this.clone();
            async move {
                match job {
                    Job::Command(command, ack) => this.on_command(*command, ack).await,
                    Job::Press(press) => this.on_component(*press).await,
                    Job::Post(channel, views) => {
                        for view in views {
                            this.post(channel, view).await;
                        }
                    }
                    Job::Notice(user, views) => {
                        for view in views {
                            this.notice(user, view).await;
                        }
                    }
                }
            }
        });
    }

    /// What a slash command answers: its operation handled (`/lang server` for the whole
    /// server), or an unknown command refused.
    async fn command_views(&self, command: &CommandInteraction) -> Vec<View> {
        let mut ctx = self.ctx(
            command.guild_id,
            command.channel_id,
            &command.user,
            command.member.as_deref(),
            &command.locale,
        );
        ctx.chat_title =
            command.channel.as_ref().and_then(|c| c.name.clone()).map(|n| format!("#{n}"));
        match command_op(&command.data.name, &command.data.options()) {
            Some(op) => {
                let server = match (&op, command.guild_id) {
                    (Op::Lang { chat: true, code: Some(code) }, Some(guild)) => {
                        // `/lang server`: the whole server's language.
                        ctx.chat = crate::ids::ChatId::discord_server(guild.get());
                        Lang::from_tag(code)
                    }
                    _ => None,
                };
                let mut views = self.service.handle(&ctx, op).await;
                if let (Some(lang), [set]) = (server, views.as_mut_slice())
                    && set.private_to().is_none()
                {
                    // The confirmation speaks of the server, not of "this chat".
                    set.text = self.service.words(lang, "lang-server-set");
                }
                views
            }
            None => vec![self.service.say_privately(&ctx, "err-unknown-command").await],
        }
    }

    async fn on_command(&self, command: CommandInteraction, ack: Arc<tokio::sync::Mutex<Ack>>) {
        let views = self.command_views(&command).await;
        let (private, public): (Vec<View>, Vec<View>) =
            views.into_iter().partition(|v| v.private_to().is_some());
        {
            let mut state = ack.lock().await;
            if *state == Ack::Pending {
                if public.is_empty() {
                    // Only private answers, in time: an ephemeral reply, nothing public shown.
                    *state = Ack::Answered;
                    drop(state);
                    let mut private = private.into_iter();
                    if let Some(first) = private.next() {
                        let reply = CreateInteractionResponseMessage::new()
                            .content(self.content(&first))
                            .ephemeral(true);
                        let response = CreateInteractionResponse::Message(reply);
                        let _ = self
                            .call("ephemeral answer", || {
                                command.create_response(&self.http, response)
                            })
                            .await;
                    }
                    for view in private {
                        self.followup(&command.token, &view).await;
                    }
                    return;
                }
                // A public answer edits the deferred reply, as when handling takes longer.
                let _ = self.call("defer", || command.defer(&self.http)).await;
                *state = Ack::Deferred;
            }
        }
        let mut public = public.into_iter();
        match public.next() {
            // A table that plays in a thread shows its board there, not in the reply.
            Some(first) if matches!(&first.kind, Kind::Table(m) if m.thread) => {
                let _ = self.call("delete reply", || command.delete_response(&self.http)).await;
                self.post(command.channel_id, first).await;
            }
            Some(first) => {
                let reply = Some(Reply::Command(&command.token));
                self.show(command.channel_id, first, reply).await;
            }
            None => {
                let _ = self.call("delete reply", || command.delete_response(&self.http)).await;
            }
        }
        for view in public {
            self.post(command.channel_id, view).await;
        }
        for view in private {
            self.followup(&command.token, &view).await;
        }
    }

    async fn on_component(&self, press: ComponentInteraction) {
        let ctx = self.press_ctx(&press);
        // custom_ids and select values are untrusted: the service checks them.
        let token = match &press.data.kind {
            ComponentInteractionDataKind::StringSelect { values } => {
                values.first().cloned().unwrap_or_default()
            }
            _ => press.data.custom_id.clone(),
        };
        let views = self.service.handle(&ctx, Op::Press(token)).await;
        for view in views {
            if view.private_to().is_some() {
                self.followup(&press.token, &view).await;
                continue;
            }
            // The message the button is on is `@original` of this interaction.
            let reply = Reply::Pressed(&press.token, press.channel_id, press.message.id);
            self.show(press.channel_id, view, Some(reply)).await;
        }
    }

    /// Shows views in a chat (`discord:<channel id>`), e.g. a timer's messages.
    pub fn post_to(&self, chat: &crate::ids::ChatId, views: Vec<View>) {
        // A turn notice: `discord:@<user>`, a direct message (in the user's own lane).
        if let Some(user) = chat.discord_dm_user() {
            if user > 0 {
                let lane = ChannelId::new(user);
                self.queue(lane, Job::Notice(UserId::new(user), views));
            }
            return;
        }
        // `discord:<server>/<channel>` or `discord:<channel>`.
        let Some(channel) = chat.discord_channel().filter(|c| *c > 0) else {
            return;
        };
        self.queue(ChannelId::new(channel), Job::Post(ChannelId::new(channel), views));
    }

    /// Edits the interaction's original message to show `view` (without its buttons when
    /// `buttons` is false); the message, if it worked.
    async fn edit_original(&self, token: &str, view: &View, buttons: bool) -> Option<MessageId> {
        let edit = || {
            let mut b = EditInteractionResponse::new()
                .content(self.content(view))
                .components(if buttons { self.components_of(view) } else { Vec::new() })
                .allowed_mentions(mentions(view));
            if let Some(file) = board_file(view) {
                // Replaces the attachments: an edit without a file would drop the picture.
                b = b.attachments(EditAttachments::new().add(file));
            }
            b
        };
        self.call("edit reply", || edit().execute(&self.http, token)).await.map(|m| m.id)
    }

    async fn followup(&self, token: &str, view: &View) {
        let _ = self
            .call("ephemeral reply", || {
                CreateInteractionResponseFollowup::new()
                    .content(self.content(view))
                    .ephemeral(true)
                    .execute(&self.http, (None, token))
            })
            .await;
    }

    /// The channel a view goes to: `channel`, or for a table that plays in a thread, its
    /// thread (opened from the lobby message the first time).
    async fn destination(&self, channel: ChannelId, view: &View) -> ChannelId {
        let Some(table) = view.table().filter(|_| view.thread()) else { return channel };
        match self.service.thread(table).await {
            Ok(Some(id)) => match u64::try_from(id) {
                Ok(id) if id > 0 => return ChannelId::new(id),
                _ => return channel,
            },
            Ok(None) => {}
            Err(e) => {
                tracing::warn!(table = table.get(), error = %e, "reading the table's thread failed");
                return channel;
            }
        }
        let lobby = self.service.message(table, Slot::Lobby).await.ok().flatten();
        let name = self.service.views().thread_name(table).await;
        let opened = match lobby.as_ref().and_then(first_message) {
            Some((c, m)) => {
                self.call("open thread", || {
                    c.create_thread_from_message(&self.http, m, CreateThread::new(name.clone()))
                })
                .await
            }
            // A table that never had a lobby here (a cup's game, seated when its round is
            // paired) opens a thread of its own in the channel.
            None => {
                self.call("open thread", || {
                    let thread = CreateThread::new(name.clone()).kind(ChannelType::PublicThread);
                    channel.create_thread(&self.http, thread)
                })
                .await
            }
        };
        let Some(thread) = opened else { return channel };
        let Ok(id) = i64::try_from(thread.id.get()) else { return thread.id };
        if let Err(e) = self.service.thread_opened(table, id).await {
            tracing::warn!(table = table.get(), error = %e, "recording the table's thread failed");
        }
        thread.id
    }

    /// Shows a view in a channel (or its table's thread) by the show protocol
    /// ([`crate::table::show`]): an edit of the message it replaces, or a new message. In a
    /// channel that cannot spare the writes of a new board and a strip, a new board edits the
    /// table's live board instead; every channel write waits for the channel's budget.
    async fn post(&self, channel: ChannelId, view: View) {
        self.show(channel, view, None).await;
    }

    /// [`Discord::post`], for a view that may be shown as an interaction's own message.
    async fn show(&self, channel: ChannelId, view: View, reply: Option<Reply<'_>>) {
        let channel = self.destination(channel, &view).await;
        let surface = Surface { discord: self, channel, reply };
        self.service.show(&surface, &view).await;
    }

    /// Sends `view` as a new message in `channel` once the channel has room.
    async fn send_new(&self, channel: ChannelId, view: &View, buttons: bool) -> Option<MessageId> {
        let send = || {
            let mut b = CreateMessage::new()
                .content(self.content(view))
                .components(if buttons { self.components_of(view) } else { Vec::new() })
                .allowed_mentions(mentions(view));
            if let Some(file) = board_file(view) {
                b = b.add_file(file);
            }
            b
        };
        self.spend(channel).await;
        let sent = self.call("send message", || channel.send_message(&self.http, send())).await;
        sent.map(|m| m.id)
    }

    /// Edits message `m` of channel `c` to show `view`.
    async fn edit(&self, c: ChannelId, m: MessageId, view: &View, buttons: bool) -> bool {
        let edit = || {
            let mut b = EditMessage::new()
                .content(self.content(view))
                .components(if buttons { self.components_of(view) } else { Vec::new() })
                .allowed_mentions(mentions(view));
            if let Some(file) = board_file(view) {
                b = b.attachments(EditAttachments::new().add(file));
            }
            b
        };
        self.spend(c).await;
        self.call("edit message", || c.edit_message(&self.http, m, edit())).await.is_some()
    }

    /// Sends `view` as the follow-up message of a button press's interaction (`token`): a new
    /// board that costs the channel none of its writes.
    async fn follow_up(
        &self,
        token: &str,
        view: &View,
        buttons: bool,
    ) -> Option<(ChannelId, MessageId)> {
        let send = || {
            let mut b = CreateInteractionResponseFollowup::new()
                .content(self.content(view))
                .components(if buttons { self.components_of(view) } else { Vec::new() })
                .allowed_mentions(mentions(view));
            if let Some(file) = board_file(view) {
                b = b.add_file(file);
            }
            b
        };
        let sent = self.call("follow-up", || send().execute(&self.http, (None, token))).await;
        sent.map(|m| (m.channel_id, m.id))
    }

    /// Sends a turn notice as a direct message, with jump links to the boards, and reports
    /// the outcome: delivered, or closed direct messages (Discord's 50007, said once in the
    /// table's channel; notices stop), or another failure (tried again later).
    async fn notice(&self, user: UserId, view: View) {
        // A notice mentions no one: mentions have no place in a direct message.
        let Kind::Notice(TurnNotice { notice, .. }) = &view.kind else { return };
        let sent = match user.create_dm_channel(&self.http).await {
            // The turn was played while the notice waited: it is not sent.
            Ok(_) if !self.service.turn_notices().notice_due(notice).await => return,
            Ok(dm) => {
                let mut b = CreateMessage::new().content(self.content(&view));
                if let Some(file) = board_file(&view) {
                    b = b.add_file(file);
                }
                dm.id.send_message(&self.http, b).await.map(drop)
            }
            Err(e) => Err(e),
        };
        match sent {
            Ok(()) => self.service.turn_notices().noticed(notice).await,
            Err(e) => {
                tracing::info!(user = user.get(), error = %e, "a direct message was refused");
                let why = if dms_closed(&e) {
                    crate::table::NoticeFailure::Closed
                } else {
                    crate::table::NoticeFailure::Failed
                };
                for (chat, v) in self.service.turn_notices().notice_failed(notice, why).await {
                    self.post_to(&chat, vec![v]);
                }
            }
        }
    }

    /// Deletes tidy channels' earlier boards of games that are over (`/boards tidy`, issue 60),
    /// until `stopped`: every `TIDY_EVERY`, each channel with boards to delete that is quiet
    /// (it can spare its whole burst of writes) gets one deletion, counted as the channel
    /// write it is.
    pub async fn tidy(self, mut stopped: watch::Receiver<bool>) {
        loop {
            tokio::select! {
                _ = stopped.changed() => {}
                () = tokio::time::sleep(TIDY_EVERY) => {}
            }
            if *stopped.borrow() {
                return;
            }
            let platform = crate::ids::Platform::Discord;
            // Discord lets a bot delete its own messages whatever their age; boards a channel
            // kept for two weeks are left all the same.
            for chat in self.service.tidy_chats(platform, Duration::from_secs(14 * 86_400)).await {
                let Some(channel) = u64::try_from(chat).ok().filter(|c| *c > 0) else { continue };
                let channel = ChannelId::new(channel);
                let spare = self.lock_budget().spare(channel, Instant::now());
                if spare < Limit::discord_channel().burst {
                    continue;
                }
                for board in self.service.tidy_boards(platform, chat, 1).await {
                    let Some((c, m)) = message::discord_message(board) else { continue };
                    self.spend(c).await;
                    self.call("delete a board", || self.http.delete_message(c, m, None)).await;
                }
            }
        }
    }

    /// Takes one of `channel`'s writes, waiting until Discord's limit lets it go.
    async fn spend(&self, channel: ChannelId) {
        let at = self.lock_budget().spend(channel, Instant::now());
        let wait = at.saturating_duration_since(Instant::now());
        if !wait.is_zero() {
            tracing::debug!(channel = channel.get(), ?wait, "a busy channel: a write waits");
            tokio::time::sleep(wait).await;
        }
    }

    fn lock_budget(&self) -> std::sync::MutexGuard<'_, Budget<ChannelId>> {
        self.budget.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A view's text with the players it mentions as Discord mentions (their name's last
    /// appearance, or an added line), at most Discord's length.
    fn content(&self, view: &View) -> String {
        let mut text = literal(&view.text);
        // A text-first board (`/access on`) says where everything is before its own lines:
        // whole where the message holds them, else densely or as whole players (issue 61). A
        // name's markdown characters each take a backslash more.
        if view.text_first()
            && let Some(whole) = view.places()
        {
            let escapes = literal(&whole).chars().count() - whole.chars().count();
            let mentions = (30 * view.mentions().len()).min(CONTENT / 2);
            let room = CONTENT.saturating_sub(text.chars().count() + mentions + escapes + 2);
            if let Some(places) = view.places_within(room, Units::Chars) {
                text = format!("{}\n\n{text}", literal(&places));
            }
        }
        for link in view.links() {
            if let Some(url) = jump_url(&link.chat, link.message.as_ref()) {
                text.push_str(&format!("\n🔗 {}: {url}", link.table));
            }
        }
        // Every mentioned player is named (a cup round's post mentions each paired player); a
        // mention is at most 30 characters (`<@` and a snowflake) in place of a name.
        let room = CONTENT.saturating_sub((30 * view.mentions().len()).min(CONTENT / 2));
        let mut text = clip(&text, room);
        let names = self.names.lock().unwrap_or_else(|e| e.into_inner());
        for user in view.mentions() {
            let Some(id) = user.discord_id() else {
                continue;
            };
            let shown = names
                .get(&id)
                .map(|n| literal(&format!("\u{2068}{n}\u{2069}")))
                .unwrap_or_default();
            mark_last(&mut text, &shown, "", |_| format!("<@{id}>"));
        }
        text
    }

    /// Runs a REST call; logs a failure. 429 answers never get here: serenity's own limiter
    /// waits them out, or behind a proxy the relay does.
    async fn call<T, F, Fut>(&self, what: &str, call: F) -> Option<T>
    where
        F: FnOnce() -> Fut,
        Fut: std::future::Future<Output = serenity::Result<T>>,
    {
        match call().await {
            Ok(value) => Some(value),
            Err(e) => {
                tracing::warn!(what, error = %e, "Discord refused the call");
                None
            }
        }
    }
}

/// A REST client for `token`, through `proxy` if set: serenity 0.12.5 ignores a proxy unless
/// its own rate limiter is off.
fn http(token: &str, proxy: Option<&str>) -> Http {
    let builder = HttpBuilder::new(token);
    match proxy {
        Some(proxy) => builder.proxy(proxy).ratelimiter_disabled(true).build(),
        None => builder.build(),
    }
}

/// A message's jump URL (`https://discord.com/channels/<server>/<channel>/<message>`) from a
/// table's chat (a server's channel) and its recorded message.
fn jump_url(chat: &crate::ids::ChatId, message: Option<&MessageRef>) -> Option<String> {
    let server = chat.discord_server_id()?;
    let (channel, message) = first_message(message?)?;
    Some(format!("https://discord.com/channels/{server}/{}/{}", channel.get(), message.get()))
}

/// Whether Discord refused a direct message because the user does not take them (50007).
fn dms_closed(e: &serenity::Error) -> bool {
    use serenity::http::HttpError;
    match e {
        serenity::Error::Http(HttpError::UnsuccessfulRequest(r)) => {
            r.error.code == 50007 || r.status_code.as_u16() == 403
        }
        _ => false,
    }
}

struct Handler(Discord);

#[serenity::async_trait]
impl EventHandler for Handler {
    async fn ready(&self, _: Context, ready: Ready) {
        tracing::info!(shard = ?ready.shard, user = %ready.user.name, "Discord gateway ready");
        let shard = ready.shard.map_or(0, |s| s.id.0);
        self.0.readied.send_modify(|r| {
            r.insert(shard);
        });
        self.0.shard_state(shard, true);
        // One shard registers the commands for the whole bot.
        if ready.shard.is_none_or(|s| s.id.0 == 0) {
            self.0.http.set_application_id(ready.application.id);
            self.0.register_commands().await;
        }
    }

    async fn shard_stage_update(&self, _: Context, event: ShardStageUpdateEvent) {
        match event.new {
            ConnectionStage::Connected => self.0.shard_state(event.shard_id.0, true),
            ConnectionStage::Disconnected | ConnectionStage::Connecting => {
                self.0.shard_state(event.shard_id.0, false)
            }
            _ => {}
        }
    }

    async fn interaction_create(&self, _: Context, interaction: Interaction) {
        self.0.on_interaction(interaction).await;
    }
}

/// The interaction a view may be shown as: a slash command's deferred reply, or the message a
/// pressed button is on (both `@original` of the interaction's token), in its channel; a
/// press's new message is the interaction's follow-up.
#[derive(Clone, Copy)]
enum Reply<'a> {
    Command(&'a str),
    Pressed(&'a str, ChannelId, MessageId),
}

/// One view's way to Discord for the show protocol.
struct Surface<'a> {
    discord: &'a Discord,
    channel: ChannelId,
    reply: Option<Reply<'a>>,
}

impl crate::table::show::Surface for Surface<'_> {
    async fn put(&self, view: &View, to: Option<&MessageRef>, buttons: bool) -> Option<MessageRef> {
        let d = self.discord;
        match (to.and_then(first_message), self.reply) {
            // The pressed message is edited through the interaction (its token's `@original`).
            (Some((c, m)), Some(Reply::Pressed(token, _, pressed))) if m == pressed => {
                if let Some(m) = d.edit_original(token, view, buttons).await {
                    return shown(c, m);
                }
            }
            (Some((c, m)), _) => {
                if d.edit(c, m, view, buttons).await {
                    return shown(c, m);
                }
            }
            // A command's first public view is its deferred reply (unless it goes to a thread).
            (None, Some(Reply::Command(token))) if !view.thread() => {
                if let Some(m) = d.edit_original(token, view, buttons).await {
                    return shown(self.channel, m);
                }
            }
            (None, _) => {}
        }
        // A press's new board in the pressed board's channel: the interaction's follow-up.
        if let Some(Reply::Pressed(token, channel, _)) = self.reply
            && channel == self.channel
            && let Some((c, m)) = d.follow_up(token, view, buttons).await
        {
            return shown(c, m);
        }
        // No message to edit, or the edit failed (the message is gone): a new one.
        let m = d.send_new(self.channel, view, buttons).await?;
        shown(self.channel, m)
    }

    async fn strip(&self, message: Posted) {
        let Some((c, m)) = discord_message(message) else { return };
        let d = self.discord;
        // The pressed board: through the interaction, at no cost to the channel.
        if let Some(Reply::Pressed(token, _, pressed)) = self.reply
            && pressed == m
        {
            let strip = || EditInteractionResponse::new().components(Vec::new());
            if d.call("strip pressed", || strip().execute(&d.http, token)).await.is_some() {
                return;
            }
        }
        d.spend(c).await;
        let _ = d
            .call("strip buttons", || {
                c.edit_message(&d.http, m, EditMessage::new().components(Vec::new()))
            })
            .await;
    }

    /// A new board in a channel that cannot spare the two writes of a new message and the old
    /// one's strip edits the table's live board there instead (a press's board costs the
    /// channel nothing: it is the interaction's follow-up).
    fn in_place(&self, view: &View, live: &MessageRef) -> Option<MessageRef> {
        let Some((_, Slot::Board)) = view.shows() else { return None };
        // Only a board in this channel (a table that moved to its thread posts there).
        if first_message(live).is_none_or(|(c, _)| c != self.channel) {
            return None;
        }
        if matches!(self.reply, Some(Reply::Pressed(_, channel, _)) if channel == self.channel) {
            return None;
        }
        if self.discord.lock_budget().spare(self.channel, Instant::now()) >= 2 {
            return None;
        }
        tracing::debug!("a busy channel: the board is edited in place");
        Some(live.clone().with_plain(false))
    }

    /// Lists the channel's messages after the gap's start (one read, which spends no write)
    /// and takes the buttons off each that carries a table's lobby or board buttons of this
    /// bot's making for the swept table, before the new message, that the store does not
    /// record: a message a show killed before its record left live (issue 60, item 5).
    async fn sweep(&self, gap: &Gap) {
        let d = self.discord;
        for (chat, after, before) in gap.chats() {
            let Some(channel) = chat.and_then(|c| u64::try_from(c).ok()).filter(|c| *c != 0) else {
                continue;
            };
            let Some(after) = u64::try_from(after).ok().filter(|a| *a != 0) else { continue };
            let channel = ChannelId::new(channel);
            let list = GetMessages::new().after(MessageId::new(after)).limit(SWEEP);
            let Some(messages) = d.call("list messages", || channel.messages(&d.http, list)).await
            else {
                continue;
            };
            for m in messages {
                let id = i64::try_from(m.id.get()).unwrap_or(i64::MAX);
                let posted = Posted { chat, message: id };
                let table = m.components.iter().flat_map(|row| &row.components).find_map(|c| {
                    let serenity::all::ActionRowComponent::Button(b) = c else { return None };
                    let serenity::all::ButtonKind::NonLink { custom_id, .. } = &b.data else {
                        return None;
                    };
                    d.service.table_button(custom_id)
                });
                if table != Some(gap.table) || gap.keeps(posted) || before.is_some_and(|b| id >= b)
                {
                    continue;
                }
                d.spend(channel).await;
                let stripped = d
                    .call("strip a lost message", || {
                        channel.edit_message(
                            &d.http,
                            m.id,
                            EditMessage::new().components(Vec::new()),
                        )
                    })
                    .await;
                if stripped.is_some() {
                    tracing::info!(
                        channel = channel.get(),
                        message = id,
                        "a message lost in a crash: its buttons are off"
                    );
                }
            }
        }
    }
}

/// How many of a channel's messages after a crash's gap start a sweep reads (one request).
const SWEEP: u8 = 50;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ids::{TableId, Version};
    use crate::table::TableMessage;

    #[test]
    fn shard_ranges_are_inclusive_and_checked() {
        assert_eq!("auto".parse(), Ok(Shards::Auto));
        assert_eq!("0-1/4".parse(), Ok(Shards::Range { first: 0, last: 1, total: 4 }));
        assert_eq!("3/4".parse(), Ok(Shards::Range { first: 3, last: 3, total: 4 }));
        assert!("2-1/4".parse::<Shards>().is_err());
        assert!("0-4/4".parse::<Shards>().is_err());
        assert!("x".parse::<Shards>().is_err());
    }

    #[test]
    fn many_buttons_become_select_menus_within_limits() {
        let button =
            |i: usize| crate::table::Button { label: format!("{i}"), token: format!("t{i}") };
        let view = |n: usize| {
            let post = crate::table::Post {
                buttons: vec![(0..n).map(button).collect()],
                ..Default::default()
            };
            View::new(None, String::new(), Kind::Post(post))
        };
        let json = |rows: Vec<serenity::all::CreateActionRow>| serde_json::to_value(rows).unwrap();
        // 7 buttons: two rows of at most 5.
        let rows = json(components(&view(7)));
        assert_eq!(rows.as_array().unwrap().len(), 2);
        assert_eq!(rows[0]["components"].as_array().unwrap().len(), 5);
        // 30 buttons would need 6 rows: two select menus of at most 25.
        let rows = json(components(&view(30)));
        assert_eq!(rows.as_array().unwrap().len(), 2);
        assert_eq!(rows[0]["components"][0]["options"].as_array().unwrap().len(), 25);
        assert_eq!(rows[1]["components"][0]["options"][4]["value"], "t29");
    }

    #[test]
    fn a_lane_that_fell_behind_folds_superseded_boards_only() {
        let message = |table: i64, slot: Slot, text: &str| {
            let m = TableMessage::new(TableId::new(table), slot, Version::default());
            View::new(None, text.into(), Kind::Table(m))
        };
        let board = |table: i64, text: &str| message(table, Slot::Board, text);
        let post = |views: Vec<View>| Job::Post(ChannelId::new(1), views);
        let ranking = View::post(None, "ranking".into());
        let lobby = message(1, Slot::Lobby, "lobby");
        let mut queue = VecDeque::from([
            post(vec![board(1, "turn 1")]),
            post(vec![board(2, "other table")]),
            post(vec![board(1, "turn 2"), lobby]),
            post(vec![board(1, "turn 3"), ranking]),
        ]);
        let texts = |job: Option<Job>| -> Vec<String> {
            match job {
                Some(Job::Post(_, views)) => views.into_iter().map(|v| v.text).collect(),
                _ => Vec::new(),
            }
        };
        // Turns 1 and 2 of table 1 are superseded by turn 3; table 2's board, the lobby and
        // the ranking are not boards of table 1 and are kept, in order.
        assert_eq!(texts(fold(&mut queue)), ["other table"]);
        assert_eq!(texts(fold(&mut queue)), ["lobby"]);
        assert_eq!(texts(fold(&mut queue)), ["turn 3", "ranking"]);
        assert!(fold(&mut queue).is_none());
        // A lane that keeps up sends every board.
        let mut queue = VecDeque::from([post(vec![board(1, "turn 1")])]);
        assert_eq!(texts(fold(&mut queue)), ["turn 1"]);
    }

    #[test]
    fn markdown_in_a_text_shows_as_typed() {
        assert_eq!(
            literal("**b** ||s|| [l](http://x.y) `c` ~~d~~ __u__ <@1> \\"),
            r"\*\*b\*\* \|\|s\|\| \[l\](http://x.y) \`c\` \~\~d\~\~ \_\_u\_\_ \<@1> \\"
        );
        // Headings, quotes and lists start a line (after spaces or an isolation mark).
        assert_eq!(
            literal("# big\n> quote\n- item\n -# small\n\u{2068}# name\u{2069}\na - b # c"),
            "\\# big\n\\> quote\n\\- item\n \\-# small\n\u{2068}\\# name\u{2069}\na - b # c"
        );
    }

    #[test]
    fn long_texts_keep_their_end() {
        let long = format!("{}\nyour turn", "x".repeat(3000));
        let clipped = clip(&long, CONTENT);
        assert_eq!(clipped.chars().count(), CONTENT);
        assert!(clipped.starts_with('…') && clipped.ends_with("your turn"));
    }
}
