// A real SMTP server for a test file: what it received, headers unfolded and the body's
// quoted-printable soft breaks and `=3D` undone, so a test reads links and words plainly.
import { once } from 'node:events';
import { SMTPServer } from 'smtp-server';
import { freePort } from './test-server.ts';

export interface ReceivedMail {
  to: string;
  headers: string;
  body: string;
}

export interface SmtpSink {
  url: string;
  received: ReceivedMail[];
  close: () => Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
      stream.on('end', () => {
        const split = data.indexOf('\r\n\r\n');
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address).join(','),
          headers: data.slice(0, split).replace(/\r\n[ \t]+/g, ' '),
          body: data
            .slice(split)
            .replace(/=\r?\n/g, '')
            .replace(/=3D/g, '='),
        });
        callback();
      });
    },
  });
  const port = await freePort();
  smtp.listen(port, '127.0.0.1');
  await once(smtp.server, 'listening');
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
