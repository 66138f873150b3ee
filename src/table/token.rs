//! Button tokens: what a chat button carries back when pressed.
//!
//! A token names the table, the table's version when the button was drawn, and the action, and
//! ends with a tag (the first 8 bytes of HMAC-SHA256 under the bot's secret), so that a forged
//! or altered token is refused before anything is looked up. Tokens are ASCII and at most 64
//! bytes (Telegram's limit for callback data; Discord allows 100):
//!
//! ```text
//! 1.<table, base 36>.<version, base 36>.<action>.<tag, 16 hex digits>
//! actions: j join · l leave · g start · x cancel · r roll · m<k> move piece k (0–3)
//!          · s<from>-<die> nardy step · f refresh · o options panel · c<k> next value of option k
//!          · a add a computer · b remove a computer · p replay a finished game · e export it
//!          · n rematch: a new table like the finished one
//!          · u sign up for a cup · v start a cup (for these two the first number is a cup's:
//!            the token's subject is the cup, see [`Subject`])
//! ```
//!
//! Anyone can send any bytes as callback data, so [`Token::parse`] treats its input as hostile:
//! it never panics, and refuses anything it did not make itself.

use crate::ids::{CupId, TableId, UserId};
use hmac::{Hmac, KeyInit, Mac};
use sha2::Sha256;

/// The most bytes a token may have.
pub const MAX_LEN: usize = 64;

/// What a button does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Button {
    /// Take a seat in the lobby.
    Join,
    /// Leave the lobby.
    Leave,
    /// Start the game (host).
    Start,
    /// Cancel the table (host or admin).
    Cancel,
    /// Roll the dice.
    Roll,
    /// Move a Ludo piece (0–3).
    Move(u8),
    /// Play one Nardy step: a checker from a point (1–24) by a die (1–6).
    Step {
        /// The point.
        from: u8,
        /// The die.
        die: u8,
    },
    /// Show the table again.
    Refresh,
    /// Show the lobby's options as buttons (host).
    Options,
    /// Set lobby option `k` (in the order the options panel shows them) to its next value.
    Cycle(u8),
    /// Seat a computer player in the lobby (host).
    AddComputer,
    /// Take the last computer player out of the lobby (host).
    RemoveComputer,
    /// Post the finished game as an animation.
    Replay,
    /// Send the finished game's record.
    Export,
    /// Open the finished game's rematch, or join it (see `table::rematch`).
    Rematch,
    /// Sign up for a cup (the token's subject is the cup).
    CupJoin,
    /// Start a cup (its host or an admin; the token's subject is the cup).
    CupStart,
}

impl Button {
    /// Whether a table's lobby or board carries this button (not a finished game's post, nor
    /// a cup's sign-up): what a sweep after a crash may take off (issue 60, item 5).
    pub fn on_table_message(self) -> bool {
        !matches!(
            self,
            Button::Replay | Button::Export | Button::Rematch | Button::CupJoin | Button::CupStart
        )
    }
}

impl Button {
    /// Whether the button acts on a cup (its token's subject is a cup), not a table.
    pub fn on_cup(self) -> bool {
        matches!(self, Button::CupJoin | Button::CupStart)
    }
}

/// What a token's button acts on: a table or a cup, each by its own kind of number. The wire
/// form carries one number; which kind it is follows from the button (a cup's sign-up buttons
/// name a cup, every other button a table), so a cup's number is never read as a table's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Subject {
    /// A table.
    Table(TableId),
    /// A cup.
    Cup(CupId),
}

impl Subject {
    fn number(self) -> u64 {
        match self {
            Subject::Table(t) => t.to_token(),
            Subject::Cup(c) => c.to_token(),
        }
    }
}

/// A pressed button, as its token says.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Token {
    /// The table or cup it acts on (a cup for [`Button::on_cup`] buttons).
    pub subject: Subject,
    /// The table's version when the button was drawn (0 on a cup's).
    pub version: u64,
    /// The action.
    pub button: Button,
}

