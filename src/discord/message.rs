//! What a view becomes on Discord: its board as an attachment, who it may notify, its controls
//! as buttons (or select menus when there are too many), and text clipped to Discord's limits.

use serenity::all::{
    ButtonStyle, ChannelId, CreateActionRow, CreateAllowedMentions, CreateAttachment, CreateButton,
    CreateSelectMenu, CreateSelectMenuKind, CreateSelectMenuOption, MessageId,
};

use super::{OPTIONS, ROW, ROWS};
use crate::ids::{MessageRef, Posted};
use crate::table::describe::{DESCRIPTION_MAX, Units};
use crate::table::{View, clip_end};

/// A message Discord numbered, as the show protocol names it (none for a number past `i64`,
/// which Discord's snowflakes will not reach for decades).
pub(super) fn shown(channel: ChannelId, message: MessageId) -> Option<MessageRef> {
    let channel = i64::try_from(channel.get()).ok()?;
    Some(MessageRef::one(Some(channel), i64::try_from(message.get()).ok()?))
}

/// The Discord message a recorded one names, if it is one.
pub(super) fn discord_message(p: Posted) -> Option<(ChannelId, MessageId)> {
    let (c, m) = (u64::try_from(p.chat?).ok()?, u64::try_from(p.message).ok()?);
    (c > 0 && m > 0).then(|| (ChannelId::new(c), MessageId::new(m)))
}

/// The first Discord message of a recorded reference (a Discord view is one message).
pub(super) fn first_message(r: &MessageRef) -> Option<(ChannelId, MessageId)> {
    discord_message(*r.posted.first()?)
}

/// The board picture of a view, as the attachment every message and edit carries; or the
/// view's file (a replay's GIF, which Discord plays inline, or a game record).
pub(super) fn board_file(view: &View) -> Option<CreateAttachment> {
    match (view.image(), view.file()) {
        // The board in words is the attachment's description (Discord's alt text, up to 1,024
        // characters): whose turn first, never a cut word (issue 61).
        (Some(png), _) => {
            let board = CreateAttachment::bytes(png.to_vec(), "board.png");
            Some(match view.alt_within(DESCRIPTION_MAX, Units::Chars) {
                Some(alt) => board.description(alt),
                None => board,
            })
        }
        (None, Some(file)) => Some(CreateAttachment::bytes(file.bytes.clone(), file.name.clone())),
        (None, None) => None,
    }
}

/// A text shown on Discord as it is written: markdown's characters escaped with a backslash, so
/// a player's name such as `**bold** ||spoiler|| [link](http://x.y)` reads as typed, never as
/// formatting, a spoiler, a masked link, a mention or a heading. The bot's own words use no
/// markdown; mentions are added after this.
pub(super) fn literal(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    // Headings, quotes and lists start a line (after spaces and isolation marks).
    let mut line_start = true;
    for c in text.chars() {
        let marks_a_line = matches!(c, '#' | '-' | '>' | '+');
        if matches!(c, '\\' | '*' | '_' | '~' | '`' | '|' | '[' | ']' | '<')
            || (line_start && marks_a_line)
        {
            out.push('\\');
        }
        out.push(c);
        line_start = c == '\n'
            || (line_start && (c.is_whitespace() || ('\u{2066}'..='\u{2069}').contains(&c)));
    }
    out
}

/// Mentions notify only the players the view mentions (never @everyone or roles).
pub(super) fn mentions(view: &View) -> CreateAllowedMentions {
    let users = view.mentions().iter().filter_map(crate::ids::UserId::discord_id);
    CreateAllowedMentions::new().users(users.map(serenity::all::UserId::new))
}

/// A view's buttons as Discord components within Discord's limits: rows of at most 5 buttons;
/// when they would need more than 5 rows, select menus of at most 25 options instead.
pub(super) fn components(view: &View) -> Vec<CreateActionRow> {
    let rows: Vec<Vec<&crate::table::Button>> = view
        .buttons()
        .iter()
        .flat_map(|row| row.chunks(ROW).map(|c| c.iter().collect::<Vec<_>>()))
        .collect();
    if rows.len() <= ROWS {
        return rows
            .into_iter()
            .map(|row| {
                CreateActionRow::Buttons(
                    row.into_iter()
                        .map(|b| {
                            CreateButton::new(b.token.clone())
                                .label(clip(&b.label, 80))
                                .style(ButtonStyle::Primary)
                        })
                        .collect(),
                )
            })
            .collect();
    }
    let all: Vec<&crate::table::Button> = view.buttons().iter().flatten().collect();
    all.chunks(OPTIONS)
        .take(ROWS)
        .enumerate()
        .map(|(i, chunk)| {
            let options = chunk
                .iter()
                .map(|b| CreateSelectMenuOption::new(clip(&b.label, 100), b.token.clone()))
                .collect();
            CreateActionRow::SelectMenu(CreateSelectMenu::new(
                format!("menu{i}"),
                CreateSelectMenuKind::String { options },
            ))
        })
        .collect()
}

/// At most `max` characters (what Discord counts), keeping the end.
pub(super) fn clip(text: &str, max: usize) -> String {
    clip_end(text, max, |_| 1)
}
