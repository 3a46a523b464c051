//! libFuzzer target: every registered game's action and option decoding through the JSON layer
//! (`tests/it/fuzz_json/harness.rs`, shared with the short run in `cargo test`). Run as
//! docs/fuzzing.md says: `RUSTC_BOOTSTRAP=1 cargo fuzz run json_layer -s none -- -runs=10000000`.
#![no_main]

#[allow(dead_code)]
#[path = "../../tests/it/fuzz_json/harness.rs"]
mod harness;

use estate_steward::games::registry;
use harness::Harness;
use libfuzzer_sys::fuzz_target;
use std::path::Path;
use std::sync::{Mutex, OnceLock};

static HARNESS: OnceLock<Mutex<Harness<'static>>> = OnceLock::new();

fn harness() -> &'static Mutex<Harness<'static>> {
    HARNESS.get_or_init(|| {
        let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/conformance");
        match Harness::new(registry(), &fixtures) {
            Ok(h) => Mutex::new(h),
            Err(e) => panic!("the sample tables did not play: {e}"),
        }
    })
}

fuzz_target!(|data: &[u8]| {
    // A panic aborts the process (libFuzzer records the input), so the lock is never poisoned.
    let mut h = harness().lock().unwrap_or_else(|e| e.into_inner());
    h.run(data);
});
