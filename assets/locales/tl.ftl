# dicetable: Tagalog.

game-snakes = Ahas at Hagdan
game-ludo = Ludo
game-nardy = Mahabang Nardy

## Refusals
refusal-game-over = Tapos na ang larong ito.
refusal-roll-expected = Mag-roll muna ng dice.
refusal-move-expected = Pumili muna ng piyesang igagalaw.
refusal-step-expected = Laruin mo muna ang iyong dice.
refusal-dice-count = Kailangan ng { $expected } dice sa roll na ito, hindi { $got }.
refusal-bad-die = Ang dice ay 1 hanggang 6 lamang, hindi { $die }.
refusal-no-such-seat = Walang ganoong manlalaro sa mesang ito.
refusal-already-left = Umalis na sa laro si { $name }.
refusal-wrong-game = Walang ganoong galaw sa larong ito.
refusal-no-such-piece = Walang piyesa { $piece }; 1 hanggang 4 lang ang mga piyesa.
refusal-piece-needs-six = Makalalabas lang ng bahay ang piyesa { $piece } kapag 6.
refusal-piece-start-occupied = Hindi makalabas ang piyesa { $piece }: may sarili mong piyesa sa simula.
refusal-piece-own-piece = Tatapak ang piyesa { $piece } sa sarili mong piyesa.
refusal-piece-past-goal = Hindi makaaabante nang ganoon kalayo ang piyesa { $piece }: lalampas ito sa dulo ng goal.
refusal-piece-must-capture = May maaaring kainin, at sapilitan ang pagkain sa mesang ito.
refusal-piece-must-enter = May piyesang makalalabas ng bahay, at sapilitan iyon sa mesang ito.
refusal-step-no-such-die = Wala ka nang { $die } na malalaro.
refusal-step-no-checker = Wala kang piyesa sa punto { $point }.
refusal-step-occupied = Ang piyesa mula sa punto { $point } gamit ang { $die } ay tatapak sa piyesa ng kalaban.
refusal-step-head = Isang piyesa lang ang maaaring umalis sa ulo ngayong turno.
refusal-step-six-block = Makabubuo iyon ng anim na magkakasunod na punto nang walang piyesa ng kalaban na nakalampas.
refusal-step-not-home = Makapag-aalis ka lang kapag nasa bahay na ang lahat ng labinlimang piyesa.
refusal-step-higher-point = Ang piyesa sa mas mataas na punto ang dapat gumamit ng dice na ito.
refusal-step-full-move = May ibang paraan na mas maraming dice ang nalalaro, at dapat laruin ang lahat ng malalaro.
refusal-step-larger-die = Isang dice lang ang malalaro, kaya ang mas malaki ang dapat.

## Events
event-rolled = Nag-roll si { $name }: { $dice }.
event-moved = Lumipat si { $name } mula { $from } papuntang { $to }.
event-bounced = Umabot si { $name } sa 100 at tumalbog pabalik sa { $to }.
event-climbed = Umakyat si { $name } sa hagdan mula { $from } hanggang { $to }!
event-slid = Dumulas si { $name } sa ahas mula { $from } hanggang { $to }.
event-no-move-overshoot = Kailangan ni { $name } ng eksaktong bilang para maabot ang 100.
event-no-move-locked = Mananatili si { $name } sa simula hanggang lumabas ang 6.
event-no-move-blocked = Walang galaw si { $name } sa roll na iyon.
event-extra-roll = Mag-roll ulit si { $name }.
event-sent-back = Ikatlong sunod na 6: babalik si { $name } sa simula.
event-locked = Kailangang mag-roll si { $name } ng 6 para makapagsimula ulit.
event-unlocked = 6! Malaya na ulit si { $name }.
event-turn = Turno ni { $name }.
event-finished = Nakarating na si { $name }!
event-left-resigned = Sumuko si { $name }.
event-left-kicked = Inalis ng host si { $name }.
event-left-timed-out = Inalis si { $name } dahil sa napakaraming nalampasang turno.
event-game-over = Tapos na ang laro.
event-rank = { $rank }. { $name }
event-roll-off = Roll para sa unang turno: { $rolls }.
event-roll-off-again = Tabla: mag-roll ulit sina { $names }.
event-colours = Puti ang kay { $name } at siya ang mauuna.
event-entered = Inilabas ni { $name } ang piyesa { $piece }.
event-piece-moved = Iniabante ni { $name } ang piyesa { $piece } nang { $steps } hakbang.
event-piece-home = Naipasok ni { $name } ang piyesa { $piece } sa goal.
event-captured = Kinain ni { $by } ang piyesa { $piece } ni { $name }!
event-try-again = Mag-roll ulit si { $name }: subok { $try } sa 3.
event-forfeit = Ikatlong sunod na 6: tapos na ang turno ni { $name }.
event-stepped = Inilipat ni { $name } ang piyesa mula { $from } papuntang { $to }.
event-borne-off = Inalis ni { $name } ang piyesa mula { $from }.
event-dice-lost-blocked = Hindi malaro ni { $name } ang { $dice }.
event-dice-lost-one-die = Isang dice lang ang nalaro ni { $name }; nawala ang { $dice }.
event-game-won = Panalo si { $name } sa larong ito: { $points } puntos.
event-game-won-mars = Panalo si { $name } nang may mars: { $points } puntos!
event-new-game = Nagsisimula ang laro { $number } ng match.

