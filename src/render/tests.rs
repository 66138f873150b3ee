//! Picture tests: decodable PNGs of the right size, determinism, and every token, piece and
//! checker drawn in its owner's colour where it stands.

use super::*;
use crate::engine::{GameKind, Options};
use crate::tools::gallery::{EXAMPLES, Example, play};

/// WCAG contrast ratio of two opaque colours (1 to 21): text wants at least 4.5.
fn contrast(a: Color, b: Color) -> f32 {
    fn luminance(c: Color) -> f32 {
        let lin = |v: f32| {
            if v <= 0.040_45 { v / 12.92 } else { ((v + 0.055) / 1.055).powf(2.4) }
        };
        0.2126 * lin(c.red()) + 0.7152 * lin(c.green()) + 0.0722 * lin(c.blue())
    }
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

fn players(n: usize) -> Vec<Player> {
    (0..n).map(|i| Player { name: format!("Player {}", i + 1) }).collect()
}

fn example(name: &str) -> &'static Example {
    EXAMPLES.iter().find(|e| e.name == name).unwrap()
}

fn pixel(pixmap: &Pixmap, (x, y): (f32, f32)) -> [u8; 3] {
    let p = pixmap.pixel(x.round() as u32, y.round() as u32).unwrap();
    [p.red(), p.green(), p.blue()]
}

fn assert_colour(pixmap: &Pixmap, at: (f32, f32), colour: Color, what: &str) {
    let want = colour.to_color_u8();
    let got = pixel(pixmap, at);
    let close =
        got.iter().zip([want.red(), want.green(), want.blue()]).all(|(a, b)| a.abs_diff(b) <= 2);
    assert!(close, "{what} at {at:?}: {got:?}, want {:?}", [want.red(), want.green(), want.blue()]);
}

/// The scene of `game` after `events`, light, in Western digits (struct update for the rest).
fn scene_of<'a>(game: &'a Game, events: &'a [Event], players: &'a [Player]) -> Scene<'a> {
    Scene { game, events, players, theme: Theme::Light, persian_digits: false }
}

/// Gallery example `name` played from `seed` and drawn in `theme`: the game and its pixels.
fn drawn(name: &str, seed: u64, theme: Theme, persian_digits: bool) -> (Game, Pixmap) {
    let (game, events) = play(example(name), seed).unwrap();
    let ps = players(game.players());
    let scene = Scene { theme, persian_digits, ..scene_of(&game, &events, &ps) };
    let pixmap = Renderer::new().render_pixmap(&scene).unwrap();
    (game, pixmap)
}

/// A point inside every seat shape that the centred label does not cover.
fn inside((x, y): (f32, f32), r: f32) -> (f32, f32) {
    (x - 0.33 * r, y + 0.33 * r)
}

/// Pictures drawn on several threads at once, sharing one renderer (each thread with caches of
/// its own, the boards and their colour lookups shared), are the bytes drawn one at a time.
#[test]
fn pictures_drawn_at_once_on_many_threads_are_the_same_bytes() {
    let scenes: Vec<(Game, Vec<Event>)> = EXAMPLES.iter().map(|ex| play(ex, 7).unwrap()).collect();
    let alone: Vec<Vec<u8>> = scenes
        .iter()
        .map(|(game, events)| {
            let ps = players(game.players());
            Renderer::new().render(&scene_of(game, events, &ps)).unwrap()
        })
        .collect();
    let shared = Renderer::new();
    std::thread::scope(|s| {
        for offset in 0..4 {
            let (shared, scenes, alone) = (&shared, &scenes, &alone);
            s.spawn(move || {
                for round in 0..3 {
                    for i in 0..scenes.len() {
                        let i = (i + offset + round) % scenes.len();
                        let (game, events) = &scenes[i];
                        let ps = players(game.players());
                        let png = shared.render(&scene_of(game, events, &ps)).unwrap();
                        assert!(
                            png == alone[i],
                            "{}: differs when drawn at once",
                            EXAMPLES[i].name
                        );
                    }
                }
            });
        }
    });
    let idle = shared.workshops.lock().unwrap().len();
    assert!((1..=MAX_WORKSHOPS).contains(&idle), "workshops are given back: {idle}");
}

