//! The platform-neutral view: one message for an adapter to show. Its words ([`View::text`],
//! [`View::lang`]) and what kind of message it is ([`Kind`]), each kind with exactly its own
//! fields, so that an adapter `match`es on what a message is instead of working it out from
//! which options happen to be set: a private answer never carries buttons, a turn notice never
//! mentions anyone in a chat, only a table's own message is edited in place or refreshed, and a
//! post has a picture or a file, never both.
//!
//! The read accessors ([`View::buttons`], [`View::mentions`], …) answer for every kind (empty
//! where a kind has no such thing), for code that treats all messages alike: drawing buttons,
//! marking mentions, counting bytes.

use super::describe::{Units, Words};
use super::notify::{Link, Notice};
use super::{Slot, i18n};
use crate::ids::{MessageRef, TableId, UserId, Version};

/// One message for the adapter to show, platform-neutral.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct View {
    /// The text, lines separated by `\n`, already translated.
    pub text: String,
    /// The language `text` speaks (`None`: not known, e.g. a line a person typed), so that an
    /// adapter can set its direction (Persian reads right to left) by language, not by letters.
    pub lang: Option<i18n::Lang>,
    /// What kind of message it is, with that kind's fields.
    pub kind: Kind,
}

/// What kind of message a view is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Kind {
    /// A table's own message, its lobby or its board: shown by the show protocol
    /// ([`Service::show`](super::Service::show)), which records it.
    Table(TableMessage),
    /// A message to the chat that no later view replaces: a ranking, the seed after a game, a
    /// reminder, statistics, a replay or a record.
    Post(Post),
    /// An answer only one user sees (an ephemeral reply, a private message).
    Private(Private),
    /// A refusal only the user who asked sees (an alert, an ephemeral reply).
    Refusal(Refusal),
    /// A turn notice, to one person's private chat.
    Notice(TurnNotice),
    /// A cup's standings (issue 49): one message in the cup's chat, edited in place after
    /// every game by the show protocol ([`super::show`]), which records it for the cup.
    Standings(Standings),
}

/// A cup's standings message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Standings {
    /// The cup.
    pub cup: crate::ids::CupId,
    /// Which standings it shows: it grows with every change to the cup and every result, and
    /// an older one never replaces a newer one.
    pub version: Version,
    /// The standings picture (PNG); the text says them in words.
    pub image: Option<Vec<u8>>,
    /// The picture in words (an attachment's description, an image's `alt`).
    pub alt: Option<String>,
    /// Its buttons: while the cup signs up, Sign up and Start; none once it began.
    pub buttons: Vec<Vec<Button>>,
    /// What the message it replaces is left saying when it could not become this one (a
    /// sign-up's text cannot be edited into a picture on Telegram): "Sign-up is closed", in
    /// the view's language, so that it no longer asks players to sign up (issue 61).
    pub replaced: Option<String>,
}

/// A table's lobby or board message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableMessage {
    /// The table.
    pub table: TableId,
    /// Which of its messages this is.
    pub slot: Slot,
    /// The version of the table it shows: an older view never replaces a newer one.
    pub version: Version,
    /// The board picture (PNG), if any.
    pub image: Option<Vec<u8>>,
    /// The picture in words, in the view's language ([`super::describe::Words`]): an
    /// attachment's description, a caption's quote, an image's `alt`, for a screen reader or
    /// anyone without the picture; each adapter fits it to its platform's room.
    pub alt: Option<Words>,
    /// The board comes text first (a player at the table asked, `/access on`): adapters show
    /// its description (`alt`) before its text, open, and its move buttons say each move in
    /// plain words.
    pub text_first: bool,
    /// Rows of buttons.
    pub buttons: Vec<Vec<Button>>,
    /// Users to mention: the player to move, those a lobby waits for.
    pub mentions: Vec<UserId>,
    /// A private table's players: show the message in each one's private chat with the bot
    /// instead of the chat it came from. Empty for ordinary tables.
    pub audience: Vec<UserId>,
    /// A private table's invite code: the adapter shows it as a link (Telegram:
    /// `t.me/<bot>?start=<code>`) or as `/join <code>`.
    pub invite: Option<String>,
    /// The table plays in a thread of its own, where the platform has threads (Discord): the
    /// adapter opens one from the lobby message and records it with [`Slot::Thread`].
    pub thread: bool,
    /// Whether it is a new message or an edit of one.
    pub place: Place,
    /// The table's chat is tidy (`/boards tidy`): a board this one replaces is kept for
    /// deleting once the game is over.
    pub tidy: bool,
}

