-- A player's text-first boards (`/access on`, issue 48): a table where one of its players has
-- it on shows its boards with the position in words first and its move buttons in plain words.
-- Read with the table's seats, as `notify` is.
alter table users add column access boolean not null default false;