#[test]
fn pngs_decode_with_the_right_size_and_are_deterministic() {
    let renderer = Renderer::new();
    for ex in EXAMPLES.iter() {
        let (game, events) = play(ex, 5).unwrap();
        let ps = players(game.players());
        let scene = scene_of(&game, &events, &ps);
        let png = renderer.render(&scene).unwrap();
        let decoder = png::Decoder::new(std::io::Cursor::new(&png));
        let reader = decoder.read_info().unwrap();
        let info = reader.info();
        let board = if game.kind() == GameKind::Nardy { nardy::HEIGHT } else { WIDTH };
        assert_eq!(
            (info.width, info.height),
            (WIDTH, board + legend_height(game.players())),
            "{}",
            ex.name
        );
        // Same input, same bytes, from this renderer (cached board) and from a fresh one.
        assert!(png == renderer.render(&scene).unwrap(), "{}: cached renderer differs", ex.name);
        assert!(
            png == Renderer::new().render(&scene).unwrap(),
            "{}: fresh renderer differs",
            ex.name
        );
        let dark = Scene { theme: Theme::Dark, ..scene };
        assert!(png != renderer.render(&dark).unwrap(), "{}: dark is the same", ex.name);
    }
}

#[test]
fn snakes_tokens_stand_in_their_owners_colour() {
    let (game, pixmap) = drawn("snakes-classic", 21, Theme::Light, false);
    let Game::Snakes(g) = &game else { unreachable!() };
    let palette = Palette::new(Theme::Light);
    let mut checked = 0;
    for seat in 0..game.players() as Seat {
        if g.squares()[usize::from(seat)] == 0 {
            continue;
        }
        let (at, r) = snakes::token_centre(g, seat);
        assert_colour(&pixmap, inside(at, r), palette.seats[usize::from(seat)], "token");
        checked += 1;
    }
    assert!(checked >= 2, "too few tokens on the board to test");
}

#[test]
fn ludo_pieces_stand_in_their_owners_colour_on_every_board() {
    for name in ["ludo-4-arms", "ludo-6-arms", "ludo-8-arms"] {
        let (game, pixmap) = drawn(name, 3, Theme::Dark, true);
        let Game::Ludo(g) = &game else { unreachable!() };
        let palette = Palette::new(Theme::Dark);
        for seat in 0..game.players() as Seat {
            for piece in 0..4 {
                let (at, r) = ludo::centre_of_piece(g, seat, piece);
                assert_colour(&pixmap, inside(at, r), palette.seats[usize::from(seat)], name);
            }
        }
    }
}

#[test]
fn nardy_checkers_stand_in_their_colour() {
    let (game, pixmap) = drawn("nardy", 8, Theme::Light, false);
    let Game::Nardy(g) = &game else { unreachable!() };
    let mut checked = 0;
    for point in 1..=24u8 {
        let v = g.board()[usize::from(point) - 1];
        if v == 0 || v.unsigned_abs() > 4 {
            continue; // tall stacks carry a count label on top
        }
        let body = if v > 0 { rgb(0xF7F2E8) } else { rgb(0x2A2A2E) };
        assert_colour(&pixmap, nardy::checker_centre(point, 0), body, "checker");
        checked += 1;
    }
    assert!(checked >= 4);
}

#[test]
fn a_snakes_board_is_drawn_once_per_layout() {
    let renderer = Renderer::new();
    let options = Options::default_for(GameKind::Snakes);
    let game = crate::game::setup::new_game(&options, 2, &crate::game::fair::Seed::from_u64(1), 0)
        .unwrap();
    let ps = players(2);
    for theme in [Theme::Light, Theme::Dark, Theme::Light] {
        let scene = Scene { theme, ..scene_of(&game, &[], &ps) };
        renderer.render(&scene).unwrap();
    }
    assert_eq!(renderer.boards.read().unwrap().len(), 2, "one board per theme, reused");
}

