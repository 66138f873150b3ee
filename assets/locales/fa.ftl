# dicetable: فارسی. اعداد با رقم‌های فارسی به پیام‌ها داده می‌شوند.

game-snakes = مار و پله
game-ludo = منچ
game-nardy = نرد بلند

## Refusals
refusal-game-over = این بازی تمام شده است.
refusal-roll-expected = اول تاس بریزید.
refusal-move-expected = اول مهره‌ای را برای حرکت انتخاب کنید.
refusal-step-expected = اول تاس‌هایتان را بازی کنید.
refusal-dice-count = این پرتاب { $expected } تاس لازم دارد، نه { $got }.
refusal-bad-die = تاس فقط ۱ تا ۶ می‌آید، نه { $die }.
refusal-no-such-seat = چنین بازیکنی سر این میز نیست.
refusal-already-left = { $name } پیش‌تر بازی را ترک کرده است.
refusal-wrong-game = این حرکت در این بازی وجود ندارد.
refusal-no-such-piece = مهرهٔ { $piece } وجود ندارد؛ مهره‌ها ۱ تا ۴ هستند.
refusal-piece-needs-six = مهرهٔ { $piece } فقط با ۶ از خانه بیرون می‌آید.
refusal-piece-start-occupied = مهرهٔ { $piece } نمی‌تواند بیرون بیاید: مهرهٔ خودتان روی خانهٔ شروع است.
refusal-piece-own-piece = مهرهٔ { $piece } روی مهرهٔ خودتان می‌نشیند.
refusal-piece-past-goal = مهرهٔ { $piece } نمی‌تواند این‌قدر جلو برود: از انتهای مقصد می‌گذرد.
refusal-piece-must-capture = زدن ممکن است و سر این میز زدن اجباری است.
refusal-piece-must-enter = مهره‌ای می‌تواند از خانه بیرون بیاید و سر این میز این کار اجباری است.
refusal-step-no-such-die = تاس { $die } برای بازی ندارید.
refusal-step-no-checker = روی خانهٔ { $point } مهره‌ای ندارید.
refusal-step-occupied = مهره از خانهٔ { $point } با تاس { $die } روی مهره‌های حریف می‌نشیند.
refusal-step-head = در این نوبت فقط یک مهره می‌تواند از سر بیرون برود.
refusal-step-six-block = این کار شش خانهٔ پشت‌سرهم می‌سازد، بی‌آنکه مهره‌ای از حریف از آن گذشته باشد.
refusal-step-not-home = فقط وقتی هر پانزده مهره در خانه باشند می‌توانید مهره بیرون ببرید.
refusal-step-higher-point = مهره‌ای روی خانهٔ بالاتر باید از این تاس استفاده کند.
refusal-step-full-move = راه دیگری تاس‌های بیشتری را بازی می‌کند و همهٔ تاس‌های بازی‌شدنی باید بازی شوند.
refusal-step-larger-die = فقط یک تاس بازی‌شدنی است، پس باید تاس بزرگ‌تر باشد.

## Events
event-rolled = { $name } تاس ریخت: { $dice }.
event-moved = { $name } از { $from } به { $to } رفت.
event-bounced = { $name } به ۱۰۰ رسید و تا { $to } برگشت.
event-climbed = { $name } از نردبان { $from } تا { $to } بالا رفت!
event-slid = مار { $name } را از { $from } تا { $to } پایین آورد.
event-no-move-overshoot = { $name } برای رسیدن به ۱۰۰ عدد دقیق لازم دارد.
event-no-move-locked = { $name } تا آمدن ۶ در شروع می‌ماند.
event-no-move-blocked = { $name } با این تاس حرکتی ندارد.
event-extra-roll = { $name } دوباره تاس می‌ریزد.
six-second-back = این دومین ۶ پشت‌سرهم { $name } است: ۶ سوم او را به خانهٔ شروع برمی‌گرداند.
six-second-cap = این دومین ۶ پشت‌سرهم { $name } است: با ۶ سوم نوبت تمام می‌شود.
six-second-forfeit = این دومین ۶ پشت‌سرهم { $name } است: ۶ سوم بازی نمی‌شود و نوبت می‌گذرد.
event-sent-back = سومین شش پشت‌سرهم: { $name } به شروع برمی‌گردد.
event-locked = { $name } برای شروع دوباره باید ۶ بیاورد.
event-unlocked = شش! { $name } دوباره آزاد است.
event-turn = نوبت { $name }.
event-finished = { $name } به مقصد رسید!
event-left-resigned = { $name } انصراف داد.
event-left-kicked = میزبان { $name } را از بازی بیرون کرد.
event-left-timed-out = { $name } به‌خاطر از دست دادن نوبت‌های زیاد حذف شد.
event-game-over = بازی تمام شد.
event-rank = { $rank }. { $name }
event-roll-off = تاس برای نوبت اول: { $rolls }.
event-roll-off-again = مساوی: { $names } دوباره تاس می‌ریزند.
event-colours = { $name } با مهره‌های سفید بازی می‌کند و اول حرکت می‌کند.
event-entered = { $name } مهرهٔ { $piece } را وارد بازی کرد.
event-piece-moved = { $name } مهرهٔ { $piece } را { $steps } خانه جلو برد.
event-piece-home = { $name } مهرهٔ { $piece } را به مقصد رساند.
event-captured = { $by } مهرهٔ { $piece } { $name } را زد!
event-try-again = { $name } دوباره تاس می‌ریزد: تلاش { $try } از ۳.
event-forfeit = سومین شش پشت‌سرهم: نوبت { $name } تمام شد.
event-stepped = { $name } مهره‌ای را از { $from } به { $to } برد.
event-borne-off = { $name } مهره‌ای را از { $from } بیرون برد.
event-dice-lost-blocked = { $name } نمی‌تواند { $dice } را بازی کند.
event-dice-lost-one-die = { $name } فقط یک تاس را توانست بازی کند؛ { $dice } از دست رفت.
event-game-won = { $name } این دست را برد: { $points } امتیاز.
event-game-won-mars = { $name } با مارس برد: { $points } امتیاز!
event-new-game = دست { $number } مسابقه شروع می‌شود.

## دکمه‌ها.
button-join = پیوستن
button-leave = ترک میز
button-start = شروع
button-cancel = لغو
button-roll = 🎲 تاس بریز
button-piece = مهرهٔ { $piece }
button-off = بیرون

## اتاق انتظار.
lobby-title = { $game }: در انتظار بازیکنان ({ $count } نفر نشسته‌اند؛ { $min } تا { $max } نفر می‌توانند بازی کنند).
lobby-title-exact = { $game }: در انتظار بازیکنان ({ $count } از { $max } نفر نشسته‌اند).
lobby-host = میزبان
lobby-hint = برای نشستن «پیوستن» را بزنید. وقتی همه آمدند میزبان «شروع» را می‌زند؛ میز پر خودش شروع می‌شود.
lobby-joined = { $name } به میز پیوست.
lobby-left = { $name } میز را ترک کرد.
lobby-kicked = { $name } از میز کنار گذاشته شد.
lobby-empty = همه رفتند: میز { $game } بسته شد.
lobby-started = { $game } شروع شد! بازیکنان: { $players }.
    تاس منصفانه: تاس‌های این بازی با یک کلید مخفی تعیین می‌شوند که اثر انگشتش { $commitment } است. پس از بازی کلید فاش می‌شود تا هر کسی بتواند همهٔ تاس‌ها را وارسی کند.

## نوبت.
turn-roll = { $name }، تاس بریزید.
turn-roll-off = برای نوبت اول هر بازیکن یک تاس می‌ریزد: هر کس سر میز است می‌تواند تاس‌ها را بیندازد.
turn-choose = { $name }، تاس شما { $dice } آمد: حرکت خود را انتخاب کنید.

