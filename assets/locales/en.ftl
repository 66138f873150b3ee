# dicetable: English. Every key here exists in every language (a test checks).
# Arguments: $name, $by: player names; numbers are plain numbers; $dice: the dice, e.g. "5 + 3".

game-snakes = Snakes & Ladders
game-ludo = Ludo
game-nardy = Long Nardy

## Refusals: why an action was not played. Nothing changed.
refusal-game-over = This game is over.
refusal-roll-expected = Roll the dice first.
refusal-move-expected = Choose a piece to move first.
refusal-step-expected = Play your dice first.
refusal-dice-count = That roll needs { $expected } dice, not { $got }.
refusal-bad-die = A die shows 1 to 6, not { $die }.
refusal-no-such-seat = There is no such player at this table.
refusal-already-left = { $name } has already left the game.
refusal-wrong-game = That move does not exist in this game.
refusal-no-such-piece = There is no piece { $piece }; pieces are 1 to 4.
refusal-piece-needs-six = Piece { $piece } can leave the house only on a 6.
refusal-piece-start-occupied = Piece { $piece } cannot come out: your own piece is on the start square.
refusal-piece-own-piece = Piece { $piece } would land on your own piece.
refusal-piece-past-goal = Piece { $piece } cannot move that far: it would pass the end of the goal.
refusal-piece-must-capture = A capture is possible, and capturing is compulsory at this table.
refusal-piece-must-enter = A piece can come out of the house, and that is compulsory at this table.
refusal-step-no-such-die = You have no { $die } left to play.
refusal-step-no-checker = You have no checker on point { $point }.
refusal-step-occupied = A checker from point { $point } with a { $die } would land on your opponent's checkers.
refusal-step-head = Only one checker may leave the head this turn.
refusal-step-six-block = That would build six points in a row with none of your opponent's checkers past them.
refusal-step-not-home = You can bear off only when all fifteen checkers are home.
refusal-step-higher-point = A checker on a higher point must use this die.
refusal-step-full-move = Another way plays more of your dice, and every playable die must be played.
refusal-step-larger-die = Only one die can be played, so it must be the larger one.

## Events: what happened, in the order it happened.
event-rolled = { $name } rolled { $dice }.
event-moved = { $name } moved from { $from } to { $to }.
event-bounced = { $name } reached 100 and bounced back to { $to }.
event-climbed = { $name } climbed a ladder from { $from } to { $to }!
event-slid = { $name } slid down a snake from { $from } to { $to }.
event-no-move-overshoot = { $name } needs an exact roll to reach 100.
event-no-move-locked = { $name } stays at the start until a 6.
event-no-move-blocked = { $name } cannot move with that roll.
event-extra-roll = { $name } rolls again.
six-second-back = That is { $name }'s second 6 in a row: a third sends them back to the start.
six-second-cap = That is { $name }'s second 6 in a row: a third ends the turn.
six-second-forfeit = That is { $name }'s second 6 in a row: a third is not played and the turn passes.
event-sent-back = Third six in a row: { $name } goes back to the start.
event-locked = { $name } must roll a 6 to start again.
event-unlocked = A 6! { $name } is free again.
event-turn = { $name }'s turn.
event-finished = { $name } is home!
event-left-resigned = { $name } resigned.
event-left-kicked = { $name } was removed by the host.
event-left-timed-out = { $name } was removed after missing too many turns.
event-game-over = Game over.
event-rank = { $rank }. { $name }
event-roll-off = Roll for the first turn: { $rolls }.
event-roll-off-again = A tie: { $names } roll again.
event-colours = { $name } plays White and moves first.
event-entered = { $name } brought piece { $piece } into play.
event-piece-moved = { $name } moved piece { $piece } by { $steps ->
        [one] one square
       *[other] { $steps } squares
    }.
event-piece-home = { $name } moved piece { $piece } into the goal.
event-captured = { $by } captured { $name }'s piece { $piece }!
event-try-again = { $name } rolls again: try { $try } of 3.
event-forfeit = Third six in a row: { $name }'s turn is over.
event-stepped = { $name } moved a checker from { $from } to { $to }.
event-borne-off = { $name } bore off a checker from { $from }.
event-dice-lost-blocked = { $name } cannot play { $dice }.
event-dice-lost-one-die = { $name } could play only one die; { $dice } is lost.
event-game-won = { $name } wins the game: { $points ->
        [one] one point
       *[other] { $points } points
    }.
event-game-won-mars = { $name } wins with a mars: { $points } points!
event-new-game = Game { $number } of the match begins.

## Buttons.
button-join = Join
button-leave = Leave
button-start = Start
button-cancel = Cancel
button-roll = 🎲 Roll
button-piece = Piece { $piece }
button-off = off

## The lobby.
lobby-title = { $game }: waiting for players ({ $count } seated; { $min } to { $max } can play).
lobby-title-exact = { $game }: waiting for players ({ $count } of { $max } seated).
lobby-host = host
lobby-hint = Tap Join to take a seat. The host taps Start when everyone is in; a full table starts by itself.
lobby-joined = { $name } joined.
lobby-left = { $name } left.
lobby-kicked = { $name } was removed from the table.
lobby-empty = Everyone left: the { $game } table is closed.
lobby-started = { $game } begins! Players: { $players }.
    Fair dice: this game's rolls are fixed by a secret seed whose fingerprint is { $commitment }. After the game the seed is revealed, so anyone can check every roll.

## Whose turn it is.
turn-roll = { $name }, roll the dice.
turn-roll-off = Everyone rolls one die for the first turn: anyone at the table may throw.
turn-choose = { $name }, you rolled { $dice }: choose your move.

