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
six-second-back = Это вторая шестёрка подряд у { $name }: третья вернёт фишку на старт.
six-second-cap = Это вторая шестёрка подряд у { $name }: после третьей ход закончится.
six-second-forfeit = Это вторая шестёрка подряд у { $name }: третья сгорит, и ход перейдёт дальше.
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

## Кнопки.
button-join = Присоединиться
button-leave = Выйти
button-start = Начать
button-cancel = Отменить
button-roll = 🎲 Бросить
button-piece = Фишка { $piece }
button-off = выброс

## Сбор игроков.
lobby-title = { $game }: ждём игроков (за столом { $count }; играют от { $min } до { $max }).
lobby-title-exact = { $game }: ждём игроков (за столом { $count } из { $max }).
lobby-host = хозяин стола
lobby-hint = Нажмите «Присоединиться», чтобы сесть за стол. Когда все в сборе, хозяин нажимает «Начать»; полный стол начинает сам.
lobby-joined = { $name } за столом.
lobby-left = { $name } ушёл из-за стола.
lobby-kicked = { $name } удалён из-за стола.
lobby-empty = Все ушли: стол «{ $game }» закрыт.
lobby-started = { $game }: игра началась! Игроки: { $players }.
    Честные кости: броски этой игры определяет секретный ключ с отпечатком { $commitment }. После игры ключ будет раскрыт, и любой сможет проверить каждый бросок.

## Чей ход.
turn-roll = { $name }, бросайте кости.
turn-roll-off = Каждый бросает по кости за право первого хода: бросить может любой за столом.
turn-choose = { $name }, выпало { $dice }: выберите ход.

## Настройки.
option-preset = Набор настроек
option-board = Поле
option-finish = Финиш
option-bonus_six = Шестёрка — ещё бросок
option-three_sixes = Три шестёрки
option-must_enter = Выход обязателен
option-must_capture = Взятие обязательно
option-three_sixes_forfeit = Три шестёрки — ход пропадает
option-until = Играть до
option-six_block = Правило шести подряд
option-bear_off = Выброс
option-head_exception = Исключение для головы
option-match_to = Матч до
option-timer = Время на ход
option-level = Уровень компьютеров
option-bots = Число компьютеров
option-thread = Отдельная ветка
value-on = да
value-off = нет
value-classic = классическое
value-random = случайное
value-exact = точным броском
value-bounce = с отскоком
value-unlimited = без ограничений
value-cap = третья шестёрка завершает ход
value-back_to_start = третья шестёрка — на старт
value-first = первого победителя
value-all = пока все не дойдут
value-standard = обычный
value-lower_point = с младших пунктов
value-needed = когда нужно
value-strict = никогда
value-quick = быстрый
value-traditional = традиционный
timer-1m = 1 минута
timer-5m = 5 минут
timer-1h = 1 час
timer-24h = 24 часа

## Таймер хода.
timer-reminder = { $name }, ваш ход: { $minutes ->
        [one] осталась { $minutes } минута
        [few] осталось { $minutes } минуты
       *[other] осталось { $minutes } минут
    }, потом бот сходит за вас.
timer-reminder-seconds = { $name }, ваш ход: { $seconds ->
        [one] осталась { $seconds } секунда
        [few] осталось { $seconds } секунды
       *[other] осталось { $seconds } секунд
    }, потом бот сходит за вас.
timer-played = Время { $name } вышло; бот сходил за игрока (предупреждение { $strikes } из { $max }).
timer-removed = { $name } третий ход подряд не успел сходить и выбывает из игры.
timer-roll-off = Никто не бросил за первый ход, и кости бросил бот.

## Конец стола.
table-cancelled = Стол «{ $game }» отменил { $name }.
table-was-cancelled = Этот стол отменён.
fair-commitment = Честные кости: броски этого стола берутся из секретного ключа с отпечатком (SHA-256) { $commitment }. Брошено костей: { $rolls }. Ключ будет раскрыт после игры.
fair-reveal = Честные кости: секретный ключ был { $seed } (отпечаток { $commitment }). Проверьте каждый бросок командой:

## История, статистика, рейтинг.
history-title = { $game }: последние ходы (всего { $count }).
stats-title = Игры: { $name }
stats-none = Законченных игр пока нет.
stats-line = { $game }: сыграно { $games }, побед { $wins } ({ $rate }%)
top-title = { $platform ->
    [discord] Лучшие игроки этого канала в играх людей между собой
   *[other] Лучшие игроки этого чата в играх людей между собой
}
top-none = { $platform ->
    [discord] В этом канале ещё нет законченных игр людей между собой (ваши игры с компьютером — в /stats).
   *[other] В этом чате ещё нет законченных игр людей между собой (ваши игры с компьютером — в /stats).
}
top-line = { $rank }. { $name }: побед { $wins } из { $games } ({ $rate }%)

## Языки.
lang-choose = Выберите язык: /lang и один из кодов { $codes }. «/lang chat ru» задаёт язык чата (для админов).
lang-user-set = Теперь я говорю с вами по-русски.
lang-chat-set = { $platform ->
    [discord] Язык этого сервера теперь русский.
   *[other] Язык этого чата теперь русский.
}
lang-server-set = Язык этого сервера теперь русский — во всех каналах, где не выбран свой.
boards-new = Доски: каждый ход новым сообщением (изменить: /boards edit).
boards-edit = Доски: одно сообщение на стол, которое обновляется каждый ход (изменить: /boards new).
boards-tidy = Доски: каждый ход новым сообщением; когда игра окончена, её прежние доски удаляются, пока в чате тихо, и остаются последняя доска и итог (изменить: /boards new или /boards edit).