## گزینه‌ها.
option-preset = مجموعهٔ تنظیمات
option-board = صفحه
option-finish = پایان
option-bonus_six = شش، تاس دوباره
option-three_sixes = سه شش
option-must_enter = خروج اجباری
option-must_capture = زدن اجباری
option-three_sixes_forfeit = سه شش، نوبت می‌سوزد
option-until = بازی تا
option-six_block = قانون سد شش‌تایی
option-bear_off = بیرون بردن
option-head_exception = استثنای سر
option-match_to = مسابقه تا
option-timer = زمان هر نوبت
option-level = سطح رایانه‌ها
option-bots = تعداد رایانه‌ها
option-thread = رشتهٔ جداگانه
value-on = روشن
value-off = خاموش
value-classic = کلاسیک
value-random = تصادفی
value-exact = عدد دقیق
value-bounce = برگشت
value-unlimited = بی‌محدودیت
value-cap = شش سوم نوبت را تمام می‌کند
value-back_to_start = شش سوم به شروع برمی‌گرداند
value-first = اولین برنده
value-all = رسیدن همه
value-standard = معمولی
value-lower_point = از خانه‌های پایین‌تر
value-needed = در صورت نیاز
value-strict = هرگز
value-quick = سریع
value-traditional = سنتی
timer-1m = ۱ دقیقه
timer-5m = ۵ دقیقه
timer-1h = ۱ ساعت
timer-24h = ۲۴ ساعت

## زمان نوبت.
timer-reminder = { $name }، نوبت شماست: { $minutes } دقیقه مانده تا ربات به جای شما بازی کند.
timer-reminder-seconds = { $name }، نوبت شماست: { $seconds } ثانیه مانده تا ربات به جای شما بازی کند.
timer-played = وقت { $name } تمام شد؛ ربات به جایش بازی کرد (اخطار { $strikes } از { $max }).
timer-removed = وقت { $name } سه نوبت پشت‌سرهم تمام شد و از بازی بیرون می‌رود.
timer-roll-off = کسی برای نوبت اول تاس نریخت، پس ربات تاس‌ها را انداخت.

## پایان میز.
table-cancelled = میز { $game } را { $name } لغو کرد.
table-was-cancelled = این میز لغو شد.
fair-commitment = تاس منصفانه: تاس‌های این میز از یک کلید مخفی با اثر انگشت (SHA-256) { $commitment } می‌آیند. تا حالا { $rolls } تاس ریخته شده. کلید در پایان بازی فاش می‌شود.
fair-reveal = تاس منصفانه: کلید مخفی { $seed } بود (اثر انگشت { $commitment }). همهٔ تاس‌ها را با این فرمان وارسی کنید:

## تاریخچه، آمار، جدول برترین‌ها.
history-title = { $game }: آخرین حرکت‌ها (روی هم { $count } حرکت).
stats-title = بازی‌های { $name }
stats-none = هنوز بازی تمام‌شده‌ای نیست.
stats-line = { $game }: { $games } بازی، { $wins } برد ({ $rate }٪)
top-title = { $platform ->
    [discord] بهترین بازیکنان این کانال، در بازی‌های میان آدم‌ها
   *[other] بهترین بازیکنان این گفتگو، در بازی‌های میان آدم‌ها
}
top-none = { $platform ->
    [discord] هنوز در این کانال بازی‌ای میان آدم‌ها تمام نشده (بازی‌های شما با رایانه در /stats است).
   *[other] هنوز در این گفتگو بازی‌ای میان آدم‌ها تمام نشده (بازی‌های شما با رایانه در /stats است).
}
top-line = { $rank }. { $name }: { $wins } برد در { $games } بازی ({ $rate }٪)

## زبان‌ها.
lang-choose = یک زبان انتخاب کنید: ‎/lang‎ و سپس یکی از { $codes }. ‎"/lang chat fa"‎ زبان گفتگو را تعیین می‌کند (مدیران).
lang-user-set = از این پس با شما فارسی حرف می‌زنم.
lang-chat-set = { $platform ->
    [discord] زبان این سرور اکنون فارسی است.
   *[other] زبان این گفتگو اکنون فارسی است.
}
lang-server-set = زبان این سرور اکنون فارسی است، در هر کانالی که زبان خودش را ندارد.
boards-new = صفحه‌ها: هر نوبت یک پیام تازه (برای تغییر: ‎/boards edit‎).
boards-edit = صفحه‌ها: برای هر میز یک پیام که هر نوبت ویرایش می‌شود (برای تغییر: ‎/boards new‎).
boards-tidy = صفحه‌ها: هر نوبت یک پیام تازه؛ وقتی بازی تمام شد، صفحه‌های قبلی‌اش در زمانی که گفتگو آرام است پاک می‌شوند و صفحهٔ آخر و نتیجه می‌مانند (برای تغییر: ‎/boards new‎ یا ‎/boards edit‎).

## پاسخ‌های ردشده. چیزی تغییر نکرد.
err-stale = این دکمه قدیمی است: بازی جلو رفته. صفحهٔ فعلی این است.
err-board-follows = این حرکت انجام شده است: صفحه‌اش تا لحظه‌ای دیگر می‌آید.
err-forged = این دکمه به هیچ بازی من تعلق ندارد.
err-other-chat = { $platform ->
    [discord] این دکمه مال بازی‌ای در کانال دیگری است: آن را همان‌جا بزنید.
   *[other] این دکمه مال بازی‌ای در گفتگوی دیگری است: آن را همان‌جا بزنید.
}
err-internal = مشکلی از طرف من پیش آمد و چیزی تغییر نکرد. لطفاً دوباره امتحان کنید.
err-store-down = انبار بازی‌ها همین حالا پاسخ نمی‌دهد، پس چیزی تغییر نکرد. لطفاً چند لحظهٔ دیگر دوباره امتحان کنید.
err-table-damaged = میز { $table } از انبار بازی‌ها درست خوانده نمی‌شود و نمی‌تواند ادامه پیدا کند؛ چیزی تغییر نکرد. گردانندهٔ ربات دلیلش را در گزارش‌ها می‌بیند.
err-stopping = همین حالا در حال راه‌اندازی دوباره هستم. اگر حرکت شما ذخیره شده باشد، صفحهٔ بازی‌اش تا چند لحظهٔ دیگر که برگردم نشان داده می‌شود؛ اگر نشد، آن وقت دوباره امتحان کنید.
err-no-table = اینجا میز بازی باز نیست. با ‎/snakes‎، ‎/ludo‎ یا ‎/nardy‎ یکی بسازید.
err-which-table = این گفتگو چند میز باز دارد: { $tables }. شمارهٔ میز را به فرمان بیفزایید، مثلاً ‎"/{ $command } { $table }"‎.
err-lobby-exists = { $platform ->
    [discord] این کانال برای این بازی یک اتاق انتظار دارد: به آن بپیوندید.
   *[other] این گفتگو برای این بازی یک اتاق انتظار دارد: به آن بپیوندید.
}
err-lobby-start = شما میزبان این میز هستید (میز { $table }): برای آغاز بازی «شروع» را بزنید.
err-already-seated = شما همین حالا سر این میز نشسته‌اید.
err-table-full = این میز پر است.
err-not-seated = شما در این میز بازی نمی‌کنید.
err-not-your-turn = نوبت { $name } است، نه شما.
err-host-only = { $platform ->
    [discord] فقط میزبان میز یا عضوی که اجازهٔ مدیریت پیام‌ها را دارد می‌تواند این کار را بکند.
   *[other] فقط میزبان میز یا مدیر گفتگو می‌تواند این کار را بکند.
}
err-admin-only = { $platform ->
    [discord] فقط عضوی که اجازهٔ مدیریت پیام‌ها را دارد می‌تواند این کار را بکند.
   *[other] فقط مدیر گفتگو می‌تواند این کار را بکند.
}
err-too-few = برای شروع دست‌کم { $min } بازیکن لازم است.
err-started = این بازی شروع شده است.
err-not-started = این بازی هنوز شروع نشده است.
err-game-over = این بازی تمام شده است.
err-no-such-player = بازیکنی به نام { $name } سر این میز نیست.
err-option-word = «{ $word }» گزینهٔ این بازی نیست. گزینه‌ها: { $known }.
err-option-value = گزینهٔ «{ $option }» مقدار { $allowed } می‌گیرد، نه «{ $got }».
err-option-conflict = «{ $option }: { $value }» فقط با «{ $other }: { $other_value }» ممکن است.
## Lists of words in a sentence: "a, b or c".
list-separator = {"، "}
list-or = {" یا "}
quoted = «{ $item }»
allowed-range = عددی از { $min } تا { $max }
words-match-length = طول مسابقه ({ $min } تا { $max })
err-players = این بازی برای { $min } تا { $max } بازیکن است، نه { $got }.
err-lang = من «{ $code }» بلد نیستم. زبان‌ها: en، fa، ru، tl.
err-unknown-command = این فرمان را نمی‌شناسم. ‎/help‎ همهٔ فرمان‌ها را نشان می‌دهد.
err-command-incomplete = این فرمان ناقص است: ‎/help‎ طرز استفاده را نشان می‌دهد.
err-boards-word = ‎/boards‎ یکی از این سه را می‌گیرد: ‎/boards new‎ (هر نوبت پیامی تازه)، ‎/boards edit‎ (یک پیام که ویرایش می‌شود) یا ‎/boards tidy‎ (پیام‌های تازه که صفحه‌های قبلی‌شان پس از بازی پاک می‌شوند).