/// Why a token was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum TokenError {
    /// Not a token of ours at all: wrong length, characters or shape.
    #[error("not a button of this bot")]
    Malformed,
    /// Shaped like a token, but the tag does not match: forged or altered.
    #[error("this button was not made by this bot")]
    Forged,
}

/// The secret that tags tokens.
#[derive(Clone)]
pub struct TokenKey(Hmac<Sha256>);

impl TokenKey {
    /// A key from the bot's secret.
    pub fn new(secret: &[u8]) -> Self {
        Self(
            <Hmac<Sha256> as KeyInit>::new_from_slice(secret).expect("HMAC accepts any key length"),
        )
    }

    fn tag(&self, payload: &str) -> String {
        let mut mac = self.0.clone();
        mac.update(payload.as_bytes());
        hex::encode(&mac.finalize().into_bytes()[..8])
    }

    /// A 16-byte tag over a live-board link's payload, marked so that it is never a button's.
    fn long_tag(&self, payload: &str) -> String {
        let mut mac = self.0.clone();
        mac.update(b"live-link\0");
        mac.update(payload.as_bytes());
        hex::encode(&mac.finalize().into_bytes()[..16])
    }
}

impl std::fmt::Debug for TokenKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("TokenKey(…)")
    }
}

/// Whether a pressed token asks for something a chat administrator may do for the host (start
/// or cancel a table, the lobby's options and computers), read from its shape alone: an
/// adapter for which admin rights cost a request (Telegram's getChatMember) asks only then.
/// The token is still checked in full by the service; a forged one costs at most that request.
pub fn may_need_admin(text: &str) -> bool {
    let action = text.split('.').nth(3).unwrap_or_default();
    matches!(action, "g" | "x" | "o" | "a" | "b" | "v") || action.starts_with('c')
}

fn base36(mut n: u64) -> String {
    const DIGITS: &[u8; 36] = b"0123456789abcdefghijklmnopqrstuvwxyz";
    let mut out = Vec::new();
    loop {
        out.push(DIGITS[(n % 36) as usize]);
        n /= 36;
        if n == 0 {
            break;
        }
    }
    out.reverse();
    String::from_utf8(out).unwrap_or_default()
}

fn parse_base36(s: &str) -> Option<u64> {
    if s.is_empty() || s.len() > 13 || (s.len() > 1 && s.starts_with('0')) {
        return None;
    }
    s.bytes().try_fold(0u64, |n, b| {
        let d = match b {
            b'0'..=b'9' => b - b'0',
            b'a'..=b'z' => b - b'a' + 10,
            _ => return None,
        };
        n.checked_mul(36)?.checked_add(u64::from(d))
    })
}

impl Button {
    fn code(self) -> String {
        match self {
            Button::Join => "j".into(),
            Button::Leave => "l".into(),
            Button::Start => "g".into(),
            Button::Cancel => "x".into(),
            Button::Roll => "r".into(),
            Button::Move(k) => format!("m{k}"),
            Button::Step { from, die } => format!("s{from}-{die}"),
            Button::Refresh => "f".into(),
            Button::Options => "o".into(),
            Button::Cycle(k) => format!("c{k}"),
            Button::AddComputer => "a".into(),
            Button::RemoveComputer => "b".into(),
            Button::Replay => "p".into(),
            Button::Export => "e".into(),
            Button::Rematch => "n".into(),
            Button::CupJoin => "u".into(),
            Button::CupStart => "v".into(),
        }
    }

    fn parse(s: &str) -> Option<Self> {
        let small = |t: &str, max: u8| -> Option<u8> {
            if t.is_empty() || t.len() > 2 || (t.len() > 1 && t.starts_with('0')) {
                return None;
            }
            t.parse::<u8>().ok().filter(|&v| v <= max)
        };
        Some(match s {
            "j" => Button::Join,
            "l" => Button::Leave,
            "g" => Button::Start,
            "x" => Button::Cancel,
            "r" => Button::Roll,
            "f" => Button::Refresh,
            "o" => Button::Options,
            "a" => Button::AddComputer,
            "b" => Button::RemoveComputer,
            "p" => Button::Replay,
            "e" => Button::Export,
            "n" => Button::Rematch,
            "u" => Button::CupJoin,
            "v" => Button::CupStart,
            _ => match s.split_at_checked(1)? {
                ("m", k) => Button::Move(small(k, 3)?),
                ("c", k) => Button::Cycle(small(k, 9)?),
                ("s", rest) => {
                    let (from, die) = rest.split_once('-')?;
                    let (from, die) = (small(from, 24)?, small(die, 6)?);
                    if from == 0 || die == 0 {
                        return None;
                    }
                    Button::Step { from, die }
                }
                _ => return None,
            },
        })
    }
}