## Mga button.
button-join = Sumali
button-leave = Umalis
button-start = Simulan
button-cancel = Kanselahin
button-roll = 🎲 Ihagis
button-piece = Piyesa { $piece }
button-off = labas

## Ang lobby.
lobby-title = { $game }: naghihintay ng mga manlalaro ({ $count } ang nakaupo; { $min } hanggang { $max } ang puwedeng maglaro).
lobby-host = host
lobby-hint = Pindutin ang Sumali para umupo. Pipindutin ng host ang Simulan kapag kumpleto na; kusang nagsisimula ang punong mesa.
lobby-joined = Sumali si { $name }.
lobby-left = Umalis si { $name }.
lobby-kicked = Inalis si { $name } sa mesa.
lobby-empty = Umalis na ang lahat: sarado na ang mesa ng { $game }.
lobby-started = Simula na ng { $game }! Mga manlalaro: { $players }.
    Patas na dais: ang mga hagis sa larong ito ay itinakda ng isang lihim na susi na may fingerprint na { $commitment }. Ibubunyag ang susi pagkatapos ng laro para masuri ng kahit sino ang bawat hagis.

## Kaninong tira.
turn-roll = { $name }, ihagis mo ang dais.
turn-roll-off = Maghahagis ang bawat isa ng isang dais para sa unang tira: kahit sino sa mesa ay puwedeng maghagis.
turn-choose = { $name }, { $dice } ang lumabas: piliin ang galaw mo.

## Mga opsyon.
option-board = Board
option-finish = Pagtatapos
option-bonus_six = Anim, hagis ulit
option-three_sixes = Tatlong anim
option-must_enter = Sapilitang paglabas
option-must_capture = Sapilitang pagkain
option-three_sixes_forfeit = Tatlong anim, wala nang tira
option-until = Laro hanggang
option-six_block = Tuntunin ng anim na harang
option-bear_off = Pag-alis ng piyesa
option-head_exception = Eksepsiyon sa ulo
option-match_to = Laban hanggang
option-timer = Oras bawat tira
value-on = oo
value-off = hindi
value-classic = klasiko
value-random = random
value-exact = eksaktong hagis
value-bounce = tatalbog pabalik
value-unlimited = walang limitasyon
value-cap = tapos ang tira sa ikatlong anim
value-back_to_start = balik sa simula sa ikatlong anim
value-first = unang panalo
value-all = makauwi ang lahat
value-standard = karaniwan
value-lower_point = mula sa mas mababang punto
value-needed = kapag kailangan
value-strict = hindi kailanman
timer-1m = 1 minuto
timer-5m = 5 minuto
timer-1h = 1 oras
timer-24h = 24 oras

## Ang timer ng tira.
timer-reminder = { $name }, tira mo na: { $minutes ->
        [one] isang minuto na lang
       *[other] { $minutes } minuto na lang
    } bago maglaro ang bot para sa iyo.
timer-played = Naubos ang oras ni { $name }; ang bot ang naglaro para sa kanya (babala { $strikes } sa { $max }).
timer-removed = Naubos ang oras ni { $name } nang tatlong sunod na tira kaya aalis na siya sa laro.
timer-roll-off = Walang naghagis para sa unang tira, kaya ang bot ang naghagis.

## Ang pagtatapos ng mesa.
table-cancelled = Kinansela ni { $name } ang mesa ng { $game }.
table-was-cancelled = Kinansela ang mesang ito.
fair-commitment = Patas na dais: ang mga hagis sa mesang ito ay galing sa lihim na susi na may fingerprint (SHA-256) na { $commitment }. { $rolls } dais na ang naihagis. Ibubunyag ang susi pagkatapos ng laro.
fair-reveal = Patas na dais: ang lihim na susi ay { $seed } (fingerprint { $commitment }). Suriin ang bawat hagis gamit ang:
    { $command }

## Kasaysayan, istatistika, leaderboard.
history-title = { $game }: ang mga huling galaw ({ $count } lahat).
stats-title = Mga laro ni { $name }
stats-none = Wala pang natapos na laro.
stats-line = { $game }: { $games } nilaro, { $wins } panalo ({ $rate }%)
top-title = Mga pinakamahusay sa chat na ito
top-none = Wala pang natapos na laro sa chat na ito.
top-line = { $rank }. { $name }: { $wins } panalo sa { $games } laro ({ $rate }%)

