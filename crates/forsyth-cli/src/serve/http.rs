//! HTTP/1.1, as much as one page and its JSON API need: a request read
//! with every size and time bounded, a response written, one request per
//! connection (`Connection: close`). Nothing here knows the routes.

use std::io::{self, BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use super::limits::{MAX_BODY, MAX_HEAD};

/// A request as read: the method, the path and query decoded, the body.
#[derive(Debug)]
pub struct Request {
    pub method: String,
    /// The path, percent-decoded (`/api/position`).
    pub path: String,
    /// The query's pairs in order, percent-decoded, `+` read as a space.
    pub query: Vec<(String, String)>,
    /// Lower-case `Content-Type` without parameters (`application/json`).
    pub content_type: Option<String>,
    pub body: Vec<u8>,
}

/// A response: status, content type, body, and any other headers.
#[derive(Debug)]
pub struct Response {
    pub status: u16,
    pub content_type: &'static str,
    pub headers: Vec<(&'static str, String)>,
    pub body: Vec<u8>,
}

impl Response {
    pub fn new(status: u16, content_type: &'static str, body: impl Into<Vec<u8>>) -> Response {
        Response {
            status,
            content_type,
            headers: Vec::new(),
            body: body.into(),
        }
    }

    pub fn with_header(mut self, name: &'static str, value: impl Into<String>) -> Response {
        self.headers.push((name, value.into()));
        self
    }

    /// Writes the response and flushes; the connection closes after it.
    pub fn write_to(&self, out: &mut impl Write) -> io::Result<()> {
        let mut head = format!(
            "HTTP/1.1 {} {}\r\nContent-Type: {}\r\nContent-Length: {}\r\nConnection: close\r\n\
             Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n",
            self.status,
            reason(self.status),
            self.content_type,
            self.body.len()
        );
        for (name, value) in &self.headers {
            head.push_str(&format!("{name}: {value}\r\n"));
        }
        head.push_str("\r\n");
        out.write_all(head.as_bytes())?;
        out.write_all(&self.body)?;
        out.flush()
    }
}

/// The reason phrase of the statuses this server sends.
pub fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        400 => "Bad Request",
        404 => "Not Found",
        405 => "Method Not Allowed",
        408 => "Request Timeout",
        411 => "Length Required",
        413 => "Content Too Large",
        415 => "Unsupported Media Type",
        422 => "Unprocessable Content",
        429 => "Too Many Requests",
        431 => "Request Header Fields Too Large",
        500 => "Internal Server Error",
        503 => "Service Unavailable",
        505 => "HTTP Version Not Supported",
        _ => "",
    }
}

/// Why a request could not be read: the status to answer with, the error
/// kind and its message; `None` when the client went away (nothing to
/// answer).
#[derive(Debug)]
pub struct ReadError {
    pub status: u16,
    pub kind: &'static str,
    pub message: String,
}

fn bad(status: u16, kind: &'static str, message: impl Into<String>) -> ReadError {
    ReadError {
        status,
        kind,
        message: message.into(),
    }
}

/// A reader of the socket that gives up at a deadline: each read waits at
/// most until then, so a client that sends a byte a second still cannot
/// hold a worker longer than the time it was given.
struct Timed<'a> {
    stream: &'a TcpStream,
    until: Instant,
}

impl Read for Timed<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let left = self.until.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(io::Error::new(io::ErrorKind::TimedOut, "request too slow"));
        }
        self.stream
            .set_read_timeout(Some(left.max(Duration::from_millis(1))))?;
        self.stream.read(buf).map_err(|e| match e.kind() {
            // A read timeout is WouldBlock on some systems.
            io::ErrorKind::WouldBlock => io::Error::new(io::ErrorKind::TimedOut, e),
            _ => e,
        })
    }
}

fn io_error(e: &io::Error, time: Duration) -> Option<ReadError> {
    match e.kind() {
        io::ErrorKind::TimedOut => Some(bad(
            408,
            "request_timeout",
            format!(
                "the request was not received within {} seconds",
                time.as_secs_f64()
            ),
        )),
        // Reset, broken pipe, end of input: the client is gone.
        _ => None,
    }
}