/// Where a table's message goes: a new message or an edit of one.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Place {
    /// A new message.
    #[default]
    New,
    /// An edit of the message that shows the table's slot: the one recorded when the view is
    /// shown, not when it was made, so that views made in quick succession (a move, then a
    /// computer's turn) each edit the message the one before posted (the show protocol edits
    /// the message recorded when it claims the table, or posts anew when there is none).
    InPlace,
    /// An edit of this message (one the show protocol recorded).
    Edit(MessageRef),
    /// Only brings the table's message up to date (the refresh after an out-of-date press):
    /// an edit of this message (or a new one, if none), which the show protocol drops when a
    /// view of this version or newer is already shown.
    Refresh(Option<MessageRef>),
}

/// A message to the chat: text, and perhaps a picture or file, buttons and mentions.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Post {
    /// A picture or a file to send with it.
    pub attachment: Option<Attachment>,
    /// Rows of buttons (after a game: replay, record, rematch).
    pub buttons: Vec<Vec<Button>>,
    /// Users to mention, e.g. the player a reminder is for.
    pub mentions: Vec<UserId>,
    /// The table it is about, if any: adapters route it by its table (its thread, its outbox
    /// lane).
    pub about: Option<About>,
    /// A private table's players: show it in each one's private chat with the bot instead of
    /// the chat it came from. Empty for ordinary tables.
    pub audience: Vec<UserId>,
    /// Its picture in words (the cup winner's podium: the final standings), for the image's
    /// `alt` and an attachment's description.
    pub alt: Option<String>,
}

/// The table a post is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct About {
    /// The table.
    pub table: TableId,
    /// The table plays in a thread of its own (Discord): the post goes there.
    pub thread: bool,
}

/// What a post sends besides its text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Attachment {
    /// A picture (PNG): a board, a rating chart.
    Picture(Vec<u8>),
    /// A file: a replay's animation or a game record.
    File(File),
}

/// An answer only one user sees.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Private {
    /// The user.
    pub to: UserId,
    /// Links to tables' messages that the adapter adds, one line each, where its platform can
    /// make them (`/games`).
    pub links: Vec<Link>,
    /// A start payload the adapter offers as a link where its platform has them (Telegram:
    /// `t.me/<bot>?start=notify`, for a person to open a private chat with the bot).
    pub invite: Option<String>,
}

/// A refusal only the user who asked sees.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    /// The user.
    pub to: UserId,
    /// Why: the message's key in the Fluent files (`err-not-your-turn`, `err-stale`, …), or
    /// `illegal` for a move the rules refuse. For metrics and tools; players read the text.
    pub reason: &'static str,
}

/// A turn notice: once delivered, the adapter reports it with
/// [`TurnNotices::noticed`](super::TurnNotices::noticed) (or its failure with
/// [`TurnNotices::notice_failed`](super::TurnNotices::notice_failed)).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TurnNotice {
    /// Whom and which tables it tells of.
    pub notice: Notice,
    /// The board, when it tells of one table.
    pub image: Option<Vec<u8>>,
    /// Links to the tables' messages, one line each, where the platform can make them.
    pub links: Vec<Link>,
}

/// A button: its label and the token it carries.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Button {
    /// What the button says, in the chat's language.
    pub label: String,
    /// The token (at most 64 ASCII bytes) to send back when pressed.
    pub token: String,
}

/// A file a view sends.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct File {
    /// Its name, e.g. `dicetable-12.gif`.
    pub name: String,
    /// What it is, so that the adapter shows it the right way.
    pub kind: FileKind,
    /// The bytes.
    pub bytes: Vec<u8>,
}

/// What a view's file is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileKind {
    /// An animated GIF (Telegram: sendAnimation; Discord: an attachment that plays inline; the
    /// playground: an inline image).
    Animation,
    /// A JSON document (Telegram: sendDocument; Discord and the playground: a download).
    Json,
}

impl FileKind {
    /// Its media type.
    pub fn mime(self) -> &'static str {
        match self {
            FileKind::Animation => "image/gif",
            FileKind::Json => "application/json",
        }
    }
}

impl View {
    /// A view of `kind`.
    pub fn new(lang: Option<i18n::Lang>, text: String, kind: Kind) -> Self {
        View { text, lang, kind }
    }

    /// A plain message to the chat: text only.
    pub fn post(lang: Option<i18n::Lang>, text: String) -> Self {
        Self::new(lang, text, Kind::Post(Post::default()))
    }

