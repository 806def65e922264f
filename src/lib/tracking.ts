import { TRACKING_PATH } from './paths';

/**
 * The public tracking of a delivery, shared by the tracking page and the customer's dashboard:
 * the page's link for a token and the name of its live topic (joined in tracking-live.ts).
 */

/** Tracking tokens as the database makes and accepts them: lowercase hex, 32 to 128 characters. */
export const TRACKING_TOKEN_PATTERN = /^[0-9a-f]{32,128}$/;

/** The tracking page of a delivery, as an app path (a link inside the app). */
export function trackingPath(token: string): string {
  return `${TRACKING_PATH}?token=${encodeURIComponent(token)}`;
}

export function trackingTopic(token: string): string {
  return `tracking:${token}`;
}