/// Reads one request from `stream`, within [`MAX_HEAD`] bytes of request
/// line and headers, [`MAX_BODY`] bytes of body and `time`.
/// `Ok(None)`: the client closed or reset the connection before a whole
/// request came.
pub fn read_request(stream: &TcpStream, time: Duration) -> Result<Option<Request>, ReadError> {
    let timed = Timed {
        stream,
        until: Instant::now() + time,
    };
    let mut reader = BufReader::new(timed.take(MAX_HEAD as u64));
    let mut lines: Vec<String> = Vec::new();
    loop {
        let mut line = Vec::new();
        match reader.read_until(b'\n', &mut line) {
            Ok(0) if lines.is_empty() && line.is_empty() => return Ok(None),
            Ok(_) if !line.ends_with(b"\n") => {
                // The head's limit was reached mid-line, or the client
                // stopped sending.
                if reader.get_ref().limit() == 0 {
                    return Err(bad(
                        431,
                        "header_too_large",
                        format!("the request line and headers exceed {MAX_HEAD} bytes"),
                    ));
                }
                return Ok(None);
            }
            Ok(_) => {}
            Err(e) => return io_error(&e, time).map_or(Ok(None), Err),
        }
        let text = String::from_utf8(line)
            .map_err(|_| bad(400, "bad_request", "the request head is not UTF-8"))?;
        let text = text.trim_end_matches(['\r', '\n']).to_owned();
        if text.is_empty() {
            if lines.is_empty() {
                // Blank lines before the request line are allowed.
                continue;
            }
            break;
        }
        lines.push(text);
    }
    let mut parts = lines[0].split(' ');
    let (Some(method), Some(target), Some(version), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(bad(
            400,
            "bad_request",
            "the request line is not METHOD TARGET HTTP/1.1",
        ));
    };
    if !version.starts_with("HTTP/1.") {
        return Err(bad(
            505,
            "bad_request",
            format!("{version}: only HTTP/1.0 and HTTP/1.1 are served"),
        ));
    }
    let mut content_length: Option<usize> = None;
    let mut content_type = None;
    for header in &lines[1..] {
        let Some((name, value)) = header.split_once(':') else {
            return Err(bad(
                400,
                "bad_request",
                format!("'{header}' is not a header"),
            ));
        };
        let value = value.trim();
        match name.to_ascii_lowercase().as_str() {
            "content-length" => {
                let n = value.parse::<usize>().map_err(|_| {
                    bad(
                        400,
                        "bad_request",
                        format!("Content-Length '{value}' is not a number"),
                    )
                })?;
                if content_length.is_some_and(|m| m != n) {
                    return Err(bad(400, "bad_request", "two different Content-Lengths"));
                }
                content_length = Some(n);
            }
            "transfer-encoding" => {
                return Err(bad(
                    411,
                    "length_required",
                    "a body must come with Content-Length (no transfer encoding is read)",
                ))
            }
            "content-type" => {
                let media = value.split(';').next().unwrap_or("").trim();
                content_type = Some(media.to_ascii_lowercase());
            }
            _ => {}
        }
    }
    let length = content_length.unwrap_or(0);
    if length > MAX_BODY {
        return Err(bad(
            413,
            "body_too_large",
            format!("the body has {length} bytes; at most {MAX_BODY} are read"),
        ));
    }
    let mut body = vec![0; length];
    // The buffer may hold the body's first bytes already; the rest comes
    // from the socket, no more than the body.
    reader.get_mut().set_limit(length as u64);
    if let Err(e) = reader.read_exact(&mut body) {
        return io_error(&e, time).map_or(Ok(None), Err);
    }
    let (path, query) = match target.split_once('?') {
        Some((path, query)) => (path, query),
        None => (target, ""),
    };
    if !path.starts_with('/') {
        return Err(bad(
            400,
            "bad_request",
            format!("'{target}' is not a path (it must start with /)"),
        ));
    }
    Ok(Some(Request {
        method: method.to_owned(),
        path: decode(path, false),
        query: query
            .split('&')
            .filter(|p| !p.is_empty())
            .map(|p| {
                let (k, v) = p.split_once('=').unwrap_or((p, ""));
                (decode(k, true), decode(v, true))
            })
            .collect(),
        content_type,
        body,
    }))
}

/// Percent-decoding (and `+` as a space in a query); a `%` not followed
/// by two hex digits is kept, and bytes that are not UTF-8 become U+FFFD.
pub fn decode(text: &str, plus: bool) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| char::from(b).to_digit(16);
        match bytes[i] {
            b'%' => match (
                bytes.get(i + 1).and_then(|&b| hex(b)),
                bytes.get(i + 2).and_then(|&b| hex(b)),
            ) {
                (Some(h), Some(l)) => {
                    out.push((h * 16 + l) as u8);
                    i += 3;
                    continue;
                }
                _ => out.push(b'%'),
            },
            b'+' if plus => out.push(b' '),
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}
