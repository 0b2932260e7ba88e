/**
 * A real SMTP server for the browser tests: the product sends its mail here over SMTP, and the tests read what
 * arrived over HTTP (GET /messages). Started by Playwright's webServer list, stopped with it.
 */
import { createServer } from 'node:http';
import { SMTPServer } from 'smtp-server';

const smtpPort = Number(process.argv[2] ?? 2525);
const httpPort = Number(process.argv[3] ?? 2526);
const messages: { from: string; to: string[]; raw: string; receivedAt: string }[] = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      messages.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        to: session.envelope.rcptTo.map((r) => r.address),
        raw: Buffer.concat(chunks).toString('utf8'),
        receivedAt: new Date().toISOString(),
      });
      callback();
    });
  },
});
smtp.listen(smtpPort, '127.0.0.1');

createServer((req, res) => {
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify(messages));
}).listen(httpPort, '127.0.0.1');

const stop = () => smtp.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
