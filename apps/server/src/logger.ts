import pino, { type Logger } from 'pino';
import pretty from 'pino-pretty';
import type { Config } from './config.ts';

/** The structured logger the server and its scripts share. */
export type { Logger };

/**
 * JSON logs (pino) by default; human-readable lines only for a person at a terminal outside production.
 * Cookies, authorization headers and passwords never reach the log.
 */
export function createLogger(
  config: Pick<Config, 'logLevel' | 'nodeEnv'>,
  options: { tty?: boolean } = {},
): Logger {
  const tty = options.tty ?? process.stdout.isTTY === true;
  const base = {
    level: config.logLevel,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        '*.password',
        '*.passwordHash',
      ],
      censor: '[redacted]',
    },
  };
  if (tty && config.nodeEnv !== 'production') {
    return pino(
      base,
      pretty({ colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' }),
    );
  }
  return pino(base);
}

/** What services log through: the app's logger (app.log) or a test's. */
export type Log = Pick<Logger, 'info' | 'warn' | 'error'>;
