//! Errors as the API answers them: one JSON shape, `{"error", "field"}`,
//! with a status that says whose problem it is.
//!
//! - 400: the body is not the JSON asked for (syntax, an unknown field, a
//!   wrong type); 404: no such route, session or job; 413: a body over its
//!   limit; 422: a value the library refuses; 503: the server is busy, or
//!   the answer needs a table too long to solve here; 500: a bug (a panic,
//!   a table that cannot be read or written), logged on stderr.
//! - The library's messages leave out the field they are about (a front end
//!   names it): as the CLI prefixes its flag (`--dice: ...`), the message
//!   here starts with the field's name (`dice: ...`), so that the line says
//!   everything alone, and `field` carries the same name for the page to
//!   point at the input.
//!
//! The status of a library error is its class ([`solver::ErrorClass`]):
//! a value refused is 422, an answer that needs a table too long to solve
//! here is 503, the tables directory failing is 500. The server never
//! looks into a question or an error's variants itself.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use serde_json::Value;
use solver::{Error, ErrorClass};

use crate::limits::ERROR_CHARS;

/// The API's error shape: `{"error": LINE, "field": NAME or null}`, and
/// for a move another phone made first, the game's fresh `state`.
#[derive(Debug, Serialize)]
pub(crate) struct ErrorBody<'a> {
    pub(crate) error: &'a str,
    pub(crate) field: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) state: Option<&'a Value>,
}

/// An error answer: status, one line, and the request field it is about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ApiError {
    pub(crate) status: StatusCode,
    pub(crate) message: String,
    pub(crate) field: Option<String>,
    /// A play session's state as it is now (a conflict: 409).
    pub(crate) state: Option<Box<Value>>,
}

impl ApiError {
    /// An error with no field.
    pub(crate) fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError { status, message: message.into(), field: None, state: None }
    }

    /// An error about the request field `field`, named at the message's
    /// start as the library's own errors are.
    pub(crate) fn about(status: StatusCode, field: &str, message: impl std::fmt::Display) -> ApiError {
        ApiError { status, message: format!("{field}: {message}"), field: Some(field.to_string()), state: None }
    }

    /// A move made on a state another phone has moved on from: 409 with
    /// the fresh state.
    pub(crate) fn conflict(state: Value) -> ApiError {
        let message = "another phone moved first: here is the game as it is now";
        ApiError { state: Some(Box::new(state)), ..ApiError::about(StatusCode::CONFLICT, "position", message) }
    }

    pub(crate) fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }

    pub(crate) fn not_found(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, message)
    }

    pub(crate) fn busy(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::SERVICE_UNAVAILABLE, message)
    }

    /// A bug: logged here, once, and answered without its details beyond
    /// the one line.
    pub(crate) fn internal(message: impl Into<String>) -> ApiError {
        let message = message.into();
        eprintln!("sixdice serve: internal error: {}", userio::Escaped(&message));
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, message)
    }

    /// The library's error: its field (named as the request's field) and
    /// its status.
    pub(crate) fn from_solver(e: Error) -> ApiError {
        let status = status_of(&e);
        if status == StatusCode::INTERNAL_SERVER_ERROR {
            return ApiError::internal(e.to_string());
        }
        match e.field() {
            Some(field) => ApiError::about(status, field.name(), &e),
            None => ApiError::new(status, e.to_string()),
        }
    }

    /// A panic's payload as one line (its message, when it has one).
    pub(crate) fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
        payload
            .downcast_ref::<&str>()
            .map(ToString::to_string)
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic".into())
    }

    /// This error, about `field` when it names no field of its own.
    pub(crate) fn or_field(self, field: &str) -> ApiError {
        match self.field {
            Some(_) => self,
            None => ApiError::about(self.status, field, self.message),
        }
    }

    /// This error with `note` added to its line (what this server's
    /// set-up has to do with it).
    pub(crate) fn with_note(mut self, note: &str) -> ApiError {
        self.message = format!("{} ({note})", self.message);
        self
    }

    /// The JSON body.
    pub(crate) fn body(&self) -> ErrorBody<'_> {
        ErrorBody { error: &self.message, field: self.field.as_deref(), state: self.state.as_deref() }
    }

    /// This error with its line cut to [`ERROR_CHARS`].
    pub(crate) fn cut(mut self) -> ApiError {
        if let std::borrow::Cow::Owned(cut) = userio::cut(&self.message, ERROR_CHARS) {
            self.message = cut;
        }
        self
    }
}

/// The status of a library error, by its class.
fn status_of(e: &Error) -> StatusCode {
    match e.class() {
        ErrorClass::Invalid => StatusCode::UNPROCESSABLE_ENTITY,
        ErrorClass::NeedsSolve => StatusCode::SERVICE_UNAVAILABLE,
        ErrorClass::Io => StatusCode::INTERNAL_SERVER_ERROR,
    }
}

impl From<Error> for ApiError {
    fn from(e: Error) -> ApiError {
        ApiError::from_solver(e)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let e = self.cut();
        (e.status, axum::Json(e.body())).into_response()
    }
}

/// Any route the router does not know.
pub(crate) async fn no_route() -> ApiError {
    ApiError::not_found("no such page or endpoint (the API is under /api/, see docs/api.md)")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_field_names_itself_first() {
        let e = ApiError::about(StatusCode::UNPROCESSABLE_ENTITY, "dice", "not dice");
        let body = serde_json::to_value(e.body()).expect("serializes");
        assert_eq!(body, serde_json::json!({"error": "dice: not dice", "field": "dice"}));
    }

    #[test]
    fn an_unknown_game_is_refused_as_a_value() {
        let head = solver::GameHead { name: "no-such-game".into(), ..solver::GameHead::default() };
        let e = solver::Request::question(&head).expect_err("no such game");
        assert_eq!(ApiError::from_solver(e).status, StatusCode::UNPROCESSABLE_ENTITY);
    }
}
