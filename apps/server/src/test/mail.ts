import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A received message, parsed just enough for tests. */
export interface ReceivedMail {
  from: string;
  to: string[];
  headers: Record<string, string>;
  subject: string;
  text: string;
  html: string;
  raw: string;
}

/** Decodes quoted-printable (RFC 2045) into UTF-8 text. */
export function decodeQuotedPrintable(input: string): string {
  const bytes: number[] = [];
  const text = input.replace(/=\r?\n/g, '');
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (c === '=' && /^[0-9A-Fa-f]{2}$/.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(c, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Decodes RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`) in a header value. */
export function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(
      /=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g,
      (_m, _charset: string, enc: string, data: string) =>
        enc.toUpperCase() === 'B'
          ? Buffer.from(data, 'base64').toString('utf8')
          : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

function splitHead(part: string): { headers: Record<string, string>; body: string } {
  const index = part.search(/\r?\n\r?\n/);
  const head = index < 0 ? part : part.slice(0, index);
  const body = index < 0 ? '' : part.slice(index).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decodeBody(headers: Record<string, string>, body: string): string {
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  if (encoding === 'base64')
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

/** Collects the text/plain and text/html leaves of a MIME entity. */
function collect(part: string, out: { text: string; html: string }): void {
  const { headers, body } = splitHead(part);
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    const pieces = body.split(`--${boundary}`);
    for (const piece of pieces.slice(1)) {
      if (piece.startsWith('--')) break;
      collect(piece.replace(/^\r?\n/, ''), out);
    }
    return;
  }
  if (type.toLowerCase().startsWith('text/html')) out.html = decodeBody(headers, body);
  else if (type.toLowerCase().startsWith('text/plain')) out.text = decodeBody(headers, body);
}

/** Parses a raw RFC 5322 message (the subset nodemailer produces). */
export function parseMail(raw: string, envelope: { from: string; to: string[] }): ReceivedMail {
  const { headers } = splitHead(raw);
  const out = { text: '', html: '' };
  collect(raw, out);
  return {
    ...envelope,
    headers,
    subject: decodeHeader(headers.subject ?? ''),
    text: out.text.replace(/\r\n/g, '\n'),
    html: out.html,
    raw,
  };
}

/** A real SMTP server on 127.0.0.1 (random port) that keeps what it receives. */
export interface TestSmtpServer {
  url: string;
  messages: ReceivedMail[];
  /** While on, every recipient is refused with 451 (a temporary failure), so nothing is delivered. */
  refuse(on: boolean): void;
  /** Recipients refused so far. */
  refused: number;
  close(): Promise<void>;
}

/** Starts an SMTP server for a test (no TLS, no authentication). */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = [];
  let refusing = false;
  const state = { refused: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (!refusing) return callback();
      state.refused++;
      return callback(
        Object.assign(new Error('mailbox busy, try again later'), { responseCode: 451 }),
      );
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        const to = session.envelope.rcptTo.map((r) => r.address);
        messages.push(parseMail(Buffer.concat(chunks).toString('utf8'), { from, to }));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    refuse(on) {
      refusing = on;
    },
    get refused() {
      return state.refused;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first absolute link in a text whose path is `path` (e.g. /auth/token-validation). */
export function linkTo(text: string, path: string): URL {
  for (const match of text.matchAll(/https?:\/\/[^\s<>"]+/g)) {
    const url = new URL(match[0]);
    if (url.pathname === path) return url;
  }
  throw new Error(`no link to ${path} in:\n${text}`);
}
