-- Boards a tidy chat (`/boards tidy`, issue 60) deletes once their game is over: each board
-- message of a table that a newer board replaced, with when it was shown (Unix ms). Telegram
-- lets a bot delete its messages in a group for 48 hours; a row older than that is dropped
-- unsent. `posted_chat` is the platform's chat the message is in (a private table's boards
-- are in its players' chats). Whichever process takes a row (one `delete … returning`) deletes its message.
create table tidy_boards (
    table_id bigint not null references tables (id) on delete cascade,
    posted_chat bigint,
    message bigint not null,
    shown_ms bigint not null,
    primary key (table_id, message)
);
create index tidy_boards_chat on tidy_boards (posted_chat);