impl Token {
    /// A table's button, drawn at the table's `version`.
    pub fn table(table: TableId, version: crate::ids::Version, button: Button) -> Self {
        Token { subject: Subject::Table(table), version: version.to_token(), button }
    }

    /// A cup's button ([`Button::on_cup`]).
    pub fn cup(cup: CupId, button: Button) -> Self {
        Token { subject: Subject::Cup(cup), version: 0, button }
    }

    /// The table it acts on; `None` for a cup's button.
    pub fn table_id(&self) -> Option<TableId> {
        match self.subject {
            Subject::Table(t) => Some(t),
            Subject::Cup(_) => None,
        }
    }

    /// The cup it acts on; `None` for a table's button.
    pub fn cup_id(&self) -> Option<CupId> {
        match self.subject {
            Subject::Cup(c) => Some(c),
            Subject::Table(_) => None,
        }
    }

    /// The token's text, tagged with `key`.
    pub fn encode(&self, key: &TokenKey) -> String {
        let number = self.subject.number();
        let payload =
            format!("1.{}.{}.{}", base36(number), base36(self.version), self.button.code());
        let tag = key.tag(&payload);
        format!("{payload}.{tag}")
    }

    /// Reads a pressed button's data. Refuses anything this bot did not make with `key`.
    pub fn parse(text: &str, key: &TokenKey) -> Result<Self, TokenError> {
        if text.len() > MAX_LEN || !text.is_ascii() {
            return Err(TokenError::Malformed);
        }
        let (payload, tag) = text.rsplit_once('.').ok_or(TokenError::Malformed)?;
        let mut parts = payload.split('.');
        let (Some("1"), Some(number), Some(version), Some(button), None) =
            (parts.next(), parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return Err(TokenError::Malformed);
        };
        let number = parse_base36(number).ok_or(TokenError::Malformed)?;
        let button = Button::parse(button).ok_or(TokenError::Malformed)?;
        let subject = if button.on_cup() {
            Subject::Cup(CupId::from_token(number).ok_or(TokenError::Malformed)?)
        } else {
            Subject::Table(TableId::from_token(number).ok_or(TokenError::Malformed)?)
        };
        let token =
            Token { subject, version: parse_base36(version).ok_or(TokenError::Malformed)?, button };
        if tag.len() != 16 || !tag.bytes().all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase())
        {
            return Err(TokenError::Malformed);
        }
        // Compare in constant time: the tag is a secret-derived value.
        let expected = key.tag(payload);
        let same = expected.bytes().zip(tag.bytes()).fold(0u8, |acc, (a, b)| acc | (a ^ b)) == 0;
        if same { Ok(token) } else { Err(TokenError::Forged) }
    }
}

/// An invite code for a private table: `i<table, base 36>_<tag, 16 hex digits>`. It fits a
/// Telegram deep link (`t.me/<bot>?start=<code>`: letters, digits, `_` and `-`, at most 64) and
/// cannot be guessed from a table number without the bot's secret.
pub fn invite_code(table: u64, key: &TokenKey) -> String {
    let payload = format!("i{}", base36(table));
    let tag = key.tag(&payload);
    format!("{payload}_{tag}")
}

