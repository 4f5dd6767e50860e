import { describe, expect, it } from 'vitest';
import type { Catalog } from '@ec/i18n';
import type { SiteRecord } from '../site/site.service.ts';
import { escapeHtml, interpolate, lookup, MAIL_KINDS, renderMail } from './mail.templates.ts';
import { linksIn } from './mail.service.ts';

const site = {
  id: 1,
  identifier: 'default',
  hosts: ['localhost'],
  platformName: 'Sun & <Co>',
  productName: 'Energy',
  logo: '/api/site/assets/default/logo.svg',
  supportEmail: 'help@sun.example',
} as SiteRecord;

const en: Catalog = {
  mail: {
    common: {
      greeting: 'Hello {{name}},',
      greeting_anonymous: 'Hello,',
      not_you: 'Not you? Ignore this.',
      link_fallback: 'Copy this link:',
      footer: 'Sent by {{platformName}}. Help: {{supportEmail}}',
      footer_no_support: 'Sent by {{platformName}}.',
    },
    verify_email: {
      subject: 'Confirm for {{platformName}}',
      intro: 'Welcome to {{platformName}}.',
      action: 'Confirm',
      expiry: 'Valid 24 h.',
    },
  },
};
const sl: Catalog = {
  mail: { common: { greeting: 'Pozdravljeni, {{name}}' }, verify_email: { subject: 'Potrdite' } },
};

const content = {
  kind: 'verify_email' as const,
  locale: 'sl' as const,
  site,
  origin: 'https://cloud.example',
  name: 'Ana <b>',
  actionUrl: 'https://cloud.example/auth/token-validation?token=abc&identifier=x',
};

describe('renderMail', () => {
  const mail = renderMail(content, { locale: sl, fallback: en });

  it('uses the recipient locale and falls back to English key by key', () => {
    expect(mail.subject).toBe('Potrdite');
    expect(mail.text).toContain('Pozdravljeni, Ana <b>');
    expect(mail.text).toContain('Welcome to Sun & <Co>.');
  });

  it('writes the text part with the link and the footer', () => {
    expect(mail.text).toContain(`Confirm:\n${content.actionUrl}`);
    expect(mail.text).toContain('Valid 24 h.');
    expect(mail.text.trimEnd().endsWith('Sent by Sun & <Co>. Help: help@sun.example')).toBe(true);
  });

  it('escapes values in HTML and links the button, the logo and the support address', () => {
    expect(mail.html).toContain('Pozdravljeni, Ana &lt;b&gt;');
    expect(mail.html).not.toContain('<b>');
    expect(mail.html).toContain('alt="Sun &amp; &lt;Co&gt;"');
    expect(mail.html).toContain(
      'href="https://cloud.example/auth/token-validation?token=abc&amp;identifier=x"',
    );
    expect(mail.html).toContain('src="https://cloud.example/api/site/assets/default/logo.svg"');
    expect(mail.html).toContain('<a href="mailto:help@sun.example">help@sun.example</a>');
  });

  it('shows the key itself when no catalog has it', () => {
    const bare = renderMail(content, { locale: {}, fallback: {} });
    expect(bare.subject).toBe('mail.verify_email.subject');
    // The support link is there even when the footer text is missing.
    expect(bare.html).toContain('mailto:help@sun.example');
  });

  it('greets without a name, and without a support address uses the other footer', () => {
    const plain = renderMail(
      { ...content, name: '', site: { ...site, supportEmail: '', logo: null } },
      { locale: en, fallback: en },
    );
    expect(plain.text.startsWith('Hello,\n')).toBe(true);
    expect(plain.text).toContain('Sent by Sun & <Co>.');
    expect(plain.html).not.toContain('mailto:');
    expect(plain.html).toContain('font-weight:bold">Sun &amp; &lt;Co&gt;</p>');
  });

  it('fills message placeholders (the invite names the location and the inviter), escaped in HTML', () => {
    const catalog: Catalog = {
      mail: {
        ...(en.mail as Catalog),
        location_invite: {
          subject: '{{inviterName}} invited you to {{locationName}}',
          intro: '{{inviterName}} gave you access to {{locationName}} on {{platformName}}.',
          action: 'Accept',
          expiry: 'Valid 7 days.',
        },
      },
    };
    const invite = renderMail(
      {
        ...content,
        kind: 'location_invite',
        name: '',
        actionUrl: 'https://cloud.example/?confirmationAction=LOCATION_INVITE&confirmationId=7',
        params: { locationName: 'Hiša <Bled>', inviterName: 'Ana', platformName: 'forged' },
      },
      { locale: catalog, fallback: catalog },
    );
    expect(invite.subject).toBe('Ana invited you to Hiša <Bled>');
    expect(invite.text).toContain('Ana gave you access to Hiša <Bled> on Sun & <Co>.');
    expect(invite.text).toContain(
      'Accept:\nhttps://cloud.example/?confirmationAction=LOCATION_INVITE&confirmationId=7',
    );
    expect(invite.html).toContain('access to Hiša &lt;Bled&gt; on Sun &amp; &lt;Co&gt;.');
  });

  it.each(MAIL_KINDS)('%s renders subject, text and HTML from its keys', (kind) => {
    const rendered = renderMail({ ...content, kind }, { locale: {}, fallback: {} });
    expect(rendered.subject).toBe(`mail.${kind}.subject`);
    expect(rendered.text).toContain(`mail.${kind}.intro`);
    expect(rendered.html).toContain(`mail.${kind}.intro`);
  });
});

describe('helpers', () => {
  it('lookup follows dotted keys and ignores prototype names', () => {
    expect(lookup(en, 'mail.verify_email.action')).toBe('Confirm');
    expect(lookup(en, 'mail.verify_email')).toBeUndefined();
    expect(lookup(en, 'mail.constructor')).toBeUndefined();
    expect(lookup(en, 'nope.x')).toBeUndefined();
  });

  it('interpolate fills known placeholders only', () => {
    expect(interpolate('{{a}} {{ b }} {{c}}', { a: '1', b: '2' })).toBe('1 2 {{c}}');
    expect(interpolate('{{constructor}}', {})).toBe('{{constructor}}');
  });

  it('escapeHtml escapes the five special characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
    );
  });

  it('linksIn finds absolute links once each, in order', () => {
    expect(linksIn('a https://x.test/a?b=1 b http://y.test c https://x.test/a?b=1')).toEqual([
      'https://x.test/a?b=1',
      'http://y.test',
    ]);
  });
});