    /// An answer only `to` sees.
    pub fn private(lang: Option<i18n::Lang>, text: String, to: UserId) -> Self {
        Self::new(lang, text, Kind::Private(Private { to, links: Vec::new(), invite: None }))
    }

    /// A refusal only `to` sees, for `reason` (see [`Refusal::reason`]).
    pub fn refused(
        lang: Option<i18n::Lang>,
        text: String,
        to: UserId,
        reason: &'static str,
    ) -> Self {
        Self::new(lang, text, Kind::Refusal(Refusal { to, reason }))
    }

    /// The user only who sees it: a private answer's, a refusal's, a turn notice's.
    pub fn private_to(&self) -> Option<&UserId> {
        match &self.kind {
            Kind::Private(p) => Some(&p.to),
            Kind::Refusal(r) => Some(&r.to),
            Kind::Notice(n) => Some(&n.notice.user),
            Kind::Table(_) | Kind::Post(_) | Kind::Standings(_) => None,
        }
    }

    /// Why the operation was refused, if the view is a refusal (see [`Refusal::reason`]).
    pub fn refusal(&self) -> Option<&'static str> {
        match &self.kind {
            Kind::Refusal(r) => Some(r.reason),
            _ => None,
        }
    }

    /// The table message it is (table and slot), if it is one.
    pub fn shows(&self) -> Option<(TableId, Slot)> {
        match &self.kind {
            Kind::Table(m) => Some((m.table, m.slot)),
            _ => None,
        }
    }

    /// The table it is about: a table message's table, a post's.
    pub fn table(&self) -> Option<TableId> {
        match &self.kind {
            Kind::Table(m) => Some(m.table),
            Kind::Post(p) => p.about.map(|a| a.table),
            _ => None,
        }
    }

    /// Whether it goes to its table's thread (where the platform has threads).
    pub fn thread(&self) -> bool {
        match &self.kind {
            Kind::Table(m) => m.thread,
            Kind::Post(p) => p.about.is_some_and(|a| a.thread),
            _ => false,
        }
    }

    /// The version of the table a table message shows (0 for other views).
    pub fn version(&self) -> Version {
        match &self.kind {
            Kind::Table(m) => m.version,
            _ => Version::default(),
        }
    }

    /// Its picture (PNG), if any.
    pub fn image(&self) -> Option<&[u8]> {
        match &self.kind {
            Kind::Table(m) => m.image.as_deref(),
            Kind::Post(Post { attachment: Some(Attachment::Picture(png)), .. }) => {
                Some(png.as_slice())
            }
            Kind::Notice(n) => n.image.as_deref(),
            Kind::Standings(s) => s.image.as_deref(),
            _ => None,
        }
    }

    /// The picture in words, where the view's picture is a board ([`TableMessage::alt`]), a
    /// cup's standings or a post's ([`Post::alt`]), whole (a web page's `alt` has no limit).
    pub fn alt(&self) -> Option<String> {
        match &self.kind {
            Kind::Table(m) => m.alt.as_ref().map(Words::whole),
            Kind::Standings(s) => s.alt.clone(),
            Kind::Post(p) => p.alt.clone(),
            _ => None,
        }
    }

    /// The picture in words in at most `max` `units`, as the platform counts: a board's
    /// ([`Words::within`]: whose turn first, never a cut word), or a standings' or post's
    /// whole lines as far as they fit.
    pub fn alt_within(&self, max: usize, units: Units) -> Option<String> {
        if let Kind::Table(m) = &self.kind {
            return m.alt.as_ref().map(|w| w.within(max, units));
        }
        let alt = self.alt()?;
        let mut out = String::new();
        for line in alt.lines() {
            let more = units.of(line) + usize::from(!out.is_empty());
            if units.of(&out) + more > max {
                break;
            }
            if !out.is_empty() {
                out.push('\n');
            }
            out.push_str(line);
        }
        Some(out)
    }

    /// Where everything is on a board, in words, within `max` `units`
    /// ([`Words::places_within`]); `None` for what is not a board (a cup's standings say
    /// them in words in their text already).
    pub fn places_within(&self, max: usize, units: Units) -> Option<String> {
        match &self.kind {
            Kind::Table(m) => m.alt.as_ref().map(|w| w.places_within(max, units)),
            _ => None,
        }
    }

    /// Where everything is on a board, whole ([`Words::places`]).
    pub fn places(&self) -> Option<String> {
        match &self.kind {
            Kind::Table(m) => m.alt.as_ref().map(Words::places),
            _ => None,
        }
    }

    /// Whether the view is a board that comes text first ([`TableMessage::text_first`]).
    pub fn text_first(&self) -> bool {
        matches!(&self.kind, Kind::Table(m) if m.text_first && m.alt.is_some())
    }

    /// Its file, if any.
    pub fn file(&self) -> Option<&File> {
        match &self.kind {
            Kind::Post(Post { attachment: Some(Attachment::File(file)), .. }) => Some(file),
            _ => None,
        }
    }

    /// Its rows of buttons (none on private answers, refusals and notices).
    pub fn buttons(&self) -> &[Vec<Button>] {
        match &self.kind {
            Kind::Table(m) => &m.buttons,
            Kind::Post(p) => &p.buttons,
            Kind::Standings(s) => &s.buttons,
            _ => &[],
        }
    }

    /// The users it mentions.
    pub fn mentions(&self) -> &[UserId] {
        match &self.kind {
            Kind::Table(m) => &m.mentions,
            Kind::Post(p) => &p.mentions,
            _ => &[],
        }
    }

    /// A private table's players, to show it to each in their private chat (empty: the chat).
    pub fn audience(&self) -> &[UserId] {
        match &self.kind {
            Kind::Table(m) => &m.audience,
            Kind::Post(p) => &p.audience,
            _ => &[],
        }
    }

    /// A start payload to offer as a link: a private lobby's invite code, or a private
    /// answer's (`notify`).
    pub fn invite(&self) -> Option<&str> {
        match &self.kind {
            Kind::Table(m) => m.invite.as_deref(),
            Kind::Private(p) => p.invite.as_deref(),
            _ => None,
        }
    }

    /// Links to tables' messages to add, one line each (a turn notice, `/games`).
    pub fn links(&self) -> &[Link] {
        match &self.kind {
            Kind::Private(p) => &p.links,
            Kind::Notice(n) => &n.links,
            _ => &[],
        }
    }

    /// The turn notice it is, if it is one.
    pub fn notice(&self) -> Option<&Notice> {
        match &self.kind {
            Kind::Notice(n) => Some(&n.notice),
            _ => None,
        }
    }

    /// The message (as the adapter recorded it) this view edits, if it edits one.
    pub fn replace(&self) -> Option<&MessageRef> {
        match &self.kind {
            Kind::Table(TableMessage {
                place: Place::Edit(m) | Place::Refresh(Some(m)), ..
            }) => Some(m),
            _ => None,
        }
    }

    /// Whether it is a table message to show in place of the slot's message (see
    /// [`Place::InPlace`]), not yet made ready.
    pub fn in_place(&self) -> bool {
        matches!(&self.kind, Kind::Table(TableMessage { place: Place::InPlace, .. }))
    }

    /// Whether it only refreshes its table's message (see [`Place::Refresh`]).
    pub fn refresh(&self) -> bool {
        matches!(&self.kind, Kind::Table(TableMessage { place: Place::Refresh(_), .. }))
    }

    /// The table message it is, to change.
    pub fn table_message_mut(&mut self) -> Option<&mut TableMessage> {
        match &mut self.kind {
            Kind::Table(m) => Some(m),
            _ => None,
        }
    }

    /// Takes its picture out (an adapter that keeps the bytes elsewhere).
    pub fn take_image(&mut self) -> Option<Vec<u8>> {
        match &mut self.kind {
            Kind::Table(m) => m.image.take(),
            Kind::Post(p) => match p.attachment.take() {
                Some(Attachment::Picture(png)) => Some(png),
                other => {
                    p.attachment = other;
                    None
                }
            },
            Kind::Notice(n) => n.image.take(),
            Kind::Standings(s) => s.image.take(),
            Kind::Private(_) | Kind::Refusal(_) => None,
        }
    }

    /// Takes its file out (an adapter that keeps the bytes elsewhere).
    pub fn take_file(&mut self) -> Option<File> {
        let Kind::Post(p) = &mut self.kind else { return None };
        match p.attachment.take() {
            Some(Attachment::File(file)) => Some(file),
            other => {
                p.attachment = other;
                None
            }
        }
    }

    /// Takes its buttons off (a superseded board).
    pub fn take_buttons(&mut self) -> Vec<Vec<Button>> {
        match &mut self.kind {
            Kind::Table(m) => std::mem::take(&mut m.buttons),
            Kind::Post(p) => std::mem::take(&mut p.buttons),
            Kind::Standings(s) => std::mem::take(&mut s.buttons),
            _ => Vec::new(),
        }
    }
}