## Options.
option-preset = Preset
option-board = Board
option-finish = Finish
option-bonus_six = Six rolls again
option-three_sixes = Three sixes
option-must_enter = Must come out
option-must_capture = Must capture
option-three_sixes_forfeit = Three sixes lose the turn
option-until = Play until
option-six_block = Six-block rule
option-bear_off = Bearing off
option-head_exception = Head exception
option-match_to = Match to
option-timer = Turn timer
option-level = Computers' level
option-bots = Number of computers
option-thread = Own thread
value-on = on
value-off = off
value-classic = classic
value-random = random
value-exact = exact roll
value-bounce = bounce back
value-unlimited = no limit
value-cap = third six ends the turn
value-back_to_start = third six goes back to start
value-first = the first winner
value-all = everyone is home
value-standard = standard
value-lower_point = from lower points
value-needed = when needed
value-strict = never
value-quick = quick
value-traditional = traditional
timer-1m = 1 minute
timer-5m = 5 minutes
timer-1h = 1 hour
timer-24h = 24 hours

## The turn timer.
timer-reminder = { $name }, it is your turn: { $minutes ->
        [one] one minute left
       *[other] { $minutes } minutes left
    } before the bot plays for you.
timer-reminder-seconds = { $name }, it is your turn: { $seconds ->
        [one] { $seconds } second
       *[other] { $seconds } seconds
    } left before the bot plays for you.
timer-played = { $name } ran out of time; the bot played for them (strike { $strikes } of { $max }).
timer-removed = { $name } ran out of time for the third turn in a row and leaves the game.
timer-roll-off = No one rolled for the first turn, so the bot threw the dice.

## The end of a table.
table-cancelled = The { $game } table was cancelled by { $name }.
table-was-cancelled = This table was cancelled.
fair-commitment = Fair dice: this table's rolls come from a secret seed with the fingerprint (SHA-256) { $commitment }. { $rolls } dice rolled so far. The seed is revealed when the game ends.
fair-reveal = Fair dice: the secret seed was { $seed } (fingerprint { $commitment }). Check every roll with:

## History, statistics, the leaderboard.
history-title = { $game }: the last moves ({ $count } in all).
stats-title = { $name }'s games
stats-none = No finished games yet.
stats-line = { $game }: { $games } played, { $wins } won ({ $rate }%)
top-title = { $platform ->
    [discord] This channel's best players, in games between people
   *[other] This chat's best players, in games between people
}
top-none = { $platform ->
    [discord] No game between people has finished in this channel yet (your games against computers are in /stats).
   *[other] No game between people has finished in this chat yet (your games against computers are in /stats).
}
top-line = { $rank }. { $name }: { $wins } wins in { $games } games ({ $rate }%)

## Languages.
lang-choose = Choose a language: /lang followed by one of { $codes }. "/lang chat fa" sets the chat's language (admins).
lang-user-set = I will speak English with you.
lang-chat-set = { $platform ->
    [discord] This server's language is now English.
   *[other] This chat's language is now English.
}
lang-server-set = This server's language is now English, in every channel that has none of its own.
boards-new = Boards: a new message every turn (change with /boards edit).
boards-edit = Boards: one message per table, edited in place every turn (change with /boards new).
boards-tidy = Boards: a new message every turn; once a game is over, its earlier boards are deleted while the chat is quiet, leaving the final board and the result (change with /boards new or /boards edit).

## Refusals of the table service. Nothing changed.
err-stale = This button is out of date: the game has moved on. Here is the current board.
err-board-follows = That move is already taken: its board follows in a moment.
err-forged = This button does not belong to any game of mine.
err-other-chat = { $platform ->
    [discord] This button belongs to a game in another channel: press it there.
   *[other] This button belongs to a game in another chat: press it there.
}
err-internal = Something went wrong on my side, and nothing was changed. Please try again.
err-store-down = The game store is not answering right now, so nothing was changed. Please try again in a moment.
err-table-damaged = Table { $table } can't be read back from the game store, so it can't go on; nothing was changed. The bot's operator can see why in the logs.
err-stopping = I am restarting right now. If your move was saved, its board appears when I am back in a moment; if it does not, please try again then.
err-no-table = There is no open table here. Start one with /snakes, /ludo or /nardy.
err-which-table = This chat has several open tables: { $tables }. Add the table's number to the command, for example "/{ $command } { $table }".
err-lobby-exists = { $platform ->
    [discord] This channel already has a lobby for that game: join it.
   *[other] This chat already has a lobby for that game: join it.
}
err-lobby-start = You are the host of this lobby (table { $table }): tap Start to begin the game.
err-already-seated = You already have a seat at this table.
err-table-full = This table is full.
err-not-seated = You are not playing at this table.
err-not-your-turn = It is { $name }'s turn, not yours.
err-host-only = { $platform ->
    [discord] Only the table's host or a member who can manage messages can do that.
   *[other] Only the table's host or a chat admin can do that.
}
err-admin-only = { $platform ->
    [discord] Only a member who can manage messages can do that.
   *[other] Only a chat admin can do that.
}
err-too-few = At least { $min } players are needed to start.
err-started = This game has already started.
err-not-started = This game has not started yet.
err-game-over = This game is over.
err-no-such-player = No player called { $name } is at this table.
err-option-word = "{ $word }" is not an option of this game. Options: { $known }.
err-option-value = "{ $option }" takes { $allowed }, not "{ $got }".
err-option-conflict = "{ $option }: { $value }" works only with "{ $other }: { $other_value }".
## Lists of words in a sentence: "a, b or c".
list-separator = {", "}
list-or = {" or "}
quoted = "{ $item }"
allowed-range = a number from { $min } to { $max }
words-match-length = a match length ({ $min }–{ $max })
err-players = This game is for { $min } to { $max } players, not { $got }.
err-lang = I do not speak "{ $code }". Languages: en, fa, ru, tl.
err-unknown-command = I do not know that command. /help lists them.
err-command-incomplete = That command needs more: /help shows how to use it.
err-boards-word = /boards takes one word: /boards new (a new message every turn), /boards edit (one message edited in place) or /boards tidy (new messages, the earlier boards deleted once a game is over).