/// The table an invite code names, if this bot made the code with `key`.
pub fn parse_invite(text: &str, key: &TokenKey) -> Option<u64> {
    if text.len() > MAX_LEN || !text.is_ascii() {
        return None;
    }
    let (payload, tag) = text.split_once('_')?;
    let table = parse_base36(payload.strip_prefix('i')?)?;
    if tag.len() != 16 || !tag.bytes().all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase()) {
        return None;
    }
    let expected = key.tag(payload);
    let same = expected.bytes().zip(tag.bytes()).fold(0u8, |acc, (a, b)| acc | (a ^ b)) == 0;
    same.then_some(table)
}

/// What a live-board link names: a table, until when, and for a link that plays, whose it is.
///
/// A link is `w<table>-<expires>-<tag>` (watch) or `p<table>-<expires>-<user>-<tag>` (play):
/// table and expiry (Unix seconds) in base 36, the user id in hex, and a tag of 16 bytes of
/// HMAC-SHA256 under the bot's secret (over a payload marked as a link, so that no button's
/// tag is a link's). Only `A-Za-z0-9_-`, so it is a Telegram Mini App's `startapp` value too.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LiveLink {
    /// The table.
    pub table: u64,
    /// When the link stops working, Unix seconds.
    pub expires: u64,
    /// The player it lets play, or `None` for a link that only watches.
    pub user: Option<UserId>,
}

/// Why a live-board link was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum LinkError {
    /// Not shaped like a link of ours.
    #[error("not a live-board link")]
    Malformed,
    /// Shaped like one, but its tag does not match: forged or altered.
    #[error("a forged live-board link")]
    Forged,
    /// A link of ours whose time is up.
    #[error("an expired live-board link")]
    Expired,
}

/// The longest link read (a user id of up to 100 bytes, in hex).
const MAX_LINK: usize = 300;

impl LiveLink {
    /// The link's text, tagged with `key`.
    pub fn encode(&self, key: &TokenKey) -> String {
        let payload = match &self.user {
            None => format!("w{}-{}", base36(self.table), base36(self.expires)),
            Some(user) => {
                let user = hex::encode(user.as_str());
                format!("p{}-{}-{user}", base36(self.table), base36(self.expires))
            }
        };
        format!("{payload}-{}", key.long_tag(&payload))
    }

    /// Reads a link (untrusted text) made with `key`, refusing it once `now` (Unix seconds) is
    /// past its expiry. The tag is checked before the expiry, so a forged link is called
    /// forged whatever time it claims.
    pub fn parse(text: &str, key: &TokenKey, now: u64) -> Result<Self, LinkError> {
        if text.len() > MAX_LINK || !text.is_ascii() {
            return Err(LinkError::Malformed);
        }
        let (payload, tag) = text.rsplit_once('-').ok_or(LinkError::Malformed)?;
        let mut parts = payload.split('-');
        let first = parts.next().ok_or(LinkError::Malformed)?;
        let (kind, table) = first.split_at_checked(1).ok_or(LinkError::Malformed)?;
        let expires = parts.next().ok_or(LinkError::Malformed)?;
        let user = match (kind, parts.next(), parts.next()) {
            ("w", None, None) => None,
            ("p", Some(user), None) => {
                let bytes = hex::decode(user).map_err(|_| LinkError::Malformed)?;
                let user = String::from_utf8(bytes).map_err(|_| LinkError::Malformed)?;
                if user.is_empty() || hex::encode(&user) != *user_hex(payload) {
                    return Err(LinkError::Malformed);
                }
                Some(UserId::from(user))
            }
            _ => return Err(LinkError::Malformed),
        };
        let link = LiveLink {
            table: parse_base36(table).ok_or(LinkError::Malformed)?,
            expires: parse_base36(expires).ok_or(LinkError::Malformed)?,
            user,
        };
        if tag.len() != 32 || !tag.bytes().all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase())
        {
            return Err(LinkError::Malformed);
        }
        let expected = key.long_tag(payload);
        let same = expected.bytes().zip(tag.bytes()).fold(0u8, |acc, (a, b)| acc | (a ^ b)) == 0;
        if !same {
            return Err(LinkError::Forged);
        }
        if now > link.expires {
            return Err(LinkError::Expired);
        }
        Ok(link)
    }
}

