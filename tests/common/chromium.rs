//! Headless Chromium over WebDriver (Debian's `chromium` and `chromium-driver`, which
//! `.ci/run` installs): plain HTTP+JSON to chromedriver on loopback. Shared by the browser
//! tests (the chat page, the live board from Telegram, Discord and the playground).
//! Screenshots are saved when `DICETABLE_SCREENSHOTS` names a folder.

use std::os::unix::process::CommandExt;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use serde_json::{Value, json};

const CHROMEDRIVER: &str = "/usr/bin/chromedriver";
const CHROMIUM: &str = "/usr/bin/chromium";
/// The key WebDriver gives an element reference under.
pub const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

/// A running chromedriver; its browsers go with it when it is dropped.
pub struct Driver {
    child: Child,
    base: String,
    http: reqwest::Client,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let group = format!("-{}", self.child.id());
        let _ = Command::new("kill").args(["-KILL", "--", &group]).status();
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One browser session (a profile of its own).
pub struct Page<'a> {
    driver: &'a Driver,
    session: String,
    profile: std::path::PathBuf,
}

impl Driver {
    /// Starts chromedriver on a free loopback port.
    pub async fn start() -> Driver {
        assert!(
            std::path::Path::new(CHROMEDRIVER).exists() && std::path::Path::new(CHROMIUM).exists(),
            "this test needs Debian's chromium and chromium-driver (apt-get install chromium \
             chromium-driver); .ci/run installs them"
        );
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        // Its own process group, so that the browsers it starts go with it (see Drop).
        let child = Command::new(CHROMEDRIVER)
            .process_group(0)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let driver = Driver {
            child,
            base: format!("http://127.0.0.1:{port}"),
            http: reqwest::Client::new(),
        };
        for _ in 0..100 {
            if let Ok(r) = driver.http.get(format!("{}/status", driver.base)).send().await
                && r.status().is_success()
            {
                return driver;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!("chromedriver did not start");
    }

    async fn call(&self, method: reqwest::Method, path: &str, body: Value) -> Value {
        let req = self.http.request(method.clone(), format!("{}{path}", self.base));
        let req = if method == reqwest::Method::GET { req } else { req.json(&body) };
        let res: Value = req.send().await.unwrap().json().await.unwrap();
        assert!(
            res["value"].get("error").is_none(),
            "WebDriver {method} {path} failed: {}",
            res["value"]
        );
        res["value"].clone()
    }

    /// A browser whose window is `width`×`height` and which speaks `lang` (its
    /// `Accept-Language` and `navigator.language`), on a blank page.
    pub async fn browser(&self, lang: &str, (width, height): (u32, u32)) -> Page<'_> {
        // A profile of its own: tests run at once, with the same players' names.
        static PAGES: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = PAGES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let profile =
            std::env::temp_dir().join(format!("dicetable-chromium-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&profile);
        let caps = json!({ "capabilities": { "alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": CHROMIUM,
                "args": [
                    "--headless", "--no-sandbox", "--disable-gpu",
                    "--disable-background-networking", "--disable-component-update",
                    "--no-first-run", "--disable-dev-shm-usage",
                    format!("--window-size={width},{height}"),
                    format!("--lang={lang}"),
                    format!("--user-data-dir={}", profile.display()),
                ],
                "prefs": { "intl.accept_languages": lang },
            }
        }}});
        let session = self.call(reqwest::Method::POST, "/session", caps).await;
        let session = session["sessionId"].as_str().unwrap().to_owned();
        Page { driver: self, session, profile }
    }
}

impl Page<'_> {
    /// A WebDriver command of this session.
    pub async fn post(&self, path: &str, body: Value) -> Value {
        let path = format!("/session/{}{path}", self.session);
        self.driver.call(reqwest::Method::POST, &path, body).await
    }

    /// A command of Chromium's DevTools protocol.
    pub async fn cdp(&self, cmd: &str, params: Value) {
        self.post("/goog/cdp/execute", json!({ "cmd": cmd, "params": params })).await;
    }

    /// Goes to `url`.
    pub async fn open(&self, url: &str) {
        self.post("/url", json!({ "url": url })).await;
    }

    /// Runs `script` in the page and returns what it returns.
    pub async fn script(&self, script: &str) -> Value {
        self.post("/execute/sync", json!({ "script": script, "args": [] })).await
    }

    /// Sets the page's viewport (1280×800 a desktop, 390×844 a phone).
    pub async fn size(&self, width: u32, height: u32) {
        let params = json!({ "width": width, "height": height, "deviceScaleFactor": 1,
                             "mobile": width < 600 });
        self.cdp("Emulation.setDeviceMetricsOverride", params).await;
    }