## Отказы. Ничего не изменилось.
err-stale = Эта кнопка устарела: игра уже ушла вперёд. Вот текущая доска.
err-board-follows = Этот ход уже сделан: его доска появится через мгновение.
err-forged = Эта кнопка не относится ни к одной моей игре.
err-other-chat = { $platform ->
    [discord] Эта кнопка относится к игре в другом канале: нажмите её там.
   *[other] Эта кнопка относится к игре в другом чате: нажмите её там.
}
err-internal = У меня что-то пошло не так, ничего не изменилось. Попробуйте ещё раз.
err-store-down = Хранилище игр сейчас не отвечает, поэтому ничего не изменилось. Попробуйте ещё раз через минуту.
err-table-damaged = Стол { $table } не читается из хранилища игр, поэтому продолжить его нельзя; ничего не изменилось. Оператор бота видит причину в журнале.
err-stopping = Я сейчас перезапускаюсь. Если ваш ход сохранился, его доска появится, когда я вернусь через минуту; если нет, попробуйте ещё раз тогда.
err-no-table = Здесь нет открытого стола. Начните игру: /snakes, /ludo или /nardy.
err-which-table = В этом чате несколько открытых столов: { $tables }. Добавьте к команде номер стола, например «/{ $command } { $table }».
err-lobby-exists = { $platform ->
    [discord] В этом канале уже идёт сбор на эту игру: присоединяйтесь.
   *[other] В этом чате уже идёт сбор на эту игру: присоединяйтесь.
}
err-lobby-start = Вы хозяин этого стола (стол { $table }): нажмите «Начать», чтобы начать игру.
err-already-seated = Вы уже сидите за этим столом.
err-table-full = Стол заполнен.
err-not-seated = Вы не играете за этим столом.
err-not-your-turn = Сейчас ходит { $name }, а не вы.
err-host-only = { $platform ->
    [discord] Это может только хозяин стола или участник с правом управлять сообщениями.
   *[other] Это может только хозяин стола или администратор чата.
}
err-admin-only = { $platform ->
    [discord] Это может только участник с правом управлять сообщениями.
   *[other] Это может только администратор чата.
}
err-too-few = Чтобы начать, нужно не меньше { $min } игроков.
err-started = Эта игра уже началась.
err-not-started = Эта игра ещё не началась.
err-game-over = Эта игра окончена.
err-no-such-player = За этим столом нет игрока { $name }.
err-option-word = «{ $word }» — не настройка этой игры. Настройки: { $known }.
err-option-value = Настройка «{ $option }» принимает { $allowed }, а не «{ $got }».
err-option-conflict = «{ $option }: { $value }» возможно только вместе с «{ $other }: { $other_value }».
## Lists of words in a sentence: "a, b or c".
list-separator = {", "}
list-or = {" или "}
quoted = «{ $item }»
allowed-range = число от { $min } до { $max }
words-match-length = длина матча ({ $min }–{ $max })
err-players = В эту игру играют от { $min } до { $max } игроков, а не { $got }.
err-lang = Я не знаю языка «{ $code }». Языки: en, fa, ru, tl.
err-unknown-command = Я не знаю такой команды. Список команд: /help.
err-command-incomplete = Этой команде нужно больше: как ею пользоваться, смотрите в /help.
err-boards-word = После /boards нужно одно из трёх: /boards new (новое сообщение на каждый ход), /boards edit (одно сообщение, которое обновляется) или /boards tidy (новые сообщения, прежние доски удаляются после игры).

## Справка.
help = Я провожу в этом чате настольные игры с костями.
    /snakes, /ludo, /nardy — открыть стол (с настройками, например «/snakes quick bounce 5m»)
    /join, /leave, /play — сесть, уйти, начать игру (хозяин)
    /options — изменить настройки до начала (хозяин)
    /status — показать доску снова · /history — последние ходы
    /resign — выйти из идущей игры · /kick имя, /cancel — хозяин или админы
    /stats — ваши игры · /top — лучшие игроки чата
    /notify on — личное сообщение, когда ваш ход · /games — ваши открытые столы
    /fair — как обеспечена честность костей · /lang — ваш язык
    /rules — правила игры · /snakes private — закрытый стол со ссылкой-приглашением
    /boards edit, /boards new, /boards tidy — одно обновляемое сообщение с доской, новое на каждый ход или новые, которые удаляются после игры (админы)
    Компьютеры: «/ludo bots=3», «/nardy bot expert» (easy, normal, hard; expert — только в длинных нардах) или «Добавить компьютер» в лобби
    Время на ход: 1m, 5m, 1h, 24h (по умолчанию) или notimer. Кто пропустит три хода подряд, выбывает из игры.
    /replay — законченная партия в анимации · /export — её запись (проверка: dicetable verify)

## Меню команд (Telegram, Discord).
command-snakes = открыть стол «Змеи и лестницы»
command-ludo = открыть стол «Лудо»
command-nardy = открыть стол «Длинные нарды»
command-join = сесть за стол
command-leave = уйти из-за стола до начала
command-play = начать игру (хозяин)
command-options = изменить настройки стола (хозяин)
command-status = показать доску снова
command-history = последние ходы
command-resign = выйти из идущей игры
command-kick = удалить игрока (хозяин или админ)
command-cancel = отменить стол (хозяин или админ)
command-stats = ваши игры и победы
command-notify = личное сообщение, когда ваш ход
command-games = ваши открытые столы во всех чатах
command-top = { $platform ->
    [discord] лучшие игроки канала
   *[other] лучшие игроки чата
}
command-fair = как обеспечена честность костей
command-lang = выбрать язык
command-boards = доска новым сообщением, одним обновляемым или с уборкой прежних после игры
command-help = что я умею