/// The hex user part of a play link's payload (its last `-` part).
fn user_hex(payload: &str) -> &str {
    payload.rsplit_once('-').map_or("", |(_, user)| user)
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    fn key() -> TokenKey {
        TokenKey::new(b"test secret")
    }

    fn button() -> impl Strategy<Value = Button> {
        prop_oneof![
            Just(Button::Join),
            Just(Button::Leave),
            Just(Button::Start),
            Just(Button::Cancel),
            Just(Button::Roll),
            Just(Button::Refresh),
            Just(Button::Options),
            Just(Button::AddComputer),
            Just(Button::RemoveComputer),
            Just(Button::Replay),
            Just(Button::Export),
            Just(Button::Rematch),
            Just(Button::CupJoin),
            Just(Button::CupStart),
            (0..=9u8).prop_map(Button::Cycle),
            (0..4u8).prop_map(Button::Move),
            (1..=24u8, 1..=6u8).prop_map(|(from, die)| Button::Step { from, die }),
        ]
    }

    fn table(number: i64) -> Subject {
        Subject::Table(TableId::new(number))
    }

    #[test]
    fn longest_token_fits_telegram() {
        let step = Button::Step { from: 24, die: 6 };
        let t = Token {
            subject: Subject::Table(TableId::new(i64::MAX)),
            version: u64::MAX,
            button: step,
        };
        let text = t.encode(&key());
        assert!(text.len() <= MAX_LEN, "{} bytes: {text}", text.len());
        assert!(text.is_ascii());
        assert_eq!(Token::parse(&text, &key()), Ok(t));
    }

    #[test]
    fn other_keys_and_non_canonical_forms_are_refused() {
        let t = Token { subject: table(42), version: 7, button: Button::Roll };
        let text = t.encode(&key());
        assert_eq!(Token::parse(&text, &TokenKey::new(b"other")), Err(TokenError::Forged));
        for bad in [
            "",
            "1",
            "1.",
            "1.1.1.r",
            "2.1.1.r.0000000000000000",
            "1.01.1.r.0000000000000000",
            "1.1.1.m4.0000000000000000",
            "1.1.1.s0-3.0000000000000000",
            "1.1.1.s25-3.0000000000000000",
            "1.1.1.s3-7.0000000000000000",
            "1.1.1.r.000000000000000",
            "1.1.1.r.ZZZZZZZZZZZZZZZZ",
            // Past the numbers a table or cup can have.
            "1.1y2p0ij32e8e8.1.r.0000000000000000",
            "1.1y2p0ij32e8e8.0.u.0000000000000000",
        ] {
            assert_eq!(Token::parse(bad, &key()), Err(TokenError::Malformed), "{bad:?}");
        }
        let upper = text.to_ascii_uppercase();
        assert!(Token::parse(&upper, &key()).is_err());
    }

    proptest! {
        #[test]
        fn round_trip(number in 0..=i64::MAX, version in any::<u64>(), button in button()) {
            let t = if button.on_cup() {
                Token { version, ..Token::cup(CupId::new(number), button) }
            } else {
                Token { subject: Subject::Table(TableId::new(number)), version, button }
            };
            let text = t.encode(&key());
            prop_assert!(text.len() <= MAX_LEN);
            prop_assert_eq!(Token::parse(&text, &key()), Ok(t));
        }

        #[test]
        fn invites_round_trip_and_resist_forgery(table in any::<u64>(), other in any::<u64>()) {
            let code = invite_code(table, &key());
            prop_assert!(code.len() <= MAX_LEN);
            prop_assert!(code.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_'));
            prop_assert_eq!(parse_invite(&code, &key()), Some(table));
            prop_assert_eq!(parse_invite(&code, &TokenKey::new(b"another secret, another bot")), None);
            if other != table {
                let forged = code.replacen(&format!("i{}", base36(table)), &format!("i{}", base36(other)), 1);
                prop_assert_eq!(parse_invite(&forged, &key()), None);
            }
        }

        #[test]
        fn any_bytes_are_refused_without_panic(bytes in prop::collection::vec(any::<u8>(), 0..100)) {
            let text = String::from_utf8_lossy(&bytes);
            prop_assert!(Token::parse(&text, &key()).is_err());
            prop_assert!(parse_invite(&text, &key()).is_none());
        }

        #[test]
        fn any_altered_character_is_refused(
            number in 0..=i64::MAX, version in 0..1000u64, button in button(), at in any::<prop::sample::Index>(), c in 0x20u8..0x7f,
        ) {
            let text = Token { subject: table(number), version, button }.encode(&key());
            let mut bytes = text.clone().into_bytes();
            let i = at.index(bytes.len());
            prop_assume!(bytes[i] != c);
            bytes[i] = c;
            let altered = String::from_utf8(bytes).unwrap();
            prop_assert!(Token::parse(&altered, &key()).is_err(), "{} accepted", altered);
        }

        #[test]
        fn another_tables_token_stays_that_tables(a in 0..=i64::MAX, b in 0..=i64::MAX) {
            // A token for table a never parses as table b: the service then checks the chat.
            prop_assume!(a != b);
            let text = Token { subject: table(a), version: 1, button: Button::Roll }.encode(&key());
            prop_assert_eq!(Token::parse(&text, &key()).map(|t| t.subject), Ok(table(a)));
        }

        #[test]
        fn a_cups_number_is_never_read_as_a_tables(n in 0..=i64::MAX) {
            // The same number under a cup's button and a table's: each reads back as its own
            // kind (issue 62: a cup's number never rides in a table's field).
            let cup = Token::cup(CupId::new(n), Button::CupJoin).encode(&key());
            let parsed = Token::parse(&cup, &key()).unwrap();
            prop_assert_eq!((parsed.cup_id(), parsed.table_id()), (Some(CupId::new(n)), None));
            let roll = Token { subject: table(n), version: 0, button: Button::Roll }.encode(&key());
            let parsed = Token::parse(&roll, &key()).unwrap();
            prop_assert_eq!((parsed.table_id(), parsed.cup_id()), (Some(TableId::new(n)), None));
        }
    }

    #[test]
    fn live_links_read_back_and_refuse_forgery_expiry_and_other_keys() {
        let watch = LiveLink { table: 420, expires: 2_000_000_000, user: None };
        let play = LiveLink { user: Some("telegram:12345".into()), ..watch.clone() };
        for link in [&watch, &play] {
            let text = link.encode(&key());
            assert!(text.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'));
            assert_eq!(LiveLink::parse(&text, &key(), 1_900_000_000).as_ref(), Ok(link));
            assert_eq!(LiveLink::parse(&text, &key(), 2_000_000_001), Err(LinkError::Expired));
            let other = TokenKey::new(b"another secret");
            assert_eq!(LiveLink::parse(&text, &other, 0), Err(LinkError::Forged));
            // Another table, a later expiry or another player under the same tag: forged.
            let (payload, tag) = text.rsplit_once('-').unwrap();
            for changed in [payload.replacen("bo", "bp", 1), payload.replacen('-', "0-", 1)] {
                let forged = format!("{changed}-{tag}");
                assert_ne!(LiveLink::parse(&forged, &key(), 0).map(|l| l.table), Ok(420));
            }
        }
        let text = play.encode(&key());
        let mallory = hex::encode("telegram:666");
        let forged = text.replace(&hex::encode("telegram:12345"), &mallory);
        assert_eq!(LiveLink::parse(&forged, &key(), 0), Err(LinkError::Forged));
        // A button's token is no link, and a link is no button.
        let token = Token { subject: table(420), version: 1, button: Button::Roll }.encode(&key());
        assert_eq!(LiveLink::parse(&token, &key(), 0), Err(LinkError::Malformed));
        assert!(Token::parse(&text, &key()).is_err());
        for junk in ["", "w", "w1-", "p1-2-zz-00", &"w".repeat(400), "w1-2-ÿ"] {
            assert!(LiveLink::parse(junk, &key(), 0).is_err(), "{junk}");
        }
    }
}