    /// Shows the page in the dark theme (`prefers-color-scheme: dark`).
    pub async fn dark(&self) {
        let features = json!([{ "name": "prefers-color-scheme", "value": "dark" }]);
        self.cdp("Emulation.setEmulatedMedia", json!({ "features": features })).await;
    }

    /// Waits until `script` returns something truthy, and returns it. Generous: a loaded
    /// machine may take a while to draw a board.
    pub async fn wait_for(&self, what: &str, script: &str) -> Value {
        for _ in 0..1200 {
            let v = self.script(script).await;
            if !(v.is_null() || v == json!(false) || v == json!(0) || v == json!("")) {
                return v;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("timed out waiting for {what}; the page says {}", self.text().await);
    }

    /// The page's visible text (for failure messages).
    pub async fn text(&self) -> Value {
        self.script("return document.body ? document.body.innerText : ''").await
    }

    /// Clicks an element that `script` returns, through WebDriver (a real click).
    /// Waits, as a person would, until nothing covers it: a picture that has just loaded
    /// may push a button under the input bar for the moment until the page scrolls it back.
    pub async fn click(&self, what: &str, script: &str) {
        let element = self.wait_for(what, script).await;
        let id = element[ELEMENT].as_str().unwrap_or_else(|| panic!("{what}: {element}"));
        let uncovered = "const e = arguments[0]; const r = e.getBoundingClientRect();
             const x = r.left + r.width / 2, y = r.top + r.height / 2;
             if (y < 0 || y > innerHeight) { e.scrollIntoView({ block: 'center' }); return false; }
             const top = document.elementFromPoint(x, y);
             return top !== null && (top === e || e.contains(top));";
        for _ in 0..1200 {
            let args = json!([{ ELEMENT: id }]);
            let v = self.post("/execute/sync", json!({ "script": uncovered, "args": args })).await;
            if v == json!(true) {
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        self.post(&format!("/element/{id}/click"), json!({})).await;
    }

    /// Presses keys as a keyboard does, one after another (WebDriver's key codes: Tab
    /// `\u{E004}`, Enter `\u{E007}`, Space `\u{E00D}`, Shift `\u{E008}` held with the next).
    pub async fn keys(&self, keys: &[&str]) {
        let mut actions = Vec::new();
        for chord in keys {
            let chord: Vec<char> = chord.chars().collect();
            for c in &chord {
                actions.push(json!({ "type": "keyDown", "value": c.to_string() }));
            }
            for c in chord.iter().rev() {
                actions.push(json!({ "type": "keyUp", "value": c.to_string() }));
            }
        }
        let body = json!({ "actions": [{ "type": "key", "id": "keyboard", "actions": actions }] });
        self.post("/actions", body).await;
    }

    /// The page's serious and critical accessibility violations as axe-core finds them (the
    /// npm package's `axe.min.js`, at `AXE_JS`, which `.ci/run` installs): `rule: target`
    /// lines, empty when there are none. WCAG 2.1 A and AA rules and axe's best practices.
    pub async fn axe(&self) -> Vec<String> {
        let path = std::env::var("AXE_JS").unwrap_or_else(|_| {
            "/var/tmp/dicetable-npm/node_modules/axe-core/axe.min.js".to_owned()
        });
        let axe = std::fs::read_to_string(&path).unwrap_or_else(|e| {
            panic!("axe-core at {path} ({e}): npm install --prefix /var/tmp/dicetable-npm axe-core@4.14.1, or set AXE_JS")
        });
        self.script(&format!("{axe}\n;window.__axe = null; return true;")).await;
        self.script(
            "axe.run(document, { runOnly: { type: 'tag', values:
                 ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } })
               .then(r => { window.__axe = r.violations
                 .filter(v => v.impact === 'serious' || v.impact === 'critical')
                 .flatMap(v => v.nodes.map(n => `${v.id} (${v.impact}): ${n.target.join(' ')}: ${n.failureSummary}`)); })
               .catch(e => { window.__axe = ['axe failed: ' + e]; });
             return true;",
        )
        .await;
        let found = self.wait_for("axe's result", "return window.__axe && [window.__axe]").await;
        found[0]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_str().unwrap_or_default().to_owned())
            .collect()
    }

    /// What sticks out of the page's width (it would need sideways scrolling): each such
    /// element's tag, classes and right edge; empty when nothing does.
    pub async fn wider_than_the_window(&self) -> Vec<String> {
        let v = self
            .script(
                "const w = document.documentElement.clientWidth;
                 if (document.documentElement.scrollWidth <= w + 1) return [];
                 return [...document.querySelectorAll('body *')]
                   .filter(e => e.getBoundingClientRect().right > w + 1 && getComputedStyle(e).position !== 'fixed')
                   .slice(0, 12)
                   .map(e => `${e.tagName}.${e.className}#${e.id} right ${Math.round(e.getBoundingClientRect().right)} of ${w}: ${(e.textContent || '').slice(0, 60)}`);",
            )
            .await;
        v.as_array().unwrap().iter().map(|x| x.as_str().unwrap_or_default().to_owned()).collect()
    }

