-- Each chat's budget of platform calls (issue 60), shared by every process that serves the
-- chat: Telegram counts a group's sends, edits and deletions together (about 20 a minute), and
-- several processes behind one webhook address may each answer a press in the same group.
--
-- The budget is a token bucket in the form of the generic cell rate algorithm (see
-- table/budget.rs): `tat` is when the chat's bucket is full again, `last_call` when its last
-- call went (calls keep a gap), `slow_until` until when it runs at half rate after a 429; all
-- Unix ms. One statement takes a call and says when it may go, so two processes never give
-- out the same call.
create table chat_calls (
    chat text primary key,
    tat bigint not null,
    last_call bigint not null,
    slow_until bigint not null default 0
);