## Help.
help = I run dice board games in this chat.
    /snakes, /ludo, /nardy: open a table (add options, e.g. "/snakes quick bounce 5m")
    /join, /leave, /play: take a seat, leave, start the game (host)
    /options: change the options before the start (host)
    /status: show the board again · /history: the last moves
    /resign: leave a running game · /kick name, /cancel: host or admins
    /stats: your games · /top: this chat's best players
    /notify on: a private message when it is your turn · /games: your open tables
    /fair: how the dice are kept fair · /lang: your language
    /rules: the rules of a game · /snakes private: a private table with an invite link
    /boards edit, /boards new, /boards tidy: one board message edited in place, a new one each turn, or new ones deleted once the game is over (admins)
    Computers: "/ludo bots=3", "/nardy bot expert" (easy, normal, hard; expert only in Long Nardy), or Add computer in the lobby
    Turn timers: 1m, 5m, 1h, 24h (the default) or notimer. After three missed turns in a row a player leaves the game.
    /replay: a finished game as an animation · /export: its record (check it with dicetable verify)

## The command menu (Telegram, Discord): one line each.
command-snakes = open a Snakes & Ladders table
command-ludo = open a Ludo table
command-nardy = open a Long Nardy table
command-join = take a seat at a table
command-leave = leave a table before it starts
command-play = start the game (host)
command-options = change a table's options (host)
command-status = show the board again
command-history = the last moves
command-resign = leave a running game
command-kick = remove a player (host or admin)
command-cancel = cancel a table (host or admin)
command-stats = your games and wins
command-notify = a private message when it is your turn
command-games = your open tables in every chat
command-top = { $platform ->
    [discord] this channel's best players
   *[other] this chat's best players
}
command-fair = how the dice are kept fair
command-lang = choose your language
command-boards = new board messages, one edited in place, or tidy: earlier boards deleted after the game
command-help = what I can do

## Rules (/rules): a summary, then one sentence per option as the table has it.
rules-title = Rules of { $game }
rules-options = With this table's options:
rules-snakes = Everyone starts before square 1. On your turn roll one die and move that many squares. End on a ladder's foot to climb it, on a snake's head to slide down; passing over them does nothing. Tokens may share a square. The first to reach 100 wins.
rules-ludo = Each player has 4 pieces in their house. Roll one die and move one piece; a piece comes out only on a 6, onto your start square. After a 6 you roll again. With nothing to move you get three tries for a 6. Landing on an opponent's piece sends it home; pieces in the goal lane are safe. You enter the goal lane by exact count; all 4 pieces home wins.
rules-nardy = Two players, 15 checkers each, two dice. White starts on point 24, Black on point 12, and both move counter-clockwise. Each die is one move (a double gives four). You may never land on a point holding an opponent's checker; there is no hitting. Only one checker may leave the head per turn (on the first turn 6-6, 4-4 and 3-3 allow two). Play as many dice as you can, and the larger one if only one fits. With all 15 in your home you bear them off; the first to bear off all 15 wins (2 points, a mars, if the loser bore off none).
rule-board-classic = Board: the classic 1943 layout.
rule-board-random = Board: a new random layout every game, checked to last 25 to 60 turns.
rule-finish-exact = You need the exact roll to reach 100; a larger roll does not move.
rule-finish-bounce = A roll past 100 bounces back by the extra squares.
rule-bonus_six-on = A 6 earns another roll.
rule-bonus_six-off = A 6 is an ordinary roll.
rule-three_sixes-unlimited = Sixes in a row are not limited.
rule-three_sixes-cap = After a third 6 in a row the turn ends.
rule-three_sixes-back_to_start = A third 6 in a row sends the token back to the start, where it waits for a 6.
rule-must_enter-on = If you can bring a piece out, you must.
rule-must_enter-off = Bringing a piece out is your choice.
rule-must_capture-on = If you can capture, you must.
rule-must_capture-off = Capturing is your choice.
rule-three_sixes_forfeit-on = A third 6 in a row is not played, and the turn passes.
rule-three_sixes_forfeit-off = A third 6 in a row is played like any other roll.
rule-until-first = The game ends when the first player has all pieces home.
rule-until-all = The others play on for the remaining places.
rule-six_block-on = You may not build a block of six points in a row unless an opponent's checker is already past it.
rule-six_block-off = Blocks of six points in a row are allowed.
rule-bear_off-standard = If the die's point is empty, a checker on a higher point must move; only with none higher is one borne off from the highest occupied point.
rule-bear_off-lower_point = If the die's point is empty, a checker is borne off from the next lower occupied point.
rule-head_exception-needed = On the first turn a second checker may leave the head when that lets more dice be played.
rule-head_exception-strict = On the first turn a second checker leaves the head only on 6-6, 4-4 or 3-3.
rule-match_to-1 = One game decides.
rule-match_to = The match goes to { $points } points.
rule-timer = Turn timer: { $timer }. After three missed turns in a row a player leaves the game.
rule-timer-off = No turn timer.
err-rules-which = Which game? /rules snakes, /rules ludo or /rules nardy.
err-bad-invite = This invite is not valid, or its table is gone. Ask for a new one.
err-private-here = Private tables are made in a private chat with me: open my profile, press Start, then send /snakes private (or /ludo, /nardy).
lobby-private = Private table: share the invite below. Every player gets the boards in their own chat with me.
lobby-invite-join = To join, send: /join { $code }
command-rules = the rules of a game
command-game = play at this channel's table
command-start = open a table with these options
button-options = ⚙ Options
button-done = Done
lobby-options-hint = The host sets the options here: each button changes one. Done shows the lobby again.

