-- The show protocol's intent (issue 60, item 5): a show claims its table before it puts a
-- message, and now writes with the claim where the message will follow (`show_after`: the
-- newest message the adapter knew in each chat the view goes to, a stored message reference).
-- A claim that was never given back (its process was killed between a put and its record) is
-- taken over by the next show once it expires; that claim copies the dead show's mark into
-- `show_gap` (in the same statement, from the row's old values: '' when it had none), and
-- the next show takes the buttons off any message the platform shows after that mark which no
-- row records, so that exactly one board stays live even after a crash.
alter table tables add column show_after text;
alter table tables add column show_gap text;
