//! Accepting and serving the host's connections: at most [`MAX_CONNECTIONS`] open at once, each
//! given [`HEAD_WAIT`] to send a request's head, and every one closed when hosting stops.
//!
//! This is `axum::serve` with one thing it cannot do: hyper's head-read timeout, which needs a
//! timer that `axum::serve` does not give hyper. Without it a client that sends its head a byte
//! at a time (slowloris) holds a connection for as long as it likes.

use super::live;
use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{watch, OwnedSemaphorePermit, Semaphore};
use tokio::task::JoinSet;

/// How many connections the host holds at once (phones, boards, their live feeds): past it a
/// new one waits for one to close, so that a flood of connections cannot take the app's files.
const MAX_CONNECTIONS: usize = 128;

/// How long a connection may take to send a request's whole head, counted from when the host
/// starts waiting for it: a phone sends its head in one packet, so this only ever ends a client
/// that dribbles (or one that keeps an idle connection open, which its browser reopens at need).
pub(super) const HEAD_WAIT: Duration = Duration::from_secs(10);

/// A connection with its permit: closing it gives the permit back. The permit travels with the
/// socket, also into a WebSocket it is upgraded to, so live feeds count against the cap too.
struct Counted {
    io: TcpStream,
    _permit: OwnedSemaphorePermit,
}

impl tokio::io::AsyncRead for Counted {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut tokio::io::ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.get_mut().io).poll_read(cx, buf)
    }
}

impl tokio::io::AsyncWrite for Counted {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        Pin::new(&mut self.get_mut().io).poll_write(cx, buf)
    }
    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.get_mut().io).poll_flush(cx)
    }
    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.get_mut().io).poll_shutdown(cx)
    }
}

/// The next connection, once a permit is free.
async fn accept(listener: &TcpListener, permits: &Arc<Semaphore>) -> Counted {
    loop {
        let Ok(permit) = Arc::clone(permits).acquire_owned().await else {
            // Never closed; were it, wait as for a busy accept.
            tokio::time::sleep(Duration::from_millis(50)).await;
            continue;
        };
        match listener.accept().await {
            Ok((io, _)) => {
                let _ = io.set_nodelay(true);
                return Counted {
                    io,
                    _permit: permit,
                };
            }
            // Out of file handles or the like: try again shortly.
            Err(_) => tokio::time::sleep(Duration::from_millis(50)).await,
        }
    }
}

/// Serve `app` on `listener` until `stop` turns true, then let open requests finish. The
/// connections are tasks of one set, so ending this future (`Hosting::stop` aborts it after its
/// wait) ends every one of them.
pub(super) async fn until_stopped(listener: TcpListener, app: Router, stop: watch::Receiver<bool>) {
    let permits = Arc::new(Semaphore::new(MAX_CONNECTIONS));
    let mut connections = JoinSet::new();
    let mut stopping = stop.clone();
    loop {
        let io = tokio::select! {
            biased;
            () = live::stopped(&mut stopping) => break,
            io = accept(&listener, &permits) => io,
        };
        connections.spawn(serve_one(io, app.clone(), stop.clone()));
        // Forget the connections already closed, so the set holds only open ones.
        while connections.try_join_next().is_some() {}
    }
    drop(listener);
    while connections.join_next().await.is_some() {}
}

/// Serve one connection's requests (HTTP/1.1, upgraded to a WebSocket when asked) until the
/// client closes it, its head takes over [`HEAD_WAIT`], or hosting stops.
async fn serve_one(io: Counted, app: Router, mut stop: watch::Receiver<bool>) {
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new()).header_read_timeout(HEAD_WAIT);
    let conn = http
        .serve_connection(TokioIo::new(io), TowerToHyperService::new(app))
        .with_upgrades();
    let mut conn = std::pin::pin!(conn);
    tokio::select! {
        _ = conn.as_mut() => return,
        () = live::stopped(&mut stop) => conn.as_mut().graceful_shutdown(),
    }
    // The request under way finishes; a connection that was idle closes at once.
    let _ = conn.await;
}
