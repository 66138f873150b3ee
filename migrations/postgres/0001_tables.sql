-- Tables and their action logs.
--
-- A table is one game in one chat. `state` is a snapshot (the engine's JSON shape) and a cache:
-- the truth is the action log, which replayed with the table's seed rebuilds the state exactly.
-- `version` counts applied actions; every change is guarded by it, so two presses of the same
-- button can never both apply.
create table tables (
    id          bigserial primary key,
    chat        text not null,
    game        text not null,
    options     text not null,          -- JSON: the game's options
    seed        bytea not null,         -- secret until the game ends
    commitment  text not null,          -- SHA-256 of the seed, shown at the start
    status      text not null,          -- lobby | playing | finished | cancelled
    version     bigint not null default 0,
    state       text,                   -- JSON snapshot of the game, once started
    created_at  timestamptz not null default now()
);

create index tables_by_chat on tables (chat, status);

-- One row per applied action, in order: seq 1, 2, 3, … (seq = the table's version after it).
create table actions (
    table_id    bigint not null references tables (id) on delete cascade,
    seq         bigint not null,
    action      text not null,          -- JSON: the engine action, dice included
    created_at  timestamptz not null default now(),
    primary key (table_id, seq)
);
