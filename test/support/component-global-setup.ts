// Run once in Node before the component tests: what they need from the server's side, handed
// over with vitest's provide/inject. The server's modules stay out of the page's environment,
// where Vite would turn their `new URL(…, import.meta.url)` into an address on the page's origin.
import type { TestProject } from 'vitest/node';
import { type DesignDoc, designDocsFor } from '../../src/server/store/design-docs.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The design documents the server deploys to a group's database (src/couch/group). */
    groupDesignDocs: DesignDoc[];
  }
}

export default function setup(project: TestProject): void {
  project.provide('groupDesignDocs', designDocsFor('group'));
}