impl TableMessage {
    /// A new message of `table`'s `slot` at `version`, with text only: set the fields it has
    /// besides (`TableMessage { place: Place::InPlace, ..TableMessage::new(…) }`).
    pub fn new(table: TableId, slot: Slot, version: Version) -> Self {
        TableMessage {
            table,
            slot,
            version,
            image: None,
            alt: None,
            text_first: false,
            buttons: Vec::new(),
            mentions: Vec::new(),
            audience: Vec::new(),
            invite: None,
            thread: false,
            place: Place::New,
            tidy: false,
        }
    }

    /// Edits `reference` instead of posting (a refresh stays a refresh).
    pub fn edit(&mut self, reference: MessageRef) {
        self.place = match self.place {
            Place::Refresh(_) => Place::Refresh(Some(reference)),
            _ => Place::Edit(reference),
        };
    }
}

/// Every public view of one operation goes where its table's views go: a private table's
/// texts (the start, the ranking) reach each player, like its boards, and a board's thread
/// gets the texts that follow it.
pub(super) fn spread_audience(views: &mut [View]) {
    let mut thread = false;
    let mut table = None;
    for view in views.iter_mut() {
        match &mut view.kind {
            Kind::Table(m) => {
                // Another table's views (a cup round's games) go where that table's go.
                if table.is_some_and(|t| t != m.table) {
                    thread = false;
                }
                thread |= m.thread;
                m.thread = thread;
                table = Some(m.table);
            }
            Kind::Post(p) => {
                thread |= p.about.is_some_and(|a| a.thread);
                table = p.about.map(|a| a.table).or(table);
                p.about = table.map(|table| About { table, thread });
            }
            Kind::Private(_) | Kind::Refusal(_) | Kind::Notice(_) | Kind::Standings(_) => {}
        }
    }
    let Some(audience) =
        views.iter().map(View::audience).find(|a| !a.is_empty()).map(<[_]>::to_vec)
    else {
        return;
    };
    for view in views.iter_mut() {
        match &mut view.kind {
            Kind::Table(TableMessage { audience: a, .. })
            | Kind::Post(super::Post { audience: a, .. })
                if a.is_empty() =>
            {
                *a = audience.clone();
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board() -> TableMessage {
        TableMessage {
            image: Some(vec![1]),
            alt: None,
            text_first: false,
            buttons: vec![vec![Button { label: "Roll".into(), token: "t".into() }]],
            mentions: vec![UserId::telegram(1)],
            place: Place::InPlace,
            ..TableMessage::new(TableId::new(7), Slot::Board, Version::new(3))
        }
    }

    #[test]
    fn each_kind_answers_for_what_it_has() {
        let b = View::new(None, "b".into(), Kind::Table(board()));
        assert_eq!(
            (b.shows(), b.table(), b.version()),
            (Some((TableId::new(7), Slot::Board)), Some(TableId::new(7)), Version::new(3))
        );
        assert!(b.in_place() && !b.refresh() && b.replace().is_none() && b.private_to().is_none());
        let no = View::refused(None, "no".into(), UserId::telegram(1), "err-stale");
        assert_eq!(
            (no.private_to(), no.refusal()),
            (Some(&UserId::telegram(1)), Some("err-stale"))
        );
        assert!(no.buttons().is_empty() && no.mentions().is_empty() && no.shows().is_none());
        let file = File { name: "a.gif".into(), kind: FileKind::Animation, bytes: vec![2] };
        let post = Post { attachment: Some(Attachment::File(file.clone())), ..Post::default() };
        let mut post = View::new(None, "r".into(), Kind::Post(post));
        assert_eq!((post.image(), post.file()), (None, Some(&file)));
        assert_eq!(post.take_image(), None, "a file is not a picture");
        assert_eq!(post.take_file(), Some(file));
    }

    #[test]
    fn an_edit_keeps_a_refresh_a_refresh() {
        let (m1, m2) = (MessageRef::one(Some(5), 1), MessageRef::one(Some(5), 2));
        let mut m = board();
        m.edit(m1.clone());
        assert_eq!(m.place, Place::Edit(m1));
        m.place = Place::Refresh(None);
        m.edit(m2.clone());
        let v = View::new(None, String::new(), Kind::Table(m));
        assert!(v.refresh() && v.replace() == Some(&m2));
    }
}
