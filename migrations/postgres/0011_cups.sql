-- The group cup (issue 49; docs/rules.md T1–T9): a tournament a chat runs over days.
--
-- A cup's row is its state; `version` guards every change to it, so that a round is paired
-- exactly once however many processes see the round end at once (the one whose update finds
-- the version it read pairs it; the others find nothing to do). The standings are never
-- stored: they are a function of `cup_games` and the players (engine::cup::standings).
create table cups (
    id          bigserial primary key,
    chat        text not null,
    game        text not null,
    options     text not null,          -- JSON: the game's options, as a table's
    settings    text not null,          -- JSON: its tables' settings (the turn timer, …)
    format      text not null,          -- JSON: engine::cup::Format
    rounds      integer not null,
    window_ms   bigint not null,        -- each round's window
    host        text not null,
    status      text not null,          -- signup | playing | finished | cancelled
    round       integer not null default 0,
    round_ends  bigint,                 -- when the current round's window closes (Unix ms)
    version     bigint not null default 0,
    updated_ms  bigint not null
);

-- One open cup per chat.
create unique index cups_one_open on cups (chat) where status in ('signup', 'playing');
create index cups_due on cups (status, round_ends);

-- Who signed up, in order: `seq` is the player's number in the cup (engine::cup::Entrant).
create table cup_players (
    cup_id      bigint not null references cups (id) on delete cascade,
    seq         integer not null,
    user_id     text not null,
    name        text not null,
    rating      double precision not null,
    withdrawn   boolean not null default false,
    excused     integer not null default 0, -- forfeits the host or an admin excused (T8, T9)
    primary key (cup_id, seq),
    unique (cup_id, user_id)
);

-- Each round's games, and its byes (one player, no table). `players` are the players'
-- numbers in seat order (JSON); `result` each seat's place or forfeit (JSON), written in the
-- transaction that finishes the table.
create table cup_games (
    cup_id      bigint not null references cups (id) on delete cascade,
    round       integer not null,
    board       integer not null,
    players     text not null,
    table_id    bigint unique references tables (id) on delete set null,
    result      text,
    primary key (cup_id, round, board)
);

-- A no-show's wait lifted by an admin (T9): cups of the chat that ended before `lifted_ms`
-- no longer count toward the player's wait.
create table cup_lifts (
    chat        text not null,
    user_id     text not null,
    lifted_ms   bigint not null,
    primary key (chat, user_id)
);

-- The cup a table plays for (no foreign key: `cup_games.table_id` is the link the database
-- keeps; this is what the table's own read sees). Its lobby, which exists only between the
-- round's pairing and its start, is not the chat's lobby of that game.
alter table tables add column cup_id bigint;
drop index tables_one_lobby;
create unique index tables_one_lobby on tables (chat, game)
    where status = 'lobby' and rematch_of is null and cup_id is null;