## Правила (/rules): кратко, затем по фразе на каждую настройку стола.
rules-title = Правила: { $game }
rules-options = С настройками этого стола:
rules-snakes = Все начинают перед клеткой 1. В свой ход бросьте кость и пройдите столько клеток. Закончили ход у подножия лестницы — поднимайтесь, на голове змеи — спускайтесь; проход мимо ничего не значит. Фишки могут стоять на одной клетке. Кто первым дойдёт до 100, побеждает.
rules-ludo = У каждого 4 фишки в домике. Бросьте кость и передвиньте одну фишку; из домика фишка выходит только на 6, на вашу стартовую клетку. После 6 бросаете ещё раз. Если ходить нечем, есть три попытки выбросить 6. Встав на фишку соперника, вы отправляете её домой; в финишном ряду фишки в безопасности. В финишный ряд входят точным броском; кто привёл домой все 4 фишки, побеждает.
rules-nardy = Двое игроков, по 15 шашек, две кости. Белые начинают с поля 24, чёрные с поля 12, оба ходят против часовой стрелки. Каждая кость — отдельный ход (дубль даёт четыре). Нельзя вставать на поле с шашкой соперника; бить нельзя. С головы за ход снимается одна шашка (в первый ход при 6-6, 4-4 и 3-3 — две). Играть нужно столько костей, сколько можно, а если подходит только одна — большую. Когда все 15 шашек в доме, их выбрасывают; кто первым выбросил все 15, побеждает (2 очка, марс, если соперник не выбросил ни одной).
rule-board-classic = Доска: классическая раскладка 1943 года.
rule-board-random = Доска: новая случайная раскладка в каждой игре, рассчитанная на 25–60 ходов.
rule-finish-exact = До 100 нужно дойти точным броском; при большем броске фишка стоит.
rule-finish-bounce = Бросок дальше 100 отражается назад на лишние клетки.
rule-bonus_six-on = Шестёрка даёт ещё один бросок.
rule-bonus_six-off = Шестёрка — обычный бросок.
rule-three_sixes-unlimited = Шестёрки подряд не ограничены.
rule-three_sixes-cap = После третьей шестёрки подряд ход заканчивается.
rule-three_sixes-back_to_start = Третья шестёрка подряд возвращает фишку на старт, где она ждёт шестёрку.
rule-must_enter-on = Если можно вывести фишку из домика, это обязательно.
rule-must_enter-off = Выводить фишку из домика — по желанию.
rule-must_capture-on = Если можно побить, бить обязательно.
rule-must_capture-off = Бить — по желанию.
rule-three_sixes_forfeit-on = Третья шестёрка подряд не играется, и ход переходит.
rule-three_sixes_forfeit-off = Третья шестёрка подряд играется как обычно.
rule-until-first = Игра кончается, когда первый игрок привёл домой все фишки.
rule-until-all = Остальные доигрывают за оставшиеся места.
rule-six_block-on = Нельзя строить заграждение из шести полей подряд, если ни одна шашка соперника ещё не прошла его.
rule-six_block-off = Заграждения из шести полей подряд разрешены.
rule-bear_off-standard = Если поле кости пусто, нужно ходить шашкой с более высокого поля; только если выше никого нет, выбрасывается шашка с самого высокого занятого поля.
rule-bear_off-lower_point = Если поле кости пусто, выбрасывается шашка со следующего занятого поля ниже.
rule-head_exception-needed = В первый ход с головы можно снять вторую шашку, если так удаётся сыграть больше костей.
rule-head_exception-strict = В первый ход вторая шашка снимается с головы только при 6-6, 4-4 или 3-3.
rule-match_to-1 = Играется одна партия.
rule-match_to = { $points ->
    [one] Матч до { $points } очка.
   *[other] Матч до { $points } очков.
}
rule-timer = Время на ход: { $timer }. Кто пропустит три хода подряд, выбывает из игры.
rule-timer-off = Время на ход не ограничено.
err-rules-which = Какая игра? /rules snakes, /rules ludo или /rules nardy.
err-bad-invite = Это приглашение недействительно, или стола уже нет. Попросите новое.
err-private-here = Закрытые столы создаются в личном чате со мной: откройте мой профиль, нажмите «Start» и отправьте /snakes private (или /ludo, /nardy).
lobby-private = Закрытый стол: отправьте друзьям приглашение ниже. Каждый игрок получает доски в своём личном чате со мной.
lobby-invite-join = Чтобы сесть за стол, отправьте: /join { $code }
command-rules = правила игры
command-game = игра за столом этого канала
command-start = открыть стол с этими настройками
button-options = ⚙ Настройки
button-done = Готово
lobby-options-hint = Здесь хозяин меняет настройки: каждая кнопка меняет одну. «Готово» возвращает к столу.

# The playground page's own words.
page-title = Песочница dicetable
page-welcome = Выберите имя для игры. Откройте другую вкладку с другим именем, чтобы сыграть с собой, или дайте этот адрес друзьям в вашей сети.
page-name = Ваше имя
page-play = Играть
page-hint = Затем напишите /snakes, /ludo или /nardy, чтобы открыть стол, и /help — обо всём остальном.
page-playing-as = играете как
page-switch = Сменить игрока
page-another = другой игрок…
page-placeholder = Напишите /snakes, /ludo, /nardy или /help
page-send = Отправить
page-only-you = это видите только вы

# Discord's own forms of sentences that name commands.
help-discord = Я провожу в этом канале настольные игры с костями.
    /snakes start, /ludo start, /nardy start — открыть стол (настройки: preset, timer, thread, bots, level, …)
    /game join, /game leave, /game play — сесть, уйти, начать игру (хозяин)
    /game status — показать доску снова · /game history — последние ходы
    /game resign — выйти из идущей игры · /game kick, /game cancel — хозяин или те, кто управляет сообщениями
    /stats — ваши игры · /top — лучшие игроки канала
    /notify set:on — личное сообщение, когда ваш ход · /game list — ваши открытые столы
    /game fair — как обеспечена честность костей · /lang — ваш язык
    /game rules — правила игры · /boards — одно обновляемое сообщение с доской или новое на каждый ход
    Время на ход: 1m, 5m, 1h, 24h (по умолчанию) или off. Кто пропустит три хода подряд, выбывает из игры.
    /game replay — законченная партия в анимации · /game export — её запись (проверка: dicetable verify)
