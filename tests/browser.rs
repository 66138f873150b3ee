//! End to end in a real browser: two players' pages in headless Chromium (Debian's `chromium`
//! and `chromium-driver`, which `.ci/run` installs), driven over WebDriver. One opens a Snakes
//! table, the other joins, both play turns by clicking the buttons, and both pages must show
//! every new board picture.
//!
//! The WebDriver calls are plain HTTP+JSON to chromedriver on loopback.

mod common;

use std::os::unix::process::CommandExt;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use common::bot_config;
use dicetable::bot;
use serde_json::{Value, json};

const CHROMEDRIVER: &str = "/usr/bin/chromedriver";
const CHROMIUM: &str = "/usr/bin/chromium";
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

struct Driver {
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

struct Page<'a> {
    driver: &'a Driver,
    session: String,
    profile: std::path::PathBuf,
}

impl Driver {
    async fn start() -> Driver {
        assert!(
            std::path::Path::new(CHROMEDRIVER).exists() && std::path::Path::new(CHROMIUM).exists(),
            "this test needs Debian's chromium and chromium-driver (apt-get install chromium \
             chromium-driver); .ci/run installs them"
        );
        let port = {
            let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
            l.local_addr().unwrap().port()
        };
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

    async fn page(&self, url: &str, name: &str) -> Page<'_> {
        let profile =
            std::env::temp_dir().join(format!("dicetable-chromium-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&profile);
        let caps = json!({ "capabilities": { "alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": CHROMIUM,
                "args": [
                    "--headless", "--no-sandbox", "--disable-gpu",
                    "--disable-background-networking", "--disable-component-update",
                    "--no-first-run", "--disable-dev-shm-usage", "--window-size=900,1200",
                    format!("--user-data-dir={}", profile.display()),
                ]
            }
        }}});
        let session = self.call(reqwest::Method::POST, "/session", caps).await;
        let session = session["sessionId"].as_str().unwrap().to_owned();
        let page = Page { driver: self, session, profile };
        page.post("/url", json!({ "url": format!("{url}/?name={name}") })).await;
        page
    }
}

impl Page<'_> {
    async fn post(&self, path: &str, body: Value) -> Value {
        let path = format!("/session/{}{path}", self.session);
        self.driver.call(reqwest::Method::POST, &path, body).await
    }

    async fn script(&self, script: &str) -> Value {
        self.post("/execute/sync", json!({ "script": script, "args": [] })).await
    }

    /// Waits until `script` returns something truthy, and returns it.
    async fn wait_for(&self, what: &str, script: &str) -> Value {
        for _ in 0..200 {
            let v = self.script(script).await;
            if !(v.is_null() || v == json!(false) || v == json!(0) || v == json!("")) {
                return v;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("timed out waiting for {what}");
    }

    /// Clicks an element that `script` returns, through WebDriver (a real click).
    async fn click(&self, what: &str, script: &str) {
        let element = self.wait_for(what, script).await;
        let id = element[ELEMENT].as_str().unwrap_or_else(|| panic!("{what}: {element}"));
        self.post(&format!("/element/{id}/click"), json!({})).await;
    }

    async fn type_line(&self, text: &str) {
        let input = self.wait_for("the chat input", "return document.getElementById('text')").await;
        let id =
            input[ELEMENT].as_str().unwrap_or_else(|| panic!("the chat input: {input}")).to_owned();
        self.post(&format!("/element/{id}/value"), json!({ "text": format!("{text}\u{E007}") }))
            .await;
    }

    async fn boards(&self) -> (u64, String) {
        let v = self
            .script(
                "const imgs = [...document.querySelectorAll('img.board')];
                 const last = imgs[imgs.length - 1];
                 return [imgs.length, last && last.complete && last.naturalWidth > 0 ? last.getAttribute('src') : ''];",
            )
            .await;
        (v[0].as_u64().unwrap(), v[1].as_str().unwrap().to_owned())
    }

    /// Saves a screenshot when `DICETABLE_SCREENSHOTS` names a folder (to look at the page).
    async fn screenshot(&self, name: &str) {
        let Ok(dir) = std::env::var("DICETABLE_SCREENSHOTS") else { return };
        let path = format!("/session/{}/screenshot", self.session);
        let png = self.driver.call(reqwest::Method::GET, &path, json!({})).await;
        let bytes = base64_decode(png.as_str().unwrap());
        std::fs::write(std::path::Path::new(&dir).join(format!("{name}.png")), bytes).unwrap();
    }

    async fn close(self) {
        let path = format!("/session/{}", self.session);
        self.driver.call(reqwest::Method::DELETE, &path, json!({})).await;
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

/// The newest button with this label, on the newest message that has buttons.
fn button(label: &str) -> String {
    format!(
        "const msgs = [...document.querySelectorAll('.msg')].filter(m => m.querySelector('button.action'));
         const last = msgs[msgs.length - 1];
         return last ? [...last.querySelectorAll('button.action')].find(b => b.textContent === {label:?}) || null : null;"
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_players_play_snakes_in_headless_chromium() {
    let dir = std::env::temp_dir().join(format!("dicetable-browser-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let config = bot_config(format!("sqlite://{}", dir.join("bot.db").display()));
    let running = bot::start(&config).await.unwrap();
    let url = format!("http://{}", running.addr);
    let driver = Driver::start().await;
    let ana = driver.page(&url, "Ana").await;
    let ben = driver.page(&url, "Ben").await;

    ana.type_line("/snakes").await;
    ben.click("Ben's Join button", &button("Join")).await;
    ana.wait_for(
        "Ben in the lobby",
        "return document.body.innerText.replace(/[\\u2068\\u2069]/g, '').includes('Ben joined')",
    )
    .await;
    ana.click("Ana's Start button", &button("Start")).await;

    let mut seen = 0;
    for turn in 0..6 {
        // Both pages show the same newest board, and its picture has loaded.
        let script = format!(
            "const imgs = [...document.querySelectorAll('img.board')];
             const last = imgs[imgs.length - 1];
             return imgs.length > {seen} && last.complete && last.naturalWidth > 0;"
        );
        ana.wait_for("a new board on Ana's page", &script).await;
        ben.wait_for("a new board on Ben's page", &script).await;
        let (a, b) = (ana.boards().await, ben.boards().await);
        assert_eq!(a, b, "turn {turn}: both pages show the same board picture");
        seen = a.0;
        // Whoever is mentioned on the newest board clicks its Roll button.
        let mentioned = "const msgs = [...document.querySelectorAll('.msg')].filter(m => m.querySelector('img.board'));
                         return msgs[msgs.length - 1].classList.contains('mention');";
        let ana_moves = ana.script(mentioned).await == json!(true);
        let mover = if ana_moves { &ana } else { &ben };
        mover.click("the Roll button", &button("🎲 Roll")).await;
    }
    ana.wait_for(
        "the last board",
        &format!("return document.querySelectorAll('img.board').length > {seen}"),
    )
    .await;
    ana.screenshot("playground-ana").await;
    ben.screenshot("playground-ben").await;
    ana.close().await;
    ben.close().await;
    running.shutdown().await;
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