# The playground page's own words.
page-title = dicetable playground
page-welcome = Pick a name to play as. Open another tab with another name to play against yourself, or share this address with friends on your network.
page-name = Your name
page-play = Play
page-hint = Then type /snakes, /ludo or /nardy to open a table, and /help for everything else.
page-playing-as = playing as
page-switch = Switch player
page-another = another player…
page-placeholder = Type /snakes, /ludo, /nardy or /help
page-send = Send
page-only-you = only you can see this

# Discord's own forms of sentences that name commands (slash commands with options).
help-discord = I run dice board games in this channel.
    /snakes start, /ludo start, /nardy start: open a table (options: preset, timer, thread, bots, level, …)
    /game join, /game leave, /game play: take a seat, leave, start the game (host)
    /game status: show the board again · /game history: the last moves
    /game resign: leave a running game · /game kick, /game cancel: host or members who manage messages
    /stats: your games · /top: this channel's best players
    /notify set:on: a private message when it is your turn · /game list: your open tables
    /game fair: how the dice are kept fair · /lang: your language
    /game rules: the rules of a game · /boards: one board message edited in place, or a new one each turn
    Turn timer: 1m, 5m, 1h, 24h (the default) or off. A player who misses three turns in a row is out of the game.
    /game replay: a finished game as an animation · /game export: its record (check it with dicetable verify)
lang-choose-discord = Choose a language with /lang language:(one of { $codes }). With server:True it sets the whole server's language (members who manage messages).
boards-new-discord = Boards: a new message every turn (change with /boards mode:edit).
boards-edit-discord = Boards: one message per table, edited in place every turn (change with /boards mode:new).
boards-tidy-discord = Boards: a new message every turn; once a game is over, its earlier boards are deleted while the channel is quiet, leaving the final board and the result (change with /boards mode:new or /boards mode:edit).
err-no-table-discord = There is no open table here. Start one with /snakes start, /ludo start or /nardy start.
err-which-table-discord = This channel has several open tables: { $tables }. Choose one with the table option, for example /game { $command } table:{ $table }.
err-rules-which-discord = Which game? /game rules game:snakes, game:ludo or game:nardy.

## Discord: descriptions of slash-command options that are not game options.
discord-option-bots = computer players to seat (one seat stays yours)
discord-option-level = how well the computers play
discord-option-thread = play in a thread of its own
discord-option-game = which game, if the channel has several
discord-option-player = the player to remove
discord-option-language = en, fa, ru or tl
discord-option-server = for the whole server (admins)
discord-option-mode = a new message every turn, or one edited in place
discord-option-table = a table's number, if the channel has several (replay/export: else the last finished game)
discord-option-set = on, off, now, after 10m, quiet 23-7 or tz +3:30
## Slash command names where Discord has the language (of ours, only Russian; the others keep the English names).
discord-name-snakes = snakes
discord-name-ludo = ludo
discord-name-nardy = nardy
discord-name-game = game
discord-name-stats = stats
discord-name-top = top
discord-name-help = help
discord-name-lang = lang
discord-name-boards = boards
discord-name-notify = notify
## Slash-command option names where Discord has the language (en-US, en-GB, ru; Discord has no Persian or Tagalog locale, so those files keep the English names): lowercase, no spaces, at most 32 characters.
discord-name-option-preset = preset
discord-name-option-board = board
discord-name-option-finish = finish
discord-name-option-bonus_six = six-rolls-again
discord-name-option-three_sixes = three-sixes
discord-name-option-must_enter = must-come-out
discord-name-option-must_capture = must-capture
discord-name-option-three_sixes_forfeit = three-sixes-lose-turn
discord-name-option-until = play-until
discord-name-option-six_block = six-block-rule
discord-name-option-bear_off = bearing-off
discord-name-option-head_exception = head-exception
discord-name-option-match_to = match-length
discord-name-option-timer = turn-timer
discord-name-option-thread = own-thread
discord-name-option-bots = computers
discord-name-option-level = computer-level
discord-name-option-game = game
discord-name-option-table = table-number
discord-name-option-player = player
discord-name-option-language = language
discord-name-option-server = whole-server
discord-name-option-mode = mode

## Computer players.
computer-name = 🤖 Computer { $number } ({ $level })
level-easy = easy
level-normal = normal
level-hard = hard
level-expert = expert
button-add-computer = 🤖 Add computer ({ $level })
button-remove-computer = Remove computer
turn-roll-off-thrown = Everyone rolls one die for the first turn: { $name } throws them…
turn-computer = { $name } is playing…
err-bots = { $max ->
    [one] There is room for one computer at most (a table keeps a seat for you).
   *[other] There is room for { $max } computers at most (a table keeps a seat for you).
}
err-no-computer = No computer sits at this table.
stats-vs-computers = against computers ({ $level }): { $games } played, { $wins } won ({ $rate }%)

