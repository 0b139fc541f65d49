//! Errors as the API answers them: `{"error": {"kind", "message", "line",
//! "column", "field", "squares"}}` with an HTTP status, the kind names
//! those of the command line's `--format json`.

use forsyth::Square;
use serde::Serialize;

use super::http::Response;

/// Why a request gets no result: the status and the error object.
#[derive(Clone, Debug, Serialize)]
pub struct ApiError {
    #[serde(skip)]
    pub status: u16,
    /// The stable kind name (`invalid_piece`, `opposite_check`,
    /// `not_found`).
    pub kind: String,
    pub message: String,
    /// 1-based line of the text at fault (`null` when it has no lines).
    pub line: Option<u32>,
    /// 1-based byte column in that line (`null` when not known).
    pub column: Option<u32>,
    /// The field at fault: a FEN field's name (`castling`), or the key of
    /// the request (`position`).
    pub field: Option<String>,
    /// The board's squares involved.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub squares: Vec<Square>,
}

impl ApiError {
    pub fn new(status: u16, kind: impl Into<String>, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            kind: kind.into(),
            message: message.into(),
            line: None,
            column: None,
            field: None,
            squares: Vec::new(),
        }
    }

    /// A fault of the request's key `field`: 422, bad content.
    pub fn content(field: &str, kind: impl Into<String>, message: impl Into<String>) -> ApiError {
        ApiError::new(422, kind, message).in_field(field)
    }

    /// A request that is not what the endpoint takes: 400.
    pub fn request(field: &str, message: impl Into<String>) -> ApiError {
        ApiError::new(400, "bad_request", message).in_field(field)
    }

    pub fn in_field(mut self, field: &str) -> ApiError {
        self.field = Some(field.to_owned());
        self
    }

    /// At 1-based `line` and `column` of the text.
    pub fn at(mut self, line: usize, column: usize) -> ApiError {
        let small = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
        self.line = Some(small(line));
        self.column = Some(small(column));
        self
    }

    pub fn response(&self) -> Response {
        #[derive(Serialize)]
        struct Wrapped<'a> {
            error: &'a ApiError,
        }
        let body = serde_json::to_vec(&Wrapped { error: self }).unwrap_or_else(|_| {
            br#"{"error":{"kind":"internal","message":"the error could not be written"}}"#.to_vec()
        });
        let response = Response::new(self.status, "application/json", body);
        match self.status {
            429 | 503 => response.with_header("Retry-After", "1"),
            _ => response,
        }
    }
}

/// The JSON error response of `status`, `kind` and `message`.
pub fn error_response(status: u16, kind: &str, message: &str) -> Response {
    ApiError::new(status, kind, message).response()
}
