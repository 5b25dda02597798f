//! What a request must be before it is routed: addressed to this server
//! (its `Host`, and its `Origin` where a browser sends one), so that a page
//! elsewhere cannot reach the server under a name of its own (DNS
//! rebinding); and of a size the server reads (its URI and its headers).
//! Any other request is refused with the JSON error.

use std::net::IpAddr;
use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use grundy::answer::ErrorAnswer;

use super::refusal::Refusal;

/// The longest URI read (8 KiB): a query longer than this is no question
/// a person typed.
pub const MAX_URI_BYTES: usize = 8 << 10;

/// The most bytes of headers read (16 KiB), names and values together.
pub const MAX_HEADER_BYTES: usize = 16 << 10;

/// The most headers read: a browser sends about twenty.
pub const MAX_HEADERS: usize = 100;

/// The most headers the HTTP parser takes before it refuses a request
/// itself, with no JSON (`listen`): well past [`MAX_HEADERS`], so that a
/// request with too many is refused here, with the JSON error. So are
/// URIs and heads larger than the gate reads, up to the parser's own
/// bounds (a URI of 64 KiB, a head of about 400 KB).
pub const MAX_HEADERS_PARSED: usize = 10 * MAX_HEADERS;

/// The names a request may give as its `Host`: loopback names and IP
/// addresses (no page elsewhere has an address of this machine as its
/// origin), each with the server's port where it gives one, and the
/// names given with `--allow-host`.
#[derive(Clone)]
pub struct Gate(Arc<Names>);

struct Names {
    port: u16,
    allowed: Vec<String>,
}

impl Gate {
    /// The gate of a server listening on `port`, also reached as `allowed`.
    pub fn new(port: u16, allowed: Vec<String>) -> Gate {
        Gate(Arc::new(Names { port, allowed }))
    }

    /// Whether `host` (`name[:port]`, as `Host` writes it) names this
    /// server.
    fn admits(&self, host: &str) -> bool {
        let Some((name, port)) = split_port(host) else {
            return false;
        };
        let ours = |n: &str| {
            n.eq_ignore_ascii_case("localhost")
                || n.parse::<IpAddr>().is_ok()
                || self.0.allowed.iter().any(|a| a.eq_ignore_ascii_case(n))
        };
        port.is_none_or(|p| p == self.0.port) && ours(name)
    }

    /// Why `headers` do not address this server, if they do not.
    fn refusal(&self, headers: &HeaderMap) -> Option<String> {
        let text = |name: header::HeaderName| headers.get(name).map(|v| v.to_str().unwrap_or(""));
        let Some(host) = text(header::HOST) else {
            return Some("the request has no Host header".into());
        };
        if !self.admits(host) {
            return Some(format!(
                "this server is not reached as {host}: it answers requests to localhost \
                 or an IP address of this machine, and to the names given with \
                 `grundy serve --allow-host NAME`"
            ));
        }
        let origin = text(header::ORIGIN)?;
        let from = (origin.strip_prefix("http://")).or_else(|| origin.strip_prefix("https://"));
        match from {
            Some(host) if self.admits(host) => None,
            _ => Some(format!(
                "pages from {origin} may not ask this server: only its own page may"
            )),
        }
    }
}

/// `name` and the port of `host` (`name`, `name:port`, `[v6]`,
/// `[v6]:port`); `None` where it is none of these.
fn split_port(host: &str) -> Option<(&str, Option<u16>)> {
    let (name, port) = match host.strip_prefix('[') {
        Some(rest) => {
            let (name, after) = rest.split_once(']')?;
            match after {
                "" => (name, None),
                _ => (name, Some(after.strip_prefix(':')?)),
            }
        }
        None => match host.rsplit_once(':') {
            Some((name, port)) => (name, Some(port)),
            None => (host, None),
        },
    };
    match port {
        None => Some((name, None)),
        Some(port) => Some((name, Some(port.parse().ok()?))),
    }
}

/// The middleware: a request addressed elsewhere is refused (403), one
/// too long to read too (414, 431); every other goes on to its route.
pub async fn check(State(gate): State<Gate>, request: Request, next: Next) -> Response {
    if let Some(why) = gate.refusal(request.headers()) {
        return refused(StatusCode::FORBIDDEN, why);
    }
    let uri = request.uri().to_string().len();
    if uri > MAX_URI_BYTES {
        return refused(
            StatusCode::URI_TOO_LONG,
            format!("the URI has {uri} bytes; at most {MAX_URI_BYTES} are read"),
        );
    }
    let count = request.headers().len();
    if count > MAX_HEADERS {
        return refused(
            StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
            format!("the request has {count} headers; at most {MAX_HEADERS} are read"),
        );
    }
    let headers: usize = (request.headers().iter())
        .map(|(name, value)| name.as_str().len() + value.len())
        .sum();
    if headers > MAX_HEADER_BYTES {
        return refused(
            StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
            format!("the headers have {headers} bytes; at most {MAX_HEADER_BYTES} are read"),
        );
    }
    next.run(request).await
}

/// A request refused with `message`: bad input under `status`.
fn refused(status: StatusCode, message: String) -> Response {
    Refusal {
        status,
        answer: ErrorAnswer::usage(message),
    }
    .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loopback_names_and_addresses_are_admitted_with_the_port() {
        let gate = Gate::new(8080, vec!["box.local".into()]);
        for host in [
            "localhost:8080",
            "LOCALHOST",
            "127.0.0.1:8080",
            "[::1]:8080",
            "[::1]",
            "192.168.1.5:8080",
            "box.local:8080",
        ] {
            assert!(gate.admits(host), "{host}");
        }
        for host in [
            "evil.example:8080",
            "localhost:9999",
            "127.0.0.1:x",
            "[::1",
            "",
            "localhost.evil.example",
        ] {
            assert!(!gate.admits(host), "{host}");
        }
    }
}
