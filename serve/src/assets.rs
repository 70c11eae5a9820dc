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
pub struct Asset {
    pub path: &'static str,
    pub bytes: &'static [u8],
    pub media_type: &'static str,
}

/// Every file of the page, by the path it is served at.
pub static ASSETS: [Asset; 4] = [
    Asset { path: "/", bytes: include_bytes!("../page/index.html"), media_type: "text/html; charset=utf-8" },
    Asset { path: "/style.css", bytes: include_bytes!("../page/style.css"), media_type: "text/css; charset=utf-8" },
    Asset { path: "/app.js", bytes: include_bytes!("../page/app.js"), media_type: "text/javascript; charset=utf-8" },
    Asset { path: "/icon.svg", bytes: include_bytes!("../page/icon.svg"), media_type: "image/svg+xml" },
];

impl Asset {
    /// The file as an answer. `no-cache` makes a browser ask again (a new
    /// binary may serve a new page) while still allowing it to keep a copy.
    pub fn response(&self) -> Response {
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

    #[test]
    fn the_page_fits_its_weight() {
        let total: usize = ASSETS.iter().map(|a| a.bytes.len()).sum();
        assert!(total <= 150 * 1024, "the page's files take {total} bytes, over 150 KB");
        assert!(ASSETS.iter().all(|a| !a.bytes.is_empty()));
    }
}
