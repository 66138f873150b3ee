//! Parts of a fake Telegram Bot API shared by the tests that drive the real Telegram adapter
//! (tests/telegram.rs, tests/live.rs, tests/drill.rs): reading a request's fields, and the
//! JSON Telegram answers with. Each test's fake keeps its own state and answers its own
//! methods with these.

use std::collections::HashMap;

use axum::extract::{FromRequest, Multipart, Request};
use serde_json::{Value, json};

/// The group chat the fakes' updates come from unless they name another.
pub const GROUP: i64 = -1_001_234;

/// A Bot API success.
pub fn ok(result: Value) -> axum::Json<Value> {
    axum::Json(json!({ "ok": true, "result": result }))
}

/// A request's fields, JSON or multipart, and its files apart.
#[derive(Debug, Default)]
pub struct Fields {
    /// The fields by name; a file becomes `{"file_bytes": n, "png": bool}`.
    pub values: HashMap<String, Value>,
    /// The files: their names and bytes.
    pub files: Vec<(String, Vec<u8>)>,
}

/// Reads a request's fields. A body cut short (a process killed while it uploads) gives what
/// arrived.
pub async fn fields(request: Request) -> Fields {
    let multipart = request
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("multipart/"));
    let mut out = Fields::default();
    if multipart {
        let Ok(mut form) = Multipart::from_request(request, &()).await else { return out };
        while let Ok(Some(field)) = form.next_field().await {
            let name = field.name().unwrap_or_default().to_owned();
            let file_name = field.file_name().map(str::to_owned);
            let is_file = file_name.is_some()
                || field.content_type().is_some_and(|t| !t.starts_with("text/"));
            let Ok(bytes) = field.bytes().await else { break };
            let value = if is_file {
                out.files.push((file_name.unwrap_or_default(), bytes.to_vec()));
                json!({ "file_bytes": bytes.len(), "png": bytes.starts_with(b"\x89PNG") })
            } else {
                let text = String::from_utf8_lossy(&bytes).into_owned();
                serde_json::from_str(&text).unwrap_or(Value::String(text))
            };
            out.values.insert(name, value);
        }
    } else {
        let bytes = axum::body::to_bytes(request.into_body(), usize::MAX).await.unwrap_or_default();
        if let Ok(Value::Object(map)) = serde_json::from_slice(&bytes) {
            out.values.extend(map);
        }
    }
    out
}

/// A person as Telegram describes them.
pub fn user(id: i64, name: &str) -> Value {
    json!({ "id": id, "is_bot": false, "first_name": name, "language_code": "en" })
}

/// The bot, as `getMe` answers.
pub fn get_me() -> Value {
    json!({ "id": 999, "is_bot": true, "first_name": "dicetable", "username": "dicetable_bot",
        "can_join_groups": true, "can_read_all_group_messages": false,
        "supports_inline_queries": false, "can_connect_to_business": false,
        "has_main_web_app": false })
}

/// A chat as Telegram describes it: the group, or (a positive id) a user's private chat.
pub fn chat_json(chat: i64) -> Value {
    if chat > 0 {
        json!({ "id": chat, "type": "private", "first_name": "Player" })
    } else {
        json!({ "id": chat, "type": "supergroup", "title": "Game night" })
    }
}

