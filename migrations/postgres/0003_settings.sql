-- Process-wide settings that must survive restarts, e.g. the secret that tags buttons when the
-- operator does not set one (buttons already in chats must keep working after a restart).
create table settings (
    key         text primary key,
    value       text not null,
    version     bigint not null default 0
);
