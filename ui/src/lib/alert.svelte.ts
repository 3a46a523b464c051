import { describeError, type AlertText } from "./api";

/** The one visible alert region's content (refusals and failures), shared by every screen. */
export const alertState: { current: AlertText | null; serial: number } = $state({
  current: null,
  serial: 0,
});

export function showError(e: unknown): void {
  alertState.current = describeError(e);
  alertState.serial += 1;
}

export function clearAlert(): void {
  alertState.current = null;
}

/** A refusal the UI itself makes before asking the core (e.g. letters typed where a number goes). */
export function showMessage(headline: string, detail: string | null = null): void {
  alertState.current = { headline, detail, why: null };
  alertState.serial += 1;
}
