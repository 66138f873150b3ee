-- The language a user's chat platform last said they use (Telegram's `language_code`, Discord's
-- locale), as one of the bot's language codes, or null. A reader's language is their own choice
-- (`users.lang`), else this, else the chat's, else the table's: a turn notice, sent when the
-- user is not pressing anything, reads it here.
alter table users add column locale text;
