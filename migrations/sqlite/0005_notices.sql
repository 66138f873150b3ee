-- SQLite: the same as the Postgres migration of this number.
-- Turn notices (`/notify`): each user's choice, and the notices owed.
--
-- `users.notify` is the user's choice as JSON ('' = never asked: off). A notice row exists while
-- its user is to act at its table (written in the same transaction as the move that made it
-- their turn, deleted in the one that ended it), so a notice is never sent for a turn that was
-- played; `sent_ms` marks it sent once, `lease_ms` claims it for the process sending it.
alter table users add column notify text not null default '';
-- A chat's title as the platform last showed it (for lists that name chats).
alter table chats add column title text;
create table notices (
    table_id    bigint not null references tables (id) on delete cascade,
    user_id     text not null,
    due_ms      bigint not null,
    lease_ms    bigint,
    sent_ms     bigint,
    primary key (table_id, user_id)
);
create index notices_due on notices (due_ms) where sent_ms is null;
create index notices_by_user on notices (user_id);