## راهنما.
help = من در این گفتگو بازی‌های تاسی اجرا می‌کنم.
    ‎/snakes‎، ‎/ludo‎، ‎/nardy‎: باز کردن میز (با گزینه، مثلاً ‎"/snakes quick bounce 5m"‎)
    ‎/join‎، ‎/leave‎، ‎/play‎: نشستن، ترک میز، شروع بازی (میزبان)
    ‎/options‎: تغییر گزینه‌ها پیش از شروع (میزبان)
    ‎/status‎: نمایش دوبارهٔ صفحه · ‎/history‎: آخرین حرکت‌ها
    ‎/resign‎: ترک بازی در جریان · ‎/kick‎ نام، ‎/cancel‎: میزبان یا مدیران
    ‎/stats‎: بازی‌های شما · ‎/top‎: بهترین‌های این گفتگو
    ‎/notify on‎: پیام خصوصی وقتی نوبت شماست · ‎/games‎: میزهای باز شما
    ‎/fair‎: منصفانه بودن تاس‌ها · ‎/lang‎: زبان شما
    ‎/rules‎: قوانین بازی · ‎/snakes private‎: میز خصوصی با پیوند دعوت
    ‎/boards edit‎، ‎/boards new‎، ‎/boards tidy‎: یک پیام صفحه که ویرایش می‌شود، هر نوبت پیامی تازه، یا پیام‌های تازه که پس از بازی پاک می‌شوند (مدیران)
    رایانه‌ها: ‎"/ludo bots=3"‎، ‎"/nardy bot expert"‎ (easy، normal، hard؛ expert فقط در نرد بلند)، یا «افزودن رایانه» در میز
    زمان نوبت: 1m، 5m، 1h، 24h (پیش‌فرض) یا notimer. بازیکنی که سه نوبت پشت‌سرهم را از دست بدهد از بازی بیرون می‌رود.
    ‎/replay‎: بازپخش متحرک بازی تمام‌شده · ‎/export‎: پروندهٔ آن (بررسی با dicetable verify)

## فهرست فرمان‌ها (تلگرام، دیسکورد).
command-snakes = باز کردن میز مار و پله
command-ludo = باز کردن میز منچ
command-nardy = باز کردن میز نرد بلند
command-join = نشستن سر میز
command-leave = ترک میز پیش از شروع
command-play = شروع بازی (میزبان)
command-options = تغییر گزینه‌های میز (میزبان)
command-status = نمایش دوبارهٔ صفحه
command-history = آخرین حرکت‌ها
command-resign = ترک بازی در جریان
command-kick = بیرون کردن بازیکن (میزبان یا مدیر)
command-cancel = لغو میز (میزبان یا مدیر)
command-stats = بازی‌ها و بردهای شما
command-notify = پیام خصوصی وقتی نوبت شماست
command-games = میزهای باز شما در همهٔ گفتگوها
command-top = { $platform ->
    [discord] بهترین بازیکنان این کانال
   *[other] بهترین بازیکنان این گفتگو
}
command-fair = منصفانه بودن تاس‌ها
command-lang = انتخاب زبان
command-boards = پیام تازه برای هر صفحه، یک پیام ویرایش‌شونده، یا مرتب: صفحه‌های قبلی پس از بازی پاک می‌شوند
command-help = کارهایی که می‌توانم بکنم

## قوانین (‎/rules‎): خلاصه، سپس برای هر تنظیم میز یک جمله.
rules-title = قوانین { $game }
rules-options = با تنظیمات این میز:
rules-snakes = همه پیش از خانهٔ ۱ شروع می‌کنند. در نوبت خود یک تاس بریزید و به همان تعداد خانه جلو بروید. اگر حرکت روی پای نردبان تمام شود بالا می‌روید و اگر روی سر مار، پایین می‌لغزید؛ گذشتن از روی آن‌ها اثری ندارد. چند مهره می‌توانند در یک خانه باشند. اولین کسی که به ۱۰۰ برسد برنده است.
rules-ludo = هر بازیکن ۴ مهره در لانه دارد. تاس بریزید و یک مهره را حرکت دهید؛ مهره فقط با ۶ به خانهٔ شروع شما وارد می‌شود. پس از ۶ دوباره تاس می‌ریزید. اگر مهره‌ای برای حرکت ندارید، سه بار فرصت دارید ۶ بیاورید. اگر روی مهرهٔ حریف بنشینید، آن را به لانه برمی‌گردانید؛ مهره‌های مسیر پایان در امان‌اند. ورود به مسیر پایان با عدد دقیق است؛ کسی که هر ۴ مهره را به مقصد برساند برنده است.
rules-nardy = دو بازیکن، هر کدام ۱۵ مهره و دو تاس. سفید از خانهٔ ۲۴ و سیاه از خانهٔ ۱۲ شروع می‌کند و هر دو خلاف جهت عقربه‌های ساعت حرکت می‌کنند. هر تاس یک حرکت است (جفت، چهار حرکت). هرگز نمی‌توان روی خانه‌ای با مهرهٔ حریف ایستاد؛ زدن مهره وجود ندارد. در هر نوبت فقط یک مهره از سر خارج می‌شود (در نوبت اول با ۶-۶، ۴-۴ و ۳-۳ دو مهره). تا جایی که ممکن است همهٔ تاس‌ها را بازی کنید و اگر فقط یکی جا شود، بزرگ‌تر را. وقتی هر ۱۵ مهره در خانهٔ خودی است آن‌ها را بیرون ببرید؛ اولین کسی که هر ۱۵ را بیرون ببرد برنده است (اگر بازنده هیچ مهره‌ای بیرون نبرده باشد، ۲ امتیاز: مارس).
rule-board-classic = صفحه: چیدمان کلاسیک ۱۹۴۳.
rule-board-random = صفحه: در هر بازی چیدمانی تصادفی و تازه که برای ۲۵ تا ۶۰ نوبت سنجیده شده است.
rule-finish-exact = برای رسیدن به ۱۰۰ عدد دقیق لازم است؛ با عدد بزرگ‌تر مهره حرکت نمی‌کند.
rule-finish-bounce = اگر تاس از ۱۰۰ بگذرد، مهره به اندازهٔ اضافه برمی‌گردد.
rule-bonus_six-on = با ۶ یک بار دیگر تاس می‌ریزید.
rule-bonus_six-off = ۶ مثل بقیهٔ اعداد است.
rule-three_sixes-unlimited = تعداد ۶های پیاپی محدود نیست.
rule-three_sixes-cap = پس از سومین ۶ پیاپی نوبت تمام می‌شود.
rule-three_sixes-back_to_start = سومین ۶ پیاپی مهره را به شروع برمی‌گرداند و آنجا منتظر یک ۶ می‌ماند.
rule-must_enter-on = اگر بتوانید مهره‌ای وارد کنید، باید وارد کنید.
rule-must_enter-off = وارد کردن مهره به انتخاب شماست.
rule-must_capture-on = اگر بتوانید مهرهٔ حریف را بزنید، باید بزنید.
rule-must_capture-off = زدن مهرهٔ حریف به انتخاب شماست.
rule-three_sixes_forfeit-on = سومین ۶ پیاپی بازی نمی‌شود و نوبت می‌گذرد.
rule-three_sixes_forfeit-off = سومین ۶ پیاپی مثل بقیه بازی می‌شود.
rule-until-first = بازی وقتی تمام می‌شود که اولین بازیکن همهٔ مهره‌هایش را به مقصد برساند.
rule-until-all = بقیه برای جایگاه‌های بعدی ادامه می‌دهند.
rule-six_block-on = ساختن سدی از شش خانهٔ پیاپی ممنوع است، مگر اینکه مهره‌ای از حریف از آن گذشته باشد.
rule-six_block-off = سد شش‌خانه‌ای مجاز است.
rule-bear_off-standard = اگر خانهٔ عدد تاس خالی باشد، باید مهره‌ای از خانهٔ بالاتر حرکت کند؛ فقط اگر بالاتر مهره‌ای نباشد، مهرهٔ بالاترین خانهٔ پر بیرون می‌رود.
rule-bear_off-lower_point = اگر خانهٔ عدد تاس خالی باشد، مهرهٔ نزدیک‌ترین خانهٔ پرِ پایین‌تر بیرون می‌رود.
rule-head_exception-needed = در نوبت اول، اگر با آن تاس‌های بیشتری بازی شود، مهرهٔ دوم هم می‌تواند از سر خارج شود.
rule-head_exception-strict = در نوبت اول، مهرهٔ دوم فقط با ۶-۶، ۴-۴ یا ۳-۳ از سر خارج می‌شود.
rule-match_to-1 = یک دست تکلیف را روشن می‌کند.
rule-match_to = مسابقه تا { $points } امتیاز است.
rule-timer = زمان هر نوبت: { $timer }. کسی که سه نوبت پیاپی را از دست بدهد از بازی خارج می‌شود.
rule-timer-off = زمان نوبت محدود نیست.
err-rules-which = کدام بازی؟ ‎/rules snakes‎، ‎/rules ludo‎ یا ‎/rules nardy‎.
err-bad-invite = این دعوت معتبر نیست یا میزش دیگر وجود ندارد. دعوت تازه‌ای بخواهید.
err-private-here = میز خصوصی در گفتگوی خصوصی با من ساخته می‌شود: نمایهٔ مرا باز کنید، Start را بزنید و ‎/snakes private‎ (یا ‎/ludo‎، ‎/nardy‎) را بفرستید.
lobby-private = میز خصوصی: دعوت زیر را برای دوستان بفرستید. هر بازیکن صفحه‌ها را در گفتگوی خصوصی خودش با من می‌گیرد.
lobby-invite-join = برای پیوستن بفرستید: ‎/join { $code }‎
command-rules = قوانین یک بازی
command-game = بازی سر میز این کانال
command-start = باز کردن میز با این تنظیمات
button-options = ⚙ تنظیمات
button-done = تمام
lobby-options-hint = میزبان تنظیمات را اینجا تعیین می‌کند: هر دکمه یکی را عوض می‌کند. «تمام» دوباره میز را نشان می‌دهد.