/// The pixels of a PNG, palette expanded.
fn decode(png: &[u8]) -> Vec<u8> {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(png));
    decoder.set_transformations(png::Transformations::EXPAND);
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    buf.truncate(info.buffer_size());
    buf
}

/// Issue 17: a picture's PNG is under 120 KB, and the board's rows it reuses (compressed once
/// per board) decode to exactly the picture a whole fresh encoding gives; on a board of one
/// table (kept packed, its indices as packed) to the same within a palette neighbour's shade.
#[test]
fn every_gallery_picture_stays_under_120_kb_and_reused_rows_decode_right() {
    let renderer = Renderer::new();
    for (i, ex) in EXAMPLES.iter().enumerate() {
        let (game, events) = play(ex, 11 + i as u64).unwrap();
        for (lang, names) in crate::tools::gallery::LANGUAGES {
            let ps: Vec<Player> = names
                .iter()
                .take(game.players())
                .map(|n| Player { name: (*n).to_owned() })
                .collect();
            for theme in [Theme::Light, Theme::Dark] {
                let scene =
                    Scene { theme, persian_digits: lang == "fa", ..scene_of(&game, &events, &ps) };
                let png = renderer.render(&scene).unwrap();
                let size = png.len();
                assert!(size < 120 * 1024, "{} {lang} {theme:?}: {} KB", ex.name, size / 1024);
                let board = renderer.board(&scene, &Palette::new(theme)).unwrap();
                let pixmap = renderer.render_pixmap(&scene).unwrap();
                let whole = encoding::encode_picture(&board.colours, &pixmap, None).unwrap();
                let (shown, fresh) = (decode(&png), decode(&whole));
                if ex.name == "snakes-random" {
                    let most = shown.iter().zip(&fresh).map(|(a, b)| a.abs_diff(*b)).max();
                    assert!(most <= Some(12), "{} {lang} {theme:?}: {most:?}", ex.name);
                } else {
                    assert!(shown == fresh, "{} {lang} {theme:?}", ex.name);
                }
            }
        }
    }
}

/// Every text on a picture reads at 4.5:1 or better (WCAG AA), in both themes: the square
/// numbers on their plates (100 on gold), the legend's names and statuses, and the winner's
/// name on the gold banner, measured on a drawn picture.
#[test]
fn texts_read_at_four_and_a_half_to_one_in_both_themes() {
    for theme in [Theme::Light, Theme::Dark] {
        let p = Palette::new(theme);
        for n in [1u8, 57, 99, 100] {
            let (back, ink) = snakes::square_label_colours(&p, n);
            // The plate is drawn at 92% over either cell shade.
            for cell in [p.cell_a, p.cell_b] {
                let mix = |a: f32, b: f32| a * 0.92 + b * 0.08;
                let plate = Color::from_rgba(
                    mix(back.red(), cell.red()),
                    mix(back.green(), cell.green()),
                    mix(back.blue(), cell.blue()),
                    1.0,
                )
                .unwrap();
                let ratio = contrast(ink, plate);
                assert!(ratio >= 4.5, "{theme:?} square {n}: {ratio:.2}");
            }
        }
        for (what, ink) in [("names", p.ink), ("statuses", p.muted)] {
            let ratio = contrast(ink, p.background);
            assert!(ratio >= 4.5, "{theme:?} legend {what}: {ratio:.2}");
        }
        // The banner of a finished game: the darkest pixel of the gold rows is the winner's
        // name; it must stand out from the gold.
        let (game, events) = play(example("snakes-finished"), 3).unwrap();
        assert!(game.ranking().is_some(), "a finished game");
        let ps = players(game.players());
        let scene = Scene { theme, ..scene_of(&game, &events, &ps) };
        let pixmap = Renderer::new().render_pixmap(&scene).unwrap();
        let gold = rgb(Palette::GOLD).to_color_u8();
        let is_gold = |c: &[u8; 3]| {
            c.iter().zip([gold.red(), gold.green(), gold.blue()]).all(|(a, b)| a.abs_diff(b) <= 3)
        };
        let width = pixmap.width();
        let mut darkest: Option<Color> = None;
        let mut banner_rows = 0;
        for y in 0..pixmap.height() {
            let row: Vec<[u8; 3]> =
                (0..width).map(|x| pixel(&pixmap, (x as f32, y as f32))).collect();
            // A banner row is gold across (the board's goal square is one cell wide).
            if row.iter().filter(|c| is_gold(c)).count() < width as usize / 2 {
                continue;
            }
            banner_rows += 1;
            for c in row.iter().take(width as usize / 2) {
                let colour = Color::from_rgba8(c[0], c[1], c[2], 255);
                let lum = |c: Color| c.red() + c.green() + c.blue();
                if darkest.is_none_or(|d| lum(colour) < lum(d)) {
                    darkest = Some(colour);
                }
            }
        }
        assert!(banner_rows > 40, "{theme:?}: a gold banner ({banner_rows} rows)");
        let ratio = contrast(darkest.unwrap(), rgb(Palette::GOLD));
        assert!(ratio >= 4.5, "{theme:?} banner text: {ratio:.2}");
    }
}

