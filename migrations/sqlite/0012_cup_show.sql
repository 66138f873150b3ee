-- SQLite: the same as the Postgres migration of this number; see its comments.
alter table cups add column show_owner bigint;
alter table cups add column show_until_ms bigint;
alter table cups add column standings_message text;
alter table cups add column standings_version bigint not null default -1;
alter table cups add column starts_ms bigint;
alter table cups add column cancelled_by text;