# The playground page's own words.
page-title = زمین بازی dicetable
page-welcome = نامی برای بازی انتخاب کنید. برای بازی با خودتان زبانهٔ دیگری با نام دیگری باز کنید، یا این نشانی را با دوستانتان در همین شبکه به اشتراک بگذارید.
page-name = نام شما
page-play = بازی
page-hint = سپس برای باز کردن میز /snakes یا /ludo یا /nardy را بنویسید، و برای همهٔ دستورها /help را.
page-playing-as = بازی با نام
page-switch = تغییر بازیکن
page-another = بازیکنی دیگر…
page-placeholder = /snakes، /ludo، /nardy یا /help بنویسید
page-send = بفرست
page-only-you = فقط شما این را می‌بینید

# Discord's own forms of sentences that name commands.
help-discord = من در این کانال بازی‌های تاسی اجرا می‌کنم.
    /snakes start، /ludo start، /nardy start: باز کردن میز (گزینه‌ها: preset، timer، thread، bots، level، …)
    /game join، /game leave، /game play: نشستن، ترک میز، شروع بازی (میزبان)
    /game status: نمایش دوبارهٔ صفحه · /game history: آخرین حرکت‌ها
    /game resign: ترک بازی در جریان · /game kick، /game cancel: میزبان یا مدیران پیام‌ها
    /stats: بازی‌های شما · /top: بهترین‌های این کانال
    /notify set:on: پیام خصوصی وقتی نوبت شماست · /game list: میزهای باز شما
    /game fair: منصفانه بودن تاس‌ها · /lang: زبان شما
    /game rules: قوانین بازی · /boards: یک پیام صفحه که ویرایش می‌شود، یا هر نوبت پیامی تازه
    زمان نوبت: 1m، 5m، 1h، 24h (پیش‌فرض) یا off. بازیکنی که سه نوبت پشت‌سرهم را از دست بدهد از بازی بیرون می‌رود.
    /game replay: بازپخش متحرک بازی تمام‌شده · /game export: پروندهٔ آن (بررسی با dicetable verify)
lang-choose-discord = زبان را با /lang language انتخاب کنید (یکی از { $codes }). با server:True زبان کل سرور تعیین می‌شود (مدیران پیام‌ها).
boards-new-discord = صفحه‌ها: هر نوبت پیامی تازه (تغییر با /boards mode:edit).
boards-edit-discord = صفحه‌ها: برای هر میز یک پیام که هر نوبت ویرایش می‌شود (تغییر با /boards mode:new).
boards-tidy-discord = صفحه‌ها: هر نوبت پیامی تازه؛ وقتی بازی تمام شد، صفحه‌های قبلی‌اش در زمانی که کانال آرام است پاک می‌شوند و صفحهٔ آخر و نتیجه می‌مانند (تغییر با /boards mode:new یا /boards mode:edit).
err-no-table-discord = اینجا میز بازی نیست. با /snakes start یا /ludo start یا /nardy start یکی باز کنید.
err-which-table-discord = این کانال چند میز باز دارد: { $tables }. یکی را با گزینهٔ table برگزینید، مثلاً /game { $command } table:{ $table }.
err-rules-which-discord = کدام بازی؟ /game rules با game:snakes یا game:ludo یا game:nardy.

## Discord: descriptions of slash-command options that are not game options.
discord-option-bots = چند بازیکن رایانه‌ای (یک صندلی برای شما می‌ماند)
discord-option-level = رایانه‌ها چقدر خوب بازی کنند
discord-option-thread = بازی در رشتهٔ جداگانه
discord-option-game = کدام بازی، اگر کانال چند میز دارد
discord-option-player = بازیکنی که باید برود
discord-option-language = en، fa، ru یا tl
discord-option-server = برای کل سرور (مدیران)
discord-option-mode = پیام تازه در هر نوبت، یا ویرایش همان یک پیام
discord-option-table = شمارهٔ میز، اگر کانال چند میز دارد (بازپخش/پرونده: وگرنه آخرین بازی تمام‌شده)
discord-option-set = on، off، now، after 10m، quiet 23-7 یا tz +3:30
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
computer-name = 🤖 رایانه { $number } ({ $level })
level-easy = آسان
level-normal = معمولی
level-hard = سخت
level-expert = استاد
button-add-computer = 🤖 افزودن رایانه ({ $level })
button-remove-computer = برداشتن رایانه
turn-roll-off-thrown = برای نوبت اول هر بازیکن یک تاس می‌ریزد: { $name } تاس‌ها را می‌اندازد…
turn-computer = { $name } دارد بازی می‌کند…
err-bots = حداکثر { $max } رایانه جا می‌شود (یک صندلی برای شما می‌ماند).
err-no-computer = هیچ رایانه‌ای سر این میز نیست.
stats-vs-computers = در برابر رایانه ({ $level }): { $games } بازی، { $wins } برد ({ $rate }٪)

