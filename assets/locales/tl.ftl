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
six-second-back = Ikalawang 6 na sunod-sunod ito ni { $name }: ibabalik siya sa simula ng ikatlo.
six-second-cap = Ikalawang 6 na sunod-sunod ito ni { $name }: tatapusin ng ikatlo ang tira.
six-second-forfeit = Ikalawang 6 na sunod-sunod ito ni { $name }: hindi lalaruin ang ikatlo at lilipat ang tira.
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
lobby-title-exact = { $game }: naghihintay ng mga manlalaro ({ $count } sa { $max } ang nakaupo).
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
option-preset = Preset
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
option-level = Antas ng mga computer
option-bots = Bilang ng mga computer
option-thread = Sariling thread
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
value-quick = mabilis
value-traditional = tradisyonal
timer-1m = 1 minuto
timer-5m = 5 minuto
timer-1h = 1 oras
timer-24h = 24 oras

## Ang timer ng tira.
timer-reminder = { $name }, tira mo na: { $minutes ->
        [1] isang minuto na lang
       *[other] { $minutes } minuto na lang
    } bago maglaro ang bot para sa iyo.
timer-reminder-seconds = { $name }, tira mo na: { $seconds } segundo na lang bago maglaro ang bot para sa iyo.
timer-played = Naubos ang oras ni { $name }; ang bot ang naglaro para sa kanya (babala { $strikes } sa { $max }).
timer-removed = Naubos ang oras ni { $name } nang tatlong sunod na tira kaya aalis na siya sa laro.
timer-roll-off = Walang naghagis para sa unang tira, kaya ang bot ang naghagis.

## Ang pagtatapos ng mesa.
table-cancelled = Kinansela ni { $name } ang mesa ng { $game }.
table-was-cancelled = Kinansela ang mesang ito.
fair-commitment = Patas na dais: ang mga hagis sa mesang ito ay galing sa lihim na susi na may fingerprint (SHA-256) na { $commitment }. { $rolls } dais na ang naihagis. Ibubunyag ang susi pagkatapos ng laro.
fair-reveal = Patas na dais: ang lihim na susi ay { $seed } (fingerprint { $commitment }). Suriin ang bawat hagis gamit ang:

## Kasaysayan, istatistika, leaderboard.
history-title = { $game }: ang mga huling galaw ({ $count } lahat).
stats-title = Mga laro ni { $name }
stats-none = Wala pang natapos na laro.
stats-line = { $game }: { $games } nilaro, { $wins } panalo ({ $rate }%)
top-title = { $platform ->
    [discord] Mga pinakamahusay sa channel na ito, sa mga laro ng mga tao
   *[other] Mga pinakamahusay sa chat na ito, sa mga laro ng mga tao
}
top-none = { $platform ->
    [discord] Wala pang natapos na laro ng mga tao sa channel na ito (nasa /stats ang mga laro mo laban sa computer).
   *[other] Wala pang natapos na laro ng mga tao sa chat na ito (nasa /stats ang mga laro mo laban sa computer).
}
top-line = { $rank }. { $name }: { $wins } panalo sa { $games } laro ({ $rate }%)

## Mga wika.
lang-choose = Pumili ng wika: /lang at isa sa { $codes }. Ang "/lang chat tl" ay para sa wika ng chat (mga admin).
lang-user-set = Tagalog na ang gagamitin ko sa iyo.
lang-chat-set = { $platform ->
    [discord] Tagalog na ang wika ng server na ito.
   *[other] Tagalog na ang wika ng chat na ito.
}
lang-server-set = Tagalog na ang wika ng server na ito, sa bawat channel na walang sariling wika.
boards-new = Mga board: bagong mensahe bawat tira (palitan gamit ang /boards edit).
boards-edit = Mga board: isang mensahe bawat mesa na ine-edit bawat tira (palitan gamit ang /boards new).
boards-tidy = Mga board: bagong mensahe bawat tira; pagkatapos ng laro, binubura ang mga naunang board nito habang tahimik ang chat, at naiiwan ang huling board at ang resulta (palitan gamit ang /boards new o /boards edit).

## Mga pagtanggi. Walang nagbago.
err-stale = Luma na ang button na ito: umusad na ang laro. Narito ang kasalukuyang board.
err-board-follows = Nagawa na ang galaw na iyan: susunod na sandali ang board nito.
err-forged = Hindi kabilang ang button na ito sa alinman sa mga laro ko.
err-other-chat = { $platform ->
    [discord] Para sa laro sa ibang channel ang button na ito: doon ito pindutin.
   *[other] Para sa laro sa ibang chat ang button na ito: doon ito pindutin.
}
err-internal = May nagkaproblema sa panig ko, at walang nagbago. Pakisubukan ulit.
err-store-down = Hindi sumasagot ngayon ang imbakan ng mga laro, kaya walang nagbago. Pakisubukan ulit mamaya.
err-table-damaged = Hindi mabasa mula sa imbakan ng mga laro ang mesa { $table }, kaya hindi na ito maitutuloy; walang nagbago. Nakikita ng operator ng bot ang dahilan sa mga log.
err-stopping = Nagre-restart ako ngayon. Kung na-save ang galaw mo, lalabas ang board nito pagbalik ko sa ilang sandali; kung hindi, pakisubukan ulit noon.
err-no-table = Walang bukas na mesa rito. Magsimula ng isa gamit ang /snakes, /ludo o /nardy.
err-which-table = Maraming bukas na mesa sa chat na ito: { $tables }. Idagdag ang numero ng mesa sa utos, halimbawa "/{ $command } { $table }".
err-lobby-exists = { $platform ->
    [discord] May lobby na para sa larong iyan sa channel na ito: sumali ka roon.
   *[other] May lobby na para sa larong iyan sa chat na ito: sumali ka roon.
}
err-lobby-start = Ikaw ang host ng lobby na ito (mesa { $table }): pindutin ang Simulan para simulan ang laro.
err-already-seated = May upuan ka na sa mesang ito.
err-table-full = Puno na ang mesang ito.
err-not-seated = Hindi ka naglalaro sa mesang ito.
err-not-your-turn = Tira ni { $name }, hindi sa iyo.
err-host-only = { $platform ->
    [discord] Ang host ng mesa o miyembrong may pahintulot na mamahala ng mga mensahe lang ang makakagawa niyan.
   *[other] Ang host ng mesa o admin ng chat lang ang makakagawa niyan.
}
err-admin-only = { $platform ->
    [discord] Miyembrong may pahintulot na mamahala ng mga mensahe lang ang makakagawa niyan.
   *[other] Admin ng chat lang ang makakagawa niyan.
}
err-too-few = Kailangan ng hindi bababa sa { $min } manlalaro para magsimula.
err-started = Nagsimula na ang larong ito.
err-not-started = Hindi pa nagsisimula ang larong ito.
err-game-over = Tapos na ang larong ito.
err-no-such-player = Walang manlalarong { $name } sa mesang ito.
err-option-word = Ang "{ $word }" ay hindi opsyon ng larong ito. Mga opsyon: { $known }.
err-option-value = Ang "{ $option }" ay tumatanggap ng { $allowed }, hindi "{ $got }".
err-option-conflict = Ang "{ $option }: { $value }" ay puwede lang kasama ng "{ $other }: { $other_value }".
## Lists of words in a sentence: "a, b or c".
list-separator = {", "}
list-or = {" o "}
quoted = "{ $item }"
allowed-range = numero mula { $min } hanggang { $max }
words-match-length = haba ng laban ({ $min }–{ $max })
err-players = Ang larong ito ay para sa { $min } hanggang { $max } manlalaro, hindi { $got }.
err-lang = Hindi ko alam ang "{ $code }". Mga wika: en, fa, ru, tl.
err-unknown-command = Hindi ko alam ang utos na iyan. Nasa /help ang listahan.
err-command-incomplete = Kulang ang utos na iyan: tingnan sa /help kung paano ito gamitin.
err-boards-word = Isa lang sa tatlo ang tinatanggap ng /boards: /boards new (bagong mensahe bawat tira), /boards edit (isang mensaheng ine-edit) o /boards tidy (mga bagong mensahe, binubura ang mga nauna pagkatapos ng laro).

