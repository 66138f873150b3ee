-- SQLite: the same as the Postgres migration of this number; see its comments.
create table tidy_boards (
    table_id integer not null references tables (id) on delete cascade,
    posted_chat bigint,
    message bigint not null,
    shown_ms bigint not null,
    primary key (table_id, message)
);
create index tidy_boards_chat on tidy_boards (posted_chat);
