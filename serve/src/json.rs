//! Request bodies: JSON read into the library's request types, every
//! failure answered in the API's own error shape.
//!
//! axum's `Json` extractor answers its rejections as plain text and wants
//! a `Content-Type`; this one reads the body as bytes (so the route's body
//! limit applies: over it is 413), takes it as JSON whatever its type says
//! (curl and the page both send JSON), and turns a body that does not fit
//! the request type (bad syntax, an unknown field, a wrong type) into 400
//! naming the field where serde could tell which. An empty body is `{}`:
//! the endpoints whose fields are all optional (`/roll`, `/undo`) can be
//! posted with none.

use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use axum::http::StatusCode;
use serde::de::DeserializeOwned;
use serde_path_to_error::Segment;

use crate::error::ApiError;
use crate::limits::{BODY_BYTES, RECORD_BODY_BYTES};

/// A request body of type `T`, read as JSON.
pub(crate) struct Body<T>(pub(crate) T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for Body<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        let bytes = Bytes::from_request(req, state).await.map_err(|e| {
            if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
                ApiError::new(
                    StatusCode::PAYLOAD_TOO_LARGE,
                    format!(
                        "the body is over its limit ({} KiB; a record for review: {} MiB)",
                        BODY_BYTES >> 10,
                        RECORD_BODY_BYTES >> 20
                    ),
                )
            } else {
                ApiError::bad_request(format!("the body could not be read: {e}"))
            }
        })?;
        parse(&bytes).map(Body)
    }
}

/// `T` from JSON bytes (an empty body is `{}`).
pub(crate) fn parse<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    let bytes = if bytes.iter().all(u8::is_ascii_whitespace) { b"{}".as_slice() } else { bytes };
    let mut de = serde_json::Deserializer::from_slice(bytes);
    let value = serde_path_to_error::deserialize(&mut de).map_err(|e| {
        // The field is the body's top-level key the error sits under.
        let field = match e.path().iter().next() {
            Some(Segment::Map { key }) => Some(key.clone()),
            _ => None,
        };
        let inner = e.into_inner();
        let message = format!("the body is not the JSON this endpoint takes: {inner}");
        match field {
            Some(f) => ApiError::about(StatusCode::BAD_REQUEST, &f, message),
            None => ApiError::bad_request(message),
        }
    })?;
    de.end().map_err(|e| ApiError::bad_request(format!("the body has more after its JSON value: {e}")))?;
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::parse;
    use serde::Deserialize;

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields, rename_all = "kebab-case")]
    #[allow(dead_code)]
    struct Q {
        dice: Option<String>,
        opponent_farkles: Option<u32>,
    }

    #[test]
    fn a_wrong_type_names_its_field() {
        let e = parse::<Q>(br#"{"opponent-farkles": "two"}"#).expect_err("a string is no count");
        assert_eq!(e.status.as_u16(), 400);
        assert_eq!(e.field.as_deref(), Some("opponent-farkles"));
        assert!(e.message.starts_with("opponent-farkles: "), "{}", e.message);
    }

    #[test]
    fn unknown_fields_and_bad_syntax_are_400() {
        let e = parse::<Q>(br#"{"dise": "1,2"}"#).expect_err("unknown field");
        assert!(e.message.contains("unknown field `dise`"), "{}", e.message);
        assert_eq!(parse::<Q>(b"{").expect_err("syntax").status.as_u16(), 400);
        assert_eq!(parse::<Q>(b"{} {}").expect_err("trailing").status.as_u16(), 400);
        assert!(parse::<Q>(b" ").is_ok());
    }
}