## Tulong.
help = Nagpapatakbo ako ng mga larong may dais sa chat na ito.
    /snakes, /ludo, /nardy: magbukas ng mesa (may opsyon, hal. "/snakes quick bounce 5m")
    /join, /leave, /play: umupo, umalis, simulan ang laro (host)
    /options: baguhin ang mga opsyon bago magsimula (host)
    /status: ipakita ulit ang board · /history: ang mga huling galaw
    /resign: umalis sa tumatakbong laro · /kick pangalan, /cancel: host o mga admin
    /stats: ang mga laro mo · /top: ang mga pinakamahusay sa chat
    /notify on: pribadong mensahe kapag tira mo na · /games: ang mga bukas mong mesa
    /fair: kung paano pinananatiling patas ang dais · /lang: ang wika mo
    /rules: ang mga patakaran · /snakes private: pribadong mesa na may link ng imbitasyon
    /boards edit, /boards new, /boards tidy: isang mensahe ng board na ine-edit, bago bawat tira, o mga bagong binubura pagkatapos ng laro (mga admin)
    Computer: "/ludo bots=3", "/nardy bot expert" (easy, normal, hard; expert sa Long Nardy lamang), o Magdagdag ng computer sa lobby
    Timer ng tira: 1m, 5m, 1h, 24h (default) o notimer. Aalis sa laro ang manlalarong makalampas ng tatlong sunod na tira.
    /replay: isang natapos na laro bilang animation · /export: ang rekord nito (suriin gamit ang dicetable verify)

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
command-notify = pribadong mensahe kapag tira mo na
command-games = ang mga bukas mong mesa sa lahat ng chat
command-top = { $platform ->
    [discord] ang mga pinakamahusay sa channel
   *[other] ang mga pinakamahusay sa chat
}
command-fair = kung paano pinananatiling patas ang dais
command-lang = piliin ang wika mo
command-boards = bagong mensahe ng board, isang ine-edit, o tidy: binubura ang mga nauna pagkatapos ng laro
command-help = ang kaya kong gawin