## بازپخش و پروندهٔ بازی.
button-replay = 🎞 بازپخش
button-export = 📄 پروندهٔ بازی
replay-caption = { $game }، میز { $table }: کل بازی در { $frames } قاب.
replay-drawing = بازپخش { $game }، میز { $table } در حال کشیدن است. به محض آماده شدن همین‌جا فرستاده می‌شود.
export-caption = { $game }، میز { $table }: پروندهٔ بازی، { $moves } حرکت همراه با کلید مخفی و تعهد. هر تاس و هر حرکت را بررسی کنید یا بازپخش را بسازید با:
err-replay-running = این بازی هنوز در جریان است: بازپخش و پرونده‌اش پس از پایان می‌آید (کلید مخفی تا آن زمان فاش نمی‌شود).
err-no-finished = هنوز هیچ بازی‌ای در این گفتگو تمام نشده است. برای دیدن میزی دیگر شماره‌اش را بگویید، مثلاً { $command ->
    [export] ‎/export { $table }‎
   *[replay] ‎/replay { $table }‎
}.
err-no-finished-discord = هنوز هیچ بازی‌ای در این کانال تمام نشده است. برای دیدن میزی دیگر شماره‌اش را بدهید: { $command ->
    [export] /game export table:{ $table }
   *[replay] /game replay table:{ $table }
}.
err-no-finished-yet = هنوز هیچ بازی‌ای در این گفتگو تمام نشده است: تا پایان یک بازی چیزی برای { $command ->
    [export] خروجی گرفتن
   *[replay] بازپخش
} نیست.
err-no-finished-yet-discord = هنوز هیچ بازی‌ای در این کانال تمام نشده است: تا پایان یک بازی چیزی برای { $command ->
    [export] خروجی گرفتن
   *[replay] بازپخش
} نیست.
err-replay-empty = میز { $table } پیش از نخستین حرکت لغو شد: چیزی برای بازپخش نیست.
err-replay-failed = اکنون نمی‌توان بازپخش را ساخت. لطفاً یک دقیقهٔ دیگر دوباره امتحان کنید.
err-no-such-table = { $platform ->
    [discord] میز { $table } در این کانال نیست.
   *[other] میز { $table } در این گفتگو نیست.
}
command-replay = بازپخش متحرک یک بازی تمام‌شده
command-export = پروندهٔ یک بازی تمام‌شده، برای بررسی یا بازپخش
# Which table a command means: a game not played here yet, a word that is no table, several open tables.
err-no-finished-game = هنوز هیچ بازی { $game ->
    [snakes] مار و پله
    [nardy] نرد بلند
   *[ludo] منچ
} در این گفتگو تمام نشده است.
err-no-finished-game-discord = هنوز هیچ بازی { $game ->
    [snakes] مار و پله
    [nardy] نرد بلند
   *[ludo] منچ
} در این کانال تمام نشده است.
err-not-a-table = «{ $word }» نه نام بازی است و نه شمارهٔ میز. برای نمونه: { $command ->
    [export] ‎/export‎، ‎/export ludo‎ یا ‎/export 12‎
   *[replay] ‎/replay‎، ‎/replay ludo‎ یا ‎/replay 12‎
}.
which-table-item = { $status ->
    [lobby] { $table } ({ $game }، در انتظار بازیکن)
   *[playing] { $table } ({ $game }، در حال بازی)
}

# The playground page, when the bot does not answer (its line stays in the input).
page-offline = ربات پاسخ نمی‌دهد. نوشتهٔ شما نگه داشته شد: کمی بعد دوباره بفرستید.

## Turn notices (/notify) and your games (/games).
notify-off = اعلان نوبت خاموش است.
notify-on = اعلان نوبت روشن است: { $minutes ->
        [0] همین که نوبت شما شود
       *[other] وقتی { $minutes } دقیقه از نوبت شما گذشته باشد
    } به شما پیام خصوصی می‌دهم (و هرگز پس از بازی شما).
notify-quiet = ساعت‌های سکوت { $from }:00 تا { $to }:00 (UTC{ $tz }): اعلان‌ها تا پایان آن صبر می‌کنند.
notify-tz = وقت شما: UTC{ $tz }.
notify-usage = برای تغییر: /notify on، /notify off، /notify after 10m، /notify now، /notify quiet 23-7 یا /notify tz +3:30.
notify-usage-discord = برای تغییر: /notify با یکی از on، off، after 10m، now، quiet 23-7، tz +3:30.
notify-open-private = تلگرام فقط در گفتگویی که خودتان با من باز کرده‌اید اجازهٔ پیام می‌دهد: با پیوند زیر آن را باز کنید و Start را بزنید.
notify-private-ready = اعلان‌های نوبت به همین گفتگو می‌آیند.
err-notify-word = /notify «{ $word }» را نمی‌پذیرد: on، off، now، after 10m، quiet 23-7 (ساعت) یا tz +3:30.
notice-title = نوبت شماست:
notice-dm-closed = { $name }، نتوانستم اعلان نوبت را خصوصی بفرستم: پیام‌های مستقیم شما بسته است. آن را باز کنید و با /notify on اعلان‌ها را دوباره روشن کنید.
notice-dm-closed-discord = { $name }، نتوانستم اعلان نوبت را خصوصی بفرستم: پیام‌های مستقیم شما بسته است. آن را باز کنید و با /notify set:on اعلان‌ها را دوباره روشن کنید.
games-mine = میزهای باز شما:
games-here = میزهای باز این گفتگو:
games-here-discord = میزهای باز این کانال:
games-elsewhere-private = میزهای شما در گفتگوهای دیگر را فقط در گفتگوی خصوصی‌مان نشان می‌دهم: آن را با پیوند زیر باز کنید.
notify-details-private = ساعت‌های سکوت و منطقهٔ زمانی شما ذخیره شد؛ آن‌ها را فقط در گفتگوی خصوصی‌مان نشان می‌دهم.
games-none = شما پشت هیچ میز بازی نیستید.
games-line = { $game }، میز { $table }: { $state }{ $left }
games-line-in = { $game }، میز { $table } در { $chat }: { $state }{ $left }
games-your-turn = نوبت شما
games-turn-of = نوبت { $name }
games-computer-turn = رایانه بازی می‌کند
games-lobby = در انتظار، { $seated } نفر نشسته‌اند
games-left = ، { $minutes } دقیقه مانده

## Rematch (issue 37): the button under a finished game, its lobby and its refusals.
button-rematch = 🔁 بازی دوباره
rematch-lobby = { $platform ->
        [discord] 🔁 بازی دوبارهٔ میز { $number }. این میز { $table } است: دکمه‌های اینجا برای همین میزند، و در فرمان‌ها آن را با شماره‌اش بنامید (/game join table:{ $table })، چون شاید این کانال میزهای باز دیگری هم داشته باشد.
       *[other] 🔁 بازی دوبارهٔ میز { $number }. این میز { $table } است: دکمه‌های اینجا برای همین میزند، و در فرمان‌ها آن را با شماره‌اش بنامید (/join { $table })، چون شاید این گفتگو میزهای باز دیگری هم داشته باشد.
    }
