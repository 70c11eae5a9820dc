//! The page's files, compiled into the binary.
//!
//! `include_bytes!` reads them when the crate is built, in every profile:
//! a file missing from `serve/page/` fails the build rather than shipping
//! a binary without its page, and nothing is read from disk at run time.
//! The list is exactly the page's files; nothing else under `page/` is
//! served.

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};

/// One file of the page: its bytes and media type.
pub(crate) struct Asset {
    pub(crate) path: &'static str,
    pub(crate) bytes: &'static [u8],
    pub(crate) media_type: &'static str,
}

/// The media type of the page's scripts: ES modules (`app.js` imports the
/// others), which a browser takes only with a JavaScript type.
const JS: &str = "text/javascript; charset=utf-8";

/// Every file of the page, by the path it is served at: the HTML, its
/// style and icon, and one script module per screen with the helpers they
/// share.
/// The file `NAME` of `page/`, served at `/NAME`.
macro_rules! page_file {
    ($name:literal, $media_type:expr) => {
        Asset { path: concat!("/", $name), bytes: include_bytes!(concat!("../page/", $name)), media_type: $media_type }
    };
}

pub(crate) static ASSETS: [Asset; 16] = [
    Asset { path: "/", bytes: include_bytes!("../page/index.html"), media_type: "text/html; charset=utf-8" },
    page_file!("style.css", "text/css; charset=utf-8"),
    page_file!("icon.svg", "image/svg+xml"),
    page_file!("app.js", JS),
    page_file!("api.js", JS),
    page_file!("dom.js", JS),
    page_file!("format.js", JS),
    page_file!("game.js", JS),
    page_file!("advice.js", JS),
    page_file!("advise.js", JS),
    page_file!("seats.js", JS),
    page_file!("board.js", JS),
    page_file!("play.js", JS),
    page_file!("follow.js", JS),
    page_file!("review.js", JS),
    page_file!("compare.js", JS),
];

impl Asset {
    /// The file as an answer. `no-cache` makes a browser ask again (a new
    /// binary may serve a new page) while still allowing it to keep a copy.
    pub(crate) fn response(&self) -> Response {
        (
            StatusCode::OK,
            [
                (header::CONTENT_TYPE, HeaderValue::from_static(self.media_type)),
                (header::CACHE_CONTROL, HeaderValue::from_static("no-cache")),
                (header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")),
            ],
            self.bytes,
        )
            .into_response()
    }
}

#[cfg(test)]
mod tests {
    use super::ASSETS;

    /// Every script the page has is served, and nothing else under
    /// `page/` that is not listed: a module added without its asset would
    /// fail in the browser only.
    #[test]
    fn every_module_of_the_page_is_served() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("page");
        let mut files: Vec<String> =
            std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
        files.sort();
        let mut served: Vec<String> =
            ASSETS.iter().map(|a| if a.path == "/" { "index.html".into() } else { a.path[1..].to_string() }).collect();
        served.sort();
        assert_eq!(files, served);
    }

    #[test]
    fn the_page_fits_its_weight() {
        let total: usize = ASSETS.iter().map(|a| a.bytes.len()).sum();
        assert!(total <= 150 * 1024, "the page's files take {total} bytes, over 150 KB");
        assert!(ASSETS.iter().all(|a| !a.bytes.is_empty()));
    }
}