## Mga patakaran (/rules): buod, saka isang pangungusap bawat setting ng mesa.
rules-title = Mga patakaran ng { $game }
rules-options = Sa mga setting ng mesang ito:
rules-snakes = Lahat ay nagsisimula bago ang parisukat 1. Sa iyong tira, ihagis ang isang dais at umusad nang ganoon karami. Kapag huminto ka sa paanan ng hagdan, aakyat ka; sa ulo ng ahas, dadausdos ka pababa; walang epekto ang pagdaan lang. Puwedeng magsama ang mga piyesa sa isang parisukat. Ang unang makarating sa 100 ang panalo.
rules-ludo = Bawat manlalaro ay may 4 na piyesa sa bahay. Ihagis ang dais at iusad ang isang piyesa; lalabas lang ang piyesa sa 6, sa iyong panimulang parisukat. Pagkatapos ng 6, hagis ulit. Kung walang maigagalaw, may tatlong subok ka para sa 6. Kapag tumapak ka sa piyesa ng kalaban, babalik ito sa bahay; ligtas ang mga piyesa sa linya ng goal. Papasok sa goal sa eksaktong bilang; panalo ang unang makauwi ng 4 na piyesa.
rules-nardy = Dalawang manlalaro, tig-15 na piyesa, dalawang dais. Ang Puti ay nagsisimula sa punto 24, ang Itim sa punto 12, at pareho silang umiikot pakaliwa. Bawat dais ay isang galaw (apat ang doble). Hindi puwedeng huminto sa puntong may piyesa ng kalaban; walang pagkain ng piyesa. Isang piyesa lang ang puwedeng umalis sa ulo bawat tira (sa unang tira, dalawa sa 6-6, 4-4 at 3-3). Laruin ang pinakamaraming dais na kaya, at ang mas malaki kung isa lang ang kasya. Kapag nasa bahay na ang lahat ng 15, ilabas sila; panalo ang unang makapaglabas ng 15 (2 puntos, mars, kung wala pang nailabas ang talo).
rule-board-classic = Board: ang klasikong ayos noong 1943.
rule-board-random = Board: bagong random na ayos bawat laro, sinuring tatagal nang 25 hanggang 60 tira.
rule-finish-exact = Kailangan ng eksaktong hagis para marating ang 100; hindi uusad kapag sobra.
rule-finish-bounce = Ang hagis na lampas sa 100 ay babalik nang kasindami ng sobra.
rule-bonus_six-on = May dagdag na hagis ang 6.
rule-bonus_six-off = Karaniwang hagis lang ang 6.
rule-three_sixes-unlimited = Walang limitasyon sa sunod-sunod na 6.
rule-three_sixes-cap = Pagkatapos ng ikatlong sunod na 6, tapos na ang tira.
rule-three_sixes-back_to_start = Ibinabalik ng ikatlong sunod na 6 ang piyesa sa simula, at doon ito maghihintay ng 6.
rule-must_enter-on = Kung kaya mong maglabas ng piyesa, kailangan mo itong gawin.
rule-must_enter-off = Ikaw ang bahala kung maglalabas ng piyesa.
rule-must_capture-on = Kung kaya mong kumain, kailangan mong kumain.
rule-must_capture-off = Ikaw ang bahala kung kakain.
rule-three_sixes_forfeit-on = Hindi nilalaro ang ikatlong sunod na 6, at lilipat ang tira.
rule-three_sixes_forfeit-off = Nilalaro ang ikatlong sunod na 6 gaya ng ibang hagis.
rule-until-first = Tapos ang laro kapag may unang nakauwi ng lahat ng piyesa.
rule-until-all = Patuloy na maglalaro ang iba para sa natitirang puwesto.
rule-six_block-on = Bawal gumawa ng harang na anim na magkakasunod na punto maliban kung may piyesa na ng kalaban na nakalampas dito.
rule-six_block-off = Puwede ang harang na anim na magkakasunod na punto.
rule-bear_off-standard = Kung walang piyesa sa punto ng dais, kailangang gumalaw ang piyesa sa mas mataas na punto; kung wala, ilalabas ang nasa pinakamataas na puntong may piyesa.
rule-bear_off-lower_point = Kung walang piyesa sa punto ng dais, ilalabas ang nasa susunod na mas mababang puntong may piyesa.
rule-head_exception-needed = Sa unang tira, puwedeng umalis sa ulo ang ikalawang piyesa kung mas maraming dais ang malalaro dahil dito.
rule-head_exception-strict = Sa unang tira, aalis lang sa ulo ang ikalawang piyesa sa 6-6, 4-4 o 3-3.
rule-match_to-1 = Isang laro lang ang magpapasya.
rule-match_to = Ang laban ay hanggang { $points } puntos.
rule-timer = Oras bawat tira: { $timer }. Ang lumiban nang tatlong sunod na tira ay aalis sa laro.
rule-timer-off = Walang takdang oras bawat tira.
err-rules-which = Aling laro? /rules snakes, /rules ludo o /rules nardy.
err-bad-invite = Hindi wasto ang imbitasyong ito, o wala na ang mesa nito. Humingi ng bago.
err-private-here = Sa pribadong chat ko ginagawa ang pribadong mesa: buksan ang profile ko, pindutin ang Start, saka ipadala ang /snakes private (o /ludo, /nardy).
lobby-private = Pribadong mesa: ibahagi ang imbitasyon sa ibaba. Matatanggap ng bawat manlalaro ang mga board sa sarili niyang chat sa akin.
lobby-invite-join = Para sumali, ipadala: /join { $code }
command-rules = ang mga patakaran ng isang laro
command-game = maglaro sa mesa ng channel na ito
command-start = magbukas ng mesa na may ganitong mga setting
button-options = ⚙ Mga setting
button-done = Tapos na
lobby-options-hint = Dito itinatakda ng host ang mga setting: bawat pindot ay nagbabago ng isa. Ibinabalik ng "Tapos na" ang lobby.

# The playground page's own words.
page-title = Palaruan ng dicetable
page-welcome = Pumili ng pangalang gagamitin sa laro. Magbukas ng isa pang tab na may ibang pangalan para kalabanin ang sarili, o ibahagi ang address na ito sa mga kaibigan sa network mo.
page-name = Pangalan mo
page-play = Maglaro
page-hint = Pagkatapos, i-type ang /snakes, /ludo o /nardy para magbukas ng mesa, at /help para sa lahat ng iba pa.
page-playing-as = naglalaro bilang
page-switch = Palitan ang manlalaro
page-another = ibang manlalaro…
page-placeholder = I-type ang /snakes, /ludo, /nardy o /help
page-send = Ipadala
page-only-you = ikaw lang ang nakakakita nito

# Discord's own forms of sentences that name commands.
help-discord = Nagpapatakbo ako ng mga larong may dais sa channel na ito.
    /snakes start, /ludo start, /nardy start: magbukas ng mesa (mga opsyon: preset, timer, thread, bots, level, …)
    /game join, /game leave, /game play: umupo, umalis, simulan ang laro (host)
    /game status: ipakita ulit ang board · /game history: ang mga huling galaw
    /game resign: umalis sa tumatakbong laro · /game kick, /game cancel: host o mga namamahala ng mensahe
    /stats: ang mga laro mo · /top: ang mga pinakamahusay sa channel
    /notify set:on: pribadong mensahe kapag tira mo na · /game list: ang mga bukas mong mesa
    /game fair: kung paano pinananatiling patas ang dais · /lang: ang wika mo
    /game rules: ang mga patakaran · /boards: isang mensahe ng board na ine-edit, o bago bawat tira
    Timer ng tira: 1m, 5m, 1h, 24h (default) o off. Aalis sa laro ang manlalarong makalampas ng tatlong sunod na tira.
    /game replay: isang natapos na laro bilang animation · /game export: ang rekord nito (suriin gamit ang dicetable verify)
lang-choose-discord = Pumili ng wika gamit ang /lang language (isa sa { $codes }). Sa server:True, para sa buong server (mga namamahala ng mensahe).
boards-new-discord = Mga board: bagong mensahe bawat tira (palitan gamit ang /boards mode:edit).
boards-edit-discord = Mga board: isang mensahe bawat mesa, ine-edit bawat tira (palitan gamit ang /boards mode:new).
boards-tidy-discord = Mga board: bagong mensahe bawat tira; pagkatapos ng laro, binubura ang mga naunang board nito habang tahimik ang channel, at naiiwan ang huling board at ang resulta (palitan gamit ang /boards mode:new o /boards mode:edit).
err-no-table-discord = Walang bukas na mesa rito. Magbukas gamit ang /snakes start, /ludo start o /nardy start.
err-which-table-discord = Maraming bukas na mesa sa channel na ito: { $tables }. Pumili ng isa gamit ang opsyong table, hal. /game { $command } table:{ $table }.
err-rules-which-discord = Aling laro? /game rules na may game:snakes, game:ludo o game:nardy.

