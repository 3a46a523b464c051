//! The games Estate Steward hosts, one module each, registered in `engine::registry`.

pub mod estates;
pub mod nine_estates;
pub mod realm;
pub mod realm_tracker;
