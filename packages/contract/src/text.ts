import { z } from 'zod';

// Text the API takes (issue 10, "NUL bytes give 500"). PostgreSQL cannot store U+0000 in text, and other control
// characters have no business in a name or a search: they hide text in logs and terminals (ESC and C1 CSI start
// terminal sequences), break CSV exports and mails, and make two names that look alike compare unequal. So:
//
// - every string of every request refuses C0 controls except tab, line feed and carriage return, DEL, C1 controls
//   and lone surrogates — the server checks this for any route before validation (see hasForbiddenCharacters);
// - single-line text (every field today) also refuses tab, line breaks and the Unicode line/paragraph separators;
// - multi-line text keeps tab and line feed (a carriage return becomes a line feed);
// - free text is normalised to NFC and trimmed of spaces and zero-width characters at both ends, so a name that is
//   nothing but invisible characters is empty (and so `validation.required` where a name is required);
// - names refuse bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), which can make
//   a name read differently from what it is ("exe.U+202Etxt" shows as "exe.txt"); free text such as a slogan may
//   need them for right-to-left words and keeps them;
// - secrets (passwords, one-time tokens) refuse every control character and are never normalised or trimmed:
//   the hash must see exactly what was typed.
//
// C1 controls (U+0080–U+009F) are refused like C0: no keyboard or input method produces them, in text they are
// almost always Windows-1252 bytes decoded as Latin-1, and U+009B (CSI) starts terminal escape sequences the same
// way ESC does.

/** Translation key of a refused control character. */
export const CONTROL_CHARACTERS_MESSAGE = 'validation.control_characters';
/** Translation key of a refused bidirectional control in a name. */
export const BIDI_CHARACTERS_MESSAGE = 'validation.bidi_characters';
/** Translation key of a string that is not well-formed Unicode (a lone surrogate). */
export const MALFORMED_TEXT_MESSAGE = 'validation.invalid';

/** Refused in every string a request carries: C0 controls but tab, LF and CR; DEL; C1 controls. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const FORBIDDEN_ANYWHERE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** Refused in single-line text and secrets: every C0 and C1 control, DEL, and the Unicode line separators. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;
/** Refused in multi-line text: as everywhere, plus the Unicode line separators (only LF breaks a line). */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const MULTI_LINE_FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u2028\u2029]/;
/** Every C0 and C1 control character and DEL, for removal. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const SINGLE_LINE_CONTROLS = /[\u0000-\u001F\u007F-\u009F]/g;
/** Bidirectional embeddings, overrides (U+202A–U+202E) and isolates (U+2066–U+2069). */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;
/** A surrogate that is not part of a pair: JSON can carry one (`"\ud800"`), but it is no character. */
const LONE_SURROGATE = /\p{Surrogate}/u;
/**
 * Zero-width characters that render as nothing: zero-width space, non-joiner and joiner, word joiner, the
 * invisible operators, byte-order mark, soft hyphen, Mongolian vowel separator. Inside text the joiners matter
 * (emoji sequences, Indic scripts); at either end none of them does.
 */
const ZERO_WIDTH = '\u200B-\u200D\u2060-\u2064\uFEFF\u00AD\u180E';
const EDGES = new RegExp(`^[\\s${ZERO_WIDTH}]+|[\\s${ZERO_WIDTH}]+$`, 'g');

/**
 * Whether a request string holds a character no field of the API accepts (C0 controls other than tab, LF and CR;
 * DEL; C1 controls) or is not well-formed Unicode. The server refuses such input before validation, on every route,
 * so a route whose schema forgets a text rule still never hands a NUL to the database.
 */
export function hasForbiddenCharacters(value: string): boolean {
  return FORBIDDEN_ANYWHERE.test(value) || LONE_SURROGATE.test(value);
}

/**
 * Whether a string holds any control character, tab and line breaks included, or is not well-formed Unicode: the
 * rule for query strings and path parameters, which never carry multi-line text.
 */
export function hasControlCharacters(value: string): boolean {
  return SINGLE_LINE_FORBIDDEN.test(value) || LONE_SURROGATE.test(value);
}

/**
 * `value` without its C0 and C1 control characters and DEL: for request data that is kept but not validated (a
 * user agent stored with a session).
 */
export function withoutControlCharacters(value: string): string {
  return value.replace(SINGLE_LINE_CONTROLS, '');
}

/** `value` in NFC without spaces and zero-width characters at either end. */
export function normaliseText(value: string): string {
  return value.normalize('NFC').replace(EDGES, '');
}

function refuse(pattern: RegExp, message: string) {
  return (ctx: z.core.ParsePayload<string>): void => {
    const { value } = ctx;
    if (LONE_SURROGATE.test(value)) {
      ctx.issues.push({ code: 'custom', message: MALFORMED_TEXT_MESSAGE, input: value });
    } else if (pattern.test(value)) {
      ctx.issues.push({ code: 'custom', message, input: value });
    }
  };
}

/**
 * Single-line free text (a search, an address line, a slogan): refuses control characters, tab and line breaks
 * (`validation.control_characters`); normalised to NFC and trimmed (spaces and zero-width characters at the ends).
 * Chain `.min()` / `.max()` as with `z.string()`; lengths count the normalised text.
 */
export function singleLineText() {
  return z
    .string()
    .check(refuse(SINGLE_LINE_FORBIDDEN, CONTROL_CHARACTERS_MESSAGE))
    .overwrite(normaliseText);
}

/**
 * A name (person, company, group, location, device, alias, sender): {@link singleLineText} that also refuses
 * bidirectional controls (`validation.bidi_characters`). A name of nothing but spaces and zero-width characters
 * normalises to an empty text, so `.min(1)` answers `validation.required`.
 */
export function nameText() {
  return singleLineText().check(refuse(BIDI_CONTROLS, BIDI_CHARACTERS_MESSAGE));
}

/**
 * Multi-line free text (a note, a message): keeps tab and line feed, turns CR LF and lone CR into LF, refuses
 * every other control character; normalised to NFC and trimmed like {@link singleLineText}.
 */
export function multiLineText() {
  return z
    .string()
    .check(refuse(MULTI_LINE_FORBIDDEN, CONTROL_CHARACTERS_MESSAGE))
    .overwrite((value) => normaliseText(value.replace(/\r\n?/g, '\n')));
}

/**
 * A secret as typed (a password, a one-time token): refuses every control character
 * (`validation.control_characters`) and is neither normalised nor trimmed — the hash or the lookup sees exactly
 * what the user sent, so a password set on one device matches on any other only byte for byte.
 */
export function secretText() {
  return z.string().check(refuse(SINGLE_LINE_FORBIDDEN, CONTROL_CHARACTERS_MESSAGE));
}