lang-choose-discord = Выберите язык: /lang language (один из { $codes }). С server:True он задаётся для всего сервера (те, кто управляет сообщениями).
boards-new-discord = Доски: новое сообщение на каждый ход (изменить: /boards mode:edit).
boards-edit-discord = Доски: одно сообщение на стол, обновляется каждый ход (изменить: /boards mode:new).
boards-tidy-discord = Доски: новое сообщение на каждый ход; когда игра окончена, её прежние доски удаляются, пока в канале тихо, и остаются последняя доска и итог (изменить: /boards mode:new или /boards mode:edit).
err-no-table-discord = Здесь нет открытого стола. Откройте его: /snakes start, /ludo start или /nardy start.
err-which-table-discord = В этом канале несколько открытых столов: { $tables }. Выберите стол параметром table, например /game { $command } table:{ $table }.
err-rules-which-discord = Какая игра? /game rules с game:snakes, game:ludo или game:nardy.

## Discord: descriptions of slash-command options that are not game options.
discord-option-bots = сколько компьютерных игроков посадить (одно место ваше)
discord-option-level = насколько сильно играют компьютеры
discord-option-thread = играть в отдельной ветке
discord-option-game = какая игра, если столов несколько
discord-option-player = кого убрать
discord-option-language = en, fa, ru или tl
discord-option-server = для всего сервера (админы)
discord-option-mode = новое сообщение на каждый ход или правка одного
discord-option-table = номер стола, если их несколько (повтор/запись: иначе последняя законченная партия)
discord-option-set = on, off, now, after 10m, quiet 23-7 или tz +3:30
## Slash command names where Discord has the language (of ours, only Russian; the others keep the English names).
discord-name-snakes = змеи
discord-name-ludo = лудо
discord-name-nardy = нарды
discord-name-game = игра
discord-name-stats = статистика
discord-name-top = лучшие
discord-name-help = помощь
discord-name-lang = язык
discord-name-boards = доски
discord-name-notify = уведомления
## Slash-command option names where Discord has the language (en-US, en-GB, ru; Discord has no Persian or Tagalog locale, so those files keep the English names): lowercase, no spaces, at most 32 characters.
discord-name-option-preset = набор
discord-name-option-board = поле
discord-name-option-finish = финиш
discord-name-option-bonus_six = шестёрка-ещё-бросок
discord-name-option-three_sixes = три-шестёрки
discord-name-option-must_enter = выход-обязателен
discord-name-option-must_capture = взятие-обязательно
discord-name-option-three_sixes_forfeit = три-шестёрки-ход-пропадает
discord-name-option-until = играть-до
discord-name-option-six_block = правило-шести-подряд
discord-name-option-bear_off = выброс
discord-name-option-head_exception = исключение-для-головы
discord-name-option-match_to = матч-до
discord-name-option-timer = время-на-ход
discord-name-option-thread = отдельная-ветка
discord-name-option-bots = число-компьютеров
discord-name-option-level = уровень-компьютеров
discord-name-option-game = игра
discord-name-option-table = номер-стола
discord-name-option-player = игрок
discord-name-option-language = язык
discord-name-option-server = весь-сервер
discord-name-option-mode = режим

## Computer players.
computer-name = 🤖 Компьютер { $number } ({ $level })
level-easy = лёгкий
level-normal = обычный
level-hard = сильный
level-expert = мастер
button-add-computer = 🤖 Добавить компьютер ({ $level })
button-remove-computer = Убрать компьютер
turn-roll-off-thrown = Каждый бросает по кости за право первого хода: { $name } бросает их…
turn-computer = { $name } делает ход…
err-bots = Компьютеров может быть не больше { $max } (одно место остаётся за вами).
err-no-computer = За этим столом нет компьютеров.
stats-vs-computers = против компьютера ({ $level }): сыграно { $games }, побед { $wins } ({ $rate }%)

## Повторы и записи партий.
button-replay = 🎞 Повтор
button-export = 📄 Запись партии
replay-caption = { $game }, стол { $table }: вся партия, кадров: { $frames }.
replay-drawing = Рисую повтор партии: { $game }, стол { $table }. Он появится здесь, как только будет готов.
export-caption = { $game }, стол { $table }: запись партии — ходов: { $moves }, с зерном и обязательством. Проверить каждый бросок и каждый ход или нарисовать повтор:
err-replay-running = Эта партия ещё идёт: повтор и запись будут, когда она закончится (до тех пор зерно секретно).
err-no-finished = В этом чате ещё не закончилась ни одна партия. Чтобы посмотреть другой стол, назовите его номер, например { $command ->
    [export] /export { $table }
   *[replay] /replay { $table }
}.
err-no-finished-discord = В этом канале ещё не закончилась ни одна партия. Чтобы посмотреть другой стол, укажите номер: { $command ->
    [export] /game export table:{ $table }
   *[replay] /game replay table:{ $table }
}.
err-no-finished-yet = В этом чате ещё не закончилась ни одна игра: { $command ->
    [export] выгружать
   *[replay] показывать
} пока нечего.
err-no-finished-yet-discord = В этом канале ещё не закончилась ни одна игра: { $command ->
    [export] выгружать
   *[replay] показывать
} пока нечего.
err-replay-empty = Стол { $table } отменили до первого хода: повторять нечего.
err-replay-failed = Сейчас не удалось нарисовать повтор. Попробуйте через минуту.
err-no-such-table = { $platform ->
    [discord] В этом канале нет стола { $table }.
   *[other] В этом чате нет стола { $table }.
}
command-replay = законченная партия в анимации
command-export = запись законченной партии для проверки или повтора
# Which table a command means: a game not played here yet, a word that is no table, several open tables.
err-no-finished-game = В этом чате ещё не закончилась ни одна партия в { $game ->
    [snakes] «Змеи и лестницы»
    [nardy] «Длинные нарды»
   *[ludo] «Лудо»
}.
err-no-finished-game-discord = В этом канале ещё не закончилась ни одна партия в { $game ->
    [snakes] «Змеи и лестницы»
    [nardy] «Длинные нарды»
   *[ludo] «Лудо»
}.
err-not-a-table = «{ $word }» — это не игра и не номер стола. Например: { $command ->
    [export] /export, /export ludo или /export 12
   *[replay] /replay, /replay ludo или /replay 12
}.
which-table-item = { $status ->
    [lobby] { $table } ({ $game }, ждёт игроков)
   *[playing] { $table } ({ $game }, идёт игра)
}

