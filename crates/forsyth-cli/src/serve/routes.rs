//! Which handler answers a request: by path, then method. The page and
//! its two assets are built into the binary; no path reaches a file.

use super::api;
use super::error::{error_response, ApiError};
use super::http::{Request, Response};
use super::limits::State;

const INDEX: &str = include_str!("assets/index.html");
const SCRIPT: &str = include_str!("assets/app.js");
const STYLE: &str = include_str!("assets/app.css");

/// What a path serves, and the methods it takes.
enum Route {
    Page(&'static str, &'static str),
    Position,
    Game,
    Solve,
    Diagram,
    Notations,
}

fn route(path: &str) -> Option<(Route, &'static [&'static str])> {
    const GET: &[&str] = &["GET"];
    const POST: &[&str] = &["POST"];
    Some(match path {
        "/" | "/index.html" => (Route::Page(INDEX, "text/html; charset=utf-8"), GET),
        "/app.js" => (Route::Page(SCRIPT, "text/javascript; charset=utf-8"), GET),
        "/app.css" => (Route::Page(STYLE, "text/css; charset=utf-8"), GET),
        "/api/position" => (Route::Position, POST),
        "/api/game" => (Route::Game, POST),
        "/api/solve" => (Route::Solve, POST),
        "/api/diagram" => (Route::Diagram, &["GET", "POST"]),
        "/api/notations" => (Route::Notations, GET),
        _ => return None,
    })
}

/// The response to `request`; a handler that panics gives a 500.
pub fn respond(request: &Request, state: &State) -> Response {
    let Some((route, methods)) = route(&request.path) else {
        return error_response(
            404,
            "not_found",
            &format!("nothing at {} (the API is under /api/)", request.path),
        );
    };
    if !methods.contains(&request.method.as_str()) {
        return ApiError::new(
            405,
            "method_not_allowed",
            format!(
                "{} takes {}, not {}",
                request.path,
                methods.join(" or "),
                request.method
            ),
        )
        .response()
        .with_header("Allow", methods.join(", "));
    }
    catching(|| {
        let answer = match route {
            Route::Page(text, kind) => Ok(Response::new(200, kind, text)),
            Route::Position => api::position(request),
            Route::Game => api::game(request),
            Route::Solve => api::solve(request, state),
            Route::Diagram => api::diagram(request),
            Route::Notations => Ok(api::notations()),
        };
        answer.unwrap_or_else(|e| e.response())
    })
}

/// The response of a handler, or a 500 when it panicked: one request's
/// fault never stops the server.
pub fn catching(handler: impl FnOnce() -> Response) -> Response {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(handler)).unwrap_or_else(|_| {
        error_response(
            500,
            "internal",
            "the server failed on this request (a bug: please report the input)",
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panicking_handler_is_a_500_not_a_crash() {
        let response = catching(|| panic!("a handler's bug"));
        assert_eq!(response.status, 500);
        let body: serde_json::Value = serde_json::from_slice(&response.body).unwrap();
        assert_eq!(body["error"]["kind"], "internal");
        let fine = catching(|| Response::new(200, "text/plain", "ok"));
        assert_eq!((fine.status, fine.body.as_slice()), (200, &b"ok"[..]));
    }
}
