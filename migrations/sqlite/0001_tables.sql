-- Tables and their action logs (SQLite). Same shape as the Postgres schema; see its comments.
create table tables (
    id          integer primary key autoincrement,
    chat        text not null,
    game        text not null,
    options     text not null,
    seed        blob not null,
    commitment  text not null,
    status      text not null,
    version     integer not null default 0,
    state       text,
    created_at  text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

create index tables_by_chat on tables (chat, status);

create table actions (
    table_id    integer not null references tables (id) on delete cascade,
    seq         integer not null,
    action      text not null,
    created_at  text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    primary key (table_id, seq)
);
