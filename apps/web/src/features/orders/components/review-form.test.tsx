// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiError, mockApi, renderInApp } from '@/test/app';
import { ORDER_ID } from '@/test/order-fixtures';
import { REVIEW_ELIGIBILITY_KEY } from '../lib/orders-api';
import ReviewForm from './review-form';

vi.mock('@/components/ui/toasts', () => ({ notify: vi.fn() }));

const PRODUCT_ID = '11111111-2222-4333-8444-555555555555';

async function rateAndSend(status: number, code: string, message: string) {
  mockApi().on('POST', '/v1/user_reviews', () => apiError(status, code, message));
  const onDone = vi.fn();
  const view = renderInApp(<ReviewForm productId={PRODUCT_ID} orderId={ORDER_ID} onDone={onDone} />);
  const invalidate = vi.spyOn(view.queryClient, 'invalidateQueries');
  fireEvent.click(screen.getByRole('radio', { name: '5 звёзд' }));
  fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));
  await screen.findByText(message);
  return { invalidate, onDone };
}

describe('the review form after a refusal', () => {
  it('reads the order and "may I rate" again when the dish was rated meanwhile (409), and stays open', async () => {
    const { invalidate, onDone } = await rateAndSend(409, 'REVIEW_EXISTS', 'Вы уже оставили отзыв');
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: ['order', ORDER_ID] }));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: REVIEW_ELIGIBILITY_KEY });
    expect(onDone).not.toHaveBeenCalled();
  });

  it('reads nothing again for a failure that says nothing about the order (503)', async () => {
    const { invalidate } = await rateAndSend(503, 'UNAVAILABLE', 'Временно недоступно');
    expect(invalidate).not.toHaveBeenCalled();
  });
});
