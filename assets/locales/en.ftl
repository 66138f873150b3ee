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
