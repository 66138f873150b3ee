-- SQLite: the same as the Postgres migration of this number; see its comments.
alter table tables add column show_after text;
alter table tables add column show_gap text;
