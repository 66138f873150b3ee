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
event-piece-moved = { $name } moved piece { $piece } { $steps ->
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
timer-1m = 1 minute
timer-5m = 5 minutes
timer-1h = 1 hour
timer-24h = 24 hours

## The turn timer.
timer-reminder = { $name }, it is your turn: { $minutes ->
        [one] one minute left
       *[other] { $minutes } minutes left
    } before the bot plays for you.
timer-played = { $name } ran out of time; the bot played for them (strike { $strikes } of { $max }).
timer-removed = { $name } ran out of time for the third turn in a row and leaves the game.
timer-roll-off = No one rolled for the first turn, so the bot threw the dice.

## The end of a table.
table-cancelled = The { $game } table was cancelled by { $name }.
table-was-cancelled = This table was cancelled.
fair-commitment = Fair dice: this table's rolls come from a secret seed with the fingerprint (SHA-256) { $commitment }. { $rolls } dice rolled so far. The seed is revealed when the game ends.
fair-reveal = Fair dice: the secret seed was { $seed } (fingerprint { $commitment }). Check every roll with:
    { $command }

## History, statistics, the leaderboard.
history-title = { $game }: the last moves ({ $count } in all).
stats-title = { $name }'s games
stats-none = No finished games yet.
stats-line = { $game }: { $games } played, { $wins } won ({ $rate }%)
top-title = This chat's best players
top-none = No finished games in this chat yet.
top-line = { $rank }. { $name }: { $wins } wins in { $games } games ({ $rate }%)

## Languages.
lang-choose = Choose a language: /lang followed by one of { $codes }. "/lang chat fa" sets the chat's language (admins).
lang-user-set = I will speak English with you.
lang-chat-set = This chat's language is now English.
boards-new = Boards: a new message every turn (change with /boards edit).
boards-edit = Boards: one message per table, edited in place every turn (change with /boards new).

## Refusals of the table service. Nothing changed.
err-stale = This button is out of date: the game has moved on. Here is the current board.
err-forged = This button does not belong to any game of mine.
err-internal = Something went wrong on my side, and nothing was changed. Please try again.
err-no-table = There is no open table here. Start one with /snakes, /ludo or /nardy.
err-which-table = This chat has several tables: name the game, for example "/status ludo".
err-lobby-exists = This chat already has a lobby for that game: join it.
err-already-seated = You already have a seat at this table.
err-table-full = This table is full.
err-not-seated = You are not playing at this table.
err-not-your-turn = It is { $name }'s turn, not yours.
err-host-only = Only the table's host or a chat admin can do that.
err-admin-only = Only a chat admin can do that.
err-too-few = At least { $min } players are needed to start.
err-started = This game has already started.
err-not-started = This game has not started yet.
err-game-over = This game is over.
err-no-such-player = No player called { $name } is at this table.
err-option-word = "{ $word }" is not an option of this game. Options: { $known }.
err-option-value = The option { $key } takes { $expected }, not { $got }.
err-option-conflict = These options cannot be combined: { $detail }.
err-players = This game is for { $min } to { $max } players, not { $got }.
err-lang = I do not speak "{ $code }". Languages: en, fa, ru, tl.
err-unknown-command = I do not know that command. /help lists them.
err-command-incomplete = That command needs more: /help shows how to use it.

## Help.
help = I run dice board games in this chat.
    /snakes, /ludo, /nardy: open a table (add options, e.g. "/snakes quick bounce 5m")
    /join, /leave, /play: take a seat, leave, start the game (host)
    /options: change the options before the start (host)
    /status: show the board again · /history: the last moves
    /resign: leave a running game · /kick name, /cancel: host or admins
    /stats: your games · /top: this chat's best players
    /fair: how the dice are kept fair · /lang: your language
    /boards edit, /boards new: one board message edited in place, or a new one each turn (admins)
    Turn timers: 1m, 5m, 1h, 24h (the default) or notimer. After three missed turns in a row a player leaves the game.

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
command-top = this chat's best players
command-fair = how the dice are kept fair
command-lang = choose your language
command-boards = new board messages, or one edited in place
command-help = what I can do