## Discord: descriptions of slash-command options that are not game options.
discord-option-bots = ilang computer ang uupo (may upuang para sa iyo)
discord-option-level = gaano kahusay maglaro ang mga computer
discord-option-thread = maglaro sa sariling thread
discord-option-game = aling laro, kung marami sa channel
discord-option-player = ang manlalarong aalisin
discord-option-language = en, fa, ru o tl
discord-option-server = para sa buong server (mga admin)
discord-option-mode = bagong mensahe bawat tira, o isang ine-edit
discord-option-table = numero ng mesa, kung marami (replay/rekord: kung wala, ang huling natapos na laro)
discord-option-set = on, off, now, after 10m, quiet 23-7 o tz +3:30
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
## Slash-command option names: Discord has no locale for this language; unused, kept as the English names.
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
level-easy = madali
level-normal = karaniwan
level-hard = mahirap
level-expert = eksperto
button-add-computer = 🤖 Magdagdag ng computer ({ $level })
button-remove-computer = Alisin ang computer
turn-roll-off-thrown = Maghahagis ang bawat isa ng isang dais para sa unang tira: si { $name } ang maghahagis…
turn-computer = Naglalaro si { $name }…
err-bots = Hanggang { $max } computer lang ang kasya (may upuang nakalaan para sa iyo).
err-no-computer = Walang computer sa mesang ito.
stats-vs-computers = laban sa computer ({ $level }): { $games } nalaro, { $wins } panalo ({ $rate }%)

## Mga replay at rekord ng laro.
button-replay = 🎞 Replay
button-export = 📄 Rekord ng laro
replay-caption = { $game }, mesa { $table }: ang buong laro, { $frames } frame.
replay-drawing = Iginuguhit ang replay ng { $game }, mesa { $table }. Ipapadala ito rito sa sandaling handa na.
export-caption = { $game }, mesa { $table }: ang rekord ng laro, { $moves } galaw kasama ang seed at ang commitment. Suriin ang bawat dais at bawat galaw, o gawin ang replay, gamit ang:
err-replay-running = Tumatakbo pa ang larong iyan: darating ang replay at rekord nito pagkatapos (lihim ang seed hanggang doon).
err-no-finished = Wala pang natapos na laro sa chat na ito. Para sa ibang mesa, sabihin ang numero nito, hal. { $command ->
    [export] /export { $table }
   *[replay] /replay { $table }
}.
err-no-finished-discord = Wala pang natapos na laro sa channel na ito. Para sa ibang mesa, ibigay ang numero: { $command ->
    [export] /game export table:{ $table }
   *[replay] /game replay table:{ $table }
}.
err-no-finished-yet = Wala pang natapos na laro sa chat na ito: wala pang { $command ->
    [export] mai-export
   *[replay] maipapakita muli
} hanggang may matapos.
err-no-finished-yet-discord = Wala pang natapos na laro sa channel na ito: wala pang { $command ->
    [export] mai-export
   *[replay] maipapakita muli
} hanggang may matapos.
err-replay-empty = Kinansela ang mesa { $table } bago ang unang galaw: walang mare-replay.
err-replay-failed = Hindi magawa ang replay ngayon. Subukan ulit pagkalipas ng isang minuto.
err-no-such-table = { $platform ->
    [discord] Walang mesa { $table } sa channel na ito.
   *[other] Walang mesa { $table } sa chat na ito.
}
command-replay = isang natapos na laro bilang animation
command-export = ang rekord ng isang natapos na laro, para suriin o i-replay
# Which table a command means: a game not played here yet, a word that is no table, several open tables.
err-no-finished-game = Wala pang natapos na laro ng { $game ->
    [snakes] Ahas at Hagdan
    [nardy] Mahabang Nardy
   *[ludo] Ludo
} sa chat na ito.
err-no-finished-game-discord = Wala pang natapos na laro ng { $game ->
    [snakes] Ahas at Hagdan
    [nardy] Mahabang Nardy
   *[ludo] Ludo
} sa channel na ito.
err-not-a-table = Ang "{ $word }" ay hindi laro o numero ng mesa. Halimbawa: { $command ->
    [export] /export, /export ludo o /export 12
   *[replay] /replay, /replay ludo o /replay 12
}.
which-table-item = { $status ->
    [lobby] { $table } ({ $game }, naghihintay ng manlalaro)
   *[playing] { $table } ({ $game }, naglalaro)
}

# The playground page, when the bot does not answer (its line stays in the input).
page-offline = Hindi sumasagot ang bot. Naitabi ang iyong mensahe: ipadala ulit mamaya.

## Turn notices (/notify) and your games (/games).
notify-off = Nakapatay ang mga paalala ng tira.
notify-on = Nakabukas ang mga paalala ng tira: susulatan kita nang pribado { $minutes ->
        [0] sa sandaling tira mo na
        [1] kapag isang minuto nang tira mo
       *[other] kapag { $minutes } minuto nang tira mo
    } (at hindi kailanman pagkatapos mong tumira).
notify-quiet = Tahimik na oras { $from }:00–{ $to }:00 (UTC{ $tz }): naghihintay ang mga paalala hanggang matapos ito.
notify-tz = Ang oras mo: UTC{ $tz }.
notify-usage = Baguhin gamit ang /notify on, /notify off, /notify after 10m, /notify now, /notify quiet 23-7 o /notify tz +3:30.
notify-usage-discord = Baguhin gamit ang /notify at isa sa: on, off, after 10m, now, quiet 23-7, tz +3:30.
notify-open-private = Sa Telegram, makakasulat lang ako sa iyo sa chat na binuksan mo sa akin: buksan ito sa link sa ibaba at pindutin ang Start.
notify-private-ready = Dito darating ang mga paalala ng tira.
err-notify-word = Hindi tinatanggap ng /notify ang “{ $word }”: on, off, now, after 10m, quiet 23-7 (oras) o tz +3:30 lang.
notice-title = Tira mo na:
notice-dm-closed = { $name }, hindi ko maipadala nang pribado ang paalala ng tira mo: sarado ang mga direct message mo. Buksan ang mga ito at buksan ulit ang mga paalala gamit ang /notify on.
notice-dm-closed-discord = { $name }, hindi ko maipadala nang pribado ang paalala ng tira mo: sarado ang mga direct message mo. Buksan ang mga ito at buksan ulit ang mga paalala gamit ang /notify set:on.
games-mine = Ang mga bukas mong mesa:
games-here = Mga bukas na mesa sa chat na ito:
games-here-discord = Mga bukas na mesa sa channel na ito:
games-elsewhere-private = Ang mga mesa mo sa ibang chat ay ipinapakita ko lang sa pribado nating chat: buksan ito gamit ang link sa ibaba.
notify-details-private = Naka-save ang tahimik na oras at time zone mo; ipinapakita ko lang ang mga ito sa pribado nating chat.
games-none = Wala ka sa anumang bukas na mesa.
games-line = { $game }, mesa { $table }: { $state }{ $left }
games-line-in = { $game }, mesa { $table } sa { $chat }: { $state }{ $left }
games-your-turn = tira mo
games-turn-of = tira ni { $name }
games-computer-turn = computer ang tumitira
games-lobby = lobby, { $seated } ang nakaupo
games-left = { $minutes ->
       *[other] , { $minutes } minuto pa
    }

