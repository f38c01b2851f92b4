'use client';

import type { TStaffMenuProductsResponse } from '@app/contracts';
import { formatSum } from '@app/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useEffect, useId, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { errorClass, inputClass } from '@/components/ui/field-classes';
import { notify } from '@/components/ui/toasts';
import { apiErrorMessage } from '@/lib/api-client';
import { fetchMenuProducts, fetchMenus, manageKeys, saveMenuPrice } from '../api/manage-api';
import { parsePriceInput } from '../lib/price-input';
import { useStaffApi } from '../lib/staff';
import { QueryState, ScreenTitle, SearchField, Switch, useAppLocale } from './parts';

type TMenuProduct = TStaffMenuProductsResponse['products'][number];

/** One product on the chosen menu: its price (saved per row) and whether the menu sells it. */
function PriceRow({ menuId, product }: { menuId: string; product: TMenuProduct }) {
  const t = useTranslations('staff-manage.prices');
  const tc = useTranslations('staff-manage.common');
  const locale = useAppLocale();
  const api = useStaffApi();
  const queryClient = useQueryClient();
  const inputId = useId();
  const name = product.title[locale];
  const [text, setText] = useState(product.price === null ? '' : String(product.price));
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setText(product.price === null ? '' : String(product.price));
  }, [product.price]);

  const save = useMutation({
    mutationFn: (price: number | null) => saveMenuPrice(api, menuId, product.product_id, price),
    onSuccess: (_data, price) => {
      notify(
        'success',
        price === null ? t('removed', { name }) : t('saved', { name, price: formatSum(price, locale) }),
      );
    },
    onError: (failure) =>
      notify('error', t('failed', { name, message: apiErrorMessage(failure, tc('error')) })),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: manageKeys.menuProducts(menuId) }),
  });

  function submit(sold = true) {
    if (!sold) {
      setError(null);
      save.mutate(null);
      return;
    }
    const price = parsePriceInput(text);
    if (price === null) {
      setError(text.trim() === '' ? t('needPrice', { name }) : t('invalid'));
      return;
    }
    setError(null);
    save.mutate(price);
  }

  const sold = product.price !== null;
  const errorId = `${inputId}-error`;
  return (
    <li className="rounded-card bg-white p-3 shadow-card ring-1 ring-line">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="min-w-0 flex-1 text-lg font-bold break-words">{name}</h2>
        <Switch
          checked={sold}
          busy={save.isPending}
          onChange={(next) => submit(next)}
          label={t('soldSwitch', { name })}
          onText={t('sold')}
          offText={t('notSold')}
        />
      </div>
      <p className={cn('text-sm', sold ? 'text-muted' : 'font-semibold text-paprika-600')}>
        {sold && product.price !== null
          ? t('current', { price: formatSum(product.price, locale) })
          : t('notSoldNow')}
      </p>
      <form
        noValidate
        className="mt-2 flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          submit(true);
        }}
      >
        <div className="block min-w-0 flex-1 basis-40">
          <label htmlFor={inputId} className="block text-sm font-semibold">
            {t('price', { name })}
          </label>
          <input
            id={inputId}
            inputMode="numeric"
            autoComplete="off"
            className={cn(inputClass, 'min-h-11')}
            value={text}
            onChange={(e) => setText(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
        </div>
        <Button type="submit" busy={save.isPending} className="min-h-11">
          {save.isPending ? tc('saving') : tc('save')}
        </Button>
        {error ? (
          <p id={errorId} role="alert" className={cn(errorClass, 'basis-full')}>
            {error}
          </p>
        ) : null}
      </form>
    </li>
  );
}

/** Prices per menu (issue 13): a menu picker and every product of the chain with its price there. */
export function PricesScreen() {
  const t = useTranslations('staff-manage.prices');
  const api = useStaffApi();
  const ids = { menu: useId(), search: useId() };
  const menus = useQuery({ queryKey: manageKeys.menus, queryFn: ({ signal }) => fetchMenus(api, signal) });
  const [menuId, setMenuId] = useState('');
  const [query, setQuery] = useState('');
  const firstMenu = menus.data?.[0]?.id;
  useEffect(() => {
    if (!menuId && firstMenu) setMenuId(firstMenu);
  }, [menuId, firstMenu]);
  const products = useQuery({
    queryKey: manageKeys.menuProducts(menuId),
    queryFn: ({ signal }) => fetchMenuProducts(api, menuId, signal),
    enabled: menuId !== '',
  });
  const shown = useMemo(() => {
    const needle = query.trim().toLocaleLowerCase();
    const all = products.data?.products ?? [];
    if (!needle) return all;
    return all.filter((p) =>
      Object.values(p.title).some((title) => title.toLocaleLowerCase().includes(needle)),
    );
  }, [products.data, query]);

  return (
    <section>
      <ScreenTitle>{t('title')}</ScreenTitle>
      <QueryState query={menus}>
        <div className="flex flex-col gap-3 md:flex-row md:items-end">
          <div className="block w-full max-w-sm">
            <label htmlFor={ids.menu} className="block font-semibold">
              {t('menu')}
            </label>
            <select
              id={ids.menu}
              className={cn(inputClass, 'min-h-11')}
              value={menuId}
              onChange={(e) => setMenuId(e.target.value)}
            >
              {(menus.data ?? []).map((m) => (
                <option key={m.id} value={m.id}>
                  {m.name}
                </option>
              ))}
            </select>
          </div>
          <SearchField id={ids.search} label={t('search')} value={query} onChange={setQuery} />
        </div>
        {menuId ? (
          <QueryState query={products}>
            {shown.length === 0 ? (
              <p className="mt-4 text-muted">{t('nothingFound')}</p>
            ) : (
              <ul className="mt-4 flex flex-col gap-3">
                {shown.map((p) => (
                  <PriceRow key={`${menuId}:${p.product_id}`} menuId={menuId} product={p} />
                ))}
              </ul>
            )}
          </QueryState>
        ) : null}
      </QueryState>
    </section>
  );
}