rematch-invited = دعوت‌شدگان: { $names }. برای نشستن «🔁 بازی دوباره» یا «پیوستن» را بزنید؛ وقتی همه نشستند، بازی خودش شروع می‌شود.
err-rematch-stale = این دکمهٔ بازی دوباره کهنه است: زیر هیچ بازی تمام‌شده‌ای از من نیست.
err-rematch-players = فقط بازیکنان میز { $table } می‌توانند بازی دوباره بخواهند. هر کسی می‌تواند با دکمهٔ «پیوستن» سر میز تازه بنشیند.
err-rematch-over = بازی دوبارهٔ این بازی، میز { $table }، شروع شده یا بسته شده است. برای بازی دوباره میز تازه‌ای باز کنید.
err-rematch-started = بازی دوباره شروع شده است و شما در آن بازی می‌کنید: میز { $table }.
err-rematch-reserved = صندلی‌های خالی این بازی دوباره برای بازیکنان دعوت‌شده نگه داشته شده‌اند.
## ریتینگ، جدول رده‌بندی، فصل‌ها و رودررو (issue 37).
rating-change = { $name } { $before } ← { $after }{ $mark } ({ $sign }{ $delta })
rating-change-provisional = { $name } { $before } ← { $after }{ $mark } ({ $sign }{ $delta })، موقت
ladder-season = جدول فصل { $season } (ریتینگ؛ «?» یعنی موقت)
ladder-all-time = جدول همهٔ دوران (ریتینگ؛ «?» یعنی موقت)
ladder-global = جدول همهٔ گفتگوها، از بازیکنانی که خواسته‌اند در آن باشند (همهٔ دوران)
ladder-global-how = با /stats public به آن بپیوندید و با /stats private بیرون بیایید.
ladder-global-how-discord = با /stats public: True به آن بپیوندید و با /stats public: False بیرون بیایید.
ladder-unrated = مار و پله فقط شانس است، پس ریتینگ ندارد: به‌جایش بردها شمرده می‌شوند.
ladder-line = { $rank }. { $name }: { $rating }{ $mark } ({ $games } بازی)
ladder-wins-line = { $rank }. { $name }: { $wins } برد در { $games } بازی
ladder-none = هنوز هیچ بازی ریتینگ‌داری اینجا تمام نشده است.
ladder-global-none = هنوز کسی در آن نیست: هیچ بازیکنی نخواسته است در آن باشد (/stats public).
ladder-global-unrated = مار و پله جدولی در همهٔ گفتگوها ندارد: بردهایش در هر گفتگو شمرده می‌شود.
ladder-wins-none = هنوز هیچ بازی‌ای میان آدم‌ها اینجا تمام نشده است.
stats-rating = { $game }: ریتینگ { $rating }{ $mark } ± { $deviation } پس از { $games } بازی ریتینگ‌دار
stats-season = { $season }: { $rating }{ $mark }، { $place ->
    [0] هنوز در جدول اینجا نیستید
   *[other] رتبهٔ { $place } از { $players } در اینجا
}
stats-last-season = { $game }، سه نفر برتر { $season }: { $names }
stats-public-on = اکنون در جدول‌های همهٔ گفتگوها هستید (/top global).
stats-public-off = دیگر در جدول‌های همهٔ گفتگوها نیستید.
vs-title = { $name } در برابر { $other }
vs-none = هنوز هیچ بازی‌ای را با هم تمام نکرده‌اید.
vs-line = { $game }: { $games } بازی، { $ahead } بار جلوتر، { $behind } بار عقب‌تر
err-vs-who = با چه کسی؟ /vs و نام بازیکن را بنویسید، مثلاً /vs Ana.
err-vs-unknown = کسی به نام { $name } هنوز اینجا بازی‌ای را تمام نکرده است.
err-top-word = /top یک بازی (snakes، ludo، nardy)، all (همهٔ دوران) یا global (همهٔ گفتگوها) می‌پذیرد.
err-stats-word = /stats یک بازی (ludo، nardy)، public یا private می‌پذیرد.
chart-title = { $game }، { $season }: ریتینگ پس از هر بازی
command-vs = کارنامهٔ شما در برابر بازیکنی دیگر
discord-option-scope = این فصل، همهٔ دوران، یا همهٔ گفتگوها
discord-option-public = حضور در جدول‌های همهٔ گفتگوها
discord-option-user = بازیکن دیگر
help-ratings = ریتینگ: /top [بازی | all | global] جدول‌ها · /stats [بازی] ریتینگ و نمودار شما · /stats public یا private · /vs نام: کارنامهٔ شما در برابر یک نفر
help-ratings-discord = ریتینگ: /top (بازی، دامنه) جدول‌ها · /stats (بازی) ریتینگ و نمودار شما · /stats public · /game vs: کارنامهٔ شما در برابر یک نفر
season-month = { $month }/{ $year }
season-quarter = فصل { $n } سال { $year }
season-half = نیمهٔ { $n } سال { $year }
season-year = سال { $year }
discord-name-option-scope = scope
discord-name-option-public = public
discord-name-option-user = user
## The live board (issue 36): the page that shows one table as it plays.
live-button = 📺 صفحهٔ زنده
live-title = { $game }، میز { $table }
live-status-lobby = در انتظار بازیکنان
live-status-playing = در حال بازی
live-status-finished = بازی تمام شد
live-status-cancelled = میز لغو شد
live-players = بازیکنان
live-moves = حرکت‌های آخر
live-time-left = زمان باقی‌مانده
live-watching = شما تماشاگر هستید.
live-you = شما
live-play-link = پیوند شخصی شما برای بازی در مرورگر (آن را به کسی ندهید): { $code }
live-err-link = این پیوند صفحهٔ زنده معتبر نیست. صفحه را دوباره از گفت‌وگو باز کنید.
live-err-expired = این پیوند صفحهٔ زنده منقضی شده است. برای پیوندی تازه، صفحه را دوباره از گفت‌وگو باز کنید.
live-err-no-table = این میز دیگر وجود ندارد.
live-err-private = این میز خصوصی است: فقط بازیکنانش می‌توانند آن را ببینند.
live-err-busy = درخواست‌های بسیاری از نشانی شما رسیده است. کمی صبر کنید و دوباره امتحان کنید.
live-err-streams = صفحه‌های زندهٔ زیادی از نشانی شما باز است. یکی را ببندید و دوباره امتحان کنید.
live-err-telegram = ورود تلگرام برای این صفحه معتبر نیست. صفحه را ببندید و دوباره از گفت‌وگو باز کنید.
live-err-telegram-expired = ورود تلگرام برای این صفحه بیش از یک روز پیش بوده است. صفحه را ببندید و دوباره از گفت‌وگو باز کنید.
live-err-watch-only = با این پیوند فقط می‌توان میز را تماشا کرد. برای بازی، صفحه را از گفت‌وگو باز کنید.
live-err-request = این درخواست خوانده نشد. صفحه را دوباره بارگذاری کنید و دوباره امتحان کنید.
live-play-button = 🎮 بازی در صفحه
live-offline = ربات پاسخ نمی‌دهد. وقتی برگردد، صفحه به‌روز می‌شود.

## Board descriptions (issue 48).
describe-where = جای همه:
describe-separator = {"؛ "}
describe-left = { $name }: بازی را ترک کرد
describe-snakes-start = { $name }: هنوز وارد صفحه نشده
describe-snakes-square = { $name }: خانهٔ { $square }
describe-ludo-counting = خانه‌ها از خانهٔ شروع خود هر بازیکن شمرده می‌شوند؛ مقصد چهار خانه دارد، از ۱ تا ۴.
describe-ludo-player = { $name }: { $pieces }
describe-ludo-house = در لانه: { $pieces }
describe-ludo-track = مهرهٔ { $piece } در خانهٔ { $square }
describe-ludo-goal = مهرهٔ { $piece } در خانهٔ { $square } مقصد
describe-ludo-counting-short = خانه‌ها از شروع هر بازیکن؛ مقصد ۱ تا ۴.
describe-ludo-dense-house = لانه { $pieces }
describe-ludo-dense-track = { $pieces } در { $square }
describe-ludo-dense-goal = { $pieces } در مقصد { $square }
describe-more = جای مهره‌های { $count } بازیکن دیگر را { $platform ->
    [discord] /game status text:True
   *[other] /board text
} می‌گوید.
describe-nardy-counting = شمارهٔ خانه‌ها همان شمارهٔ روی صفحه است: سفید از ۲۴ شروع می‌کند و سیاه از ۱۲؛ خانه‌های هر طرف به ترتیب حرکت آن طرف آمده‌اند.
describe-nardy-white = سفید
describe-nardy-black = سیاه
describe-nardy-side = { $name } ({ $colour }): { $points }؛ بیرون‌برده: { $off }؛ مانده تا پایان: { $pips }
describe-nardy-colour-side = { $colour }: { $points }؛ بیرون‌برده: { $off }؛ مانده تا پایان: { $pips }
describe-nardy-point = { $count } مهره در { $point }
describe-nardy-none = هیچ مهره‌ای روی صفحه نیست
describe-nardy-score = مسابقه تا { $length } امتیاز: { $name } { $points }، { $other } { $otherpoints }
move-ludo-enter = مهرهٔ { $piece }: ورود به خانهٔ ۱
move-ludo = مهرهٔ { $piece }: از { $from } به { $to }
move-ludo-square = { $square }
move-ludo-goal = مقصد { $square }
move-captures = { $move }، مهرهٔ { $name } را می‌زند
move-nardy = مهره از { $from } به { $to }
move-nardy-off = مهره از { $from }، بیرون

