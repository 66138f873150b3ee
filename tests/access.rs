//! Text-first boards (issue 48, item 2), on both databases: `/access on` makes the boards of a
//! player's tables start with where everything is, in words, with each move button saying its
//! move in plain words, one a row; `/board text` gives anyone the board in words privately, with
//! the moves open; `/access off` brings the picture-first board back.

mod common;
use common::{ctx, say, unique};
use std::sync::Arc;

use common::plain;
use dicetable::table::i18n::Lang;
use dicetable::table::{Ctx, ManualClock, Op, Service, Slot, View, parse_command};

const SECRET: &[u8] = b"test secret";

fn shown_board(views: &[View]) -> Option<View> {
    views.iter().rev().find(|v| v.shows().is_some_and(|(_, s)| s == Slot::Board)).cloned()
}

/// Presses until the board offers moves (a roll-off: both roll; else the one mentioned).
async fn until_moves(service: &Service, players: &[&Ctx], mut b: View) -> View {
    for _ in 0..20 {
        let labels: Vec<String> = b.buttons().iter().flatten().map(|x| x.label.clone()).collect();
        if !labels.iter().any(|l| l.contains("Roll")) && !labels.is_empty() {
            return b;
        }
        let token = b.buttons()[0][0].token.clone();
        let mover = b.mentions().first().cloned();
        let mut next = None;
        for who in players {
            if mover.as_ref().is_some_and(|m| *m != who.user) {
                continue;
            }
            if let Some(shown) = shown_board(&service.handle(who, Op::Press(token.clone())).await) {
                next = Some(shown);
            }
        }
        b = next.expect("a board after the press");
    }
    panic!("no moves offered: {}", b.text);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn text_first_boards_and_the_board_as_text() {
    for (db, store, _) in common::stores("access", "boards").await {
        let clock = Arc::new(ManualClock::new(1_800_000_000_000));
        let service = Service::new(store, SECRET, clock);
        let chat = unique(&format!("access-{db}"));
        let (ana, ben) = (ctx(&chat, "Ana"), ctx(&chat, "Ben"));
        // Off by default, and said so.
        let said = say(&service, &ana, "/access").await;
        assert!(plain(&said[0].text).contains("Text-first boards are off"), "{db}: {said:?}");
        let said = say(&service, &ana, "/access on").await;
        assert_eq!(said[0].private_to(), Some(&ana.user), "{db}: only Ana is told");
        assert!(plain(&said[0].text).contains("Text-first boards are on"), "{db}: {said:?}");
        say(&service, &ana, "/nardy").await;
        let b = shown_board(&say(&service, &ben, "/join").await).expect("the game begins");
        assert!(b.text_first(), "{db}: Ana plays here, so the board comes text first");
        let b = until_moves(&service, &[&ana, &ben], b).await;
        assert!(b.text_first());
        // Every move in plain words, one a row: "Checker from 24 to 19".
        for row in b.buttons() {
            assert_eq!(row.len(), 1, "{db}: one move a row");
            let label = plain(&row[0].label);
            assert!(label.starts_with("Checker from "), "{db}: {label}");
        }
        let moves: Vec<String> = b.buttons().iter().map(|r| plain(&r[0].label)).collect();
        // The live page: the places in words to show above the board, and the same plain
        // buttons for the player to move; a watcher who asked for it gets the places too.
        let table = b.shows().unwrap().0;
        let link = service.live().read_live_link(&service.live().live_link(table, None)).unwrap();
        let mover = b.mentions()[0].clone();
        let state = service.live().live_state(&link, Some(&mover), Lang::En).await.unwrap();
        let places = plain(state.places.as_deref().unwrap_or_default());
        assert!(places.starts_with("Where everyone is:"), "{db}: {places}");
        let live: Vec<String> = state.buttons.iter().flatten().map(|b| plain(&b.label)).collect();
        assert_eq!(live, moves, "{db}: the live page's buttons");
        // The board in words, privately, for anyone who asks (Ben has not turned anything on):
        // whose turn it is, where everything is, and to the player to move the same moves.
        let (to_move, other) = if mover == ana.user.as_str() { (&ana, &ben) } else { (&ben, &ana) };
        for who in [to_move, other] {
            let said = say(&service, who, "/board text").await;
            assert_eq!(said.len(), 1, "{db}: {said:?}");
            assert_eq!(said[0].private_to(), Some(&who.user), "{db}");
            let text = plain(&said[0].text);
            assert!(text.contains("Where everyone is:"), "{db}: {text}");
            assert!(text.contains("White") && text.contains("Black"), "{db}: {text}");
            let listed = moves.iter().filter(|m| text.contains(&format!("• {m}"))).count();
            if std::ptr::eq(who, to_move) {
                assert!(text.contains("Moves you can choose:"), "{db}: {text}");
                assert_eq!(listed, moves.len(), "{db}: {text}");
            } else {
                // Someone else's moves are not offered as theirs.
                assert!(!text.contains("Moves you can choose:") && listed == 0, "{db}: {text}");
            }
        }
        // A plain-word button plays its move.
        let who = to_move;
        let token = b.buttons()[0][0].token.clone();
        let after =
            shown_board(&service.handle(who, Op::Press(token)).await).expect("the move shown");
        assert!(after.text.contains("moved a checker"), "{db}: {}", after.text);
        // Off again: the next board is picture-first, its buttons as before ("24 → 19").
        let said = say(&service, &ana, "/access off").await;
        assert!(plain(&said[0].text).contains("Text-first boards are off"), "{db}: {said:?}");
        let b = shown_board(&say(&service, &ana, "/status").await).expect("the board");
        assert!(!b.text_first(), "{db}");
        // On the live page a watcher who asked for text-first boards still gets the places;
        // a player who did not, at a table where nobody did, gets the picture first.
        let cleo = ctx(&chat, "Cleo");
        say(&service, &cleo, "/access on").await;
        let watching = service
            .live()
            .live_state(&link, Some(&cleo.user.as_str().into()), Lang::En)
            .await
            .unwrap();
        assert!(watching.places.is_some() && watching.buttons.is_empty(), "{db}");
        let playing = service
            .live()
            .live_state(&link, Some(&ben.user.as_str().into()), Lang::En)
            .await
            .unwrap();
        assert!(playing.places.is_none(), "{db}");
        let b = until_moves(&service, &[&ana, &ben], b).await;
        let label = plain(&b.buttons()[0][0].label);
        assert!(label.contains(" → ") && !label.contains("Checker"), "{db}: {label}");
        // Bad words are refused by name; a chat with no table says so.
        let key = parse_command("/access maybe").unwrap_err().key();
        let said = service.say_privately(&ana, key).await;
        assert!(plain(&said.text).contains("/access on"), "{db}: {said:?}");
        let elsewhere = ctx(&unique(&format!("access-none-{db}")), "Cleo");
        let said = say(&service, &elsewhere, "/board text").await;
        assert!(said[0].refusal().is_some() || said[0].private_to().is_some(), "{db}: {said:?}");
    }
}