# The playground page, when the bot does not answer (its line stays in the input).
page-offline = Бот не отвечает. Ваша строка сохранена: отправьте её ещё раз чуть позже.

## Turn notices (/notify) and your games (/games).
notify-off = Уведомления о ходе выключены.
notify-on = Уведомления о ходе включены: я пишу вам лично, { $minutes ->
        [0] как только настаёт ваш ход
        [one] когда ваш ход ждёт { $minutes } минуту
        [few] когда ваш ход ждёт { $minutes } минуты
       *[other] когда ваш ход ждёт { $minutes } минут
    } (и никогда после вашего хода).
notify-quiet = Тихие часы { $from }:00–{ $to }:00 (UTC{ $tz }): уведомления ждут их конца.
notify-tz = Ваше время: UTC{ $tz }.
notify-usage = Изменить: /notify on, /notify off, /notify after 10m, /notify now, /notify quiet 23-7 или /notify tz +3:30.
notify-usage-discord = Изменить: /notify с одним из on, off, after 10m, now, quiet 23-7, tz +3:30.
notify-open-private = Telegram позволяет мне писать вам только в чат, который вы открыли со мной: откройте его по ссылке ниже и нажмите Start.
notify-private-ready = Уведомления о ходе будут приходить в этот чат.
err-notify-word = /notify не понимает «{ $word }»: можно on, off, now, after 10m, quiet 23-7 (часы) или tz +3:30.
notice-title = Ваш ход:
notice-dm-closed = { $name }, я не смог отправить вам личное уведомление о ходе: личные сообщения закрыты. Откройте их и снова включите уведомления командой /notify on.
notice-dm-closed-discord = { $name }, я не смог отправить вам личное уведомление о ходе: личные сообщения закрыты. Откройте их и снова включите уведомления командой /notify set:on.
games-mine = Ваши открытые столы:
games-here = Открытые столы этого чата:
games-here-discord = Открытые столы этого канала:
games-elsewhere-private = Столы в других чатах я показываю только в нашем личном чате: откройте его по ссылке ниже.
notify-details-private = Тихие часы и часовой пояс сохранены; я показываю их только в нашем личном чате.
games-none = Вы не сидите ни за одним открытым столом.
games-line = { $game }, стол { $table }: { $state }{ $left }
games-line-in = { $game }, стол { $table } в «{ $chat }»: { $state }{ $left }
games-your-turn = ваш ход
games-turn-of = ходит { $name }
games-computer-turn = ходит компьютер
games-lobby = сбор игроков, сели: { $seated }
games-left = { $minutes ->
        [one] , осталась { $minutes } минута
        [few] , осталось { $minutes } минуты
       *[other] , осталось { $minutes } минут
    }

## Rematch (issue 37): the button under a finished game, its lobby and its refusals.
button-rematch = 🔁 Реванш
rematch-lobby = { $platform ->
        [discord] 🔁 Реванш стола { $number }. Это стол { $table }: кнопки здесь — для него, а в командах указывайте его номер (/game join table:{ $table }), ведь в этом канале могут быть открыты и другие столы.
       *[other] 🔁 Реванш стола { $number }. Это стол { $table }: кнопки здесь — для него, а в командах указывайте его номер (/join { $table }), ведь в этом чате могут быть открыты и другие столы.
    }
