/**
 * Password rules for registration, reset and change (issue 3: "minimum length and breached-pattern basics"). Pure,
 * so the server enforces exactly what the web form shows as strength hints.
 *
 * - at least {@link PASSWORD_MIN_LENGTH} characters, at most {@link PASSWORD_MAX_LENGTH};
 * - not the e-mail address, and not containing its local part (the part before `@`, compared case-insensitively;
 *   only when that part has at least {@link EMAIL_LOCAL_PART_MIN_MATCH} characters, so `a@x.com` does not forbid
 *   every password with an "a");
 * - letters and digits both, unless the password is a passphrase of at least {@link PASSPHRASE_MIN_LENGTH}
 *   characters (length beats composition rules; NIST SP 800-63B).
 */

/** Shortest accepted password. */
export const PASSWORD_MIN_LENGTH = 10;
/** Longest accepted password (argon2 hashes any length; the cap keeps hashing cost bounded). */
export const PASSWORD_MAX_LENGTH = 1024;
/** From this length on, a password need not mix letters and digits. */
export const PASSPHRASE_MIN_LENGTH = 16;
/** E-mail local parts shorter than this are only compared for equality, not containment. */
export const EMAIL_LOCAL_PART_MIN_MATCH = 3;

/** The rules, in the order a strength-hint list shows them. */
export const PASSWORD_RULES = ['min_length', 'not_email', 'letters_and_digits'] as const;
/** One of {@link PASSWORD_RULES}. */
export type PasswordRule = (typeof PASSWORD_RULES)[number];

/** One rule and whether the password meets it (for the web's strength hints). */
export interface PasswordRuleResult {
  readonly rule: PasswordRule;
  readonly met: boolean;
}

/** Characters counted as user-perceived code points, so "ž" or an emoji counts once. */
function length(password: string): number {
  return [...password].length;
}

/** The local part of an e-mail address, lower-cased and trimmed ('' when there is none). */
export function emailLocalPart(email: string | null | undefined): string {
  const trimmed = (email ?? '').trim().toLowerCase();
  const at = trimmed.lastIndexOf('@');
  return at < 0 ? trimmed : trimmed.slice(0, at);
}

/** Whether the password is at least {@link PASSWORD_MIN_LENGTH} characters long. */
export function meetsMinLength(password: string): boolean {
  return length(password) >= PASSWORD_MIN_LENGTH;
}

/**
 * Whether the password stays clear of the e-mail address: not equal to the address or its local part, and not
 * containing the local part (when that has at least {@link EMAIL_LOCAL_PART_MIN_MATCH} characters). Without an
 * e-mail (e.g. the form is still empty) the rule holds.
 */
export function avoidsEmail(password: string, email: string | null | undefined): boolean {
  const lower = password.toLowerCase();
  const address = (email ?? '').trim().toLowerCase();
  const local = emailLocalPart(email);
  if (address !== '' && lower === address) return false;
  if (local === '') return true;
  if (lower === local) return false;
  return local.length < EMAIL_LOCAL_PART_MIN_MATCH || !lower.includes(local);
}

/** Whether the password has a letter and a digit, or is a passphrase of {@link PASSPHRASE_MIN_LENGTH}+ characters. */
export function hasLettersAndDigits(password: string): boolean {
  if (length(password) >= PASSPHRASE_MIN_LENGTH) return true;
  return /\p{L}/u.test(password) && /\p{Nd}/u.test(password);
}

/** Every rule with whether the password meets it, in {@link PASSWORD_RULES} order. */
export function checkPasswordRules(password: string, email?: string | null): PasswordRuleResult[] {
  return [
    { rule: 'min_length', met: meetsMinLength(password) },
    { rule: 'not_email', met: avoidsEmail(password, email) },
    { rule: 'letters_and_digits', met: hasLettersAndDigits(password) },
  ];
}

/** The rules the password breaks (empty when it is acceptable, apart from the maximum length). */
export function brokenPasswordRules(password: string, email?: string | null): PasswordRule[] {
  return checkPasswordRules(password, email)
    .filter((result) => !result.met)
    .map((result) => result.rule);
}

/** Whether the password meets every rule and is not longer than {@link PASSWORD_MAX_LENGTH}. */
export function isPasswordAcceptable(password: string, email?: string | null): boolean {
  return (
    length(password) <= PASSWORD_MAX_LENGTH && brokenPasswordRules(password, email).length === 0
  );
}

/**
 * The validation message key for the first broken rule (`validation.password_<rule>`), or null. Server field
 * errors and the web form use the same keys.
 */
export function passwordRuleMessageKey(
  password: string,
  email?: string | null,
): `validation.password_${PasswordRule}` | null {
  const [first] = brokenPasswordRules(password, email);
  return first ? `validation.password_${first}` : null;
}

/**
 * A 0–4 strength score for a meter: 0 when a rule is broken; otherwise 1, plus one each for 12+ characters,
 * three or more character classes (lower, upper, digit, other), and {@link PASSPHRASE_MIN_LENGTH}+ characters.
 * Advisory only: acceptance is {@link isPasswordAcceptable}.
 */
export function passwordStrength(password: string, email?: string | null): 0 | 1 | 2 | 3 | 4 {
  if (brokenPasswordRules(password, email).length > 0) return 0;
  const classes = [/\p{Ll}/u, /\p{Lu}/u, /\p{Nd}/u, /[^\p{L}\p{Nd}]/u].filter((re) =>
    re.test(password),
  ).length;
  const n = length(password);
  let score = 1;
  if (n >= 12) score += 1;
  if (classes >= 3) score += 1;
  if (n >= PASSPHRASE_MIN_LENGTH) score += 1;
  return Math.min(score, 4) as 0 | 1 | 2 | 3 | 4;
}
