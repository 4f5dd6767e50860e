import { useRef } from 'react';
import { Alert, Anchor, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isLocale } from '@ec/domain';
import { formatDateTime } from '@ec/i18n';
import { isApiError, NetworkError } from '../../../shared/api/errors.ts';
import { IconAlertTriangle, IconMail, IconRefresh } from '../../../shared/ui/icons.ts';
import {
  mailboxMessageQueryOptions,
  mailboxQueryOptions,
  type MailboxEntry,
} from '../api/mailbox-api.ts';
import classes from './dev-mailbox.module.css';

/** Sign-in that comes back to this page (the mailbox answers a signed-in super admin on the server's machine). */
const SIGN_IN_HERE = `/auth/login?redirect=${encodeURIComponent('/dev/mailbox')}`;

/** The catalog key describing a failed call: the API's message key, or the network message. */
function errorKey(error: unknown): string {
  if (error instanceof NetworkError) return error.messageKey;
  if (isApiError(error)) return error.message;
  return 'errors.INTERNAL';
}

function useDateTime() {
  const { i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : 'en';
  return (value: string) => formatDateTime(locale, value);
}

function Loading() {
  const { t } = useTranslation();
  return (
    <Group gap="sm" role="status">
      <Loader size="sm" aria-hidden />
      <Text>{t('common.loading')}</Text>
    </Group>
  );
}

function Failure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" icon={<IconAlertTriangle aria-hidden />} role="alert">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t(errorKey(error))}</Text>
        <Button size="xs" variant="light" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}

/**
 * /dev/mailbox (issue 3): the mail the server would have sent, for testers without an SMTP server. The list is
 * newest first; the chosen message (kept in `?id=`) shows its links — the verification or reset link first —,
 * the text version and the HTML version in a sandboxed frame (no scripts, no navigation). The server answers only
 * on its own machine, to a signed-in super admin (or anyone there with DEV_MAILBOX=open), and never in production;
 * its 404 is explained, with a way to sign in and come back.
 */
export function DevMailbox() {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const [searchParams, setSearchParams] = useSearchParams();
  const detailRef = useRef<HTMLElement>(null);
  const list = useQuery(mailboxQueryOptions());
  const rawId = searchParams.get('id');
  const chosenId = rawId && /^\d{1,10}$/.test(rawId) ? Number(rawId) : null;
  // Without a choice the newest message shows: usually the one a tester is waiting for.
  const selectedId = chosenId ?? list.data?.[0]?.id ?? null;

  const select = (entry: MailboxEntry) => {
    // Other parameters (e.g. ?identifier=) stay.
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('id', String(entry.id));
        return next;
      },
      { replace: true },
    );
    // On a narrow screen the message sits below the list, out of view: bring it up.
    const detail = detailRef.current;
    if (detail && detail.getBoundingClientRect().top > window.innerHeight / 2) {
      detail.scrollIntoView?.({ block: 'start' });
    }
  };

  let body;
  if (list.isPending) {
    body = <Loading />;
  } else if (list.isError && isApiError(list.error, 404)) {
    // 404: turned off, not this machine, or not a super admin — the server does not say which.
    body = (
      <Alert color="gray" icon={<IconMail aria-hidden />} role="status">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t('dev_mailbox.disabled')}</Text>
          <Button component={Link} to={SIGN_IN_HERE} size="xs" variant="light">
            {t('dev_mailbox.sign_in')}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (list.isError) {
    body = <Failure error={list.error} onRetry={() => void list.refetch()} />;
  } else if (list.data.length === 0) {
    body = <Text c="dimmed">{t('dev_mailbox.empty')}</Text>;
  } else {
    body = (
      <div className={classes.columns}>
        <nav aria-label={t('dev_mailbox.title')}>
          <ul className={classes.list}>
            {list.data.map((entry) => (
              <li key={entry.id}>
                <button
                  type="button"
                  className={classes.entry}
                  aria-current={entry.id === selectedId ? 'true' : undefined}
                  onClick={() => select(entry)}
                >
                  <span className={classes.subject}>{entry.subject}</span>
                  <span className={classes.meta}>{entry.to}</span>
                  <span className={classes.meta}>
                    <time dateTime={entry.createdAt}>{dateTime(entry.createdAt)}</time>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </nav>
        <section ref={detailRef} className={classes.detail}>
          {selectedId !== null && <MessageView id={selectedId} />}
        </section>
      </div>
    );
  }

  return (
    <Stack gap="lg" className={classes.page}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={1} size="h2">
          {t('dev_mailbox.title')}
        </Title>
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} aria-hidden />}
          loading={list.isFetching}
          onClick={() => void list.refetch()}
        >
          {t('dev_mailbox.refresh')}
        </Button>
      </Group>
      {body}
    </Stack>
  );
}

function MessageView({ id }: { id: number }) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const message = useQuery(mailboxMessageQueryOptions(id));
  if (message.isPending) return <Loading />;
  if (message.isError)
    return <Failure error={message.error} onRetry={() => void message.refetch()} />;
  const m = message.data;
  return (
    <Stack gap="md">
      <Title order={2} size="h3" className={classes.wrap}>
        {m.subject}
      </Title>
      <dl className={classes.fields}>
        <dt>{t('dev_mailbox.from')}</dt>
        <dd>{m.from}</dd>
        <dt>{t('dev_mailbox.to')}</dt>
        <dd>{m.to}</dd>
        <dt>{t('dev_mailbox.date')}</dt>
        <dd>
          <time dateTime={m.createdAt}>{dateTime(m.createdAt)}</time>
        </dd>
      </dl>
      {m.links.length > 0 && (
        <div>
          <Title order={3} size="h5" mb={4}>
            {t('dev_mailbox.links')}
          </Title>
          <ul className={classes.links}>
            {m.links.map((href) => (
              <li key={href}>
                <Anchor href={href} className={classes.wrap}>
                  {href}
                </Anchor>
              </li>
            ))}
          </ul>
        </div>
      )}
      <div>
        <Title order={3} size="h5" mb={4}>
          {t('dev_mailbox.text_version')}
        </Title>
        <pre className={classes.text}>{m.text}</pre>
      </div>
      <div>
        <Title order={3} size="h5" mb={4}>
          {t('dev_mailbox.html_version')}
        </Title>
        {/* sandbox="": no scripts, forms, pop-ups or navigation from the mail's HTML. */}
        <iframe
          sandbox=""
          srcDoc={m.html}
          title={t('dev_mailbox.html_version')}
          className={classes.html}
        />
      </div>
    </Stack>
  );
}
