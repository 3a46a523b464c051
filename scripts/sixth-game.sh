#!/usr/bin/env bash
# The proof that a game is its folders and two registry lines (ARCHITECTURE.md, "Adding a
# game"), by following the guide's steps in a copy of this checkout: the template game
# (tests/template_game, "Race to Ten") becomes a sixth game, "race-copy". Then:
#   - the copy differs from this checkout only in the game's folder, its data file, the core
#     registry's two lines (the folder's `mod` and its `games!` line), the UI registry's line and
#     the regenerated bindings;
#   - the conformance suite plays it (`conformance::race-copy`, `store::race-copy`);
#   - the CLI lists it, starts it, takes its actions, refuses a wrong one naming its rule, and
#     scores it (`steward games`, `start`, `act`, `score`);
#   - the window's bindings name it and the UI registry, which must list every game the core
#     hosts, type-checks with its one line (`npm run check`); asked as the window's New game
#     and table screens ask it, the registry lists race-copy for the generic table (a vitest
#     written into the copy after the diff).
# The copy builds into target/sixth-game, seeded from target/debug (the outside crates, already
# built by scripts/test.sh's build): only our own crates are compiled again. Run by
# scripts/test.sh after `cargo test`; alone: bash scripts/sixth-game.sh.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"

base="$ROOT/target/sixth-game"
work="$base/checkout"
export CARGO_TARGET_DIR="$base/target"
rm -rf "$work"
mkdir -p "$work" "$CARGO_TARGET_DIR/debug"

fail() {
  echo "sixth game: $*" >&2
  exit 1
}

# This checkout as it is (uncommitted changes too), without builds, packages or history.
tar -C "$ROOT" --exclude=./target --exclude=./.git --exclude=./artifacts --exclude=node_modules -cf - . |
  tar -C "$work" -xf -
ln -s "$ROOT/ui/node_modules" "$work/ui/node_modules"

# Seed the copy's build with the outside crates: compiled files are linked (cargo writes a
# rebuilt crate under a new name, never into one it finds fresh), what build scripts and
# fingerprints keep is copied. The copy's own crates live at other paths, so they build anew.
if [ -d "$ROOT/target/debug/deps" ] && [ ! -d "$CARGO_TARGET_DIR/debug/deps" ]; then
  cp -al "$ROOT/target/debug/deps" "$CARGO_TARGET_DIR/debug/deps"
  cp -r "$ROOT/target/debug/build" "$ROOT/target/debug/.fingerprint" "$CARGO_TARGET_DIR/debug/"
fi

cd "$work"
games="crates/games/src"

# Step 1 of the guide: the rule data, in data/.
sed 's/"race-to-ten"/"race-copy"/' tests/template_game/template.json >data/race_copy.json