/// Two failed tries for a 6 that roll the same number give different pictures (L8): the
/// legend shows how many tries are used.
#[test]
fn ludo_tries_change_the_picture() {
    use crate::engine::Action;
    let renderer = Renderer::new();
    let options = Options::default_for(GameKind::Ludo);
    let mut game =
        crate::game::setup::new_game(&options, 2, &crate::game::fair::Seed::from_u64(5), 0)
            .unwrap();
    // The roll-off, then a player with every piece at home: three tries.
    let mut events = game.play(&Action::Roll { dice: vec![6, 1] }).unwrap();
    let ps = players(2);
    let mut pictures = Vec::new();
    for _ in 0..2 {
        events = game.play(&Action::Roll { dice: vec![2] }).unwrap();
        let scene = scene_of(&game, &events, &ps);
        pictures.push(renderer.render(&scene).unwrap());
    }
    assert!(events.iter().any(|e| matches!(e, Event::TryAgain { .. })), "{events:?}");
    assert_ne!(pictures[0], pictures[1], "try 2 and try 3 look different");
}

/// Random Snakes boards are one table's each: more of them than the renderer keeps drawn are
/// kept packed, and a picture on a board unpacked again is the same, byte for byte, as on the
/// board just drawn (the board is always used in its palette's colours).
#[test]
fn a_random_board_unpacked_again_gives_the_same_picture() {
    use crate::engine::snakes::{BoardGenerator, Layout, Snakes, SnakesOptions};
    use crate::game::fair::Seed;
    let options = SnakesOptions::default();
    let game_on = |i: u64| {
        let layout = Layout::random_by(
            BoardGenerator::CURRENT,
            &mut Seed::from_u64(i).stream("l", 0),
            &options,
        );
        Game::Snakes(Snakes::new(2, options, layout, 0).unwrap())
    };
    let ps = players(2);
    let renderer = Renderer::new();
    let scene = |game: &Game| Renderer::render(&renderer, &scene_of(game, &[], &ps));
    let first = game_on(1);
    let png = scene(&first).unwrap();
    // More random boards than are kept drawn: the first leaves the drawn ones.
    for i in 2..(MAX_BOARDS as u64 + 4) {
        scene(&game_on(i)).unwrap();
    }
    assert!(renderer.packed.lock().unwrap().len() > MAX_BOARDS, "kept packed");
    assert!(png == scene(&first).unwrap(), "unpacked, the same picture");
    let fresh = scene_of(&first, &[], &ps);
    assert!(png == Renderer::new().render(&fresh).unwrap(), "as from a fresh renderer");
}

