-- Process-wide settings (SQLite): same shape as the Postgres schema; see its comments.
-- operator does not set one (buttons already in chats must keep working after a restart).
create table settings (
    key         text primary key,
    value       text not null,
    version     bigint not null default 0
);
