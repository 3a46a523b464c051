//! How phones reach the host: the computer's network addresses, the likely one first (the one
//! a phone on the same home Wi-Fi can reach), and a link's QR code as its modules, which the
//! screens draw (no image is made here).

use serde::Serialize;
use std::net::{IpAddr, Ipv4Addr};

/// A QR code: `width` × `width` modules, row by row, `true` for a dark one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, specta::Type)]
pub struct QrModules {
    pub width: u32,
    pub dark: Vec<bool>,
}

/// The QR code of `text` (a link), or `None` if it is too long for one.
pub fn qr(text: &str) -> Option<QrModules> {
    let code = qrcode::QrCode::new(text.as_bytes()).ok()?;
    let width = u32::try_from(code.width()).ok()?;
    let dark = code
        .to_colors()
        .into_iter()
        .map(|c| c == qrcode::Color::Dark)
        .collect();
    Some(QrModules { width, dark })
}

/// How likely a phone at the table reaches the host at `ip`: home networks' private ranges
/// first (192.168/16, then 10/8, then 172.16/12), then other addresses; loopback and
/// link-local addresses last (a phone never reaches them).
fn rank(ip: &IpAddr) -> u8 {
    match ip {
        IpAddr::V4(v4) if v4.is_loopback() || v4.is_link_local() => 9,
        IpAddr::V4(v4) => match v4.octets() {
            [192, 168, ..] => 0,
            [10, ..] => 1,
            [172, b, ..] if (16..32).contains(&b) => 2,
            _ => 3,
        },
        IpAddr::V6(v6) if v6.is_loopback() => 9,
        IpAddr::V6(_) => 5,
    }
}

/// `found` in the order a table should try them: the likely one first.
pub fn likely_first(mut found: Vec<IpAddr>) -> Vec<IpAddr> {
    found.sort_by_key(|ip| (rank(ip), *ip));
    found.dedup();
    found
}

/// The addresses phones may reach a host bound to `bind` at: that address itself when it is a
/// particular one, else this computer's addresses, the likely one first (loopback when there
/// is no other).
pub fn addresses(bind: IpAddr) -> Vec<IpAddr> {
    if !bind.is_unspecified() {
        return vec![bind];
    }
    let found: Vec<IpAddr> = if_addrs::get_if_addrs()
        .map(|all| all.into_iter().map(|i| i.ip()).collect())
        .unwrap_or_default();
    let found = likely_first(found.into_iter().filter(|ip| rank(ip) < 9).collect());
    if found.is_empty() {
        vec![IpAddr::V4(Ipv4Addr::LOCALHOST)]
    } else {
        found
    }
}

/// The address as it goes in a link (`[…]` around an IPv6 address).
pub fn in_link(ip: IpAddr, port: u16) -> String {
    match ip {
        IpAddr::V4(v4) => format!("http://{v4}:{port}"),
        IpAddr::V6(v6) => format!("http://[{v6}]:{port}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_home_network_address_comes_first_and_loopback_last() {
        let ip = |s: &str| s.parse::<IpAddr>().unwrap();
        let sorted = likely_first(vec![
            ip("127.0.0.1"),
            ip("172.17.0.1"),
            ip("10.0.0.5"),
            ip("192.168.1.20"),
            ip("fe80::1"),
        ]);
        assert_eq!(sorted[0], ip("192.168.1.20"));
        assert_eq!(sorted[1], ip("10.0.0.5"));
        assert_eq!(sorted.last(), Some(&ip("127.0.0.1")));
        // A particular address bound is the only one offered.
        assert_eq!(addresses(ip("127.0.0.1")), vec![ip("127.0.0.1")]);
        assert_eq!(in_link(ip("::1"), 80), "http://[::1]:80");
    }

    #[test]
    fn a_link_has_a_square_qr_code() {
        let code =
            qr("http://127.0.0.1:8737/join/0123456789abcdef0123456789abcdef0123456789abcdef")
                .expect("fits");
        assert!(code.width >= 21);
        assert_eq!(code.dark.len(), (code.width * code.width) as usize);
        // The three finder patterns: a QR code's top-left module is dark.
        assert!(code.dark[0] && code.dark.iter().any(|d| !d));
    }
}
