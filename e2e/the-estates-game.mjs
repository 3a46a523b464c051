// The Estates' own e2e fixtures, kept beside its tests rather than in the shared helpers.

/**
 * The Estates for two players, played to its end as `steward stream` lines: a recorded market
 * (three colours a row, 6 down to 3, twice), the first auctioneer hides one check in the cash
 * box, then every auction ends with the other player passing, so that the auctioneer takes the
 * piece free: the top row, then the bottom row, built and roofed. Two complete rows end the game.
 */
export function estatesToTheEnd() {
  const market = [0, 1, 2].map((r) => [
    ...[6, 5, 4, 3].map((value) => ({ colour: r, value })),
    ...[6, 5, 4, 3].map((value) => ({ colour: r + 3, value })),
  ]);
  const out = [{ type: "Setup", setup: { kind: "Recorded", market, first: 0 } }, { type: "Stash" }];
  for (const row of [0, 2]) {
    for (let lot = 0; lot < 4; lot++) {
      out.push({ type: "Choose", choice: { kind: "Cube", row, end: "Left" } });
      out.push({ type: "Pass" });
      out.push({ type: "Place", at: { kind: "Cube", row, lot } });
    }
    for (let lot = 0; lot < 4; lot++) {
      out.push({ type: "Choose", choice: { kind: "Rooftop", value: 1 } });
      out.push({ type: "Pass" });
      out.push({ type: "Place", at: { kind: "Rooftop", row, lot } });
    }
  }
  return out.map((a) => JSON.stringify(a)).join("\n") + "\n";
}
