'use client';

import { CHAIN_TIME_ZONE, type MoneyLocale } from '@app/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { useId, useMemo, useState } from 'react';
import { Button, offButtonProps } from '@/components/ui/button';
import { AUDIT_PAGE_SIZE, fetchAudit, manageKeys } from '../api/manage-api';
import { auditDiff, localAuditValue } from '../lib/audit-diff';
import { auditActionKey, auditFieldKey, auditTargetKey } from '../lib/audit-labels';
import { useStaffApi } from '../lib/staff';
import { BranchSelect, QueryState, ScreenTitle, useManagedBranches } from './parts';

/** A changed field's row header: its name in words where the log has one, else its key as it is. */
function ChangedField({ name }: { name: string }) {
  const t = useTranslations('staff-manage.audit');
  const field = auditFieldKey(name);
  return field ? (
    <th scope="row" data-field={name} className="py-1 pr-3 font-normal break-words">
      {t(`fields.${field}`)}
    </th>
  ) : (
    <th scope="row" className="py-1 pr-3 font-mono font-normal break-all">
      {name}
    </th>
  );
}

/** The audit log (issue 13): every staff action, newest first, a page at a time. */
export function AuditScreen() {
  const t = useTranslations('staff-manage');
  const format = useFormatter();
  const locale = useLocale() as MoneyLocale;
  const show = useMemo(() => localAuditValue(locale, CHAIN_TIME_ZONE), [locale]);
  const api = useStaffApi();
  const branchId = useId();
  const branches = useManagedBranches();
  const [page, setPage] = useState(1);
  const [branch, setBranch] = useState('');
  const log = useQuery({
    queryKey: manageKeys.audit(page, branch || null),
    queryFn: ({ signal }) => fetchAudit(api, page, branch || null, signal),
    placeholderData: keepPreviousData,
  });
  const pages = Math.max(1, Math.ceil((log.data?.count ?? 0) / AUDIT_PAGE_SIZE));

  return (
    <section>
      <ScreenTitle>{t('audit.title')}</ScreenTitle>
      {(branches.data ?? []).length > 1 ? (
        <BranchSelect
          id={branchId}
          branches={branches.data ?? []}
          value={branch}
          allLabel={t('common.allBranches')}
          onChange={(id) => {
            setBranch(id);
            setPage(1);
          }}
        />
      ) : null}
      <QueryState query={log}>
        {(log.data?.entries ?? []).length === 0 ? (
          <p className="mt-4 text-muted">{t('audit.empty')}</p>
        ) : (
          <ol aria-label={t('audit.title')} className="mt-4 flex flex-col gap-3" aria-busy={log.isFetching}>
            {(log.data?.entries ?? []).map((entry) => {
              const changes = auditDiff(entry.before, entry.after, show);
              const action = auditActionKey(entry.action);
              const target = auditTargetKey(entry.target_type);
              return (
                <li key={entry.id} className="rounded-card bg-white p-4 shadow-card ring-1 ring-line">
                  <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
                    <dt className="font-semibold">{t('audit.when')}</dt>
                    <dd>
                      <time dateTime={entry.at}>
                        {format.dateTime(new Date(entry.at), {
                          dateStyle: 'medium',
                          timeStyle: 'medium',
                          hourCycle: 'h23',
                        })}
                      </time>
                    </dd>
                    <dt className="font-semibold">{t('audit.who')}</dt>
                    <dd className="break-words">
                      {entry.staff ? `${entry.staff.name} (${entry.staff.login})` : t('audit.system')}
                    </dd>
                    <dt className="font-semibold">{t('audit.what')}</dt>
                    <dd className="break-words">
                      {/* In the manager's words; a code this storefront does not know yet, as it is. */}
                      {action ? (
                        <span data-action={entry.action}>{t(`audit.actions.${action}`)}</span>
                      ) : (
                        <span className="font-mono text-sm">{entry.action}</span>
                      )}{' '}
                      <span className="text-sm text-muted">
                        {t('audit.target', {
                          type: target ? t(`audit.targets.${target}`) : entry.target_type,
                          id: entry.target_id,
                        })}
                      </span>
                    </dd>
                  </dl>
                  {changes.length === 0 ? (
                    <p className="mt-2 text-sm text-muted">{t('audit.noChanges')}</p>
                  ) : (
                    <table className="mt-2 w-full table-fixed text-left text-sm">
                      <caption className="sr-only">{t('audit.changes')}</caption>
                      <thead>
                        <tr className="text-muted">
                          <th scope="col" className="py-1 pr-3">
                            {t('audit.key')}
                          </th>
                          <th scope="col" className="py-1 pr-3">
                            {t('audit.before')}
                          </th>
                          <th scope="col" className="py-1">
                            {t('audit.after')}
                          </th>
                        </tr>
                      </thead>
                      <tbody>
                        {changes.map((c) => (
                          <tr key={c.key} className="border-t border-line align-top">
                            <ChangedField name={c.key} />
                            <td className="py-1 pr-3 break-all">
                              {c.before === null ? (
                                <em className="text-muted">{t('audit.added')}</em>
                              ) : (
                                <del>{c.before}</del>
                              )}
                            </td>
                            <td className="py-1 break-all">
                              {c.after === null ? (
                                <em className="text-muted">{t('audit.removed')}</em>
                              ) : (
                                <ins className="no-underline font-semibold">{c.after}</ins>
                              )}
                            </td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  )}
                </li>
              );
            })}
          </ol>
        )}
        <nav aria-label={t('audit.title')} className="mt-4 flex flex-wrap items-center gap-3">
          {/* Off at either end without losing the focus: Next pressed onto the last page stays focused. */}
          <Button
            variant="secondary"
            {...offButtonProps(page <= 1, () => setPage((p) => Math.max(1, p - 1)))}
          >
            {t('audit.previous')}
          </Button>
          <span aria-live="polite">{t('audit.page', { page, pages })}</span>
          <Button
            variant="secondary"
            {...offButtonProps(page >= pages, () => setPage((p) => Math.min(pages, p + 1)))}
          >
            {t('audit.next')}
          </Button>
        </nav>
      </QueryState>
    </section>
  );
}