rematch-invited = Приглашены: { $names }. Нажмите «🔁 Реванш» или «Присоединиться», чтобы сесть; игра начнётся сама, когда сядут все.
err-rematch-stale = Эта кнопка реванша устарела: она не относится ни к одной законченной игре.
err-rematch-players = Реванш могут попросить только игроки стола { $table }. Сесть за новый стол может любой — кнопкой «Присоединиться».
err-rematch-over = Реванш этой игры, стол { $table }, уже начался или закрыт. Откройте новый стол, чтобы сыграть ещё.
err-rematch-started = Реванш уже начался, и вы в нём играете: это стол { $table }.
err-rematch-reserved = Свободные места в реванше оставлены для приглашённых игроков.
## Рейтинги, таблицы, сезоны и личные встречи (issue 37).
rating-change = { $name } { $before } → { $after }{ $mark } ({ $sign }{ $delta })
rating-change-provisional = { $name } { $before } → { $after }{ $mark } ({ $sign }{ $delta }), предварительный
ladder-season = Таблица сезона { $season } (рейтинг; «?» — предварительный)
ladder-all-time = Таблица за всё время (рейтинг; «?» — предварительный)
ladder-global = Таблица по всем чатам, из игроков, которые на это согласились (за всё время)
ladder-global-how = Попасть в неё: /stats public; уйти: /stats private.
ladder-global-how-discord = Попасть в неё: /stats public: True; уйти: /stats public: False.
ladder-unrated = «Змеи и лестницы» — чистая удача, поэтому рейтинга нет: считаются победы.
ladder-line = { $rank }. { $name }: { $rating }{ $mark } (игр: { $games })
ladder-wins-line = { $rank }. { $name }: побед { $wins } из { $games }
ladder-none = Здесь ещё не закончилась ни одна рейтинговая игра.
ladder-global-none = В ней пока никого: ни один игрок ещё не решил в неё попасть (/stats public).
ladder-global-unrated = У «Змей и лестниц» нет таблицы по всем чатам: победы считаются в каждом чате.
ladder-wins-none = Здесь ещё не закончилась ни одна игра между людьми.
stats-rating = { $game }: рейтинг { $rating }{ $mark } ± { $deviation }, рейтинговых игр: { $games }
stats-season = { $season }: { $rating }{ $mark }, { $place ->
    [0] в таблице здесь вас ещё нет
   *[other] место { $place } из { $players } здесь
}
stats-last-season = { $game }, тройка лучших сезона { $season }: { $names }
stats-public-on = Теперь вы в таблицах по всем чатам (/top global).
stats-public-off = Вас больше нет в таблицах по всем чатам.
vs-title = { $name } против { $other }
vs-none = Вы ещё не доиграли вместе ни одной игры.
vs-line = { $game }: игр { $games }, впереди { $ahead }, позади { $behind }
err-vs-who = С кем? Напишите /vs и имя игрока, например /vs Аня.
err-vs-unknown = Здесь никто по имени { $name } ещё не закончил игру.
err-top-word = /top принимает игру (snakes, ludo, nardy), all (за всё время) или global (по всем чатам).
err-stats-word = /stats принимает игру (ludo, nardy), public или private.
chart-title = { $game }, { $season }: рейтинг после каждой игры
command-vs = ваш счёт против другого игрока
discord-option-scope = этот сезон, всё время или все чаты
discord-option-public = быть в таблицах по всем чатам
discord-option-user = другой игрок
help-ratings = Рейтинги: /top [игра | all | global] — таблицы · /stats [игра] — ваш рейтинг и его график · /stats public или private · /vs имя — ваш счёт против игрока
help-ratings-discord = Рейтинги: /top (игра, охват) — таблицы · /stats (игра) — ваш рейтинг и его график · /stats public · /game vs — ваш счёт против игрока
season-month = { $month }.{ $year }
season-quarter = { $n }-й квартал { $year }
season-half = { $n }-е полугодие { $year }
season-year = { $year } год
discord-name-option-scope = охват
discord-name-option-public = публично
discord-name-option-user = соперник
## The live board (issue 36): the page that shows one table as it plays.
live-button = 📺 Живая доска
live-title = { $game }, стол { $table }
live-status-lobby = Ждём игроков
live-status-playing = Идёт игра
live-status-finished = Игра окончена
live-status-cancelled = Стол отменён
live-players = Игроки
live-moves = Последние ходы
live-time-left = Осталось времени
live-watching = Вы наблюдаете.
live-you = вы
live-play-link = Ваша личная ссылка, чтобы играть из браузера (никому её не давайте): { $code }
live-err-link = Эта ссылка на живую доску недействительна. Откройте доску снова из чата.
live-err-expired = Срок этой ссылки на живую доску истёк. Откройте доску снова из чата, чтобы получить новую.
live-err-no-table = Этого стола больше нет.
live-err-private = Это закрытый стол: смотреть его могут только его игроки.
live-err-busy = Слишком много запросов с вашего адреса. Подождите немного и попробуйте снова.
live-err-streams = С вашего адреса открыто слишком много живых досок. Закройте одну и попробуйте снова.
live-err-telegram = Вход через Telegram для этой страницы недействителен. Закройте страницу и откройте её снова из чата.
live-err-telegram-expired = Вход через Telegram для этой страницы был больше суток назад. Закройте страницу и откройте её снова из чата.
live-err-watch-only = По этой ссылке можно только смотреть. Чтобы играть, откройте доску из чата.
live-err-request = Не удалось прочитать этот запрос. Обновите страницу и попробуйте ещё раз.
live-play-button = 🎮 Играть на странице
live-offline = Бот не отвечает. Доска обновится, когда он вернётся.

## Board descriptions (issue 48).
describe-where = Где кто стоит:
describe-separator = {"; "}
describe-left = { $name }: вышел из игры
describe-snakes-start = { $name }: ещё не на поле
describe-snakes-square = { $name }: клетка { $square }
describe-ludo-counting = Клетки считаются от старта каждого игрока; в финишном ряду клетки с 1 по 4.
describe-ludo-player = { $name }: { $pieces }
describe-ludo-house = в доме: { $pieces }
describe-ludo-track = фишка { $piece } на клетке { $square }
describe-ludo-goal = фишка { $piece } на клетке финиша { $square }
describe-ludo-counting-short = Клетки от старта каждого; финиш 1–4.
describe-ludo-dense-house = дом { $pieces }
describe-ludo-dense-track = { $pieces } на { $square }
describe-ludo-dense-goal = { $pieces } на финише { $square }
describe-more = { $count ->
    [one] Где фишки ещё { $count } игрока
   *[other] Где фишки ещё { $count } игроков
}, скажет { $platform ->
    [discord] /game status text:True
   *[other] /board text
}.
describe-nardy-counting = Пункты пронумерованы как на доске: белые начинают с 24, чёрные с 12; пункты каждой стороны перечислены в порядке её хода.
describe-nardy-white = белые
describe-nardy-black = чёрные
describe-nardy-side = { $name } ({ $colour }): { $points }; выброшено: { $off }; осталось пройти: { $pips }
describe-nardy-colour-side = { $colour }: { $points }; выброшено: { $off }; осталось пройти: { $pips }
describe-nardy-point = { $count } на { $point }
describe-nardy-none = на доске нет шашек
describe-nardy-score = Матч до { $length }: { $name } { $points }, { $other } { $otherpoints }
move-ludo-enter = Фишка { $piece }: в игру на клетку 1
move-ludo = Фишка { $piece }: { $from } → { $to }
move-ludo-square = { $square }
move-ludo-goal = финиш { $square }
move-captures = { $move }, рубит фишку игрока { $name }
move-nardy = Шашка с { $from } на { $to }
move-nardy-off = Шашка с { $from }, выброс

command-access = сначала доска словами, для экранных чтецов (on или off)
access-on = Текстовые доски включены. За вашими столами сообщение доски начинается с того, где что стоит, словами, а каждая кнопка хода называет ход простыми словами («Фишка 2: 14 → 20»). Все за столом видят одну и ту же доску. /board text покажет любую доску словами только вам. /access off выключает.
access-on-discord = Текстовые доски включены. За вашими столами сообщение доски начинается с того, где что стоит, словами, а каждая кнопка хода называет ход простыми словами («Фишка 2: 14 → 20»). Все за столом видят одну и ту же доску. /game status text:True покажет любую доску словами только вам. /access on:False выключает.
access-off = Текстовые доски выключены: позиция словами остаётся в описании картинки каждой доски. /access on включает их; /board text покажет любую доску словами только вам.
access-off-discord = Текстовые доски выключены: позиция словами остаётся в описании картинки каждой доски. /access on:True включает их; /game status text:True покажет любую доску словами только вам.
err-access-word = /access принимает одно слово: /access on (сначала доска словами) или /access off.
err-status-word = /board принимает слово text (/board text: доска словами, только вам), игру (snakes, ludo, nardy) или номер стола.
board-text-moves = Ходы на выбор:
help-access = Экранные чтецы: /access on: сначала доска словами, ходы простыми словами · /board text: доска словами, только вам
help-access-discord = Экранные чтецы: /access on:True: сначала доска словами, ходы простыми словами · /game status text:True: доска словами, только вам
discord-option-text = доска словами, только вам (для экранных чтецов)
discord-option-on = True: сначала доска словами; False: как обычно
discord-name-access = доступность
discord-name-option-text = текстом
discord-name-option-on = включить

