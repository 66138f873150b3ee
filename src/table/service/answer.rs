//! How a failure is answered: each `Fail` as the private answer its user gets, in their
//! language (a stale press with its board refreshed in place, or told its board follows), and
//! the answer while the store is down.

use super::Service;
use crate::ids::TableId;
use crate::store::TableStatus;
use crate::table::fail::{Fail, ServiceError};
use crate::table::i18n::Lang;
use crate::table::{Ctx, Place, View};

/// The private answer while the store is not answering, in the platform's language (the
/// user's own choice is in the store).
pub(super) fn store_down_view(service: &Service, ctx: &Ctx) -> View {
    let lang = ctx.locale.as_deref().and_then(Lang::from_tag).unwrap_or_default();
    let text = service.handles.i18n.text(lang, "err-store-down", &[]);
    View::refused(Some(lang), text, ctx.user.clone(), "err-store-down")
}

/// A failure as the answers its user gets.
pub(super) async fn fail_views(service: &Service, ctx: &Ctx, lang: Lang, fail: Fail) -> Vec<View> {
    let private =
        |key: &'static str, text: String| View::refused(Some(lang), text, ctx.user.clone(), key);
    match fail {
        Fail::Say(refusal, args) => {
            let key = refusal.key();
            vec![private(key, service.handles.core.text_for(ctx, lang, key, &args))]
        }
        Fail::NoTable => {
            let key = "err-no-table";
            vec![private(key, service.handles.core.text_for(ctx, lang, key, &[]))]
        }
        Fail::Illegal(illegal, names) => {
            vec![private("illegal", service.handles.i18n.refusal(lang, &illegal, &names))]
        }
        Fail::Stale(table) => {
            if let Some(m) = &service.handles.metrics {
                m.stale_presses.inc();
            }
            // Refresh the board in place, so the chat shows the buttons that work now. When
            // the table is ahead of its shown board, the move was taken and its board waits
            // for the chat's next call (or was folded into a newer one): the player is told
            // it follows, not that their button is out of date.
            let (key, refresh) = match board_refresh(service, table).await {
                Ok(Some((view, follows))) => {
                    (if follows { "err-board-follows" } else { "err-stale" }, Some(view))
                }
                Ok(None) => ("err-stale", None),
                Err(e) => {
                    tracing::warn!(table = table.get(), error = %e, "refreshing a stale board failed");
                    ("err-stale", None)
                }
            };
            let mut views = vec![private(key, service.handles.i18n.text(lang, key, &[]))];
            views.extend(refresh);
            views
        }
        Fail::Internal(ServiceError::Store(e)) if e.is_closed() => {
            vec![private("err-stopping", service.handles.i18n.text(lang, "err-stopping", &[]))]
        }
        Fail::Internal(ServiceError::Store(e)) if e.is_unavailable() => {
            service.handles.health.mark_down(&e);
            vec![store_down_view(service, ctx)]
        }
        Fail::Internal(ServiceError::Damaged(table, why)) => {
            service.handles.core.note_damaged(table, &why);
            let text =
                service.handles.i18n.text(lang, "err-table-damaged", &[("table", table.into())]);
            vec![private("err-table-damaged", text)]
        }
        Fail::Internal(ServiceError::DamagedCup(cup, why)) => {
            service.handles.core.note_damaged_cup(cup, &why);
            vec![private(
                "err-cup-damaged",
                service.handles.i18n.text(lang, "err-cup-damaged", &[]),
            )]
        }
        Fail::Internal(e) => {
            tracing::error!(user = %ctx.user, chat = %ctx.chat, error = %e, "operation failed");
            vec![private("err-internal", service.handles.i18n.text(lang, "err-internal", &[]))]
        }
    }
}

/// The table's message shown anew in place, and whether the table is ahead of the version
/// its shown message records (a newer board is on its way).
async fn board_refresh(
    service: &Service,
    table: TableId,
) -> Result<Option<(View, bool)>, ServiceError> {
    let t = service.handles.core.load(table).await?;
    let lang = service.handles.core.table_lang(&t).await;
    let recorded = service.handles.store.message_version(table, t.slot().name()).await?;
    let follows = recorded.as_ref().is_some_and(|(_, shown)| *shown < t.rec.version);
    let replace = recorded.map(|(message, _)| message);
    let mut view = match t.rec.status {
        TableStatus::Lobby => service.views().lobby_view(&t, lang),
        TableStatus::Playing => service.views().board_view(&t, lang, &[], Vec::new()).await,
        TableStatus::Finished | TableStatus::Cancelled => return Ok(None),
    };
    if let Some(message) = view.table_message_mut() {
        message.place = Place::Refresh(replace);
    }
    Ok(Some((view, follows)))
}
