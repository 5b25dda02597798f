//! What the API answers besides its answers: an error as the command line
//! writes it with `--json`, under the HTTP status that says whose it is,
//! and the JSON text of a body.

use axum::extract::rejection::QueryRejection;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use grundy::answer::ErrorAnswer;
use grundy::error::ErrorKind;
use serde::Serialize;

/// An answer that is not the one asked for: an error as the command line
/// writes it with `--json`, under the HTTP status that says whose it is.
pub struct Refusal {
    pub status: StatusCode,
    pub answer: ErrorAnswer,
}

impl Refusal {
    pub fn bad_input(message: impl Into<String>) -> Refusal {
        Refusal {
            status: StatusCode::BAD_REQUEST,
            answer: ErrorAnswer::usage(message.into()),
        }
    }
}

/// Bad input is the asker's (400); a question past a limit or not
/// supported is well formed but not answered (422).
impl From<grundy::Error> for Refusal {
    fn from(error: grundy::Error) -> Refusal {
        let status = match error.kind() {
            ErrorKind::BadInput => StatusCode::BAD_REQUEST,
            _ => StatusCode::UNPROCESSABLE_ENTITY,
        };
        Refusal {
            status,
            answer: ErrorAnswer::new(&error),
        }
    }
}

impl From<QueryRejection> for Refusal {
    fn from(rejection: QueryRejection) -> Refusal {
        Refusal::bad_input(rejection.body_text())
    }
}

impl IntoResponse for Refusal {
    fn into_response(self) -> Response {
        (self.status, json(to_json(&self.answer))).into_response()
    }
}

/// A body of JSON text.
pub fn json(text: String) -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "application/json")], text)
}

/// An answer's JSON text.
pub fn to_json(answer: &impl Serialize) -> String {
    serde_json::to_string(answer).expect("answers serialise")
}