/// A long name ends with "…" before its seat's status, however wide the status: Nardy's pips
/// and points ("⚫ 360   🏆 0") left a computer's name running under the checker.
#[test]
fn long_names_end_before_the_seat_status_in_every_game() {
    let mut text = text::Text::new();
    let x = 24.0 + WIDTH as f32 / 2.0;
    let statuses = ["⚫ 360   🏆 0", "⚪ 167   🏆 12", "🏁 0/4", "📍 100", "🥇", "⚫ ۳۶۰   🏆 ۰"];
    let names =
        ["🤖 Computer 1 (normal)", "A very long name indeed, longer than the column", "Ana"];
    for status in statuses {
        for name in names {
            for bold in [false, true] {
                let line = legend::seat_line(&mut text, name, bold, status, x);
                assert!(
                    line.name_right + 8.0 <= line.status_left,
                    "{name:?} ({}) runs into {status:?}: ends at {}, status starts at {}",
                    line.name,
                    line.name_right,
                    line.status_left
                );
                assert!(line.name == name || line.name.ends_with('…'), "{}", line.name);
            }
        }
    }
    let short = legend::seat_line(&mut text, "Ana", false, "⚫ 360   🏆 0", x);
    assert_eq!(short.name, "Ana", "a name that fits is whole");
    let computer = legend::seat_line(&mut text, "🤖 Computer 1 (normal)", false, "🏁 0/4", x);
    assert_eq!(computer.name, "🤖 Computer 1 (normal)", "beside Ludo's status it fits");
}

/// Every ladder is drawn with at least three rungs: a ladder that climbs one row (seed 3's
/// 31→50 and 32→49, seed 2's 11→30) with one rung read as the letter "H", and with two, its
/// lower rung half behind the square's number, still did.
#[test]
fn every_ladder_has_at_least_two_rungs() {
    use crate::engine::snakes::{BoardGenerator, Layout, SnakesOptions};
    use crate::game::fair::Seed;
    let one_row = Layout::new(vec![(11, 30), (31, 50), (32, 49), (2, 38)], vec![(99, 1)]).unwrap();
    let mut layouts = vec![one_row, Layout::classic()];
    for seed in 1..40 {
        let mut entropy = Seed::from_u64(seed).stream("l", 0);
        layouts.push(Layout::random_by(
            BoardGenerator::CURRENT,
            &mut entropy,
            &SnakesOptions::default(),
        ));
    }
    for layout in &layouts {
        for &(from, to) in layout.ladders() {
            let rungs = snakes::ladder_rungs(from, to);
            assert!(rungs >= 3, "ladder {from}→{to} has {rungs} rung(s)");
        }
    }
    assert_eq!(snakes::ladder_rungs(1, 38), 8, "a long ladder keeps a rung every 38 pixels");
}

/// docs/ARCHITECTURE.md quotes the board caches' sizes as the code has them (issue 34: it said
/// 12 boards where the code kept 8).
#[test]
fn the_architecture_doc_quotes_the_cache_sizes() {
    let doc = include_str!("../../docs/ARCHITECTURE.md");
    assert!(doc.contains(&format!("`MAX_BOARDS` = {MAX_BOARDS} most")), "MAX_BOARDS");
    assert!(doc.contains(&format!("`MAX_PACKED` = {MAX_PACKED} most")), "MAX_PACKED");
}

/// Colour-vision deficiencies as linear-RGB matrices (Machado, Oliveira and Fernandes 2009,
/// severity 1): what a player with protanopia, deuteranopia or tritanopia sees of a colour.
const VISIONS: [(&str, [[f32; 3]; 3]); 4] = [
    ("normal", [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]),
    (
        "protanopia",
        [
            [0.152_286, 1.052_583, -0.204_868],
            [0.114_503, 0.786_281, 0.099_216],
            [-0.003_882, -0.048_116, 1.051_998],
        ],
    ),
    (
        "deuteranopia",
        [
            [0.367_322, 0.860_646, -0.227_968],
            [0.280_085, 0.672_501, 0.047_413],
            [-0.011_820, 0.042_940, 0.968_881],
        ],
    ),
    (
        "tritanopia",
        [
            [1.255_528, -0.076_749, -0.178_779],
            [-0.078_411, 0.930_809, 0.147_602],
            [0.004_733, 0.691_367, 0.303_900],
        ],
    ),
];

