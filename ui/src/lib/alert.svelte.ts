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