## Mga wika.
lang-choose = Pumili ng wika: /lang at isa sa { $codes }. Ang "/lang chat tl" ay para sa wika ng chat (mga admin).
lang-user-set = Tagalog na ang gagamitin ko sa iyo.
lang-chat-set = Tagalog na ang wika ng chat na ito.
boards-new = Mga board: bagong mensahe bawat tira (palitan gamit ang /boards edit).
boards-edit = Mga board: isang mensahe bawat mesa na ine-edit bawat tira (palitan gamit ang /boards new).

## Mga pagtanggi. Walang nagbago.
err-stale = Luma na ang button na ito: umusad na ang laro. Narito ang kasalukuyang board.
err-forged = Hindi kabilang ang button na ito sa alinman sa mga laro ko.
err-internal = May nagkaproblema sa panig ko, at walang nagbago. Pakisubukan ulit.
err-no-table = Walang bukas na mesa rito. Magsimula ng isa gamit ang /snakes, /ludo o /nardy.
err-which-table = Maraming mesa sa chat na ito: sabihin ang laro, halimbawa "/status ludo".
err-lobby-exists = May lobby na para sa larong iyan sa chat na ito: sumali ka roon.
err-already-seated = May upuan ka na sa mesang ito.
err-table-full = Puno na ang mesang ito.
err-not-seated = Hindi ka naglalaro sa mesang ito.
err-not-your-turn = Tira ni { $name }, hindi sa iyo.
err-host-only = Ang host ng mesa o admin ng chat lang ang makakagawa niyan.
err-admin-only = Admin ng chat lang ang makakagawa niyan.
err-too-few = Kailangan ng hindi bababa sa { $min } manlalaro para magsimula.
err-started = Nagsimula na ang larong ito.
err-not-started = Hindi pa nagsisimula ang larong ito.
err-game-over = Tapos na ang larong ito.
err-no-such-player = Walang manlalarong { $name } sa mesang ito.
err-option-word = Ang "{ $word }" ay hindi opsyon ng larong ito. Mga opsyon: { $known }.
err-option-value = Ang opsyong { $key } ay tumatanggap ng { $expected }, hindi { $got }.
err-option-conflict = Hindi puwedeng pagsabayin ang mga opsyong ito: { $detail }.
err-players = Ang larong ito ay para sa { $min } hanggang { $max } manlalaro, hindi { $got }.
err-lang = Hindi ko alam ang "{ $code }". Mga wika: en, fa, ru, tl.
err-unknown-command = Hindi ko alam ang utos na iyan. Nasa /help ang listahan.
err-command-incomplete = Kulang ang utos na iyan: tingnan sa /help kung paano ito gamitin.

## Tulong.
help = Nagpapatakbo ako ng mga larong may dais sa chat na ito.
    /snakes, /ludo, /nardy: magbukas ng mesa (may opsyon, hal. "/snakes quick bounce 5m")
    /join, /leave, /play: umupo, umalis, simulan ang laro (host)
    /options: baguhin ang mga opsyon bago magsimula (host)
    /status: ipakita ulit ang board · /history: ang mga huling galaw
    /resign: umalis sa tumatakbong laro · /kick pangalan, /cancel: host o mga admin
    /stats: ang mga laro mo · /top: ang mga pinakamahusay sa chat
    /fair: kung paano pinananatiling patas ang dais · /lang: ang wika mo
    /boards edit, /boards new: isang mensahe ng board na ine-edit, o bago bawat tira (mga admin)
    Timer ng tira: 1m, 5m, 1h, 24h (default) o notimer. Aalis sa laro ang manlalarong makalampas ng tatlong sunod na tira.

## Ang menu ng mga utos (Telegram, Discord).
command-snakes = magbukas ng mesa ng Ahas at Hagdan
command-ludo = magbukas ng mesa ng Ludo
command-nardy = magbukas ng mesa ng Mahabang Nardy
command-join = umupo sa isang mesa
command-leave = umalis sa mesa bago magsimula
command-play = simulan ang laro (host)
command-options = baguhin ang mga opsyon ng mesa (host)
command-status = ipakita ulit ang board
command-history = ang mga huling galaw
command-resign = umalis sa tumatakbong laro
command-kick = mag-alis ng manlalaro (host o admin)
command-cancel = kanselahin ang mesa (host o admin)
command-stats = ang mga laro at panalo mo
command-top = ang mga pinakamahusay sa chat
command-fair = kung paano pinananatiling patas ang dais
command-lang = piliin ang wika mo
command-boards = bagong mensahe ng board, o isang ine-edit
command-help = ang kaya kong gawin