/// `c` as a player with `vision` sees it.
fn seen(c: Color, vision: &[[f32; 3]; 3]) -> Color {
    let lin = |v: f32| if v <= 0.040_45 { v / 12.92 } else { ((v + 0.055) / 1.055).powf(2.4) };
    let gamma =
        |v: f32| if v <= 0.003_130_8 { v * 12.92 } else { 1.055 * v.powf(1.0 / 2.4) - 0.055 };
    let rgb = [lin(c.red()), lin(c.green()), lin(c.blue())];
    let out: Vec<f32> = (vision.iter())
        .map(|row| gamma((row[0] * rgb[0] + row[1] * rgb[1] + row[2] * rgb[2]).clamp(0.0, 1.0)))
        .collect();
    Color::from_rgba(out[0], out[1], out[2], 1.0).unwrap()
}

/// How well a piece stands out where it stands, as `vision` sees it, from the pixels drawn
/// (issue 61, item 13: it compared the board with a fixed outline colour, so it passed whatever
/// the seats' colours were): along 24 rays from its centre, the board's pixel at `ring` (just
/// outside its shape) against the piece's own pixels on the ray, from a third of its `radius`
/// to just inside its edge (its body, its outline or halo as drawn), the best of them; the
/// median of the 24 (a neighbour, a snake or a label may cover a few).
fn stands_out(
    pixmap: &Pixmap,
    at: (f32, f32),
    radius: f32,
    ring: f32,
    vision: &[[f32; 3]; 3],
) -> f32 {
    let drawn = |x: f32, y: f32| {
        let p = pixmap.pixel(x.round() as u32, y.round() as u32)?;
        Some(seen(Color::from_rgba8(p.red(), p.green(), p.blue(), 255), vision))
    };
    let mut ratios: Vec<f32> = (0..24)
        .filter_map(|k| {
            let a = k as f32 * std::f32::consts::TAU / 24.0;
            let (dx, dy) = (a.cos(), a.sin());
            let board = drawn(at.0 + ring * dx, at.1 + ring * dy)?;
            (0..=12)
                .map(|i| radius * (1.0 / 3.0 + (0.95 - 1.0 / 3.0) * i as f32 / 12.0))
                .filter_map(|d| drawn(at.0 + d * dx, at.1 + d * dy))
                .map(|piece| contrast(piece, board))
                .max_by(f32::total_cmp)
        })
        .collect();
    ratios.sort_by(f32::total_cmp);
    ratios[ratios.len() / 2]
}

