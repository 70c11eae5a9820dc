//! The page's files, compiled into the binary.
//!
//! `include_bytes!` reads them when the crate is built, in every profile:
//! a file missing from `serve/page/` fails the build rather than shipping
//! a binary without its page, and nothing is read from disk at run time.
//! The list is exactly the page's files; nothing else under `page/` is
//! served.
//!
//! Each file is answered with an `ETag` (a hash of its bytes): a browser
//! asking again with `If-None-Match` gets `304` and no body. A browser
//! that takes gzip gets the file gzipped (compressed once, at its first
//! request). The web app manifest and the service worker (`sw.js`, which
//! keeps the page's files for a moment the server is out of reach) make
//! the page installable on a phone's home screen.

use std::io::Write;
use std::sync::OnceLock;

use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
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

pub(crate) static ASSETS: [Asset; 23] = [
    Asset { path: "/", bytes: include_bytes!("../page/index.html"), media_type: "text/html; charset=utf-8" },
    page_file!("style.css", "text/css; charset=utf-8"),
    page_file!("icon.svg", "image/svg+xml"),
    page_file!("app.js", JS),
    page_file!("api.js", JS),
    page_file!("dom.js", JS),
    page_file!("format.js", JS),
    page_file!("game.js", JS),
    page_file!("longsolve.js", JS),
    page_file!("advice.js", JS),
    page_file!("advise.js", JS),
    page_file!("others.js", JS),
    page_file!("seats.js", JS),
    page_file!("scorepad.js", JS),
    page_file!("board.js", JS),
    page_file!("play.js", JS),
    page_file!("farkle.js", JS),
    page_file!("follow.js", JS),
    page_file!("review.js", JS),
    page_file!("luck.js", JS),
    page_file!("compare.js", JS),
    page_file!("sw.js", JS),
    page_file!("manifest.webmanifest", "application/manifest+json"),
];

/// A file made ready to serve: its tag and its gzipped bytes.
struct Ready {
    etag: HeaderValue,
    gzip: Vec<u8>,
}

/// Every file's [`Ready`], in the order of [`ASSETS`], made once.
fn ready(i: usize) -> &'static Ready {
    static READY: OnceLock<Vec<Ready>> = OnceLock::new();
    &READY.get_or_init(|| ASSETS.iter().map(Asset::prepare).collect())[i]
}

impl Asset {
    fn prepare(&self) -> Ready {
        use std::hash::{Hash, Hasher};
        let mut h = std::hash::DefaultHasher::new();
        self.bytes.hash(&mut h);
        let etag = HeaderValue::from_str(&format!("\"{:016x}\"", h.finish())).expect("hex digits in quotes");
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
        // Writing to memory cannot fail.
        let gzip = gz.write_all(self.bytes).and_then(|()| gz.finish()).unwrap_or_default();
        Ready { etag, gzip }
    }

    /// File `i` of [`ASSETS`] as an answer to a request with `headers`.
    /// `no-cache` makes a browser ask again (a new binary may serve a new
    /// page); its tag then spares the bytes when they are the same.
    pub(crate) fn response(i: usize, headers: &HeaderMap) -> Response {
        let (asset, ready) = (&ASSETS[i], ready(i));
        let tagged = [
            (header::ETAG, ready.etag.clone()),
            (header::CACHE_CONTROL, HeaderValue::from_static("no-cache")),
            (header::VARY, HeaderValue::from_static("accept-encoding")),
        ];
        let seen = headers.get(header::IF_NONE_MATCH).and_then(|v| v.to_str().ok()).unwrap_or("");
        let etag = ready.etag.to_str().unwrap_or("");
        if seen.split(',').any(|t| t.trim() == etag || t.trim() == "*") {
            return (StatusCode::NOT_MODIFIED, tagged).into_response();
        }
        let gzip_taken = headers
            .get(header::ACCEPT_ENCODING)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.split(',').any(|e| e.split(';').next().is_some_and(|n| n.trim() == "gzip")));
        let typed = [
            (header::CONTENT_TYPE, HeaderValue::from_static(asset.media_type)),
            (header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")),
        ];
        if gzip_taken && !ready.gzip.is_empty() && ready.gzip.len() < asset.bytes.len() {
            let gz = [(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"))];
            return (StatusCode::OK, tagged, typed, gz, ready.gzip.clone()).into_response();
        }
        (StatusCode::OK, tagged, typed, asset.bytes).into_response()
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

    #[tokio::test]
    async fn a_file_is_tagged_gzipped_and_not_sent_again() {
        use axum::http::{header, HeaderMap, StatusCode};
        let i = ASSETS.iter().position(|a| a.path == "/play.js").unwrap();
        let plain = super::Asset::response(i, &HeaderMap::new());
        assert_eq!(plain.status(), StatusCode::OK);
        let etag = plain.headers()[header::ETAG].clone();
        let bytes = axum::body::to_bytes(plain.into_body(), usize::MAX).await.unwrap();
        assert_eq!(&bytes[..], ASSETS[i].bytes);
        let mut h = HeaderMap::new();
        h.insert(header::ACCEPT_ENCODING, "br, gzip;q=0.9".parse().unwrap());
        let gz = super::Asset::response(i, &h);
        assert_eq!(gz.headers()[header::CONTENT_ENCODING], "gzip");
        let packed = axum::body::to_bytes(gz.into_body(), usize::MAX).await.unwrap();
        let mut unpacked = Vec::new();
        std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(&packed[..]), &mut unpacked).unwrap();
        assert_eq!(unpacked, ASSETS[i].bytes);
        assert!(packed.len() < ASSETS[i].bytes.len() / 2, "{} of {}", packed.len(), ASSETS[i].bytes.len());
        h.insert(header::IF_NONE_MATCH, etag);
        assert_eq!(super::Asset::response(i, &h).status(), StatusCode::NOT_MODIFIED);
    }

    #[test]
    fn the_page_fits_its_weight() {
        let total: usize = ASSETS.iter().map(|a| a.bytes.len()).sum();
        assert!(total <= 150 * 1024, "the page's files take {total} bytes, over 150 KB");
        assert!(ASSETS.iter().all(|a| !a.bytes.is_empty()));
    }
}
