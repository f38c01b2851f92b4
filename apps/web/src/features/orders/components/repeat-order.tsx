'use client';

import type { TLocale, TOrderDetail } from '@app/contracts';
import { CART_LINE_QUANTITY_MAX, formatSum } from '@app/domain';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button, buttonClasses } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { notify } from '@/components/ui/toasts';
import { useAddToCart } from '@/features/cart';
import { Link, useRouter } from '@/i18n/navigation';
import { apiErrorMessage } from '@/lib/api-client';
import { useApi } from '@/lib/config-provider';
import { paths } from '@/lib/paths';
import { useCommonStore } from '@/lib/stores/common';
import { loadRepeatSources } from '../lib/orders-api';
import { planRepeat, type TRepeatIssue } from '../lib/repeat';

/** The menu the storefront shows now (the chosen branch's, else the city's): read on the server. */
export type TCurrentMenu = { menuId: string; branchId: string | null };

type TOutcome = { added: number; issues: TRepeatIssue[] };

/**
 * "Repeat the order": the cart is refilled (added to) from the order at today's menu prices. When
 * everything went in as before the customer lands in the cart; otherwise a dialog names the dishes
 * that are stopped today or gone from the menu (left out) and those whose price changed.
 */
export function RepeatOrder({ order, menu }: { order: TOrderDetail; menu: TCurrentMenu | null }) {
  const t = useTranslations('order.orders');
  const locale = useLocale() as TLocale;
  const api = useApi();
  const router = useRouter();
  const deliveryType = useCommonStore((s) => s.deliveryType);
  const addToCart = useAddToCart(menu?.menuId ?? null);
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<TOutcome | null>(null);

  async function repeat() {
    if (!menu || pending) return;
    setPending(true);
    try {
      const { sources, autoAddProductIds, stoppedIds } = await loadRepeatSources(api, order.lines, {
        ...menu,
        deliveryType,
      });
      const plan = planRepeat(order.lines, sources, autoAddProductIds, stoppedIds);
      const issues = [...plan.issues];
      for (const item of plan.items) {
        // A line already holding what one order takes keeps 99: said, not added silently.
        if ((await addToCart(item)) === 'capped') issues.push({ kind: 'capped', title: item.product_name });
      }
      if (issues.length === 0) {
        notify('success', t('repeatAdded', { number: order.external_order_id }));
        router.push(paths.cart());
      } else {
        setOutcome({ added: plan.items.length, issues });
      }
    } catch (error) {
      notify('error', apiErrorMessage(error, t('repeatError')));
    } finally {
      setPending(false);
    }
  }

  const issueText = (issue: TRepeatIssue) => {
    const name = issue.title[locale];
    if (issue.kind === 'stopped') return t('repeatStopped', { name });
    if (issue.kind === 'unavailable') return t('repeatUnavailable', { name });
    if (issue.kind === 'capped') return t('repeatCapped', { name, max: CART_LINE_QUANTITY_MAX });
    return t('repeatPriceChanged', {
      name,
      oldPrice: formatSum(issue.oldPrice, locale),
      newPrice: formatSum(issue.newPrice, locale),
    });
  };

  return (
    <>
      <Button
        variant="secondary"
        onClick={() => void repeat()}
        busy={pending}
        disabled={!menu}
        data-testid="repeat-order"
      >
        {pending ? t('repeating') : t('repeat')}
      </Button>
      <Dialog
        open={outcome !== null}
        onOpenChange={(open) => !open && setOutcome(null)}
        title={t('repeatTitle')}
        description={
          outcome && outcome.added > 0 ? t('repeatSomeAdded', { count: outcome.added }) : t('repeatNoneAdded')
        }
      >
        {outcome && (
          <div className="flex flex-col gap-4" data-testid="repeat-outcome">
            <ul className="flex list-disc flex-col gap-1 pl-5">
              {outcome.issues.map((issue, i) => (
                // Issues have no id of their own; the list never reorders while shown.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above.
                <li key={i} data-kind={issue.kind}>
                  {issueText(issue)}
                </li>
              ))}
            </ul>
            <div className="flex flex-wrap justify-end gap-3">
              <Button variant="secondary" onClick={() => setOutcome(null)}>
                {t('close')}
              </Button>
              {outcome.added > 0 && (
                <Link
                  href={paths.cart()}
                  className={buttonClasses('primary')}
                  onClick={() => setOutcome(null)}
                >
                  {t('toCart')}
                </Link>
              )}
            </div>
          </div>
        )}
      </Dialog>
    </>
  );
}