/// Issue 48, item 5: under simulated protanopia, deuteranopia and tritanopia (and normal
/// vision), on every gallery board in both themes, every piece stands out from the board at
/// 3:1 or better, and every seat's pieces have a shape of their own, so seats whose colours
/// look alike are still told apart. Prints the seat colours each vision makes alike and the
/// lowest contrasts (README, Accessibility).
#[test]
fn pieces_stand_out_and_seats_differ_by_shape_under_colour_blindness() {
    // Shapes: how much of two seats' shapes differ (a share of their union).
    let mask = |seat: Seat| -> Vec<bool> {
        let mut pixmap = Pixmap::new(64, 64).unwrap();
        let path = seat_shape(seat, 32.0, 32.0, 24.0).unwrap();
        let black = paint(Color::BLACK);
        pixmap.fill_path(&path, &black, FillRule::Winding, Transform::identity(), None);
        pixmap.pixels().iter().map(|p| p.alpha() > 127).collect()
    };
    let masks: Vec<Vec<bool>> = (0..8).map(mask).collect();
    let shapes_differ = |a: usize, b: usize| {
        let differ = masks[a].iter().zip(&masks[b]).filter(|(x, y)| x != y).count();
        let union = masks[a].iter().zip(&masks[b]).filter(|(x, y)| **x || **y).count();
        differ as f32 / union as f32
    };
    // Seats whose colours a vision makes alike have shapes that differ in a sixth of their area
    // or more (a diamond and a hexagon: a fifth); every two seats' shapes differ.
    let palette = Palette::new(Theme::Light);
    for (vision, matrix) in &VISIONS {
        let mut alike = Vec::new();
        for a in 0..8 {
            for b in a + 1..8 {
                let (x, y) = (seen(palette.seats[a], matrix), seen(palette.seats[b], matrix));
                let distance = ((x.red() - y.red()).powi(2)
                    + (x.green() - y.green()).powi(2)
                    + (x.blue() - y.blue()).powi(2))
                .sqrt();
                let share = shapes_differ(a, b);
                assert!(share > 0.05, "seats {a} and {b}: the same shape ({share:.2})");
                if distance < 0.15 {
                    assert!(share > 1.0 / 6.0, "{vision}: seats {a} and {b} alike ({share:.2})");
                    alike.push(format!("seats {a} and {b} (colour distance {distance:.2}, shapes differ {share:.2})"));
                }
            }
        }
        println!("{vision}: seat colours alike: {alike:?}");
    }
    // The measure reads what is drawn: a piece in nearly the board's colour does not stand
    // out, the same piece with a dark outline does.
    let piece = |outline: Option<Color>| {
        let mut pixmap = Pixmap::new(64, 64).unwrap();
        pixmap.fill(rgb(0xC8D8C0));
        let circle = tiny_skia::PathBuilder::from_circle(32.0, 32.0, 12.0).unwrap();
        let body = paint(rgb(0xC0D4BC));
        pixmap.fill_path(&circle, &body, FillRule::Winding, Transform::identity(), None);
        if let Some(outline) = outline {
            let stroke = tiny_skia::Stroke { width: 3.0, ..tiny_skia::Stroke::default() };
            let ink = paint(outline);
            pixmap.stroke_path(&circle, &ink, &stroke, Transform::identity(), None);
        }
        stands_out(&pixmap, (32.0, 32.0), 12.0, 15.0, &VISIONS[0].1)
    };
    assert!(piece(None) < 1.5, "a piece like the board: {}", piece(None));
    assert!(piece(Some(rgb(0x1A1A1A))) >= 3.0, "an outlined piece: {}", piece(Some(rgb(0x1A1A1A))));
    let renderer = Renderer::new();
    let mut worst: Vec<(f32, String)> = Vec::new();
    for theme in [Theme::Light, Theme::Dark] {
        for ex in EXAMPLES.iter() {
            let (game, events) = play(ex, 3).unwrap();
            let ps = players(game.players());
            let scene = Scene { theme, ..scene_of(&game, &events, &ps) };
            let pixmap = renderer.render_pixmap(&scene).unwrap();
            // (centre, radius, ring, what) of every piece on the board.
            let mut pieces = Vec::new();
            match &game {
                Game::Snakes(g) => {
                    for seat in
                        (0..game.players() as Seat).filter(|&s| g.squares()[usize::from(s)] > 0)
                    {
                        let (at, r) = snakes::token_centre(g, seat);
                        pieces.push((at, r, r * 1.25, format!("seat {seat}")));
                    }
                }
                Game::Ludo(g) => {
                    for seat in 0..game.players() as Seat {
                        for piece in 0..4 {
                            let (at, r) = ludo::centre_of_piece(g, seat, piece);
                            pieces.push((at, r, r * 1.25, format!("seat {seat} piece {piece}")));
                        }
                    }
                }
                Game::Nardy(g) => {
                    for point in (1..=24u8).filter(|&p| g.board()[usize::from(p) - 1].abs() == 1) {
                        let at = nardy::checker_centre(point, 0);
                        let r = nardy::CHECKER;
                        pieces.push((at, r, r * 1.3, format!("point {point}")));
                    }
                }
            }
            assert!(!pieces.is_empty(), "{}: no pieces to check", ex.name);
            for (at, radius, ring, what) in &pieces {
                for (vision, matrix) in &VISIONS {
                    let ratio = stands_out(&pixmap, *at, *radius, *ring, matrix);
                    let label = format!("{} {theme:?} {vision}: {what}", ex.name);
                    worst.push((ratio, label));
                }
            }
        }
    }
    worst.sort_by(|a, b| a.0.total_cmp(&b.0));
    for (ratio, label) in worst.iter().take(5) {
        println!("lowest contrast: {ratio:.2} {label}");
    }
    let failing: Vec<_> = worst.iter().filter(|(r, _)| *r < 3.0).collect();
    assert!(failing.is_empty(), "pieces under 3:1 against the board: {failing:#?}");
}

