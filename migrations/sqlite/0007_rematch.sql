-- SQLite: the same as the Postgres migration of this number.
-- Rematch (issue 37): the table a finished game's 🔁 Rematch button opened.
--
-- `rematch_of` names the finished table a lobby is the rematch of. It is unique: however many
-- players press Rematch at once, in however many processes, one insert wins and every other
-- press finds that table and joins it (exactly one rematch per game, kept by the database).
alter table tables add column rematch_of bigint references tables (id) on delete cascade;
create unique index tables_rematch_of on tables (rematch_of);

-- One lobby per game per chat, as before, for lobbies opened by a command; a rematch lobby is
-- bound to its game instead, so it may open beside another lobby of the same game (two games
-- of Ludo that ended in one chat each get their rematch).
drop index tables_one_lobby;
create unique index tables_one_lobby on tables (chat, game)
    where status = 'lobby' and rematch_of is null;
