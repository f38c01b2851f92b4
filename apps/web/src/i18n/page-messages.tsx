import { CHAIN_TIME_ZONE } from '@app/domain';
import type { AbstractIntlMessages } from 'next-intl';
import { getLocale, getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';
import { ClientIntlProvider } from './client-intl-provider';
import { pickClientMessages, type TPageCommonSection } from './messages';
import { BASE_NAMESPACES, type TNamespace } from './routing';

/**
 * Gives the client components below it the base namespaces (common, location) plus exactly the
 * namespaces this page loads (spec section 2, "Translation namespaces per page"). A nested provider
 * replaces the outer one, so the base namespaces are repeated here. Sections of `common` that only
 * server components read stay on the server (`pickClientMessages`).
 */
export async function PageMessages({
  namespaces,
  commonSections,
  children,
}: {
  namespaces: readonly Exclude<TNamespace, (typeof BASE_NAMESPACES)[number]>[];
  /** The parts of `common` that only some pages' client components read (`PAGE_COMMON_SECTIONS`). */
  commonSections?: readonly TPageCommonSection[];
  children: ReactNode;
}) {
  const [locale, messages] = await Promise.all([getLocale(), getMessages()]);
  const picked = pickClientMessages(
    messages,
    [...BASE_NAMESPACES, ...namespaces],
    commonSections,
  ) as AbstractIntlMessages;
  return (
    <ClientIntlProvider locale={locale} timeZone={CHAIN_TIME_ZONE} messages={picked}>
      {children}
    </ClientIntlProvider>
  );
}

/** The provider of the locale layout: only the base namespaces, without the page-only parts of `common`. */
export async function BaseMessages({ children }: { children: ReactNode }) {
  const [locale, messages] = await Promise.all([getLocale(), getMessages()]);
  const picked = pickClientMessages(messages, BASE_NAMESPACES) as AbstractIntlMessages;
  return (
    <ClientIntlProvider locale={locale} timeZone={CHAIN_TIME_ZONE} messages={picked}>
      {children}
    </ClientIntlProvider>
  );
}

/**
 * The staff workspace's provider (/staff): its own namespace, the `extra` ones of a part of it (the
 * manager's screens: `staff-manage`) and, of `common`, only the actions (the shared dialog's close
 * button); none of the customer shell's texts. A nested provider replaces the outer one, so `staff` is
 * always included.
 */
export async function StaffMessages({
  children,
  extra = [],
}: {
  children: ReactNode;
  extra?: readonly Exclude<TNamespace, 'staff' | 'common'>[];
}) {
  const [locale, messages] = await Promise.all([getLocale(), getMessages()]);
  const common = (messages as Record<string, Record<string, unknown>>).common ?? {};
  const picked = {
    staff: messages.staff,
    ...Object.fromEntries(extra.map((namespace) => [namespace, messages[namespace]])),
    common: { actions: common.actions },
  } as AbstractIntlMessages;
  return (
    <ClientIntlProvider locale={locale} timeZone={CHAIN_TIME_ZONE} messages={picked}>
      {children}
    </ClientIntlProvider>
  );
}