## Replays and game records.
button-replay = 🎞 Replay
button-export = 📄 Game record
replay-caption = { $game }, table { $table }: the whole game, { $frames } frames.
replay-drawing = Drawing the replay of { $game }, table { $table }. It will be posted here as soon as it is ready.
export-caption = { $game }, table { $table }: the game record, { $moves } moves with the seed and the commitment. Check every roll and every move, or draw the replay, with:
err-replay-running = That game is still running: its replay and record come when it ends (the seed stays secret until then).
err-no-finished = No game has finished in this chat yet. To see another table, name its number, for example { $command ->
    [export] /export { $table }
   *[replay] /replay { $table }
}.
err-no-finished-discord = No game has finished in this channel yet. To see another table, give its number: { $command ->
    [export] /game export table:{ $table }
   *[replay] /game replay table:{ $table }
}.
err-no-finished-yet = No game has finished in this chat yet: there is nothing to { $command ->
    [export] export
   *[replay] replay
} until one ends.
err-no-finished-yet-discord = No game has finished in this channel yet: there is nothing to { $command ->
    [export] export
   *[replay] replay
} until one ends.
err-replay-empty = Table { $table } was cancelled before its first move: there is nothing to replay.
err-replay-failed = The replay could not be drawn just now. Please try again in a minute.
err-no-such-table = { $platform ->
    [discord] There is no table { $table } in this channel.
   *[other] There is no table { $table } in this chat.
}
command-replay = a finished game as an animation
command-export = a finished game's record, to check or replay
# Which table a command means: a game not played here yet, a word that is no table, several open tables.
err-no-finished-game = No { $game ->
    [snakes] Snakes & Ladders
    [nardy] Long Nardy
   *[ludo] Ludo
} game has finished in this chat yet.
err-no-finished-game-discord = No { $game ->
    [snakes] Snakes & Ladders
    [nardy] Long Nardy
   *[ludo] Ludo
} game has finished in this channel yet.
err-not-a-table = "{ $word }" is not a game or a table number. For example: { $command ->
    [export] /export, /export ludo or /export 12
   *[replay] /replay, /replay ludo or /replay 12
}.
which-table-item = { $status ->
    [lobby] { $table } ({ $game }, waiting for players)
   *[playing] { $table } ({ $game }, playing)
}

# The playground page, when the bot does not answer (its line stays in the input).
page-offline = The bot is not answering. Your line is kept: send it again in a moment.

## Turn notices (/notify) and your games (/games).
notify-off = Turn notices are off.
notify-on = Turn notices are on: I write to you privately { $minutes ->
        [0] as soon as it is your turn
        [one] when it has been your turn for a minute
       *[other] when it has been your turn for { $minutes } minutes
    } (and never after you played).
notify-quiet = Quiet hours { $from }:00–{ $to }:00 (UTC{ $tz }): notices wait until they end.
notify-tz = Your time: UTC{ $tz }.
notify-usage = Change it with /notify on, /notify off, /notify after 10m, /notify now, /notify quiet 23-7 or /notify tz +3:30.
notify-usage-discord = Change it with /notify and one of: on, off, after 10m, now, quiet 23-7, tz +3:30.
notify-open-private = Telegram lets me write to you only in a chat you opened with me: open it with the link below and press Start.
notify-private-ready = Turn notices will come to this chat.
err-notify-word = /notify does not take “{ $word }”: it takes on, off, now, after 10m, quiet 23-7 (hours) or tz +3:30.
notice-title = It is your turn:
notice-dm-closed = { $name }, I could not send you a private turn notice: your direct messages are closed. Open them and turn notices on again with /notify on.
notice-dm-closed-discord = { $name }, I could not send you a private turn notice: your direct messages are closed. Open them and turn notices on again with /notify set:on.
games-mine = Your open tables:
games-here = Open tables in this chat:
games-here-discord = Open tables in this channel:
games-elsewhere-private = Your tables in other chats are listed only in our private chat: open it with the link below.
notify-details-private = Your quiet hours and time zone are saved; I show them only in our private chat.
games-none = You are not at any open table.
games-line = { $game }, table { $table }: { $state }{ $left }
games-line-in = { $game }, table { $table } in { $chat }: { $state }{ $left }
games-your-turn = your turn
games-turn-of = { $name }'s turn
games-computer-turn = a computer is playing
games-lobby = lobby, { $seated } seated
games-left = { $minutes ->
        [one] , 1 minute left
       *[other] , { $minutes } minutes left
    }

## Rematch (issue 37): the button under a finished game, its lobby and its refusals.
button-rematch = 🔁 Rematch
rematch-lobby = { $platform ->
        [discord] 🔁 Rematch of table { $number }. This is table { $table }: the buttons here play at it, and a command names it by its number (/game join table:{ $table }), as this channel may have other tables open.
       *[other] 🔁 Rematch of table { $number }. This is table { $table }: the buttons here play at it, and a command names it by its number (/join { $table }), as this chat may have other tables open.
    }