## Rematch (issue 37): the button under a finished game, its lobby and its refusals.
button-rematch = 🔁 Muling laro
rematch-lobby = { $platform ->
        [discord] 🔁 Muling laro ng mesa { $number }. Ito ang mesa { $table }: para rito ang mga button dito, at sa mga utos ay tawagin ito sa numero nito (/game join table:{ $table }), dahil maaaring may iba pang bukas na mesa sa channel na ito.
       *[other] 🔁 Muling laro ng mesa { $number }. Ito ang mesa { $table }: para rito ang mga button dito, at sa mga utos ay tawagin ito sa numero nito (/join { $table }), dahil maaaring may iba pang bukas na mesa sa chat na ito.
    }
rematch-invited = Inimbitahan: { $names }. Pindutin ang 🔁 Muling laro o Sumali para umupo; kusang magsisimula ang laro kapag nakaupo na silang lahat.
err-rematch-stale = Luma na ang button na ito ng muling laro: wala ito sa ilalim ng alinmang tapos kong laro.
err-rematch-players = Ang mga manlalaro lang ng mesa { $table } ang puwedeng humiling ng muling laro nito. Kahit sino ay puwedeng umupo sa bagong mesa gamit ang button na Sumali.
err-rematch-over = Nagsimula na o sarado na ang muling laro ng larong ito, ang mesa { $table }. Magbukas ng bagong mesa para maglaro ulit.
err-rematch-started = Nagsimula na ang muling laro, at kasali ka: ito ang mesa { $table }.
err-rematch-reserved = Nakalaan ang mga bakanteng upuan ng muling larong ito para sa mga inimbitahang manlalaro.
## Mga rating, talaan, season at harapan (issue 37).
rating-change = { $name } { $before } → { $after }{ $mark } ({ $sign }{ $delta })
rating-change-provisional = { $name } { $before } → { $after }{ $mark } ({ $sign }{ $delta }), pansamantala
ladder-season = Talaan ng { $season } (rating; “?” = pansamantala)
ladder-all-time = Talaan ng lahat ng panahon (rating; “?” = pansamantala)
ladder-global = Talaan sa lahat ng chat, ng mga manlalarong pumiling mapasama rito (lahat ng panahon)
ladder-global-how = Sumali rito sa /stats public; umalis sa /stats private.
ladder-global-how-discord = Sumali rito sa /stats public: True; umalis sa /stats public: False.
ladder-unrated = Puro suwerte ang Snakes & Ladders, kaya wala itong rating: mga panalo ang binibilang.
ladder-line = { $rank }. { $name }: { $rating }{ $mark } ({ $games } laro)
ladder-wins-line = { $rank }. { $name }: { $wins } panalo sa { $games } laro
ladder-none = Wala pang natapos na larong may rating dito.
ladder-global-none = Wala pang nasa talaan: wala pang manlalarong pumiling sumali (/stats public).
ladder-global-unrated = Walang talaan ang Ahas at Hagdan sa lahat ng chat: binibilang ang panalo nito sa bawat chat.
ladder-wins-none = Wala pang natapos na laro ng mga tao dito.
stats-rating = { $game }: rating { $rating }{ $mark } ± { $deviation } matapos ang { $games } larong may rating
stats-season = { $season }: { $rating }{ $mark }, { $place ->
    [0] wala ka pa sa talaan dito
   *[other] ika-{ $place } sa { $players } dito
}
stats-last-season = { $game }, nangungunang tatlo ng { $season }: { $names }
stats-public-on = Kasama ka na sa mga talaan sa lahat ng chat (/top global).
stats-public-off = Hindi ka na kasama sa mga talaan sa lahat ng chat.
vs-title = { $name } laban kay { $other }
vs-none = Wala pa kayong natapos na laro nang magkasama.
vs-line = { $game }: { $games } laro, { $ahead } nauna, { $behind } nahuli
err-vs-who = Sino? Isulat ang /vs at pangalan ng manlalaro, hal. /vs Ana.
err-vs-unknown = Wala pang nagngangalang { $name } na nakatapos ng laro dito.
err-top-word = Tumatanggap ang /top ng laro (snakes, ludo, nardy), all (lahat ng panahon) o global (lahat ng chat).
err-stats-word = Tumatanggap ang /stats ng laro (ludo, nardy), public o private.
chart-title = { $game }, { $season }: rating matapos ang bawat laro
command-vs = ang tala mo laban sa ibang manlalaro
discord-option-scope = ngayong season, lahat ng panahon, o lahat ng chat
discord-option-public = mapasama sa mga talaan sa lahat ng chat
discord-option-user = ang ibang manlalaro
help-ratings = Rating: /top [laro | all | global] mga talaan · /stats [laro] ang rating mo at ang tsart nito · /stats public o private · /vs pangalan: ang tala mo laban sa isang tao
help-ratings-discord = Rating: /top (laro, saklaw) mga talaan · /stats (laro) ang rating mo at ang tsart nito · /stats public · /game vs: ang tala mo laban sa isang tao
season-month = { $month }/{ $year }
season-quarter = Q{ $n } { $year }
season-half = H{ $n } { $year }
season-year = { $year }
discord-name-option-scope = scope
discord-name-option-public = public
discord-name-option-user = user
## The live board (issue 36): the page that shows one table as it plays.
live-button = 📺 Live na board
live-title = { $game }, mesa { $table }
live-status-lobby = Naghihintay ng mga manlalaro
live-status-playing = Naglalaro
live-status-finished = Tapos na ang laro
live-status-cancelled = Kinansela ang mesa
live-players = Mga manlalaro
live-moves = Mga huling tira
live-time-left = Natitirang oras
live-watching = Nanonood ka.
live-you = ikaw
live-play-link = Ang sarili mong link para maglaro mula sa browser (huwag itong ibigay sa iba): { $code }
live-err-link = Hindi wasto ang link na ito sa live na board. Buksan muli ang board mula sa chat.
live-err-expired = Paso na ang link na ito sa live na board. Buksan muli ang board mula sa chat para sa bago.
live-err-no-table = Wala na ang mesang ito.
live-err-private = Pribado ang mesang ito: ang mga manlalaro lang nito ang makakapanood.
live-err-busy = Napakaraming kahilingan mula sa iyong address. Maghintay sandali at subukang muli.
live-err-streams = Masyadong maraming live na board ang bukas mula sa iyong address. Isara ang isa at subukang muli.
live-err-telegram = Hindi wasto ang pag-sign in ng Telegram para sa pahinang ito. Isara ang pahina at buksan muli mula sa chat.
live-err-telegram-expired = Mahigit isang araw na ang pag-sign in ng Telegram para sa pahinang ito. Isara ang pahina at buksan muli mula sa chat.
live-err-watch-only = Panonood lang ang kaya ng link na ito. Para maglaro, buksan ang board mula sa chat.
live-err-request = Hindi mabasa ang kahilingang ito. I-reload ang pahina at subukang muli.
live-play-button = 🎮 Maglaro sa pahina
live-offline = Hindi sumasagot ang bot. Mag-a-update ang board pagbalik nito.

