// The state a public page was rendered with after a plain form post (src/domain/posted-form.ts):
// on the server, handed to the render; in the browser, read from the page's data block, so that
// the app's first drawing is the page the server sent and takes it over as it is.
import { useEffect, useState } from 'react';
import { ApiError } from '../data/api-error.ts';
import { POSTED_FORM_ID, type PostedForm } from '../domain/posted-form.ts';

let rendering: PostedForm | null = null;
let fromPage: PostedForm | null | undefined;

/** Renders `draw` (synchronous: renderToString) with `state` as the posted form. */
export function withPostedForm<T>(state: PostedForm | null, draw: () => T): T {
  rendering = state;
  try {
    return draw();
  } finally {
    rendering = null;
  }
}

function readPage(): PostedForm | null {
  if (fromPage === undefined) {
    const block = globalThis.document?.getElementById(POSTED_FORM_ID);
    try {
      fromPage = block?.textContent ? (JSON.parse(block.textContent) as PostedForm) : null;
    } catch {
      fromPage = null;
    }
  }
  return fromPage;
}

/** The posted form of the page at `path`, on its first drawing only: a later visit starts empty. */
export function usePostedForm(path: string): PostedForm | null {
  const [state] = useState(() => {
    const posted = rendering ?? readPage();
    return posted?.path === path ? posted : null;
  });
  useEffect(() => {
    if (state) fromPage = null;
  }, [state]);
  return state;
}

/** The refusal the server rendered the page with, as the app's calls report one. */
export function postedFailure(posted: PostedForm | null): ApiError | null {
  const failure = posted?.failure;
  return failure ? new ApiError(failure.status, failure.error, failure.reason) : null;
}
