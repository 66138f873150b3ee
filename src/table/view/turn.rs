//! A board's turn: whose turn it is, the prompt that says so, and the buttons of the moves
//! open (each labelled by where it leads, or in plain words for a text-first board).

use crate::engine::{Action, Event, Game, Legal};
use crate::ids::UserId;
use crate::store::TableStatus;
use crate::table::i18n::{Arg, I18n, Lang};
use crate::table::load::Loaded;
use crate::table::token::Button as TokenButton;
use crate::table::{Button, Views};

impl Views {
    /// Whose turn it is and what they may press: the prompt (none once the game is over), the
    /// buttons (none while a computer acts) and whom to call. A text-first board's move
    /// buttons say each move in plain words, one a row.
    pub(super) fn turn(
        &self,
        t: &Loaded,
        game: &Game,
        lang: Lang,
        names: &[String],
        plain: bool,
    ) -> Turn {
        let legal = if t.rec.status == TableStatus::Playing { game.legal() } else { Legal::Over };
        let name = |seat: u8| names.get(usize::from(seat)).cloned().unwrap_or_default();
        let label = |key: &str, args: &[(&str, Arg)]| self.i18n.text(lang, key, args);
        let roll = || vec![vec![self.button(t, TokenButton::Roll, label("button-roll", &[]))]];
        let user = |seat: u8| vec![t.rec.seats[usize::from(seat)].user.clone()];
        let mut turn = match &legal {
            Legal::Roll { seat, .. } => Turn {
                line: Some(label("turn-roll", &[("name", name(*seat).into())])),
                buttons: roll(),
                mentions: user(*seat),
            },
            Legal::RollOff { .. } => {
                Turn { line: Some(label("turn-roll-off", &[])), buttons: roll(), mentions: vec![] }
            }
            Legal::Choose { seat, .. } => {
                let persian = lang.persian_digits();
                let dice: Vec<String> = (last_dice(game).into_iter())
                    .map(|x| crate::render::text::number(x, persian))
                    .collect();
                let dice = dice.join(" + ");
                // One button per position a choice leads to (L6: pieces in the house are alike).
                let mut row: Vec<(Button, u8)> = (game.distinct_choices().iter())
                    .filter_map(|a| {
                        let die = if let Action::Step { die, .. } = a { *die } else { 0 };
                        let button = match plain {
                            true => self.plain_button(t, game, a, lang, names),
                            false => self.action_button(t, game, a, lang),
                        };
                        Some((button?, die))
                    })
                    .collect();
                tell_dice_apart(&mut row, persian);
                let row: Vec<Button> = row.into_iter().map(|(b, _)| b).collect();
                Turn {
                    line: Some(label(
                        "turn-choose",
                        &[("name", name(*seat).into()), ("dice", dice.into())],
                    )),
                    buttons: row
                        .chunks(if plain { 1 } else { 4 })
                        .map(<[Button]>::to_vec)
                        .collect(),
                    mentions: user(*seat),
                }
            }
            Legal::Over => Turn { line: None, buttons: vec![], mentions: vec![] },
        };
        if let Some((seat, _)) = t.computer_to_act() {
            // A computer acts next, by itself: no buttons, no one to call. A roll-off is
            // everyone's: the computer only throws the dice for it, and the next board says
            // who moves first (issue 46, item 14).
            let key = match legal {
                Legal::RollOff { .. } => "turn-roll-off-thrown",
                _ => "turn-computer",
            };
            turn = Turn {
                line: Some(label(key, &[("name", name(seat).into())])),
                buttons: vec![],
                mentions: vec![],
            };
        }
        turn
    }

    /// A move's button labelled in plain words ([`crate::table::describe::action`]).
    fn plain_button(
        &self,
        t: &Loaded,
        game: &Game,
        action: &Action,
        lang: Lang,
        names: &[String],
    ) -> Option<Button> {
        let label = crate::table::describe::action(&self.i18n, lang, game, action, names)?;
        let token = match *action {
            Action::Move { piece } => TokenButton::Move(piece),
            Action::Step { from, die } => TokenButton::Step { from, die },
            _ => return None,
        };
        Some(self.button(t, token, label))
    }

    fn action_button(
        &self,
        t: &Loaded,
        game: &Game,
        action: &Action,
        lang: Lang,
    ) -> Option<Button> {
        let persian = lang.persian_digits();
        match *action {
            Action::Move { piece } => Some(self.button(
                t,
                TokenButton::Move(piece),
                self.i18n.text(
                    lang,
                    "button-piece",
                    &[("piece", Arg::Number(i64::from(piece) + 1))],
                ),
            )),
            Action::Step { from, die } => {
                // The label shows where the checker lands, as the engine computes it.
                let mut after = game.clone();
                let events = after.play(action).ok()?;
                let to = events.iter().find_map(|e| match e {
                    Event::Stepped { to, .. } => Some(*to),
                    _ => None,
                })?;
                let n = |x: u8| crate::render::text::number(x, persian);
                let label = match to {
                    Some(to) => format!("{} → {}", n(from), n(to)),
                    None => format!("{} → {}", n(from), self.i18n.text(lang, "button-off", &[])),
                };
                Some(self.button(t, TokenButton::Step { from, die }, label))
            }
            _ => None,
        }
    }
}

