// What the server tells a public page it renders again after a plain HTML form post (a browser
// that sent the form before the app's code took over, or one without scripts): the fields as
// sent (never a password), the failure as the JSON routes would answer it, or what was done.
// The page is drawn from it on the server, and the app reads the same copy from the page to take
// the markup over as it is (src/components/posted-form.ts).
import type { FieldReasons } from './errors.ts';

export interface PostedForm {
  /** The path the form was posted to: the state belongs to that page only. */
  path: string;
  /** The fields sent, passwords left out. */
  values: Record<string, string>;
  /** The refusal, as `{ error, reason }` with its status. */
  failure?: { status: number; error: string; reason: string | FieldReasons };
  /** What was done, for pages that say so (`sentTo`, `confirmed`, `reset`). */
  done?: Record<string, string>;
}

/** Field names whose values never go back into a page. */
export const SECRET_FIELDS: ReadonlySet<string> = new Set(['password', 'password_confirmation', 'current_password']);

/** The id of the page's data block carrying the state. */
export const POSTED_FORM_ID = 'moneta-posted-form';

/** The state as a data block: JSON that cannot close the script element it sits in. */
export function postedFormScript(state: PostedForm): string {
  const json = JSON.stringify(state)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/json" id="${POSTED_FORM_ID}">${json}</script>`;
}

/** Draws a public page as a whole document, or answers null for a path no public page has. */
export type PageRenderer = (path: string, locale: string, posted: PostedForm | null) => Promise<string | null>;
