-- SQLite: the same as the Postgres migration of this number; see its comments. One process
-- serves a SQLite file, so it keeps its chats' budgets in memory and this table stays empty.
create table chat_calls (
    chat text primary key,
    tat bigint not null,
    last_call bigint not null,
    slow_until bigint not null default 0
);
