-- The show protocol (issue 44): one process at a time shows a table's lobby or board.
--
-- A process about to show a view of a table's lobby or board claims the table's showing until
-- `show_until_ms` (Unix ms) under an owner number of its own (`show_owner`); while it holds the
-- claim, no other process sends, edits, records or strips a message of that table. It gives
-- the claim back in the statement that records the message it posted, and only if it still
-- holds it: a process that outlived its claim records nothing and takes its own message's
-- buttons off. A process killed while holding it leaves a claim that expires; the next show
-- takes it over. Neither column changes the table's version: buttons stay valid.
alter table tables add column show_owner bigint;
alter table tables add column show_until_ms bigint;
