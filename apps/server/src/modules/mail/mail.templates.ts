import type { Locale } from '@ec/domain';
import type { Catalog } from '@ec/i18n';
import type { SiteRecord } from '../site/site.service.ts';

/** The messages the server sends. */
export const MAIL_KINDS = [
  'verify_email',
  'already_registered',
  'reset_password',
  'welcome',
  'password_changed',
  'account_deleted',
  'location_invite',
] as const;
/** One of {@link MAIL_KINDS}. */
export type MailKind = (typeof MAIL_KINDS)[number];

/**
 * The parts of each message, as keys under `mail.<kind>.` (or `mail.common.` with a `common.` prefix): paragraphs
 * before the button, the button label (when the message has a link), paragraphs after it.
 */
const LAYOUT: Record<MailKind, { before: string[]; action?: string; after: string[] }> = {
  verify_email: { before: ['intro'], action: 'action', after: ['expiry', 'common.not_you'] },
  already_registered: { before: ['intro'], action: 'action', after: ['hint'] },
  reset_password: { before: ['intro'], action: 'action', after: ['expiry', 'common.not_you'] },
  // No "if you did not ask for this": an admin made the account, the recipient never asked.
  welcome: { before: ['intro'], action: 'action', after: ['expiry', 'hint'] },
  password_changed: { before: ['intro'], after: ['hint'] },
  account_deleted: { before: ['intro'], after: ['hint'] },
  location_invite: { before: ['intro'], action: 'action', after: ['expiry', 'common.not_you'] },
};

/** What a message is about and for whom. */
export interface MailContent {
  kind: MailKind;
  locale: Locale;
  site: SiteRecord;
  /** Origin for absolute URLs (the logo) in this message, e.g. `https://cloud.example.com`. */
  origin: string;
  /** The recipient's name for the greeting ('' for none). */
  name: string;
  /** The button's target, for kinds with an action. */
  actionUrl?: string;
  /**
   * Further `{{placeholder}}` values of the message (e.g. `locationName`, `inviterName`, `creatorName`); escaped
   * in HTML.
   */
  params?: Record<string, string>;
}

/** A rendered message. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** Looks up a dotted key in a catalog. */
export function lookup(catalog: Catalog, key: string): string | undefined {
  let node: string | Catalog | undefined = catalog;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = Object.hasOwn(node, part) ? node[part] : undefined;
  }
  return typeof node === 'string' ? node : undefined;
}

/** Fills `{{name}}` placeholders; unknown ones stay as they are. */
export function interpolate(text: string, params: Record<string, string>): string {
  return text.replace(/\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g, (match, name: string) =>
    Object.hasOwn(params, name) ? (params[name] as string) : match,
  );
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] as string);
}

/** An absolute URL for a site asset path (`/api/site/assets/…`), or null. */
export function absoluteUrl(path: string | null, origin: string): string | null {
  if (!path) return null;
  try {
    return new URL(path, `${origin}/`).href;
  } catch {
    return null;
  }
}

/**
 * Renders a message from catalog keys (`mail.*`) in the recipient's locale, falling back key by key to English,
 * branded by the site: logo (absolute URL), platform name and the support address in the footer. Placeholders are
 * filled with escaped values in HTML.
 */
export function renderMail(
  content: MailContent,
  catalogs: { locale: Catalog; fallback: Catalog },
): RenderedMail {
  const { kind, site } = content;
  const params: Record<string, string> = {
    ...content.params,
    platformName: site.platformName,
    productName: site.productName,
    supportEmail: site.supportEmail,
    name: content.name,
  };
  const text = (key: string): string => {
    const full = key.startsWith('common.') ? `mail.${key}` : `mail.${kind}.${key}`;
    const template = lookup(catalogs.locale, full) ?? lookup(catalogs.fallback, full) ?? full;
    return interpolate(template, params);
  };
  const html = (key: string): string => {
    const full = key.startsWith('common.') ? `mail.${key}` : `mail.${kind}.${key}`;
    const template = lookup(catalogs.locale, full) ?? lookup(catalogs.fallback, full) ?? full;
    const escaped = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, escapeHtml(v)]));
    return interpolate(escapeHtml(template), escaped);
  };

  const layout = LAYOUT[kind];
  const greeting = content.name ? 'common.greeting' : 'common.greeting_anonymous';
  const footer = site.supportEmail ? 'common.footer' : 'common.footer_no_support';
  const subject = text('subject');
  const action = layout.action && content.actionUrl ? content.actionUrl : undefined;

  const textParts = [text(greeting), ...layout.before.map(text)];
  if (action && layout.action) {
    textParts.push(`${text(layout.action)}:\n${action}`);
  }
  const footerText = text(footer);
  textParts.push(
    ...layout.after.map(text),
    `--\n${site.supportEmail && !footerText.includes(site.supportEmail) ? `${footerText} ${site.supportEmail}` : footerText}`,
  );

  const logo = absoluteUrl(site.logo, content.origin);
  const p = (inner: string) => `<p style="margin:0 0 16px;line-height:1.5">${inner}</p>`;
  const htmlParts: string[] = [];
  htmlParts.push(
    logo
      ? `<img src="${escapeHtml(logo)}" alt="${escapeHtml(site.platformName)}" height="40" style="display:block;height:40px;margin:0 0 24px">`
      : `<p style="margin:0 0 24px;font-size:20px;font-weight:bold">${escapeHtml(site.platformName)}</p>`,
  );
  htmlParts.push(p(html(greeting)), ...layout.before.map((k) => p(html(k))));
  if (action && layout.action) {
    const href = escapeHtml(action);
    htmlParts.push(
      `<p style="margin:24px 0"><a href="${href}" style="display:inline-block;padding:12px 20px;background:#1c7ed6;color:#ffffff;text-decoration:none;border-radius:4px;font-weight:bold">${html(layout.action)}</a></p>`,
      p(
        `${html('common.link_fallback')}<br><a href="${href}" style="word-break:break-all">${href}</a>`,
      ),
    );
  }
  htmlParts.push(...layout.after.map((k) => p(html(k))));
  // The support address is always a mailto link, also when a translation words the footer without it.
  let support = html(footer);
  if (site.supportEmail) {
    const address = escapeHtml(site.supportEmail);
    const link = `<a href="mailto:${address}">${address}</a>`;
    support = support.includes(address) ? support.replace(address, link) : `${support} ${link}`;
  }
  htmlParts.push(
    `<hr style="border:none;border-top:1px solid #dee2e6;margin:24px 0"><p style="margin:0;font-size:12px;color:#868e96">${support}</p>`,
  );

  const documentHtml =
    `<!doctype html><html lang="${content.locale}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title></head>` +
    `<body style="margin:0;padding:0;background:#f1f3f5">` +
    `<div style="max-width:560px;margin:0 auto;padding:32px 24px;background:#ffffff;font-family:Arial,Helvetica,sans-serif;font-size:15px;color:#212529">` +
    `${htmlParts.join('')}</div></body></html>`;

  return { subject, text: `${textParts.join('\n\n')}\n`, html: documentHtml };
}