command-access = اول صفحه به صورت متن، برای صفحه‌خوان‌ها (on یا off)
access-on = صفحهٔ متنی روشن است. سر میزهای شما پیام صفحه با جای همهٔ مهره‌ها به صورت متن شروع می‌شود و هر دکمهٔ حرکت، حرکت را با کلمات ساده می‌گوید («مهرهٔ ۲: از ۱۴ به ۲۰»). همهٔ بازیکنان میز همین صفحه را می‌بینند. /board text هر صفحه را فقط برای شما به صورت متن نشان می‌دهد. /access off آن را خاموش می‌کند.
access-on-discord = صفحهٔ متنی روشن است. سر میزهای شما پیام صفحه با جای همهٔ مهره‌ها به صورت متن شروع می‌شود و هر دکمهٔ حرکت، حرکت را با کلمات ساده می‌گوید («مهرهٔ ۲: از ۱۴ به ۲۰»). همهٔ بازیکنان میز همین صفحه را می‌بینند. /game status text:True هر صفحه را فقط برای شما به صورت متن نشان می‌دهد. /access on:False آن را خاموش می‌کند.
access-off = صفحهٔ متنی خاموش است: جای مهره‌ها به صورت متن در توضیح تصویر هر صفحه می‌ماند. /access on آن را روشن می‌کند؛ /board text هر صفحه را فقط برای شما به صورت متن نشان می‌دهد.
access-off-discord = صفحهٔ متنی خاموش است: جای مهره‌ها به صورت متن در توضیح تصویر هر صفحه می‌ماند. /access on:True آن را روشن می‌کند؛ /game status text:True هر صفحه را فقط برای شما به صورت متن نشان می‌دهد.
err-access-word = /access یک کلمه می‌گیرد: /access on (اول صفحه به صورت متن) یا /access off.
err-status-word = /board کلمهٔ text را می‌گیرد (/board text: صفحه به صورت متن، فقط برای شما)، یا نام یک بازی (snakes، ludo، nardy) یا شمارهٔ یک میز.
board-text-moves = حرکت‌هایی که می‌توانید انتخاب کنید:
help-access = صفحه‌خوان: /access on: اول صفحه به صورت متن، حرکت‌ها با کلمات ساده · /board text: صفحه به صورت متن، فقط برای شما
help-access-discord = صفحه‌خوان: /access on:True: اول صفحه به صورت متن، حرکت‌ها با کلمات ساده · /game status text:True: صفحه به صورت متن، فقط برای شما
discord-option-text = صفحه به صورت متن، فقط برای شما (برای صفحه‌خوان)
discord-option-on = True: اول صفحه به صورت متن؛ False: مثل همیشه
discord-name-access = access
discord-name-option-text = text
discord-name-option-on = on

# The group cup (issue 49): `/cup`, a tournament a chat runs over days (docs/rules.md T1–T9).
command-cup = مسابقه‌ای چندروزه: نام‌نویسی، جفت‌شدن، یک بازی در هر دور
cup-created = 🏆 جام { $game }: { $rounds } دور، هر دور { $window }، { $format }.
cup-players = نام‌نویسی‌شده‌ها ({ $count }): { $names }
cup-signup-how = با دکمهٔ «✍️ نام‌نویسی» نام‌نویسی کنید (یا /cup join). میزبان جام را با دکمهٔ «▶️ شروع جام» آغاز می‌کند (یا /cup start)؛ بازی‌های هر دور همین‌جا به صورت میز باز می‌شوند.
cup-signup-how-discord = با دکمهٔ «✍️ نام‌نویسی» نام‌نویسی کنید (یا /cup join). میزبان جام را با دکمهٔ «▶️ شروع جام» آغاز می‌کند (یا /cup begin)؛ بازی‌های هر دور همین‌جا به صورت میز باز می‌شوند.
button-cup-join = ✍️ نام‌نویسی
button-cup-start = ▶️ شروع جام
cup-format-swiss = جفت‌شدن سوئیسی
cup-format-round-robin = همه با همه
cup-format-tables = میزهای { $seats } نفره
cup-days = { $n } روز
cup-hours = { $n } ساعت
cup-minutes = { $n } دقیقه
cup-joined = برای جام { $game } نام‌نویسی شدید (تا حالا { $count } بازیکن).
cup-left = دیگر در جام نام‌نویسی نشده‌اید.
cup-cancelled = جام { $game } را { $name } لغو کرد. بازی‌هایی که شروع شده‌اند مثل بازی‌های معمولی ادامه می‌یابند.
cup-status-signup = جام { $game } در حال نام‌نویسی است.
cup-status-round = جام { $game }، دور { $round } از { $rounds }: { $left } مانده.
cup-still-to-play = هنوز در حال بازی: { $names }
cup-finished-title = جام { $game } تمام شد. جدول نهایی:
cup-tiebreaks = در تساوی، ضریب زونبورن–برگر (SB: امتیاز کسانی که از آن‌ها جلو افتادید)، سپس بازی‌های میان برابرها و سپس ریتینگ تعیین می‌کند.
cup-line = { $place }. { $name }: { $points } امتیاز (SB { $sb }، { $played } بازی)
cup-line-withdrawn = { $place }. { $name }: { $points } امتیاز (SB { $sb })، کنار گذاشته شد
cup-withdrawn = { $name } دو بار بازی نکرد و از جام کنار گذاشته شد.
cup-round = 🏆 جام { $game }، دور { $round } از { $rounds }: بازی خود را در { $window } انجام دهید.
cup-table-line = میز { $table }: { $players }
cup-bye-line = { $name } این دور استراحت دارد (استراحت: { $points } امتیاز).
cup-winner = 🏆 { $count ->
        [one] { $names } برندهٔ جام { $game } شد!
       *[other] { $names } جام { $game } را با هم بردند!
    }