## Board descriptions (issue 48).
describe-where = Nasaan ang lahat:
describe-separator = {"; "}
describe-left = { $name }: umalis sa laro
describe-snakes-start = { $name }: wala pa sa board
describe-snakes-square = { $name }: parisukat { $square }
describe-ludo-counting = Binibilang ang mga parisukat mula sa sariling simula ng bawat manlalaro; may mga parisukat na 1 hanggang 4 ang dulo.
describe-ludo-player = { $name }: { $pieces }
describe-ludo-house = nasa bahay: { $pieces }
describe-ludo-track = piyesa { $piece } sa parisukat { $square }
describe-ludo-goal = piyesa { $piece } sa parisukat { $square } ng dulo
describe-ludo-counting-short = Mula sa sariling simula ng bawat isa; dulo 1 hanggang 4.
describe-ludo-dense-house = bahay { $pieces }
describe-ludo-dense-track = { $pieces } sa { $square }
describe-ludo-dense-goal = { $pieces } sa dulo { $square }
describe-more = Nasaan ang mga piyesa ng { $count } pang manlalaro: sasabihin ng { $platform ->
    [discord] /game status text:True
   *[other] /board text
}.
describe-nardy-counting = Ang mga punto ay bilang sa board: sa 24 nagsisimula ang Puti, sa 12 ang Itim; nakalista ang mga punto ng bawat panig ayon sa direksyon nito.
describe-nardy-white = Puti
describe-nardy-black = Itim
describe-nardy-side = { $name } ({ $colour }): { $points }; naialis: { $off }; layong natitira: { $pips }
describe-nardy-colour-side = { $colour }: { $points }; naialis: { $off }; layong natitira: { $pips }
describe-nardy-point = { $count } sa { $point }
describe-nardy-none = walang piyesa sa board
describe-nardy-score = Laban hanggang { $length }: { $name } { $points }, { $other } { $otherpoints }
move-ludo-enter = Piyesa { $piece }: papasok sa parisukat 1
move-ludo = Piyesa { $piece }: { $from } → { $to }
move-ludo-square = { $square }
move-ludo-goal = dulo { $square }
move-captures = { $move }, kakainin ang piyesa ni { $name }
move-nardy = Piyesa mula { $from } papuntang { $to }
move-nardy-off = Piyesa mula { $from }, aalisin

command-access = ang board sa salita muna, para sa screen reader (on o off)
access-on = Naka-on na ang board na salita muna. Sa mga mesa mo, nagsisimula ang mensahe ng board sa kung nasaan ang lahat, sa salita, at bawat button ng galaw ay nagsasabi ng galaw sa simpleng salita ("Piyesa 2: 14 → 20"). Iisang board ang nakikita ng lahat sa mesa. Ipinapakita ng /board text ang anumang board sa salita, para sa iyo lang. Pinapatay ito ng /access off.
access-on-discord = Naka-on na ang board na salita muna. Sa mga mesa mo, nagsisimula ang mensahe ng board sa kung nasaan ang lahat, sa salita, at bawat button ng galaw ay nagsasabi ng galaw sa simpleng salita ("Piyesa 2: 14 → 20"). Iisang board ang nakikita ng lahat sa mesa. Ipinapakita ng /game status text:True ang anumang board sa salita, para sa iyo lang. Pinapatay ito ng /access on:False.
access-off = Naka-off ang board na salita muna: nasa paglalarawan ng larawan ng bawat board pa rin ang posisyon sa salita. Ino-on ito ng /access on; ipinapakita ng /board text ang anumang board sa salita, para sa iyo lang.
access-off-discord = Naka-off ang board na salita muna: nasa paglalarawan ng larawan ng bawat board pa rin ang posisyon sa salita. Ino-on ito ng /access on:True; ipinapakita ng /game status text:True ang anumang board sa salita, para sa iyo lang.
err-access-word = Isang salita lang ang tinatanggap ng /access: /access on (board sa salita muna) o /access off.
err-status-word = Tinatanggap ng /board ang salitang text (/board text: ang board sa salita, para sa iyo lang), isang laro (snakes, ludo, nardy) o numero ng mesa.
board-text-moves = Mga galaw na mapipili mo:
help-access = Screen reader: /access on: board sa salita muna, galaw sa simpleng salita · /board text: ang board sa salita, para sa iyo lang
help-access-discord = Screen reader: /access on:True: board sa salita muna, galaw sa simpleng salita · /game status text:True: ang board sa salita, para sa iyo lang
discord-option-text = ang board sa salita, para sa iyo lang (para sa screen reader)
discord-option-on = True: board sa salita muna; False: gaya ng dati
discord-name-access = access
discord-name-option-text = text
discord-name-option-on = on

