# dicetable: русский.

game-snakes = Змеи и лестницы
game-ludo = Лудо
game-nardy = Длинные нарды

## Refusals
refusal-game-over = Эта игра окончена.
refusal-roll-expected = Сначала бросьте кубик.
refusal-move-expected = Сначала выберите фишку для хода.
refusal-step-expected = Сначала сыграйте свои кости.
refusal-dice-count = Для этого броска нужно кубиков: { $expected }, а не { $got }.
refusal-bad-die = На кубике бывает от 1 до 6, а не { $die }.
refusal-no-such-seat = За этим столом нет такого игрока.
refusal-already-left = { $name } уже вышел из игры.
refusal-wrong-game = В этой игре нет такого хода.
refusal-no-such-piece = Фишки { $piece } нет; фишки — от 1 до 4.
refusal-piece-needs-six = Фишка { $piece } выходит из дома только при шестёрке.
refusal-piece-start-occupied = Фишка { $piece } не может выйти: на стартовой клетке стоит ваша фишка.
refusal-piece-own-piece = Фишка { $piece } встала бы на вашу же фишку.
refusal-piece-past-goal = Фишка { $piece } не может пройти так далеко: это дальше конца финиша.
refusal-piece-must-capture = Можно срубить фишку, а за этим столом рубить обязательно.
refusal-piece-must-enter = Можно вывести фишку из дома, а за этим столом это обязательно.
refusal-step-no-such-die = У вас не осталось кости { $die }.
refusal-step-no-checker = На пункте { $point } нет ваших шашек.
refusal-step-occupied = Шашка с пункта { $point } на { $die } встала бы на шашки соперника.
refusal-step-head = С головы за ход можно снять только одну шашку.
refusal-step-six-block = Так получится шесть пунктов подряд, а ни одна шашка соперника их ещё не прошла.
refusal-step-not-home = Выбрасывать можно, только когда все пятнадцать шашек в доме.
refusal-step-higher-point = Этой костью должна ходить шашка с более высокого пункта.
refusal-step-full-move = Другой вариант играет больше костей, а сыграть нужно все возможные.
refusal-step-larger-die = Сыграть можно только одну кость — значит, большую.

## Events
event-rolled = { $name } бросает: { $dice }.
event-moved = { $name }: с { $from } на { $to }.
event-bounced = { $name }: до 100 и обратно на { $to }.
event-climbed = { $name } поднимается по лестнице с { $from } на { $to }!
event-slid = { $name } съезжает по змее с { $from } на { $to }.
event-no-move-overshoot = { $name }: до 100 нужно выбросить точно.
event-no-move-locked = { $name } ждёт шестёрку на старте.
event-no-move-blocked = { $name } не может ходить с таким броском.
event-extra-roll = { $name } бросает ещё раз.
event-sent-back = Третья шестёрка подряд: { $name } возвращается на старт.
event-locked = { $name } начнёт снова только с шестёрки.
event-unlocked = Шестёрка! { $name } снова в игре.
event-turn = Ходит { $name }.
event-finished = { $name } на финише!
event-left-resigned = { $name } сдаётся.
event-left-kicked = Хозяин стола исключил игрока { $name }.
event-left-timed-out = Игрок { $name } исключён: пропущено слишком много ходов.
event-game-over = Игра окончена.
event-rank = { $rank }. { $name }
event-roll-off = Бросок за первый ход: { $rolls }.
event-roll-off-again = Ничья: { $names } бросают ещё раз.
event-colours = { $name } играет белыми и ходит первым.
event-entered = { $name } выводит фишку { $piece }.
event-piece-moved = { $name } ходит фишкой { $piece } на { $steps ->
        [one] { $steps } клетку
        [few] { $steps } клетки
       *[many] { $steps } клеток
    }.
event-piece-home = { $name } заводит фишку { $piece } в финиш.
event-captured = { $by } рубит фишку { $piece } игрока { $name }!
event-try-again = { $name } бросает ещё раз: попытка { $try } из 3.
event-forfeit = Третья шестёрка подряд: ход игрока { $name } окончен.
event-stepped = { $name }: шашка с { $from } на { $to }.
event-borne-off = { $name } выбрасывает шашку с { $from }.
event-dice-lost-blocked = { $name } не может сыграть { $dice }.
event-dice-lost-one-die = { $name } играет только одну кость; { $dice } пропадает.
event-game-won = { $name } выигрывает партию: { $points ->
        [one] { $points } очко
        [few] { $points } очка
       *[many] { $points } очков
    }.
event-game-won-mars = { $name } выигрывает с марсом: { $points ->
        [one] { $points } очко
        [few] { $points } очка
       *[many] { $points } очков
    }!
event-new-game = Начинается партия { $number } матча.
