// Reads a statement file off the page's thread: decoding, separator and header detection and the
// CSV grammar (PapaParse) for a 10,000-line file never freeze the screen.
import { parseStatement } from '../../../domain/modules/moneta/statement-file.ts';

self.onmessage = (event: MessageEvent<ArrayBuffer>) => {
  try {
    self.postMessage({ ok: true, table: parseStatement(new Uint8Array(event.data)) });
  } catch (error) {
    self.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) });
  }
};
