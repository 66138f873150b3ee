use super::*;

fn choice(words: &str) -> NotifyChoice {
    let mut c = NotifyChoice::default();
    let words: Vec<String> = words.split_whitespace().map(str::to_owned).collect();
    c.apply(&words).expect("words that fit");
    c
}

/// Issue 61: `/games` says a long time left in hours and minutes, in every language.
#[test]
fn time_left_is_hours_and_minutes_from_an_hour_on() {
    let i18n = crate::table::i18n::I18n::new();
    let said =
        |lang, minutes| time_left(&i18n, lang, minutes).replace(['\u{2068}', '\u{2069}'], "");
    assert_eq!(said(Lang::En, 1430), ", 23 hours 50 minutes left");
    assert_eq!(said(Lang::En, 61), ", 1 hour 1 minute left");
    assert_eq!(said(Lang::En, 59), ", 59 minutes left");
    assert_eq!(said(Lang::Ru, 1430), ", осталось 23 ч 50 мин");
    assert_eq!(said(Lang::Tl, 1430), ", 23 oras at 50 minuto pa");
    assert_eq!(said(Lang::Fa, 1430), "، ۲۳ ساعت و ۵۰ دقیقه مانده");
    for lang in [Lang::En, Lang::Fa, Lang::Ru, Lang::Tl] {
        assert!(!said(lang, 1430).contains("1430") && !said(lang, 1430).contains("۱۴۳۰"));
    }
}

#[test]
fn notify_words_set_the_choice() {
    let c = choice("on quiet 23-7 tz +3:30");
    assert!(c.active());
    assert_eq!((c.after_min, c.quiet, c.tz_min), (10, Some([23, 7]), 210));
    assert_eq!(choice("after 2h").after_min, 120);
    assert_eq!(choice("now").after_min, 0);
    assert_eq!(choice("tz -5").tz_min, -300);
    assert!(!choice("on off").on);
    let mut c = NotifyChoice::default();
    // Issue 61: offsets run from UTC−12:00 to UTC+14:00, written with one sign.
    assert_eq!(choice("tz -12:00").tz_min, -720);
    assert_eq!(choice("tz +14").tz_min, 840);
    assert_eq!(choice("tz 5:45").tz_min, 345);
    for bad in [
        "sometimes",
        "after soon",
        "quiet 25-7",
        "tz +15",
        "after",
        "tz -13:00",
        "tz -12:30",
        "tz ++3",
        "tz +-3",
        "tz +3:5",
        "tz +3:",
        "tz 14:01",
        "tz +",
        "tz 3h",
    ] {
        let words: Vec<String> = bad.split_whitespace().map(str::to_owned).collect();
        assert!(c.apply(&words).is_err(), "{bad}");
    }
}

#[test]
fn a_notice_waits_for_the_delay_the_reminder_and_quiet_hours() {
    let hour = 3_600_000;
    let c = choice("on");
    assert_eq!(c.due(0, None), 600_000);
    assert_eq!(c.due(0, Some(120_000)), 120_000, "never after the reminder");
    // Quiet 23–7 at UTC+3:30: 20:00 UTC is 23:30 local, so the notice waits until 7:00
    // local, 3:30 UTC the next day.
    let c = choice("now quiet 23-7 tz +3:30");
    let at = 20 * hour;
    assert_eq!(c.due(at, None), 24 * hour + 3 * hour + hour / 2);
    // 12:00 UTC is 15:30 local: not quiet.
    assert_eq!(c.due(12 * hour, None), 12 * hour);
    // Quiet hours within one day, 1–5 UTC.
    let c = choice("now quiet 1-5");
    assert_eq!(c.after_quiet(2 * hour + 60_000), 5 * hour);
    assert_eq!(c.after_quiet(5 * hour), 5 * hour);
}