/// A message the bot sent, as Telegram describes it, from what a fake keeps of it: `chat`,
/// `text` (a caption under a picture or file), `photo`, `file` (the method that sent a file:
/// `sendanimation`, `senddocument`) and `file_name`, `keyboard`.
pub fn message_json(id: i64, body: &Value) -> Value {
    let mut m = json!({
        "message_id": id,
        "date": 1_700_000_000,
        "chat": chat_json(body["chat"].as_i64().unwrap_or(GROUP)),
        "from": { "id": 999, "is_bot": true, "first_name": "dicetable", "username": "dicetable_bot" },
    });
    let document = json!({ "file_id": format!("f{id}"), "file_unique_id": format!("u{id}"),
        "file_name": body["file_name"].clone() });
    if body["photo"] == true {
        m["photo"] = json!([{ "file_id": format!("f{id}"), "file_unique_id": format!("u{id}"),
            "width": 1000, "height": 1000 }]);
        m["caption"] = body["text"].clone();
    } else if body["file"] == "sendanimation" {
        // As Telegram answers: the animation, and the same file as a document.
        m["animation"] = json!({ "file_id": format!("f{id}"), "file_unique_id": format!("u{id}"),
            "width": 1000, "height": 1000, "duration": 60 });
        m["document"] = document;
        m["caption"] = body["text"].clone();
    } else if body["file"] == "senddocument" {
        m["document"] = document;
        m["caption"] = body["text"].clone();
    } else {
        m["text"] = body["text"].clone();
    }
    if let Some(k) = body.get("keyboard").filter(|k| !k.is_null()) {
        m["reply_markup"] = k.clone();
    }
    m
}

/// Text as a reader sees it: without HTML tags, entities or isolation marks.
pub fn untagged(text: &str) -> String {
    let mut out = String::new();
    let mut in_tag = false;
    for c in text.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => in_tag = false,
            _ if !in_tag => out.push(c),
            _ => {}
        }
    }
    out.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&")
        .replace(['\u{2068}', '\u{2069}'], "")
}

/// Edits refused because they changed nothing ("message is not modified"), over `messages`.
pub fn not_modified(messages: &HashMap<i64, Value>) -> i64 {
    messages.values().filter_map(|m| m["not_modified"].as_i64()).sum()
}

/// `editMessageText`, `editMessageMedia` or `editMessageReplyMarkup` on the messages a fake
/// keeps (see [`message_json`]; `rev` counts the edits, `png` whether the new picture is one),
/// answered as Telegram does, also when the message is not there.
pub fn edit(
    messages: &mut HashMap<i64, Value>,
    method: &str,
    f: &HashMap<String, Value>,
) -> axum::Json<Value> {
    let id = f.get("message_id").and_then(Value::as_i64).unwrap_or(0);
    let Some(m) = messages.get_mut(&id) else {
        return axum::Json(json!({ "ok": false, "error_code": 400,
            "description": "Bad Request: message to edit not found" }));
    };
    let keyboard = f.get("reply_markup").cloned().unwrap_or(Value::Null);
    // As Telegram does, an edit that changes nothing is refused (and counted on the message:
    // `not_modified`), so tests can demand that the bot makes none.
    let none =
        |k: &Value| k.is_null() || k["inline_keyboard"].as_array().is_some_and(Vec::is_empty);
    let same_keyboard = keyboard == m["keyboard"] || (none(&keyboard) && none(&m["keyboard"]));
    let unchanged = match method {
        "editmessagereplymarkup" => same_keyboard,
        "editmessagetext" => same_keyboard && f.get("text") == Some(&m["text"]),
        _ => false,
    };
    if unchanged {
        m["not_modified"] = json!(m["not_modified"].as_i64().unwrap_or(0) + 1);
        return axum::Json(json!({ "ok": false, "error_code": 400,
            "description": "Bad Request: message is not modified: specified new message content \
                and reply markup are exactly the same as a current content and reply markup of \
                the message" }));
    }
    m["keyboard"] = keyboard;
    m["rev"] = json!(m["rev"].as_i64().unwrap_or(0) + 1);
    if method == "editmessagetext" {
        m["text"] = f.get("text").cloned().unwrap_or(Value::Null);
    }
    if method == "editmessagemedia" {
        m["text"] = f.get("media").map_or(Value::Null, |m| m["caption"].clone());
        m["photo"] = json!(true);
        m["png"] = json!(f.values().any(|p| p["png"] == true));
    }
    ok(message_json(id, m))
}
