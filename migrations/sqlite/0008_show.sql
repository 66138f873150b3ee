-- SQLite: the same as the Postgres migration of this number; see its comments.
alter table tables add column show_owner bigint;
alter table tables add column show_until_ms bigint;