cup-window-closed = وقت این دور تمام شد: { $name } که نوبتش بود از این بازی بیرون می‌رود.
err-cup-word = { $word } کلمهٔ جام نیست: بازی را بنویسید، سپس دورها، زمان هر دور و تنظیمات بازی، مثلاً /cup nardy 5 rounds 24h.
err-cup-word-discord = { $word } کلمهٔ جام نیست: تنظیمات بازی را در گزینهٔ options فرمان /cup start بنویسید (مثلاً 3 برای مسابقه تا ۳ امتیاز)، و دورها و زمان هر دور را در گزینه‌های خودشان.
err-cup-command = /cup با نام یک بازی جام باز می‌کند (/cup nardy 5 rounds 24h)، یا join، leave، start، cancel می‌گیرد؛ /cup تنها جدول را نشان می‌دهد.
err-cup-command-discord = /cup start (با نام بازی) جام باز می‌کند؛ /cup join، /cup leave، /cup begin، /cup cancel، /cup show و /cup export بقیهٔ کارها را می‌کنند.
err-cup-rounds = یک جام ۱ تا { $max } دور دارد.
err-cup-window = زمان هر دور از ۱ دقیقه تا ۷ روز است (مثلاً 90m، 24h، 2d).
err-cup-seats = میز این بازی { $min } تا { $max } بازیکن دارد.
err-cup-round-robin = «همه با همه» برای بازی‌های دونفره است: roundrobin را بردارید یا میزهای ۲ نفره بازی کنید.
err-cup-round-robin-discord = «همه با همه» برای بازی‌های دونفره است: قالب swiss یا میزهای ۲ نفره را انتخاب کنید.
err-cup-private = جام در گفتگوی خودش بازی می‌شود و نمی‌تواند خصوصی باشد.
err-cup-private-discord = جام در کانال خودش بازی می‌شود و نمی‌تواند خصوصی باشد.
err-cup-exists = این گفتگو همین حالا یک جام دارد: /cup آن را نشان می‌دهد.
err-cup-exists-discord = این کانال همین حالا یک جام دارد: /cup show آن را نشان می‌دهد.
err-cup-none = این گفتگو جامی ندارد. با /cup nardy (یا ludo، snakes) یکی باز کنید، مثلاً /cup nardy 5 rounds 24h.
err-cup-none-discord = این کانال جامی ندارد. با /cup start (بازی، دورها و زمان هر دور) یکی باز کنید.
err-cup-signed = شما همین حالا برای این جام نام‌نویسی شده‌اید.
err-cup-not-signed = شما برای این جام نام‌نویسی نشده‌اید.
err-cup-closed = نام‌نویسی این جام بسته است: نیمی از دورهایش گذشته است.
err-cup-started = جام شروع شده است: بازیکنان در آن می‌مانند (کسی که دو بازی را از دست بدهد کنار گذاشته می‌شود).
err-cup-running = جام همین حالا شروع شده است.
err-cup-host = فقط میزبان جام یا مدیر گفتگو می‌تواند این کار را بکند.
err-cup-host-discord = فقط میزبان جام یا عضوی که اجازهٔ مدیریت پیام‌ها را دارد می‌تواند این کار را بکند.
err-cup-few = برای شروع جام دست‌کم دو بازیکن لازم است.
err-cup-over = این جام تمام شده است: /cup جدول نهایی آن را نشان می‌دهد.
err-cup-over-discord = این جام تمام شده است: /cup show جدول نهایی آن را نشان می‌دهد.
err-cup-gone = این جام لغو شده است: با /cup nardy (یا ludo، snakes) جام تازه‌ای باز کنید.
err-cup-gone-discord = این جام لغو شده است: با /cup start جام تازه‌ای باز کنید.
err-cup-damaged = جام این گفتگو دیگر خوانده نمی‌شود: داده‌های ذخیره‌شده‌اش آسیب دیده است. گرداننده ربات علت را در گزارش آن می‌بیند؛ بازی‌های شروع‌شده جام مثل بازی‌های معمولی ادامه می‌یابند.
err-cup-damaged-discord = جام این کانال دیگر خوانده نمی‌شود: داده‌های ذخیره‌شده‌اش آسیب دیده است. گرداننده ربات علت را در گزارش آن می‌بیند؛ بازی‌های شروع‌شده جام مثل بازی‌های معمولی ادامه می‌یابند.
cup-starts-in = نام‌نویسی بسته می‌شود و جام خودبه‌خود تا { $left } دیگر آغاز می‌شود.
cup-start-few = جام { $game } آغاز نشد: تا زمان شروع کمتر از دو بازیکن نام‌نویسی کرده بودند، پس لغو شد.
cup-cancelled-unattended = جام { $game } لغو شد.
err-cup-start = زمان شروع جام یا ساعتی از روز به وقت /notify tz شماست (start=18:30) یا مدتی از ۱ دقیقه تا ۷ روز (start=2h).
err-cup-start-discord = زمان شروع جام (گزینهٔ starts) یا ساعتی از روز به وقت شماست (آن را با /notify و tz +3:30 تنظیم کنید)، مثلاً 18:30، یا مدتی از ۱ دقیقه تا ۷ روز، مثلاً 2h.
help-cup = جام: /cup nardy 5 rounds 24h یکی باز می‌کند · /cup join · /cup leave · /cup start · /cup cancel · /cup export · /cup: جدول
help-cup-discord = جام: /cup start (بازی، دورها، زمان) یکی باز می‌کند · /cup join · /cup leave · /cup begin · /cup cancel · /cup export · /cup show: جدول
discord-cup-start = باز کردن جام: بازی، تعداد دورها، زمان هر دور
discord-cup-join = نام‌نویسی در جام این کانال
discord-cup-leave = بیرون آمدن از جام پیش از شروع
discord-cup-begin = شروع دور اول جام (میزبان یا مدیر)
discord-cup-cancel = لغو جام (میزبان یا مدیر)
discord-cup-show = جدول جام، چه کسی هنوز بازی می‌کند، زمان باقی‌مانده
discord-option-rounds = چند دور (اگر نگویید ۵)
discord-option-window = زمان هر دور، مثلاً 24h، 90m، 2d (اگر نگویید 24h)
discord-option-format = swiss: بازیکنان با امتیاز برابر روبه‌رو می‌شوند؛ roundrobin: همه با همه
discord-option-seats = بازیکنان هر میز (لودو، مار و پله؛ اگر نگویید ۴)
discord-option-options = تنظیمات بازی به صورت کلمه، مثلاً 3 (مسابقه تا ۳) یا quick bounce
discord-option-starts = زمانی که نام‌نویسی بسته و جام خودبه‌خود آغاز می‌شود: 18:30 (به وقت /notify tz شما) یا 2h
discord-name-cup = cup
discord-name-option-rounds = rounds
discord-name-option-window = window
discord-name-option-format = format
discord-name-option-seats = seats
discord-name-option-options = options
discord-name-option-starts = starts
cup-excused = { $by } یکی از بازی‌های ازدست‌رفتهٔ { $name } را در این جام بخشید.
cup-excused-back = { $by } یکی از بازی‌های ازدست‌رفتهٔ { $name } را بخشید: { $name } به جام برگشته و از دور بعد جفت می‌شود.
cup-lifted = { $name } می‌تواند همین حالا برای جام بعدی این گفتگو نام‌نویسی کند: انتظار بازی‌های ازدست‌رفته برداشته شد.
cup-lifted-discord = { $name } می‌تواند همین حالا برای جام بعدی این کانال نام‌نویسی کند: انتظار بازی‌های ازدست‌رفته برداشته شد.
err-cup-wait = شما در هر یک از { $cups } جام آخرتان اینجا بازی از دست داده‌اید: { $left } دیگر می‌توانید دوباره نام‌نویسی کنید. مدیر گفتگو می‌تواند با /cup lift و نام شما این را بردارد.
err-cup-wait-discord = شما در هر یک از { $cups } جام آخرتان اینجا بازی از دست داده‌اید: { $left } دیگر می‌توانید دوباره نام‌نویسی کنید. عضوی که اجازهٔ مدیریت پیام‌ها را دارد می‌تواند با /cup lift و نام شما این را بردارد.
err-cup-unknown = کسی به نام { $name } در جام‌های این گفتگو نیست.
err-cup-unknown-discord = کسی به نام { $name } در جام‌های این کانال نیست.
err-cup-no-forfeit = { $name } در این جام بازی ازدست‌رفته‌ای برای بخشیدن ندارد.
err-cup-admin = فقط مدیر گفتگو می‌تواند انتظار یک بازیکن را بردارد.
err-cup-admin-discord = فقط عضوی که اجازهٔ مدیریت پیام‌ها را دارد می‌تواند انتظار یک بازیکن را بردارد.
discord-cup-excuse = بخشیدن یکی از بازی‌های ازدست‌رفتهٔ یک بازیکن در این جام (میزبان یا مدیر)
discord-cup-lift = برداشتن انتظار یک بازیکن برای بازی‌های ازدست‌رفته در جام‌های این سرور (مدیر)
discord-option-who = بازیکن
discord-name-option-who = player
cup-export = جام { $game }: بازیکنان، بازی‌ها، نتیجه‌ها و جدول، همراه با رکورد هر یک از { $games } بازی تمام‌شده. همهٔ بازی‌ها و جدول را این‌طور بررسی کنید:
discord-cup-export = جام به صورت فایل: رکورد هر بازی، نتیجه‌ها و جدول
cup-picture-title = جام { $game }، دور { $round } از { $rounds }
cup-live-title = 📊 جدول جام { $game }، دور { $round } از { $rounds } (این پیام پس از هر بازی به‌روز می‌شود)
cup-picture-final = جام { $game }: جدول نهایی
cup-head-points = امتیاز
cup-head-sb = SB
cup-head-games = بازی

## Issue 61: `/games`' time left of an hour or more, in hours and minutes.
games-left-hours = ، { $hours } ساعت و { $minutes } دقیقه مانده

## Issue 61: `/cup` words that contradict each other.
err-cup-contradiction = «{ $first }» و «{ $second }» با هم نمی‌خوانند: هر تنظیم جام را یک بار بنویسید.

## Issue 61: a cup's sign-up message that could not become its standings (a text cannot be
## edited into a picture on Telegram) is left saying this.
cup-signup-closed = جام { $game } شروع شده است: ثبت‌نام بسته است. جدول آن در تازه‌ترین پیام جام است.
board-text-open-chat = هنوز نمی‌توانم به شما پیام خصوصی بدهم: با این پیوند گفتگویی با من باز کنید و دوباره /board text را بخواهید.