# Step 2: the core folder, the template's files with the paths a game inside the games crate uses.
mkdir "$games/race_copy"
for f in tests/template_game/*.rs; do
  sed -e 's/estate_steward::engine/engine/g' \
    -e 's/estate_steward::games::cited/crate::cited/g' \
    -e 's|include_str!("template.json")|include_str!("../../../../data/race_copy.json")|' \
    -e 's/id: "race-to-ten"/id: "race-copy"/' \
    -e 's/name: "Race to Ten (template)"/name: "Race Copy"/' \
    "$f" >"$games/race_copy/$(basename "$f")"
done

# Step 3: the core registry, the folder's module and its one line in `games!`.
grep -q '^pub mod realm_lord;$' "$games/lib.rs" || fail "the games' module list moved"
sed -i 's/^pub mod realm_lord;$/&\npub mod race_copy;/' "$games/lib.rs"
last='    "realm-lord-scorepad" => RealmLordScorepad(realm_lord::scorepad::RealmLordScorepad),'
grep -qxF "$last" "$games/lib.rs" || fail "the last line of games! moved"
sed -i "s/^    \"realm-lord-scorepad\" => .*,\$/&\n    \"race-copy\" => RaceCopy(race_copy::RaceToTen),/" "$games/lib.rs"

# Step 5: the UI registry (an empty entry: the generic table).
entry='  "realm-lord-scorepad": { table: LordPadTable },'
grep -qxF "$entry" ui/src/games/index.ts || fail "the UI registry's last entry moved"
sed -i 's/^  "realm-lord-scorepad": { table: LordPadTable },$/&\n  "race-copy": {},/' ui/src/games/index.ts

# Step 3's bindings, regenerated as the guide says.
log "sixth game: the bindings"
BLESS=1 cargo test -q -p estate-steward-app --features "$APP_FEATURES" --test it bindings:: >/dev/null
grep -q '"race-copy"' ui/src/lib/bindings.ts || fail "the bindings do not name race-copy"

# Nothing else changed: the game's files, the two registries, the generated bindings.
changed="$(cd "$work" && diff -rq --exclude=node_modules "$ROOT" . 2>/dev/null |
  grep -v -e "^Only in $ROOT: \(target\|\.git\|artifacts\)$" | sed "s|$ROOT/||; s|\./||" | sort || true)"
expected="$(printf '%s\n' \
  "Files crates/games/src/lib.rs and crates/games/src/lib.rs differ" \
  "Files ui/src/games/index.ts and ui/src/games/index.ts differ" \
  "Files ui/src/lib/bindings.ts and ui/src/lib/bindings.ts differ" \
  "Only in crates/games/src: race_copy" \
  "Only in data: race_copy.json" | sort)"
[ "$changed" = "$expected" ] || fail "the copy differs in more than the game's folder and the registries:
$changed"
lines="$(diff "$ROOT/crates/games/src/lib.rs" "$games/lib.rs" | grep -c '^>' || true)"
[ "$lines" = 2 ] || fail "the core registry took $lines lines, not 2"
lines="$(diff "$ROOT/ui/src/games/index.ts" ui/src/games/index.ts | grep -c '^>' || true)"
[ "$lines" = 1 ] || fail "the UI registry took $lines lines, not 1"

log "sixth game: the UI registry type-checks"
npm --prefix ui run check >/dev/null || fail "the UI does not type-check with the sixth game"

log "sixth game: the UI registry lists it"
# A test written into the copy only now (after the diff above): what the window's New game and
# table screens ask of the registry, answered for the sixth game by its one line.
cat >ui/src/games/sixth.test.ts <<'TS'
import { expect, it } from "vitest";
import { allGames, gameUi, isGameId } from "./index";
it("knows race-copy, lists it among the games and leaves it to the generic table", () => {
  expect(isGameId("race-copy")).toBe(true);
  expect(allGames().map((g) => g.id)).toContain("race-copy");
  // An entry without a table of its own: the table screen draws the generic one.
  expect(gameUi("race-copy")).not.toBeNull();
  expect(gameUi("race-copy")?.table).toBeUndefined();
});
TS
(cd ui && npx vitest run src/games/sixth.test.ts >/dev/null 2>&1) ||
  fail "the UI registry does not list race-copy for the generic table"

log "sixth game: the conformance suite"
out="$(cargo test -q -p estate-steward --test conformance -- race-copy 2>&1)" || fail "conformance failed:
$out"
for t in "conformance::race-copy" "store::race-copy"; do
  grep -q "$t" <<<"$(cargo test -q -p estate-steward --test conformance -- race-copy --list 2>/dev/null)" ||
    fail "the conformance suite does not list $t"
done

log "sixth game: the CLI"
cargo build -q -p estate-steward --bin steward
steward="$CARGO_TARGET_DIR/debug/steward"
db="$base/sixth.sqlite3"
rm -f "$db" "$db-wal" "$db-shm"
run() { "$steward" --db "$db" "$@"; }
run games | grep -q "race-copy" || fail "steward games does not list race-copy"
run start race-copy --player Ana --player Bo >/dev/null
game="$(run --json history | python3 -c 'import json,sys; print(json.load(sys.stdin)[0]["id"])')"
refused="$(run --json act "$game" '{"type":"Add","amount":3}' 2>&1 || true)"
grep -q '"race.step"' <<<"$refused" || fail "an add of 3 was not refused with race.step: $refused"
# Ana and Bo take turns adding 2: Ana's fifth add, the ninth action, reaches the target of 10.
for _ in 1 2 3 4 5 6 7 8 9; do
  run act "$game" '{"type":"Add","amount":2}' >/dev/null
done
score="$(run --json score "$game")"
python3 - "$score" <<'EOF' || fail "the score does not say Ana won 10 to 8: $score"
import json, sys
sheet = json.loads(sys.argv[1])
rows = [(r["name"], r["total"], r["winner"]) for r in sheet["rows"]]
assert sheet["final"] and rows == [("Ana", 10, True), ("Bo", 8, False)], rows
EOF
over="$(run --json act "$game" '{"type":"Add","amount":1}' 2>&1 || true)"
grep -q '"race.over"' <<<"$over" || fail "an action after the win was not refused with race.over: $over"
log "sixth game: seen by the conformance suite, the CLI and the UI registry"