# The group cup (issue 49): `/cup`, a tournament a chat runs over days (docs/rules.md T1–T9).
command-cup = torneo nang ilang araw: mag-sign up, maipares, maglaro bawat round
cup-created = 🏆 Isang cup ng { $game }: { $rounds } round, { $window } bawat isa, { $format }.
cup-players = Naka-sign up ({ $count }): { $names }
cup-signup-how = Mag-sign up gamit ang ✍️ Mag-sign up na button (o /cup join). Sinisimulan ng host ang cup gamit ang ▶️ Simulan ang cup na button nito (o /cup start); dito nagbubukas bilang mga mesa ang mga laro ng bawat round.
cup-signup-how-discord = Mag-sign up gamit ang ✍️ Mag-sign up na button (o /cup join). Sinisimulan ng host ang cup gamit ang ▶️ Simulan ang cup na button nito (o /cup begin); dito nagbubukas bilang mga mesa ang mga laro ng bawat round.
button-cup-join = ✍️ Mag-sign up
button-cup-start = ▶️ Simulan ang cup
cup-format-swiss = Swiss na pagpapares
cup-format-round-robin = lahat laban sa lahat
cup-format-tables = mga mesa ng { $seats }
cup-days = { $n } araw
cup-hours = { $n } oras
cup-minutes = { $n } minuto
cup-joined = Naka-sign up ka na sa cup ng { $game } ({ $count } manlalaro sa ngayon).
cup-left = Hindi ka na naka-sign up sa cup.
cup-cancelled = Kinansela ni { $name } ang cup ng { $game }. Ang mga larong nasimulan na ay tuloy bilang karaniwang laro.
cup-status-signup = Nagsa-sign up pa ng manlalaro ang cup ng { $game }.
cup-status-round = Cup ng { $game }, round { $round } ng { $rounds }: { $left } pa.
cup-still-to-play = Naglalaro pa: { $names }
cup-finished-title = Tapos na ang cup ng { $game }. Huling talaan:
cup-tiebreaks = Kapag tabla, ang Sonneborn–Berger (SB: ang puntos ng mga nalampasan mo) ang magpapasya, saka ang mga laro sa pagitan ng mga tabla, saka ang rating.
cup-line = { $place }. { $name }: { $points } puntos (SB { $sb }, { $played } laro)
cup-line-withdrawn = { $place }. { $name }: { $points } puntos (SB { $sb }), inalis na
cup-withdrawn = Dalawang beses hindi naglaro si { $name } kaya inalis na siya sa cup.
cup-round = 🏆 Cup ng { $game }, round { $round } ng { $rounds }: laruin ang laro mo sa loob ng { $window }.
cup-table-line = Mesa { $table }: { $players }
cup-bye-line = Pahinga si { $name } ngayong round (bye: { $points } puntos).
cup-winner = 🏆 { $count ->
        [1] Panalo si { $names } sa cup ng { $game }!
       *[other] Magkasalo sina { $names } sa cup ng { $game }!
    }
