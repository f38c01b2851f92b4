'use client';

import { useTranslations } from 'next-intl';
import type { FormEvent, ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';

/** The API's refusal of a form ('login taken'), kept in the dialog with the form. */
function FormFailure({ message }: { message: string | null }) {
  return message ? (
    <p role="alert" className="rounded-xl bg-paprika-500/10 p-3 font-semibold text-paprika-700">
      {message}
    </p>
  ) : null;
}

/** The dialog all three account forms live in: the fields, the API's refusal, cancel and submit. */
export function FormDialog({
  title,
  description,
  onClose,
  onSubmit,
  failure,
  submitting,
  submitLabel,
  children,
}: {
  title: string;
  description?: string;
  onClose: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  failure: string | null;
  submitting: boolean;
  submitLabel: string;
  children: ReactNode;
}) {
  const t = useTranslations('staff-manage');
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={title} description={description}>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        {children}
        <FormFailure message={failure} />
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" busy={submitting}>
            {submitting ? t('common.saving') : submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