# The group cup (issue 49): `/cup`, a tournament a chat runs over days (docs/rules.md T1–T9).
command-cup = турнир на несколько дней: запись, пары, партия в каждом туре
cup-created = 🏆 Кубок по игре «{ $game }»: { $rounds ->
        [one] { $rounds } тур
        [few] { $rounds } тура
       *[other] { $rounds } туров
    }, на каждый { $window }, { $format }.
cup-players = Записались ({ $count }): { $names }
cup-signup-how = Запишитесь кнопкой (или /cup join). Организатор начинает кубок кнопкой «▶️ Начать кубок» (или /cup start); партии каждого тура открываются здесь как столы.
cup-signup-how-discord = Запишитесь кнопкой (или /cup join). Организатор начинает кубок кнопкой «▶️ Начать кубок» (или /cup begin); партии каждого тура открываются здесь как столы.
button-cup-join = ✍️ Записаться
button-cup-start = ▶️ Начать кубок
cup-format-swiss = швейцарская система
cup-format-round-robin = каждый с каждым
cup-format-tables = столы по { $seats }
cup-days = { $n ->
        [one] { $n } день
        [few] { $n } дня
       *[other] { $n } дней
    }
cup-hours = { $n ->
        [one] { $n } час
        [few] { $n } часа
       *[other] { $n } часов
    }
cup-minutes = { $n ->
        [one] { $n } минута
        [few] { $n } минуты
       *[other] { $n } минут
    }
cup-joined = Вы записаны на кубок по игре «{ $game }» (игроков пока: { $count }).
cup-left = Вы больше не записаны на кубок.
cup-cancelled = Кубок по игре «{ $game }» отменил { $name }. Уже начатые партии доигрываются как обычные.
cup-status-signup = Кубок по игре «{ $game }»: идёт запись.
cup-status-round = Кубок по игре «{ $game }», тур { $round } из { $rounds }: осталось { $left }.
cup-still-to-play = Ещё играют: { $names }
cup-finished-title = Кубок по игре «{ $game }» окончен. Итоговая таблица:
cup-tiebreaks = При равенстве очков решает коэффициент Зоннеборна — Бергера (КБ — коэффициент Бергера: очки тех, кого вы опередили), затем партии между равными, затем рейтинг.
cup-line = { $place }. { $name }: { $points ->
        [one] { $points } очко
        [few] { $points } очка
       *[other] { $points } очков
    } (КБ { $sb }, партий: { $played })
cup-line-withdrawn = { $place }. { $name }: { $points ->
        [one] { $points } очко
        [few] { $points } очка
       *[other] { $points } очков
    } (КБ { $sb }), выбыл(а)
cup-withdrawn = { $name } дважды не сыграл(а) партию и выбывает из кубка.
cup-round = 🏆 Кубок по игре «{ $game }», тур { $round } из { $rounds }: сыграйте свою партию за { $window }.
cup-table-line = Стол { $table }: { $players }
cup-bye-line = { $name } пропускает этот тур (свободный тур: { $points ->
        [one] { $points } очко
        [few] { $points } очка
       *[other] { $points } очков
    }).
cup-winner = 🏆 { $count ->
        [one] { $names } выигрывает кубок по игре «{ $game }»!
       *[other] { $names } делят кубок по игре «{ $game }»!
    }