rematch-invited = Invited: { $names }. Press 🔁 Rematch or Join to sit; the game starts by itself once all of them are seated.
err-rematch-stale = This Rematch button is out of date: it is not under a finished game of mine.
err-rematch-players = Only the players of table { $table } can ask for its rematch. Anyone may join the new table with its Join button.
err-rematch-over = This game's rematch, table { $table }, has already started or closed. Open a new table to play again.
err-rematch-started = The rematch has started, and you are playing: it is table { $table }.
err-rematch-reserved = The free seats of this rematch are kept for the players it invited.
## Ratings, ladders, seasons and head-to-head (issue 37).
rating-change = { $name } { $before } → { $after }{ $mark } ({ $sign }{ $delta })
rating-change-provisional = { $name } { $before } → { $after }{ $mark } ({ $sign }{ $delta }), provisional
ladder-season = Ladder of { $season } (ratings; “?” = provisional)
ladder-all-time = All-time ladder (ratings; “?” = provisional)
ladder-global = Ladder across chats, of the players who chose to be on it (all time)
ladder-global-how = Be on it with /stats public; leave it with /stats private.
ladder-global-how-discord = Be on it with /stats public: True; leave it with /stats public: False.
ladder-unrated = Snakes & Ladders is pure chance, so it has no rating: wins are counted instead.
ladder-line = { $rank }. { $name }: { $rating }{ $mark } ({ $games ->
    [one] { $games } game
   *[other] { $games } games
})
ladder-wins-line = { $rank }. { $name }: { $wins ->
    [one] { $wins } win
   *[other] { $wins } wins
} in { $games ->
    [one] { $games } game
   *[other] { $games } games
}
ladder-none = No rated game has finished here yet.
ladder-global-none = No one is on it yet: no player has chosen to be (/stats public).
ladder-global-unrated = Snakes & Ladders has no ladder across chats: its wins are counted in each chat.
ladder-wins-none = No game between people has finished here yet.
stats-rating = { $game }: rating { $rating }{ $mark } ± { $deviation } after { $games ->
    [one] { $games } rated game
   *[other] { $games } rated games
}
stats-season = { $season }: { $rating }{ $mark }, { $place ->
    [0] not on the ladder here yet
   *[other] place { $place } of { $players } here
}
stats-last-season = { $game }, top three of { $season }: { $names }
stats-public-on = You are now on the ladders across chats (/top global).
stats-public-off = You are no longer on the ladders across chats.
vs-title = { $name } against { $other }
vs-none = You have not finished a game together yet.
vs-line = { $game }: { $games ->
    [one] { $games } game
   *[other] { $games } games
}, { $ahead } ahead, { $behind } behind
err-vs-who = Whom? Write /vs and a player's name, e.g. /vs Ana.
err-vs-unknown = Nobody called { $name } has finished a game here.
err-top-word = /top takes a game (snakes, ludo, nardy), all (all time) or global (across chats).
err-stats-word = /stats takes a game (ludo, nardy), public or private.
chart-title = { $game }, { $season }: rating after each game
command-vs = your record against another player
discord-option-scope = this season, all time, or across chats
discord-option-public = be on the ladders across chats
discord-option-user = the other player
help-ratings = Ratings: /top [game | all | global] the ladders · /stats [game] your rating and its chart · /stats public or private · /vs name: your record against someone
help-ratings-discord = Ratings: /top (game, scope) the ladders · /stats (game) your rating and its chart · /stats public · /game vs: your record against someone
season-month = { $year }-{ $month }
season-quarter = Q{ $n } { $year }
season-half = H{ $n } { $year }
season-year = { $year }
discord-name-option-scope = scope
discord-name-option-public = public
discord-name-option-user = user
## The live board (issue 36): the page that shows one table as it plays.
live-button = 📺 Live board
live-title = { $game }, table { $table }
live-status-lobby = Waiting for players
live-status-playing = Playing
live-status-finished = The game is over
live-status-cancelled = The table was cancelled
live-players = Players
live-moves = Last moves
live-time-left = Time left
live-watching = You are watching.
live-you = you
live-play-link = Your own link to play from a browser (keep it to yourself): { $code }
live-err-link = This live-board link is not valid. Open the board again from the chat.
live-err-expired = This live-board link has expired. Open the board again from the chat for a fresh one.
live-err-no-table = This table no longer exists.
live-err-private = This is a private table: only its players can watch it.
live-err-busy = Too many requests from your address. Wait a moment and try again.
live-err-streams = Too many live boards are open from your address. Close one and try again.
live-err-telegram = Telegram's sign-in for this page is not valid. Close the page and open it again from the chat.
live-err-telegram-expired = Telegram's sign-in for this page is more than a day old. Close the page and open it again from the chat.
live-err-watch-only = This link only watches the table. To play, open the board from the chat.
live-err-request = This request could not be read. Reload the page and try again.
live-play-button = 🎮 Play from the page
live-offline = The bot is not answering. The board catches up when it is back.

## Board descriptions (issue 48): a board's picture in words, for screen readers and for anyone
## without the picture (Discord's attachment description, the pages' alt text).
describe-where = Where everyone is:
describe-separator = {"; "}
describe-left = { $name }: left the game
describe-snakes-start = { $name }: not on the board yet
describe-snakes-square = { $name }: square { $square }
describe-ludo-counting = Squares are counted from each player's own start; the goal has squares 1 to 4.
describe-ludo-player = { $name }: { $pieces }
describe-ludo-house = in the house: { $pieces }
describe-ludo-track = piece { $piece } on square { $square }
describe-ludo-goal = piece { $piece } on goal square { $square }
describe-ludo-counting-short = Squares from each player's own start; goal squares 1 to 4.
describe-ludo-dense-house = house { $pieces }
describe-ludo-dense-track = { $pieces } on { $square }
describe-ludo-dense-goal = { $pieces } on goal { $square }
describe-more = { $count ->
    [one] One more player's pieces: { $platform ->
        [discord] /game status text:True
       *[other] /board text
    } says where they are.
   *[other] { $count } more players' pieces: { $platform ->
        [discord] /game status text:True
       *[other] /board text
    } says where they are.
}
describe-nardy-counting = Points are numbered as on the board: White starts on 24, Black on 12; each side's points are listed in the order it moves.
describe-nardy-white = White
describe-nardy-black = Black
describe-nardy-side = { $name } ({ $colour }): { $points }; borne off: { $off }; pip count: { $pips }
describe-nardy-colour-side = { $colour }: { $points }; borne off: { $off }; pip count: { $pips }
describe-nardy-point = { $count } on { $point }
describe-nardy-none = no checkers on the board
describe-nardy-score = Match to { $length }: { $name } { $points }, { $other } { $otherpoints }
# A move in plain words: a text-first board's buttons (`/access on`) and `/board text`.
move-ludo-enter = Piece { $piece }: into play on square 1
move-ludo = Piece { $piece }: { $from } → { $to }
move-ludo-square = { $square }
move-ludo-goal = goal { $square }
move-captures = { $move }, captures { $name }
move-nardy = Checker from { $from } to { $to }
move-nardy-off = Checker from { $from }, borne off

