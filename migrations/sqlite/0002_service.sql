-- The table service (SQLite): same shape as the Postgres schema; see its comments.
--
-- Every row that changes has a `version` (optimistic concurrency): a change says which version
-- it read and applies nothing if another change came first.

-- A table's host, its own settings (turn timer, …), and how its dice and stored shapes stand.
alter table tables add column host text not null default '';        -- user id, platform:id
alter table tables add column settings text not null default '{}';  -- JSON: timer, …
alter table tables add column next_roll integer not null default 0;  -- die number of the next roll (C2)
alter table tables add column shape integer not null default 1;     -- version of the stored JSON shapes
alter table tables add column deadline_ms bigint;                   -- turn deadline, Unix ms
alter table tables add column remind_ms bigint;                     -- when to remind the player to move
alter table tables add column lease_ms bigint;                      -- a process handles the deadline until then
alter table tables add column updated_ms bigint not null default 0;

-- One lobby per game per chat at a time.
create unique index tables_one_lobby on tables (chat, game) where status = 'lobby';
-- Due deadlines and reminders, for the timer loop.
create index tables_deadlines on tables (deadline_ms) where status = 'playing';

-- The seats of a table, in joining order (C4): a user, or a bot that plays for nobody.
create table seats (
    table_id    bigint not null references tables (id) on delete cascade,
    seat        integer not null,
    user_id     text not null,          -- platform:id
    name        text not null,          -- display name when seated
    status      text not null,          -- playing | left
    strikes     integer not null default 0,   -- turn time-outs in a row
    rank        integer,                -- once the game is over
    primary key (table_id, seat)
);
create index seats_by_user on seats (user_id);

-- Chats: language and default settings.
create table chats (
    id          text primary key,       -- platform:id
    lang        text,                   -- en | fa | ru | tl, or null for the platform's guess
    settings    text not null default '{}',
    version     bigint not null default 0
);

-- Users: display name and language.
create table users (
    id          text primary key,       -- platform:id
    name        text not null,
    lang        text,
    version     bigint not null default 0
);

-- One row per seat of a finished game, for statistics and leaderboards.
create table results (
    table_id    bigint not null references tables (id) on delete cascade,
    seat        integer not null,
    chat        text not null,
    game        text not null,
    user_id     text not null,
    name        text not null,
    rank        integer not null,
    players     integer not null,
    finished_ms bigint not null,
    primary key (table_id, seat)
);
create index results_by_chat on results (chat, game);
create index results_by_user on results (user_id, game);

-- The chat messages that show a table (the lobby, the latest board), so they can be edited or
-- stripped of their buttons when superseded.
create table messages (
    table_id    bigint not null references tables (id) on delete cascade,
    kind        text not null,          -- lobby | board
    message     text not null,          -- the platform's message reference
    primary key (table_id, kind)
);

-- Process-wide facts: the last time any bot process was alive (downtime is not counted against
-- players' turn timers).
create table meta (
    key         text primary key,
    value       bigint not null,
    version     bigint not null default 0
);