cup-window-closed = Время тура вышло: { $name }, чей был ход, выбывает из этой партии.
err-cup-word = { $word } — не слово кубка: напишите игру, затем туры, время тура и настройки игры, например /cup nardy 5 rounds 24h.
err-cup-word-discord = { $word } — не слово кубка: настройки игры пишутся в параметре options команды /cup start (например 3 — матч до 3), туры и время тура — в своих параметрах.
err-cup-command = /cup открывает кубок с названием игры (/cup nardy 5 rounds 24h) или принимает join, leave, start, cancel; /cup без слов показывает таблицу.
err-cup-command-discord = /cup start (с игрой) открывает кубок; остальное делают /cup join, /cup leave, /cup begin, /cup cancel, /cup show и /cup export.
err-cup-rounds = В кубке от 1 до { $max } туров.
err-cup-window = Время тура — от 1 минуты до 7 дней (например 90m, 24h, 2d).
err-cup-seats = За столом этой игры от { $min } до { $max } игроков.
err-cup-round-robin = «Каждый с каждым» — для игр вдвоём: уберите roundrobin или играйте за столами на 2.
err-cup-round-robin-discord = «Каждый с каждым» — для игр вдвоём: выберите формат swiss или 2 места за столом.
err-cup-private = Кубок играется в своём чате: приватным он быть не может.
err-cup-private-discord = Кубок играется в своём канале: приватным он быть не может.
err-cup-exists = В этом чате уже есть кубок: /cup покажет его.
err-cup-exists-discord = В этом канале уже есть кубок: /cup show покажет его.
err-cup-none = В этом чате нет кубка. Откройте его: /cup nardy (или ludo, snakes), например /cup nardy 5 rounds 24h.
err-cup-none-discord = В этом канале нет кубка. Откройте его командой /cup start (игра, туры, время тура).
err-cup-signed = Вы уже записаны на этот кубок.
err-cup-not-signed = Вы не записаны на этот кубок.
err-cup-closed = Запись на этот кубок закрыта: прошла половина туров.
err-cup-started = Кубок начался: игроки остаются в нём (кто пропустит две партии, выбывает).
err-cup-running = Кубок уже начался.
err-cup-host = Это может только организатор кубка или администратор чата.
err-cup-host-discord = Это может только организатор кубка или участник с правом управлять сообщениями.
err-cup-few = Для начала кубка нужно хотя бы два игрока.
err-cup-over = Этот кубок окончен: /cup покажет итоговую таблицу.
err-cup-over-discord = Этот кубок окончен: /cup show покажет итоговую таблицу.
err-cup-gone = Этот кубок отменён: откройте новый командой /cup nardy (или ludo, snakes).
err-cup-gone-discord = Этот кубок отменён: откройте новый командой /cup start.
err-cup-damaged = Кубок этого чата больше не читается: его сохранённые данные повреждены. Оператор бота увидит причину в журнале; уже начатые партии кубка доигрываются как обычные.
err-cup-damaged-discord = Кубок этого канала больше не читается: его сохранённые данные повреждены. Оператор бота увидит причину в журнале; уже начатые партии кубка доигрываются как обычные.
cup-starts-in = Запись закроется, и кубок начнётся сам через { $left }.
cup-start-few = Кубок по игре «{ $game }» не начался: к началу записалось меньше двух игроков, поэтому он отменён.
cup-cancelled-unattended = Кубок по игре «{ $game }» отменён.
err-cup-start = Начало кубка — время суток по вашему поясу из /notify tz (start=18:30) или срок от 1 минуты до 7 дней (start=2h).
err-cup-start-discord = Начало кубка (параметр starts) — время суток по вашему поясу (его задаёт /notify с tz +3:30), например 18:30, или срок от 1 минуты до 7 дней, например 2h.
help-cup = Кубок: /cup nardy 5 rounds 24h открывает его · /cup join · /cup leave · /cup start · /cup cancel · /cup export · /cup: таблица
help-cup-discord = Кубок: /cup start (игра, туры, время) открывает его · /cup join · /cup leave · /cup begin · /cup cancel · /cup export · /cup show: таблица
discord-cup-start = открыть кубок: игра, число туров, время тура
discord-cup-join = записаться на кубок этого канала
discord-cup-leave = выйти из кубка до его начала
discord-cup-begin = начать первый тур кубка (организатор или администратор)
discord-cup-cancel = отменить кубок (организатор или администратор)
discord-cup-show = таблица кубка, кто ещё играет, сколько осталось
discord-option-rounds = сколько туров (по умолчанию 5)
discord-option-window = время тура, например 24h, 90m, 2d (по умолчанию 24h)
discord-option-format = swiss: встречаются игроки с равными очками; roundrobin: каждый с каждым
discord-option-seats = игроков за столом (лудо, змеи; по умолчанию 4)
discord-option-options = настройки игры словами, например 3 (матч до 3) или quick bounce
discord-option-starts = когда закроется запись и кубок начнётся сам: 18:30 (по вашему /notify tz) или 2h
discord-name-cup = кубок
discord-name-option-rounds = туры
discord-name-option-window = время
discord-name-option-format = формат
discord-name-option-seats = места
discord-name-option-options = настройки
discord-name-option-starts = начало
cup-excused = { $by } простил(а) { $name } одну пропущенную партию этого кубка.
cup-excused-back = { $by } простил(а) { $name } одну пропущенную партию: { $name } снова в кубке и получит пару со следующего тура.
cup-lifted = { $name } может сразу записаться на следующий кубок этого чата: ожидание за пропуски снято.
cup-lifted-discord = { $name } может сразу записаться на следующий кубок этого канала: ожидание за пропуски снято.
err-cup-wait = Вы пропускали партии в каждом из своих последних кубков здесь (кубков: { $cups }): записаться снова можно через { $left }. Администратор чата может снять это командой /cup lift и вашим именем.
err-cup-wait-discord = Вы пропускали партии в каждом из своих последних кубков здесь (кубков: { $cups }): записаться снова можно через { $left }. Участник с правом управлять сообщениями может снять это командой /cup lift с вашим именем.
err-cup-unknown = В кубках этого чата нет игрока { $name }.
err-cup-unknown-discord = В кубках этого канала нет игрока { $name }.
err-cup-no-forfeit = У { $name } нет пропущенной партии в этом кубке.
err-cup-admin = Снять ожидание может только администратор чата.
err-cup-admin-discord = Снять ожидание может только участник с правом управлять сообщениями.
discord-cup-excuse = простить игроку одну пропущенную партию этого кубка (организатор или администратор)
discord-cup-lift = снять ожидание игрока за пропуски в кубках этого сервера (администратор)
discord-option-who = игрок
discord-name-option-who = игрок
cup-export = Кубок по игре «{ $game }»: игроки, партии, результаты и таблица, с записью каждой из { $games } оконченных партий. Проверить все партии и таблицу:
discord-cup-export = кубок файлом: запись каждой партии, результаты и таблица
cup-picture-title = Кубок по игре «{ $game }», тур { $round } из { $rounds }
cup-live-title = 📊 Таблица кубка по игре «{ $game }», тур { $round } из { $rounds } (сообщение обновляется после каждой партии)
cup-picture-final = Кубок по игре «{ $game }»: итоговая таблица
cup-head-points = очки
cup-head-sb = КБ
cup-head-games = партии

## Issue 61: `/games`' time left of an hour or more, in hours and minutes.
games-left-hours = , осталось { $hours } ч { $minutes } мин

## Issue 61: `/cup` words that contradict each other.
err-cup-contradiction = «{ $first }» и «{ $second }» противоречат друг другу: укажите каждую настройку кубка один раз.

## Issue 61: a cup's sign-up message that could not become its standings (a text cannot be
## edited into a picture on Telegram) is left saying this.
cup-signup-closed = Кубок по игре «{ $game }» начался: запись закрыта. Его таблица — в последнем сообщении кубка.
board-text-open-chat = Я пока не могу написать вам лично: откройте чат со мной по этой ссылке и снова попросите /board text.