# Text-first boards (`/access`) and the board as text (`/board text`), for screen readers.
command-access = boards in words first, for screen readers (on or off)
access-on = Text-first boards are on. At your tables the board's message starts with where everything is, in words, and each move button says the move in plain words ("Piece 2: 14 → 20"). Everyone at the table sees the same board. /board text shows any board in words, just for you. /access off turns it off.
access-on-discord = Text-first boards are on. At your tables the board's message starts with where everything is, in words, and each move button says the move in plain words ("Piece 2: 14 → 20"). Everyone at the table sees the same board. /game status text:True shows any board in words, just for you. /access on:False turns it off.
access-off = Text-first boards are off: the position in words stays in each board's picture description. /access on turns them on; /board text shows any board in words, just for you.
access-off-discord = Text-first boards are off: the position in words stays in each board's picture description. /access on:True turns them on; /game status text:True shows any board in words, just for you.
err-access-word = /access takes one word: /access on (boards in words first) or /access off.
err-status-word = /board takes the word text (/board text: the board in words, just for you), a game (snakes, ludo, nardy) or a table's number.
board-text-moves = Moves you can choose:
help-access = Screen readers: /access on: boards in words first, moves in plain words · /board text: the board in words, just for you
help-access-discord = Screen readers: /access on:True: boards in words first, moves in plain words · /game status text:True: the board in words, just for you
discord-option-text = the board in words, just for you (for screen readers)
discord-option-on = True: boards in words first; False: as usual
discord-name-access = access
discord-name-option-text = text
discord-name-option-on = on

# The group cup (issue 49): `/cup`, a tournament a chat runs over days (docs/rules.md T1–T9).
command-cup = a tournament over days: sign up, get paired, play each round
cup-created = 🏆 A { $game } cup: { $rounds ->
        [one] { $rounds } round
       *[other] { $rounds } rounds
    }, { $window } each, { $format }.
cup-players = Signed up ({ $count }): { $names }
cup-signup-how = Sign up with the ✍️ Sign up button (or /cup join). The host starts the cup with its ▶️ Start the cup button (or /cup start); each round's games open here as tables.
cup-signup-how-discord = Sign up with the ✍️ Sign up button (or /cup join). The host starts the cup with its ▶️ Start the cup button (or /cup begin); each round's games open here as tables.
button-cup-join = ✍️ Sign up
button-cup-start = ▶️ Start the cup
cup-format-swiss = Swiss pairing
cup-format-round-robin = everyone against everyone
cup-format-tables = tables of { $seats }
cup-days = { $n ->
        [one] { $n } day
       *[other] { $n } days
    }
cup-hours = { $n ->
        [one] { $n } hour
       *[other] { $n } hours
    }
cup-minutes = { $n ->
        [one] { $n } minute
       *[other] { $n } minutes
    }
cup-joined = You are signed up for the { $game } cup ({ $count } players so far).
cup-left = You are no longer signed up for the cup.
cup-cancelled = The { $game } cup was cancelled by { $name }. Games already begun play on as ordinary games.
cup-status-signup = The { $game } cup is signing up players.
cup-status-round = { $game } cup, round { $round } of { $rounds }: { $left } left.
cup-still-to-play = Still playing: { $names }
cup-finished-title = The { $game } cup is over. Final standings:
cup-tiebreaks = Ties are broken by Sonneborn–Berger (SB: the points of those you finished ahead of), then the games between the tied players, then rating.
cup-line = { $place }. { $name }: { $points ->
        [one] { $points } point
       *[other] { $points } points
    } (SB { $sb }, { $played ->
        [one] { $played } game
       *[other] { $played } games
    })
cup-line-withdrawn = { $place }. { $name }: { $points ->
        [one] { $points } point
       *[other] { $points } points
    } (SB { $sb }), withdrawn
cup-withdrawn = { $name } forfeited twice and is withdrawn from the cup.
cup-round = 🏆 { $game } cup, round { $round } of { $rounds }: play your game within { $window }.
cup-table-line = Table { $table }: { $players }
cup-bye-line = { $name } sits this round out (a bye: { $points ->
        [one] { $points } point
       *[other] { $points } points
    }).
cup-winner = 🏆 { $count ->
        [one] { $names } wins the { $game } cup!
       *[other] { $names } share the { $game } cup!
    }
