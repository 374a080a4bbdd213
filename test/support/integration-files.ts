// Which integration files run a second time against a store started apart (project
// `integration-external`, test/support/external-store.ts), chosen file by file. That store is the
// embedded store's own process (PouchDB Server: no Apache CouchDB on this machine), so the second
// run cannot find an answer CouchDB would give otherwise; what differs is the server's side: a
// store it did not start and does not supervise, reached by COUCHDB_URL with admin credentials in
// the address, shared by every server the file starts. The files where that matters run twice;
// the rest once (their second run asked the same engine the same things through the same client).
// test/unit/integration-external-files.test.ts fails until a new file is on one list.
// The reasons, file by file: docs/testing.md.

/** Run against both: the door, `_users` under the store's admin, several instances on one store. */
export const EXTERNAL_STORE = [
  'test/integration/accounts.test.ts',
  'test/integration/concurrent-start.test.ts',
  'test/integration/door.test.ts',
  'test/integration/instances.test.ts',
  'test/integration/reader-instances.test.ts',
  'test/integration/session-keys.test.ts',
];

/** Run once, on the embedded store. */
export const EMBEDDED_STORE_ONLY = [
  // The store's contract as the embedded store answers it: endpoints and parameters, replication,
  // change feeds and sync, attachments, views, design documents and update functions. Run twice
  // until 2026-11-29, each time against PouchDB Server (docs/testing.md).
  'test/integration/attachment-writes.test.ts',
  'test/integration/authorization.test.ts',
  'test/integration/bulk-writes.test.ts',
  'test/integration/doc-fields.test.ts',
  'test/integration/feeds.test.ts',
  'test/integration/finance-rules.test.ts',
  'test/integration/group-export.test.ts',
  'test/integration/groups.test.ts',
  'test/integration/live-sync.test.ts',
  'test/integration/local-sync.test.ts',
  'test/integration/module-design-docs.test.ts',
  'test/integration/reader-api.test.ts',
  'test/integration/record-rules.test.ts',
  'test/integration/replica-refresh.test.ts',
  'test/integration/replication.test.ts',
  'test/integration/resources.test.ts',
  'test/integration/sync-outcomes.test.ts',
  'test/integration/ticket-series.test.ts',
  'test/integration/wiki-links.test.ts',
  // The embedded store's own process, `npm start` on it, and logic no store answers.
  'test/integration/store-process.test.ts',
  'test/integration/start.test.ts',
  'test/integration/door-property.test.ts',
  'test/integration/reader-fetcher.test.ts',
  // The WebDAV protocol, not the store; these and disk.test.ts run on S3 too (project `integration-s3`).
  'test/integration/disk-clients.test.ts',
  'test/integration/disk.test.ts',
  // Server logic over ordinary documents, its write paths the door's, run twice above.
  'test/integration/billing.test.ts',
  'test/integration/subgroups.test.ts',
  'test/integration/payment-link.test.ts',
  'test/integration/usage.test.ts',
  'test/integration/mail.test.ts',
  'test/integration/newsletter.test.ts',
  'test/integration/receipts.test.ts',
  'test/integration/public-forms.test.ts',
  'test/integration/app-html.test.ts',
  'test/integration/server.test.ts',
];
