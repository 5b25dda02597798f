//! What the API answers besides its answers: an error as the command line
//! writes it with `--json`, under the HTTP status that says whose it is
//! (every error the server answers, those of axum included), and the JSON
//! text of a body.

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

/// The middleware that makes every error answer the JSON error: an error
/// of the router itself (405: a method other than GET) has no body, and
/// gets one that says what it is, under the same status and headers.
pub async fn json_errors(response: Response) -> Response {
    let status = response.status();
    let is_json = (response.headers().get(header::CONTENT_TYPE))
        .is_some_and(|kind| kind == "application/json");
    if is_json || !(status.is_client_error() || status.is_server_error()) {
        return response;
    }
    let message = match status {
        StatusCode::METHOD_NOT_ALLOWED => "only GET is answered".to_string(),
        _ => format!("HTTP {status}"),
    };
    let answer = if status.is_client_error() {
        ErrorAnswer::usage(message)
    } else {
        ErrorAnswer::new(&grundy::Error::Unsupported(message))
    };
    let (mut parts, _) = response.into_parts();
    parts.headers.remove(header::CONTENT_LENGTH);
    let body = Refusal { status, answer }.into_response().into_body();
    let mut answered = Response::from_parts(parts, body);
    answered.headers_mut().insert(
        header::CONTENT_TYPE,
        header::HeaderValue::from_static("application/json"),
    );
    answered
}

/// A body of JSON text.
pub fn json(text: String) -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "application/json")], text)
}

/// An answer's JSON text.
pub fn to_json(answer: &impl Serialize) -> String {
    serde_json::to_string(answer).expect("answers serialise")
}
