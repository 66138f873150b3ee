-- Ratings (issue 37): a Bayesian skill estimate per person, game and season, changed in the
-- transaction that finishes a game.
--
-- `ratings` holds one row per user, game and season: `season` is 'all' for the all-time rating
-- and a season's name ('2026-Q4', '2026-12', '2026-H2' or '2026') for that season's, which starts
-- afresh. `mu` and `sigma` are the Weng-Lin estimate and its deviation (null until the first
-- rated game; the row is inserted empty first so that concurrent finishes lock the same row).
-- `last_ms` is the last rated game's time (the deviation grows while a player is away).
create table ratings (
    user_id     text not null,
    game        text not null,
    season      text not null,
    mu          double precision,
    sigma       double precision,
    games       bigint not null default 0,
    wins        bigint not null default 0,
    last_ms     bigint not null default 0,
    primary key (user_id, game, season)
);
create index ratings_ladder on ratings (game, season);
-- The order in which finished games were rated (`seq`, taken after the players' rating rows
-- were locked), so that `dicetable ratings --rebuild` replays them in the same order.
create table rated_games (
    seq         bigserial primary key,
    table_id    bigint not null unique references tables (id) on delete cascade
);
-- Each rated person's rating before and after each rated game, per season kept: the change
-- shown after a game, the chart of a season, the players of a chat's ladder.
create table rating_changes (
    table_id    bigint not null references tables (id) on delete cascade,
    user_id     text not null,
    season      text not null,
    game        text not null,
    chat        text not null,
    finished_ms bigint not null,
    mu_before   double precision,
    sigma_before double precision,
    mu_after    double precision not null,
    sigma_after double precision not null,
    primary key (table_id, user_id, season)
);
create index rating_changes_by_chat on rating_changes (chat, game, season);
create index rating_changes_by_user on rating_changes (user_id, game, season);
-- Opted in to ladders across chats (`/stats public`): 1, else 0 (groups are private).
alter table users add column public integer not null default 0;