/// Issue 49: the cup's standings picture, with a podium and a withdrawn player; every line
/// drawn, Persian digits where asked.
#[test]
fn the_cup_standings_are_drawn() {
    let line = |place, name: &str, points| crate::render::StandingLine {
        place,
        name: name.to_owned(),
        points,
        sonneborn: points / 2,
        played: 5,
        withdrawn: place == 6,
    };
    let names = ["Ana", "Ben", "Cy", "Dee", "Eve", "Fay with a very long name indeed, too long"];
    let standings = crate::render::Standings {
        title: "Long Nardy cup: final standings".into(),
        heads: ["points".into(), "SB".into(), "games".into()],
        lines: names.iter().enumerate().map(|(i, n)| line(i + 1, n, 5 - i as u32)).collect(),
        podium: true,
        theme: Theme::Light,
        persian_digits: false,
    };
    let png = Renderer::new().standings(&standings).unwrap();
    let reader = png::Decoder::new(std::io::Cursor::new(&png)).read_info().unwrap();
    let (w, h) = (reader.info().width, reader.info().height);
    assert_eq!((w, h), (crate::render::STANDINGS_WIDTH, 96 + 6 * 36 + 24));
    if let Ok(dir) = std::env::var("DICETABLE_PICTURES") {
        std::fs::write(format!("{dir}/cup-standings.png"), &png).unwrap();
    }
}

/// Issue 61: the standings picture's words are readable on a phone, which shows it about
/// 360 pixels wide: the smallest text (a column's head) is 12 pixels high there, a line's
/// more (at 800 pixels wide with 16-pixel heads they were about 7).
#[test]
fn the_cup_standings_read_on_a_phone() {
    use super::standings::{CELL, HEAD, PHONE, TITLE};
    let on_a_phone = |size: f32| size * PHONE / crate::render::STANDINGS_WIDTH as f32;
    assert!(on_a_phone(HEAD) >= 12.0, "heads {} px", on_a_phone(HEAD));
    assert!(on_a_phone(CELL) >= 15.0, "lines {} px", on_a_phone(CELL));
    assert!(on_a_phone(TITLE) >= 16.0, "the title {} px", on_a_phone(TITLE));
    // A long title and long names still fit: nothing is drawn in the right margin.
    let standings = crate::render::Standings {
        title: "Кубок по игре «Длинные нарды»: таблица, тур 12 из 15".into(),
        heads: ["очки".into(), "КБ".into(), "игры".into()],
        lines: (1..=4)
            .map(|place| crate::render::StandingLine {
                place,
                name: "Александра Константиновна Преображенская".into(),
                points: 30,
                sonneborn: 120,
                played: 15,
                withdrawn: false,
            })
            .collect(),
        podium: false,
        theme: Theme::Light,
        persian_digits: false,
    };
    let png = Renderer::new().standings(&standings).unwrap();
    let reader = png::Decoder::new(std::io::Cursor::new(&png)).read_info().unwrap();
    let (w, h) = (reader.info().width as usize, reader.info().height as usize);
    assert_eq!(w, crate::render::STANDINGS_WIDTH as usize);
    let pixels = decode(&png);
    let bytes = pixels.len() / (w * h);
    let rgba = |x: usize, y: usize| &pixels[(y * w + x) * bytes..][..bytes];
    let background = rgba(w - 1, 0).to_vec();
    for y in 0..h {
        for x in w - 4..w {
            assert_eq!(rgba(x, y), background.as_slice(), "drawn in the margin at {x},{y}");
        }
    }
}
