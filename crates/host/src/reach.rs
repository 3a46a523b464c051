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
/// first (192.168/16, then 10/8, then 172.16/12), then other addresses; an interface that is
/// down after those (it may come up); loopback and link-local addresses last (a phone never
/// reaches them: an IPv6 link-local one needs the phone's own interface named in the link).
fn rank(ip: &IpAddr, down: bool) -> u8 {
    match ip {
        IpAddr::V4(v4) if v4.is_loopback() || v4.is_link_local() => 9,
        IpAddr::V6(v6) if v6.is_loopback() || v6.is_unicast_link_local() => 9,
        _ if down => 8,
        IpAddr::V4(v4) => match v4.octets() {
            [192, 168, ..] => 0,
            [10, ..] => 1,
            [172, b, ..] if (16..32).contains(&b) => 2,
            _ => 3,
        },
        IpAddr::V6(_) => 5,
    }
}

/// `found` (each address, and whether its interface is down) in the order a table should try
/// them, the likely one first, without those a phone never reaches.
pub fn likely_first(found: Vec<(IpAddr, bool)>) -> Vec<IpAddr> {
    let mut ranked: Vec<(u8, IpAddr)> = found
        .into_iter()
        .map(|(ip, down)| (rank(&ip, down), ip))
        .filter(|(rank, _)| *rank < 9)
        .collect();
    ranked.sort();
    let mut ips: Vec<IpAddr> = ranked.into_iter().map(|(_, ip)| ip).collect();
    ips.dedup();
    ips
}

/// The addresses phones may reach a host bound to `bind` at: that address itself when it is a
/// particular one, else this computer's addresses, the likely one first (loopback when there
/// is no other).
pub fn addresses(bind: IpAddr) -> Vec<IpAddr> {
    if !bind.is_unspecified() {
        return vec![bind];
    }
    let found: Vec<(IpAddr, bool)> = if_addrs::get_if_addrs()
        .map(|all| {
            all.into_iter()
                // Not running: on Linux, no carrier (a cable out, a bridge with nothing on it).
                .map(|i| (i.ip(), !i.is_oper_up()))
                .collect()
        })
        .unwrap_or_default();
    let found = likely_first(found);
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

    fn ip(s: &str) -> IpAddr {
        s.parse().expect("an address")
    }

    #[test]
    fn a_home_network_address_comes_first_and_those_never_reached_are_left_out() {
        let up = |s: &str| (ip(s), false);
        let sorted = likely_first(vec![
            up("127.0.0.1"),
            up("172.17.0.1"),
            up("10.0.0.5"),
            (ip("192.168.7.7"), true),
            up("192.168.1.20"),
            up("fe80::1"),
            up("169.254.3.3"),
            up("fd00::5"),
        ]);
        let want = [
            "192.168.1.20",
            "10.0.0.5",
            "172.17.0.1",
            "fd00::5",
            "192.168.7.7",
        ];
        assert_eq!(sorted, want.map(ip));
        // A particular address bound is the only one offered.
        assert_eq!(addresses(ip("127.0.0.1")), vec![ip("127.0.0.1")]);
        assert_eq!(in_link(ip("::1"), 80), "http://[::1]:80");
    }

    /// The interfaces of a laptop at a table: Wi-Fi on a home network (with an IPv6 ULA), a
    /// container bridge, a VPN and a link-local one, the last three down. Made with veth pairs
    /// in a network namespace of its own (`unshare --net`, in a user namespace when not run as
    /// root; iproute2's `ip`): nothing outside it sees them, and nothing connects to them.
    const LAPTOP: &str = r#"
set -e
ip link set lo up
pair() { ip link add "$1" type veth peer name "$1-peer"; ip addr add "$2" dev "$1"; }
pair wlan0 192.168.1.23/24; ip addr add fd00:1::23/64 dev wlan0
ip link set wlan0 up; ip link set wlan0-peer up
pair docker0 172.17.0.1/16; ip link set docker0 up
pair tun0 10.8.0.5/24; ip link set tun0 up
pair eth1 169.254.7.7/16; ip link set eth1 up
exec "$@"
"#;

    /// Run in the laptop's namespace, this test lists what the host offers there; outside,
    /// it runs itself there and reads the list.
    #[test]
    fn the_likely_address_of_a_laptop_with_many_interfaces_is_its_home_networks() {
        const INSIDE: &str = "ESTATE_STEWARD_REACH_TEST_INSIDE";
        const NAME: &str = "reach::tests::the_likely_address_of_a_laptop_with_many_interfaces_is_its_home_networks";
        if std::env::var_os(INSIDE).is_some() {
            let offered: Vec<String> = addresses(ip("0.0.0.0"))
                .iter()
                .map(|ip| ip.to_string())
                .collect();
            println!("offered: {}", offered.join(" "));
            return;
        }
        let exe = std::env::current_exe().expect("the test binary");
        // Root makes a network namespace by itself; anyone else inside a user namespace.
        let root = std::process::Command::new("id")
            .arg("-u")
            .output()
            .is_ok_and(|o| o.stdout.trim_ascii() == b"0");
        let user: &[&str] = if root {
            &[]
        } else {
            &["--user", "--map-root-user"]
        };
        let out = std::process::Command::new("unshare")
            .args(user)
            .args(["--net", "sh", "-c", LAPTOP, "laptop"])
            .arg(exe)
            .args([NAME, "--exact", "--nocapture", "--test-threads=1"])
            .env(INSIDE, "1")
            .output()
            .expect("util-linux's unshare runs");
        let said = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "the namespace could not be made (user namespaces and iproute2 are needed): {said}{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let offered = said
            .lines()
            .find_map(|l| Some(l.split_once("offered: ")?.1))
            .unwrap_or_else(|| panic!("nothing offered: {said}"));
        // The container bridge and the VPN have no carrier (their peers are down): they come
        // after the Wi-Fi's two addresses; the link-local one is never offered.
        assert_eq!(
            offered, "192.168.1.23 fd00:1::23 10.8.0.5 172.17.0.1",
            "{said}"
        );
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