    /// A 390 px wide phone at 200% zoom: 195 CSS pixels wide.
    pub async fn zoom_200_on_a_phone(&self) {
        let params = json!({ "width": 195, "height": 422, "deviceScaleFactor": 2, "mobile": true });
        self.cdp("Emulation.setDeviceMetricsOverride", params).await;
    }

    /// Saves a screenshot when `DICETABLE_SCREENSHOTS` names a folder (to look at the page).
    pub async fn screenshot(&self, name: &str) {
        let Ok(dir) = std::env::var("DICETABLE_SCREENSHOTS") else { return };
        let path = format!("/session/{}/screenshot", self.session);
        let png = self.driver.call(reqwest::Method::GET, &path, json!({})).await;
        let bytes = base64_decode(png.as_str().unwrap());
        std::fs::write(std::path::Path::new(&dir).join(format!("{name}.png")), bytes).unwrap();
    }

    /// Ends the session and removes its profile.
    pub async fn close(self) {
        let path = format!("/session/{}", self.session);
        self.driver.call(reqwest::Method::DELETE, &path, json!({})).await;
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

/// Standard base64 (screenshots only).
fn base64_decode(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        _ => 63,
    };
    let clean: Vec<u8> = text.bytes().filter(|&c| c != b'=' && !c.is_ascii_whitespace()).collect();
    let mut out = Vec::with_capacity(clean.len() * 3 / 4);
    for chunk in clean.chunks(4) {
        let mut n = 0u32;
        for (i, &c) in chunk.iter().enumerate() {
            n |= u32::from(value(c)) << (18 - 6 * i);
        }
        out.extend_from_slice(&n.to_be_bytes()[1..chunk.len()]);
    }
    out
}

// ---- The live board page (src/playground/page.html in its live mode). ----

/// Stands in for Telegram's script inside a Mini App: `window.Telegram.WebApp` with the
/// `initData` the address carries in `?stub=` (none: no Telegram at all).
const STUB: &str = "(() => { const d = new URLSearchParams(location.search).get('stub');
    if (d !== null) window.Telegram = { WebApp: { initData: d, initDataUnsafe: {},
        ready() { window.telegramReady = true; } } }; })();";

/// A phone-sized page (390×844) whose browser speaks `lang`, with Telegram's stub.
pub async fn phone<'a>(driver: &'a Driver, lang: &str) -> Page<'a> {
    let page = driver.browser(lang, (390, 844)).await;
    page.size(390, 844).await;
    page.cdp("Page.addScriptToEvaluateOnNewDocument", json!({ "source": STUB })).await;
    page
}

impl Page<'_> {
    /// What the live page shows.
    pub async fn live_state(&self) -> Value {
        self.script(
            "const $ = id => document.getElementById(id);
             const li = [...document.querySelectorAll('#live-players li')];
             const clean = t => t.replace(/[\\u2068\\u2069]/g, '');
             return {
               refusal: $('live-error').hidden ? '' : $('live-error').textContent,
               shown: !$('live-table').hidden,
               version: Number($('live-table').dataset.version || -1),
               status: $('live-status').textContent,
               turn: clean((li.find(l => l.classList.contains('turn')) || { textContent: '' }).textContent),
               players: li.map(l => clean(l.textContent)),
               buttons: [...document.querySelectorAll('#live-buttons button')].map(b => b.textContent),
               moves: [...document.querySelectorAll('#live-moves li')].map(l => clean(l.textContent)),
               text: clean($('live-text').innerText),
               said: $('live-said').hidden ? '' : $('live-said').textContent,
               watching: $('live-you').textContent,
               picture: !$('live-img').hidden && $('live-img').src.startsWith('data:image/png'),
               alt: clean($('live-img').alt),
               dir: document.documentElement.dir,
               telegramReady: window.telegramReady === true,
             };",
        )
        .await
    }

    /// Waits until the live page shows a version after `after` (or an error); false if none
    /// came.
    pub async fn next_version(&self, after: i64) -> bool {
        for _ in 0..200 {
            let s = self.live_state().await;
            if s["version"].as_i64().unwrap_or(-1) > after || s["refusal"] != "" {
                return true;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        false
    }

    /// Clicks the live page's first game button (a real click).
    pub async fn click_live_button(&self) {
        self.click("a button", "return document.querySelector('#live-buttons button')").await;
    }
}