cup-window-closed = The round's time is up: { $name }, to move, is out of this game.
err-cup-word = { $word } is not a cup word: write the game, then rounds, a round's time and the game's options, e.g. /cup nardy 5 rounds 24h.
err-cup-word-discord = { $word } is not a cup word: /cup start takes the game's options in its options (e.g. 3 for a match to 3), and the rounds and each round's time in options of their own.
err-cup-command = /cup takes a game to open a cup (/cup nardy 5 rounds 24h), or join, leave, start, cancel; /cup alone shows the standings.
err-cup-command-discord = /cup start (with the game) opens a cup; /cup join, /cup leave, /cup begin, /cup cancel, /cup show and /cup export do the rest.
err-cup-rounds = A cup plays 1 to { $max } rounds.
err-cup-window = A round's time is 1 minute to 7 days (e.g. 90m, 24h, 2d).
err-cup-seats = This game seats { $min } to { $max } players at a table.
err-cup-round-robin = Everyone against everyone is for two-player games: leave out roundrobin, or play 2 seats.
err-cup-round-robin-discord = Everyone against everyone is for two-player games: choose the swiss format, or 2 seats.
err-cup-private = A cup is played in its chat: it cannot be private.
err-cup-private-discord = A cup is played in its channel: it cannot be private.
err-cup-exists = This chat already has a cup: /cup shows it.
err-cup-exists-discord = This channel already has a cup: /cup show shows it.
err-cup-none = This chat has no cup. Open one with /cup nardy (or ludo, snakes), e.g. /cup nardy 5 rounds 24h.
err-cup-none-discord = This channel has no cup. Open one with /cup start (the game, its rounds and each round's time).
err-cup-signed = You are already signed up for this cup.
err-cup-not-signed = You are not signed up for this cup.
err-cup-closed = Sign-up for this cup is closed: it is past half its rounds.
err-cup-started = The cup has begun: players stay in it (a player who misses two games is withdrawn).
err-cup-running = The cup has already begun.
err-cup-host = Only the cup's host or a chat admin can do that.
err-cup-host-discord = Only the cup's host or a member who can manage messages can do that.
err-cup-few = A cup needs at least two players to begin.
err-cup-over = This cup is over: /cup shows its final standings.
err-cup-over-discord = This cup is over: /cup show shows its final standings.
err-cup-gone = This cup was cancelled: open a new one with /cup nardy (or ludo, snakes).
err-cup-gone-discord = This cup was cancelled: open a new one with /cup start.
err-cup-damaged = This chat's cup can no longer be read: its stored data is damaged. The bot's operator can see why in its log; the cup's games already begun play on as ordinary games.
err-cup-damaged-discord = This channel's cup can no longer be read: its stored data is damaged. The bot's operator can see why in its log; the cup's games already begun play on as ordinary games.
cup-starts-in = Sign-up closes and the cup begins by itself in { $left }.
cup-start-few = The { $game } cup did not begin: fewer than two players had signed up by its start time, so it is cancelled.
cup-cancelled-unattended = The { $game } cup was cancelled.
err-cup-start = A cup’s start is a time of day in your /notify tz time (start=18:30) or a wait of 1 minute to 7 days (start=2h).
err-cup-start-discord = A cup’s starts option is a time of day in your own time (set it with /notify and tz +3:30), e.g. 18:30, or a wait of 1 minute to 7 days, e.g. 2h.
help-cup = Cup: /cup nardy 5 rounds 24h opens one · /cup join · /cup leave · /cup start · /cup cancel · /cup export · /cup: the standings
help-cup-discord = Cup: /cup start (game, rounds, window) opens one · /cup join · /cup leave · /cup begin · /cup cancel · /cup export · /cup show: the standings
discord-cup-start = open a cup: the game, its rounds, each round's time
discord-cup-join = sign up for this channel's cup
discord-cup-leave = leave the cup before it begins
discord-cup-begin = begin the cup's first round (its host or an admin)
discord-cup-cancel = cancel the cup (its host or an admin)
discord-cup-show = the cup's standings, who still plays, the time left
discord-option-rounds = how many rounds (5 if not given)
discord-option-window = each round's time, e.g. 24h, 90m, 2d (24h if not given)
discord-option-format = swiss: players of equal score meet; roundrobin: everyone against everyone
discord-option-seats = players at each table (Ludo, Snakes; 4 if not given)
discord-option-options = the game's options as words, e.g. 3 (a match to 3) or quick bounce
discord-option-starts = when sign-up closes and the cup begins by itself: 18:30 (your /notify tz time) or 2h
discord-name-cup = cup
discord-name-option-rounds = rounds
discord-name-option-window = window
discord-name-option-format = format
discord-name-option-seats = seats
discord-name-option-options = options
discord-name-option-starts = starts
cup-excused = { $by } excused one of { $name }'s missed games in this cup.
cup-excused-back = { $by } excused one of { $name }'s missed games: { $name } is back in the cup and is paired from the next round.
cup-lifted = { $name } may sign up for this chat's next cup at once: the wait for missed games is lifted.
cup-lifted-discord = { $name } may sign up for this channel's next cup at once: the wait for missed games is lifted.
err-cup-wait = You missed games in each of your last { $cups } cups here: you may sign up for a cup again in { $left }. A chat admin can lift this with /cup lift and your name.
err-cup-wait-discord = You missed games in each of your last { $cups } cups here: you may sign up for a cup again in { $left }. A member who can manage messages can lift this with /cup lift naming you.
err-cup-unknown = Nobody called { $name } is in this chat's cups.
err-cup-unknown-discord = Nobody called { $name } is in this channel's cups.
err-cup-no-forfeit = { $name } has no missed game in this cup to excuse.
err-cup-admin = Only a chat admin can lift a player's wait.
err-cup-admin-discord = Only a member who can manage messages can lift a player's wait.
discord-cup-excuse = excuse one of a player's missed games in this cup (its host or an admin)
discord-cup-lift = lift a player's wait for missed games in this server's cups (an admin)
discord-option-who = the player
discord-name-option-who = player
cup-export = The { $game } cup: its players, games, results and standings, with the record of each of its { $games } ended games. Check every game and the standings with:
discord-cup-export = the cup as a file: every game's record, the results and the standings
cup-picture-title = { $game } cup, round { $round } of { $rounds }
cup-live-title = 📊 { $game } cup standings, round { $round } of { $rounds } (this message is kept up to date after every game)
cup-picture-final = { $game } cup: final standings
cup-head-points = points
cup-head-sb = SB
cup-head-games = games

## Issue 61: `/games`' time left of an hour or more, in hours and minutes.
games-left-hours = , { $hours ->
        [one] 1 hour
       *[other] { $hours } hours
    } { $minutes ->
        [one] 1 minute
       *[other] { $minutes } minutes
    } left

## Issue 61: `/cup` words that contradict each other.
err-cup-contradiction = “{ $first }” and “{ $second }” say different things: say each of the cup's settings once.

## Issue 61: a cup's sign-up message that could not become its standings (a text cannot be
## edited into a picture on Telegram) is left saying this.
cup-signup-closed = The { $game } cup has begun: sign-up is closed. Its standings are in the cup's newest message.
board-text-open-chat = I can’t write to you privately yet: open a chat with me with this link, then ask for /board text again.
