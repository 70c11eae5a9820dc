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
pub(crate) static ASSETS: [Asset; 15] = [
    Asset { path: "/", bytes: include_bytes!("../page/index.html"), media_type: "text/html; charset=utf-8" },
    Asset { path: "/style.css", bytes: include_bytes!("../page/style.css"), media_type: "text/css; charset=utf-8" },
    Asset { path: "/icon.svg", bytes: include_bytes!("../page/icon.svg"), media_type: "image/svg+xml" },
    Asset { path: "/app.js", bytes: include_bytes!("../page/app.js"), media_type: JS },
    Asset { path: "/api.js", bytes: include_bytes!("../page/api.js"), media_type: JS },
    Asset { path: "/dom.js", bytes: include_bytes!("../page/dom.js"), media_type: JS },
    Asset { path: "/format.js", bytes: include_bytes!("../page/format.js"), media_type: JS },
    Asset { path: "/game.js", bytes: include_bytes!("../page/game.js"), media_type: JS },
    Asset { path: "/advice.js", bytes: include_bytes!("../page/advice.js"), media_type: JS },
    Asset { path: "/advise.js", bytes: include_bytes!("../page/advise.js"), media_type: JS },
    Asset { path: "/seats.js", bytes: include_bytes!("../page/seats.js"), media_type: JS },
    Asset { path: "/board.js", bytes: include_bytes!("../page/board.js"), media_type: JS },
    Asset { path: "/play.js", bytes: include_bytes!("../page/play.js"), media_type: JS },
    Asset { path: "/review.js", bytes: include_bytes!("../page/review.js"), media_type: JS },
    Asset { path: "/compare.js", bytes: include_bytes!("../page/compare.js"), media_type: JS },
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
