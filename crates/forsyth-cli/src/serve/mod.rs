//! `forsyth serve`: one page and its JSON API, over HTTP on loopback.
//!
//! A fixed pool of worker threads answers connections the accepting
//! thread queues; a full queue is answered 503 at once. Each request is
//! read within the limits of `limits`, routed (`routes`), answered by a
//! handler of `api` (or an asset of `assets/`, built into the binary) and
//! the connection closed. A handler that panics costs its request a 500,
//! never the server. Nothing a request says reaches the file system.
//! `specs/http.md` is the contract.

mod answer;
mod api;
mod error;
mod http;
mod limits;
mod read;
mod routes;
mod ten;

use std::io::{self, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::mpsc::{self, Receiver, TrySendError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::Duration;

use crate::cli::ServeArgs;
use crate::Outcome;
use limits::{SolveSlots, State, QUEUE, WORKERS, WRITE_TIME};

pub fn run(args: &ServeArgs) -> io::Result<Outcome> {
    let listener = match TcpListener::bind(args.addr) {
        Ok(l) => l,
        Err(e) => {
            crate::note(&format!("serve: cannot listen on {}: {e}", args.addr));
            return Ok(Outcome::Failed);
        }
    };
    let addr = listener.local_addr()?;
    if !addr.ip().is_loopback() {
        crate::note(&format!(
            "serve: {addr} is not a loopback address: anyone who can reach it can use the server"
        ));
    }
    {
        let mut out = io::stdout().lock();
        writeln!(out, "forsyth: serving http://{addr}/ (Ctrl-C stops)")?;
        out.flush()?;
    }
    let state = Arc::new(State {
        slots: SolveSlots::new(usize::from(args.solves)),
        max_time: Duration::from_secs(args.max_time),
        read_time: Duration::from_secs(args.timeout),
    });
    let (queue, waiting) = mpsc::sync_channel::<TcpStream>(QUEUE);
    let waiting = Arc::new(Mutex::new(waiting));
    for i in 0..WORKERS {
        let waiting = Arc::clone(&waiting);
        let state = Arc::clone(&state);
        thread::Builder::new()
            .name(format!("serve-{i}"))
            .spawn(move || work(&waiting, &state))?;
    }
    for stream in listener.incoming() {
        let Ok(stream) = stream else {
            // A connection that failed before it was accepted: the next.
            continue;
        };
        match queue.try_send(stream) {
            Ok(()) => {}
            Err(TrySendError::Full(stream)) => overloaded(stream),
            Err(TrySendError::Disconnected(_)) => break,
        }
    }
    Ok(Outcome::Failed)
}

/// A worker: takes the next connection and answers it, for ever.
fn work(waiting: &Mutex<Receiver<TcpStream>>, state: &State) {
    loop {
        // A worker that panicked while holding the lock cannot have left
        // the receiver in a bad state: take it anyway.
        let next = match waiting.lock() {
            Ok(receiver) => receiver.recv(),
            Err(poisoned) => poisoned.into_inner().recv(),
        };
        let Ok(stream) = next else {
            return;
        };
        answer(&stream, state);
    }
}

/// Reads one request from `stream`, answers it and closes.
fn answer(stream: &TcpStream, state: &State) {
    let _ = stream.set_write_timeout(Some(WRITE_TIME));
    let response = match http::read_request(stream, state.read_time) {
        Ok(Some(request)) => routes::respond(&request, state),
        Ok(None) => return,
        Err(e) => error::error_response(e.status, e.kind, &e.message),
    };
    let mut writer = stream;
    let _ = response.write_to(&mut writer);
    // Whatever the client still sends (a body refused unread) is not read:
    // end the sending side cleanly, so the response arrives whole.
    let _ = stream.shutdown(std::net::Shutdown::Write);
    drain(stream);
}

/// Reads and drops what the client still sends, briefly, so that closing
/// does not reset a connection whose response is still on its way.
fn drain(mut stream: &TcpStream) {
    use std::io::Read;
    let _ = stream.set_read_timeout(Some(Duration::from_millis(200)));
    let mut buf = [0u8; 8192];
    let mut total = 0usize;
    while total < 4 * limits::MAX_BODY {
        match stream.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => total += n,
        }
    }
}

/// The answer when every worker is busy and the queue is full.
fn overloaded(stream: TcpStream) {
    let _ = stream.set_write_timeout(Some(Duration::from_secs(1)));
    let response = error::error_response(
        503,
        "overloaded",
        "the server is answering as many requests as it can; try again",
    )
    .with_header("Retry-After", "1");
    let mut writer = &stream;
    let _ = response.write_to(&mut writer);
}