/// Whose turn a board says it is: its prompt, buttons and whom it calls.
pub(super) struct Turn {
    pub(super) line: Option<String>,
    pub(super) buttons: Vec<Vec<Button>>,
    pub(super) mentions: Vec<UserId>,
}

/// After a second 6 in a row, what a third would do, where a rule makes it matter (S11's cap
/// or back-to-start, L10's forfeit): players hear it before it happens.
pub(super) fn second_six(
    i18n: &I18n,
    lang: Lang,
    game: &Game,
    events: &[Event],
    names: &[String],
) -> Option<String> {
    use crate::engine::snakes::ThreeSixes;
    let seat = events.iter().rev().find_map(|e| match e {
        Event::ExtraRoll { seat } => Some(*seat),
        _ => None,
    })?;
    let key = match game {
        Game::Snakes(g) if g.sixes_in_row() == 2 => match g.options().three_sixes {
            ThreeSixes::Cap => "six-second-cap",
            ThreeSixes::BackToStart => "six-second-back",
            ThreeSixes::Unlimited => return None,
        },
        Game::Ludo(g) if g.sixes_in_row() == 2 && g.options().three_sixes_forfeit => {
            "six-second-forfeit"
        }
        _ => return None,
    };
    let name = names.get(usize::from(seat)).cloned().unwrap_or_default();
    Some(i18n.text(lang, key, &[("name", name.into())]))
}

/// Two dice that take one checker to the same place (both bear it off) differ in the die
/// left over: such buttons say which die each plays, `17 → off (5)` and `17 → off (6)`.
fn tell_dice_apart(row: &mut [(Button, u8)], persian: bool) {
    let labels: Vec<String> = row.iter().map(|(b, _)| b.label.clone()).collect();
    for (button, die) in row.iter_mut() {
        if *die > 0 && labels.iter().filter(|l| **l == button.label).count() > 1 {
            let d = crate::render::text::number(*die, persian);
            button.label = format!("{} ({d})", button.label);
        }
    }
}

/// The dice of the roll being played (for the prompt): as rolled while none is played (so the
/// prompt repeats "rolled 3 + 4" as the event said it), then those left.
fn last_dice(game: &Game) -> Vec<u8> {
    match game {
        Game::Ludo(g) => g.die().map(|d| vec![d]).unwrap_or_default(),
        Game::Nardy(g) => {
            let left = g.dice().to_vec();
            match g.rolled() {
                Some(rolled) if rolled[0] != rolled[1] && left.len() == 2 => rolled.to_vec(),
                _ => left,
            }
        }
        Game::Snakes(_) => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Action, GameKind, Options};
    use crate::game::fair::Seed;

    #[test]
    fn buttons_that_look_alike_say_which_die_they_play() {
        let b = |label: &str| Button { label: label.into(), token: String::new() };
        let mut row = vec![(b("17 → off"), 5), (b("17 → off"), 6), (b("12 → 7"), 5)];
        tell_dice_apart(&mut row, false);
        let labels: Vec<&str> = row.iter().map(|(b, _)| b.label.as_str()).collect();
        assert_eq!(labels, ["17 → off (5)", "17 → off (6)", "12 → 7"]);
    }

    #[test]
    fn the_prompt_repeats_the_dice_in_the_order_rolled() {
        use crate::engine::Legal;
        let options = Options::default_for(GameKind::Nardy);
        let mut game = crate::game::setup::new_game(&options, 2, &Seed::from_u64(3), 0).unwrap();
        for _ in 0..4 {
            let dice = match game.legal() {
                Legal::RollOff { .. } => vec![6, 1],
                Legal::Roll { .. } => vec![3, 4],
                _ => break,
            };
            game.play(&Action::Roll { dice }).unwrap();
        }
        assert!(matches!(game.legal(), Legal::Choose { .. }), "{:?}", game.legal());
        // "rolled 3 + 4" in the event, so "you rolled 3 + 4" in the prompt (not 4 + 3).
        assert_eq!(last_dice(&game), [3, 4]);
    }

    #[test]
    fn a_second_six_in_a_row_is_announced_where_a_third_costs_something() {
        let i18n = I18n::new();
        let names = vec!["Ana".to_owned(), "Ben".to_owned()];
        let six = Action::Roll { dice: vec![6] };
        for (preset, said) in
            [("traditional", Some("a third sends them back to the start")), ("classic", None)]
        {
            let value = serde_json::Value::String(preset.into());
            let options = Options::parse(GameKind::Snakes, [("preset", &value)]).unwrap();
            let mut game =
                crate::game::setup::new_game(&options, 2, &Seed::from_u64(1), 0).unwrap();
            let first = game.play(&six).unwrap();
            assert_eq!(second_six(&i18n, Lang::En, &game, &first, &names), None, "one six");
            let second = game.play(&six).unwrap();
            let text = second_six(&i18n, Lang::En, &game, &second, &names);
            match said {
                Some(s) => assert!(text.as_deref().is_some_and(|t| t.contains(s)), "{text:?}"),
                None => assert_eq!(text, None, "{preset}: a third six costs nothing"),
            }
        }
    }
}
