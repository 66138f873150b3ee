-- The group cup's own message and its start time (issue 49).
--
-- A cup's standings are one message, edited in place after every game: the show protocol
-- (table/show.rs) claims it as it claims a table's board (`show_owner` until `show_until_ms`,
-- Unix ms) and records the message with the standings version it shows, so that an older
-- standings view never replaces a newer one and several processes post it once.
alter table cups add column show_owner bigint;
alter table cups add column show_until_ms bigint;
alter table cups add column standings_message text;
alter table cups add column standings_version bigint not null default -1;

-- Sign-up closes, and the cup begins, when this time passes (Unix ms; null: when the host
-- starts it).
alter table cups add column starts_ms bigint;

-- Who cancelled it (a name, as the chat knew them), for `/cup` afterwards.
alter table cups add column cancelled_by text;
