-- SQLite: the same as the Postgres migration of this number; see its comments.
-- Which version of its table a recorded message shows, so that a slower, older view can never
-- take the place of a newer one (exactly one message of a table carries live buttons: the
-- newest), and so that a table whose newest version was stored but never shown (the process
-- died in between) is found at the next start and shown then.
alter table messages add column version bigint not null default 0;
update messages set version = (select t.version from tables t where t.id = messages.table_id);

-- A process posting a table's unshown view claims it until then (Unix ms), so that several
-- processes starting together post it once.
alter table tables add column outbox_ms bigint;
