// Runs the e2e test files in shards side by side, each shard under its own Xvfb display with its
// own XDG data and cache folders (the web view's storage), one file at a time within a shard.
// A test file waits on its window most of the time (one file alone kept the 2 cores 19% busy),
// so shards cut the suite's wall time without a test waiting any less for what it checks.
//   node run-shards.mjs                  # E2E_SHARDS shards (3 by default)
//   E2E_SHARDS=1 node run-shards.mjs     # the whole suite in one shard, as before
// Files are dealt longest first to the least loaded shard, by durations.json (seconds per file,
// measured in a whole run; a file not listed weighs by its size). Each shard's TAP output goes to
// artifacts/e2e-shard-N.log and is printed when the shard ends; exit 1 when any shard failed.
import { spawn } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const artifacts = join(here, "..", "artifacts");
const shards = Math.max(1, Number.parseInt(process.env.E2E_SHARDS ?? "3", 10) || 3);
const screen = process.env.XVFB_SCREEN ?? "1280x1024x24";
const durations = existsSync(join(here, "durations.json"))
  ? JSON.parse(readFileSync(join(here, "durations.json"), "utf8"))
  : {};
/** Bytes of test code per second of a run, for a file durations.json does not list yet. */
const BYTES_PER_SECOND = 600;
const weight = (file) => durations[file] ?? statSync(join(here, file)).size / BYTES_PER_SECOND;

const files = readdirSync(here)
  .filter((f) => f.endsWith(".test.mjs"))
  .sort((a, b) => weight(b) - weight(a) || a.localeCompare(b));
const dealt = Array.from({ length: shards }, () => ({ files: [], load: 0 }));
for (const file of files) {
  const lightest = dealt.reduce((min, s) => (s.load < min.load ? s : min));
  lightest.files.push(file);
  lightest.load += weight(file);
}

mkdirSync(artifacts, { recursive: true });
const started = Date.now();
const runs = dealt
  .filter((s) => s.files.length > 0)
  .map((shard, i) => {
    const log = join(artifacts, `e2e-shard-${i + 1}.log`);
    const home = mkdtempSync(join(tmpdir(), `estate-steward-e2e-shard-${i + 1}-`));
    console.log(`shard ${i + 1}: ${shard.files.length} files, about ${Math.round(shard.load)} s: ${shard.files.join(" ")}`);
    return new Promise((resolve) => {
      const out = createWriteStream(log);
      // Display numbers apart per shard: xvfb-run -a looks for a free one from -n upwards, and two
      // shards looking from the same number at once could both take it.
      const child = spawn(
        "xvfb-run",
        ["-a", "-n", String(90 + 10 * i), "-s", `-screen 0 ${screen}`,
          "node", "--test", "--test-concurrency=1", "--test-reporter=tap", ...shard.files],
        {
          cwd: here,
          env: { ...process.env, XDG_DATA_HOME: join(home, "data"), XDG_CACHE_HOME: join(home, "cache") },
          stdio: ["ignore", "pipe", "pipe"],
        },
      );
      child.stdout.pipe(out, { end: false });
      child.stderr.pipe(out, { end: false });
      child.on("close", (code, signal) => {
        out.end(() => {
          rmSync(home, { recursive: true, force: true });
          const seconds = ((Date.now() - started) / 1000).toFixed(0);
          console.log(`\n===== shard ${i + 1} (${shard.files.join(" ")}): ${code === 0 ? "passed" : `failed (${signal ?? code})`} after ${seconds} s =====`);
          console.log(readFileSync(log, "utf8"));
          resolve(code === 0);
        });
      });
    });
  });
const passed = await Promise.all(runs);
console.log(`e2e: ${passed.filter(Boolean).length} of ${passed.length} shards passed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
process.exit(passed.every(Boolean) ? 0 : 1);