cup-window-closed = Ubos na ang oras ng round: si { $name }, na may tira, ay labas na sa larong ito.
err-cup-word = Hindi salita ng cup ang { $word }: isulat ang laro, saka ang mga round, ang oras ng isang round at ang mga opsyon ng laro, hal. /cup nardy 5 rounds 24h.
err-cup-word-discord = Hindi salita ng cup ang { $word }: isulat ang mga opsyon ng laro sa options ng /cup start (hal. 3 para sa laban hanggang 3), at ang mga round at ang oras ng isang round sa sarili nilang mga opsyon.
err-cup-command = Ang /cup ay tumatanggap ng laro para magbukas ng cup (/cup nardy 5 rounds 24h), o join, leave, start, cancel; ang /cup lang ay nagpapakita ng talaan.
err-cup-command-discord = Nagbubukas ng cup ang /cup start (kasama ang laro); ang /cup join, /cup leave, /cup begin, /cup cancel, /cup show at /cup export ang gumagawa ng iba pa.
err-cup-rounds = May 1 hanggang { $max } round ang isang cup.
err-cup-window = Ang oras ng isang round ay 1 minuto hanggang 7 araw (hal. 90m, 24h, 2d).
err-cup-seats = { $min } hanggang { $max } manlalaro ang isang mesa ng larong ito.
err-cup-round-robin = Ang lahat laban sa lahat ay para sa larong pandalawahan: alisin ang roundrobin, o maglaro nang 2 sa mesa.
err-cup-round-robin-discord = Ang lahat laban sa lahat ay para sa larong pandalawahan: piliin ang format na swiss, o 2 sa mesa.
err-cup-private = Nilalaro ang cup sa sarili nitong chat: hindi ito puwedeng pribado.
err-cup-private-discord = Nilalaro ang cup sa sarili nitong channel: hindi ito puwedeng pribado.
err-cup-exists = May cup na ang chat na ito: ipapakita ito ng /cup.
err-cup-exists-discord = May cup na ang channel na ito: ipapakita ito ng /cup show.
err-cup-none = Walang cup ang chat na ito. Magbukas gamit ang /cup nardy (o ludo, snakes), hal. /cup nardy 5 rounds 24h.
err-cup-none-discord = Walang cup ang channel na ito. Magbukas gamit ang /cup start (ang laro, ang mga round at ang oras ng bawat round).
err-cup-signed = Naka-sign up ka na sa cup na ito.
err-cup-not-signed = Hindi ka naka-sign up sa cup na ito.
err-cup-closed = Sarado na ang sign-up ng cup na ito: lampas na sa kalahati ng mga round.
err-cup-started = Nagsimula na ang cup: nananatili rito ang mga manlalaro (inaalis ang hindi maglaro nang dalawang beses).
err-cup-running = Nagsimula na ang cup.
err-cup-host = Ang host ng cup o isang admin ng chat lang ang puwedeng gumawa nito.
err-cup-host-discord = Ang host ng cup o miyembrong may pahintulot na mamahala ng mga mensahe lang ang puwedeng gumawa nito.
err-cup-few = Kailangan ng hindi bababa sa dalawang manlalaro para simulan ang cup.
err-cup-over = Tapos na ang cup na ito: ipinapakita ng /cup ang huling talaan nito.
err-cup-over-discord = Tapos na ang cup na ito: ipinapakita ng /cup show ang huling talaan nito.
err-cup-gone = Kinansela ang cup na ito: magbukas ng bago gamit ang /cup nardy (o ludo, snakes).
err-cup-gone-discord = Kinansela ang cup na ito: magbukas ng bago gamit ang /cup start.
err-cup-damaged = Hindi na mabasa ang cup ng chat na ito: sira ang naka-save nitong data. Makikita ng operator ng bot ang dahilan sa log nito; tuloy bilang karaniwang laro ang mga larong nasimulan na.
err-cup-damaged-discord = Hindi na mabasa ang cup ng channel na ito: sira ang naka-save nitong data. Makikita ng operator ng bot ang dahilan sa log nito; tuloy bilang karaniwang laro ang mga larong nasimulan na.
cup-starts-in = Magsasara ang pag-sign up at kusang magsisimula ang cup sa loob ng { $left }.
cup-start-few = Hindi nagsimula ang cup ng { $game }: wala pang dalawang manlalaro ang nag-sign up pagsapit ng oras ng simula, kaya kinansela ito.
cup-cancelled-unattended = Kinansela ang cup ng { $game }.
err-cup-start = Ang simula ng cup ay oras ng araw sa iyong /notify tz (start=18:30) o paghihintay na 1 minuto hanggang 7 araw (start=2h).
err-cup-start-discord = Ang simula ng cup (ang opsyong starts) ay oras ng araw sa iyong oras (itakda gamit ang /notify at tz +3:30), hal. 18:30, o paghihintay na 1 minuto hanggang 7 araw, hal. 2h.
help-cup = Cup: /cup nardy 5 rounds 24h para magbukas · /cup join · /cup leave · /cup start · /cup cancel · /cup export · /cup: ang talaan
help-cup-discord = Cup: /cup start (laro, round, oras) para magbukas · /cup join · /cup leave · /cup begin · /cup cancel · /cup export · /cup show: ang talaan
discord-cup-start = magbukas ng cup: ang laro, ilang round, oras ng bawat round
discord-cup-join = mag-sign up sa cup ng channel na ito
discord-cup-leave = umalis sa cup bago ito magsimula
discord-cup-begin = simulan ang unang round ng cup (host o admin)
discord-cup-cancel = kanselahin ang cup (host o admin)
discord-cup-show = ang talaan ng cup, sino pa ang naglalaro, ilang oras pa
discord-option-rounds = ilang round (5 kung wala)
discord-option-window = oras ng bawat round, hal. 24h, 90m, 2d (24h kung wala)
discord-option-format = swiss: nagtatagpo ang magkasinpuntos; roundrobin: lahat laban sa lahat
discord-option-seats = manlalaro sa bawat mesa (Ludo, Ahas; 4 kung wala)
discord-option-options = mga opsyon ng laro bilang salita, hal. 3 (laban hanggang 3) o quick bounce
discord-option-starts = kung kailan magsasara ang sign-up at kusang magsisimula ang cup: 18:30 (oras ng /notify tz mo) o 2h
discord-name-cup = cup
discord-name-option-rounds = rounds
discord-name-option-window = window
discord-name-option-format = format
discord-name-option-seats = seats
discord-name-option-options = options
discord-name-option-starts = starts
cup-excused = Pinatawad ni { $by } ang isang hindi nalarong laro ni { $name } sa cup na ito.
cup-excused-back = Pinatawad ni { $by } ang isang hindi nalarong laro ni { $name }: balik na si { $name } sa cup at ipapares mula sa susunod na round.
cup-lifted = Puwede nang mag-sign up agad si { $name } sa susunod na cup ng chat na ito: inalis na ang paghihintay dahil sa hindi nalarong laro.
cup-lifted-discord = Puwede nang mag-sign up agad si { $name } sa susunod na cup ng channel na ito: inalis na ang paghihintay dahil sa hindi nalarong laro.
err-cup-wait = May hindi ka nalarong laro sa bawat isa sa huli mong { $cups } cup dito: puwede kang mag-sign up ulit sa loob ng { $left }. Maaaring alisin ito ng isang admin ng chat gamit ang /cup lift at ang pangalan mo.
err-cup-wait-discord = May hindi ka nalarong laro sa bawat isa sa huli mong { $cups } cup dito: puwede kang mag-sign up ulit sa loob ng { $left }. Maaaring alisin ito ng miyembrong may pahintulot na mamahala ng mga mensahe gamit ang /cup lift at ang pangalan mo.
err-cup-unknown = Walang { $name } sa mga cup ng chat na ito.
err-cup-unknown-discord = Walang { $name } sa mga cup ng channel na ito.
err-cup-no-forfeit = Walang hindi nalarong laro si { $name } sa cup na ito na puwedeng patawarin.
err-cup-admin = Isang admin ng chat lang ang puwedeng mag-alis ng paghihintay ng isang manlalaro.
err-cup-admin-discord = Miyembrong may pahintulot na mamahala ng mga mensahe lang ang puwedeng mag-alis ng paghihintay ng isang manlalaro.
discord-cup-excuse = patawarin ang isang hindi nalarong laro ng manlalaro sa cup na ito (host o admin)
discord-cup-lift = alisin ang paghihintay ng manlalaro dahil sa hindi nalarong laro sa mga cup ng server na ito (admin)
discord-option-who = ang manlalaro
discord-name-option-who = player
cup-export = Ang cup ng { $game }: mga manlalaro, laro, resulta at talaan, kasama ang record ng bawat isa sa { $games } natapos na laro. Suriin ang lahat ng laro at ang talaan gamit ang:
discord-cup-export = ang cup bilang file: record ng bawat laro, mga resulta at talaan
cup-picture-title = Cup ng { $game }, round { $round } ng { $rounds }
cup-live-title = 📊 Talaan ng cup ng { $game }, round { $round } ng { $rounds } (ina-update ang mensaheng ito pagkatapos ng bawat laro)
cup-picture-final = Cup ng { $game }: huling talaan
cup-head-points = puntos
cup-head-sb = SB
cup-head-games = laro

## Issue 61: `/games`' time left of an hour or more, in hours and minutes.
games-left-hours = , { $hours } oras at { $minutes } minuto pa

## Issue 61: `/cup` words that contradict each other.
err-cup-contradiction = Magkasalungat ang “{ $first }” at “{ $second }”: isulat nang isang beses lang ang bawat setting ng cup.

## Issue 61: a cup's sign-up message that could not become its standings (a text cannot be
## edited into a picture on Telegram) is left saying this.
cup-signup-closed = Nagsimula na ang cup ng { $game }: sarado na ang pag-sign up. Nasa pinakabagong mensahe ng cup ang talaan nito.
board-text-open-chat = Hindi pa kita masusulatan nang pribado: magbukas ng chat sa akin sa link na ito, saka hingin muli ang /board text.
