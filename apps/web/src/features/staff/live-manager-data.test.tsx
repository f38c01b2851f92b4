// @vitest-environment jsdom
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderStaffScreen, STAFF_ID, signInStaff } from './components/operator.fixtures';
import { staffKeys } from './lib/staff-queries';
import { useStaffSession } from './session';
import { useStaffStream } from './use-staff-stream';

/** The workspace's stream as the staff shell mounts it. */
function Live() {
  useStaffStream(useStaffSession((state) => state.session?.staff.id ?? null));
  return null;
}

/** GET /v1/staff/stream answers an event stream whose messages the test sends with `send`. */
function stubStream() {
  let push: ((text: string) => void) | null = null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          push = (text) => controller.enqueue(new TextEncoder().encode(text));
        },
      });
      return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
    }),
  );
  return {
    send: async (text: string) => {
      await waitFor(() => expect(push).not.toBeNull());
      push?.(text);
    },
  };
}

const manageQuery = (client: ReturnType<typeof renderStaffScreen>['queryClient'], key: readonly unknown[]) =>
  client.getQueryCache().find({ queryKey: key });

describe("the manager's screens follow the workspace's stream", { timeout: 30_000 }, () => {
  afterEach(() => {
    useStaffSession.getState().signOut();
    vi.unstubAllGlobals();
  });

  it('reads their data again when the catalogue changes (another manager paused a branch or stopped a dish)', async () => {
    signInStaff('manager');
    const stream = stubStream();
    const view = renderStaffScreen(<Live />);
    const stopList = ['staff-manage', 'stop-list', 'b1'] as const;
    const audit = ['staff-manage', 'audit', 1, null] as const;
    view.queryClient.setQueryData(stopList, { products: [] });
    view.queryClient.setQueryData(audit, { entries: [] });
    await stream.send('event: reset\ndata: {}\n\n');
    // Fresh again after the first reset: only what comes next is under test.
    view.queryClient.setQueryData(stopList, { products: [] });
    view.queryClient.setQueryData(audit, { entries: [] });
    expect(manageQuery(view.queryClient, stopList)?.isStale()).toBe(false);

    await stream.send('event: catalogue\ndata: {}\n\n');
    await waitFor(() => expect(manageQuery(view.queryClient, stopList)?.state.isInvalidated).toBe(true));
    expect(manageQuery(view.queryClient, audit)?.state.isInvalidated).toBe(true);
  });

  it("reads the order lists and cards again when a branch changes (its cooking time is their timers' target)", async () => {
    signInStaff('vendor');
    const stream = stubStream();
    const view = renderStaffScreen(<Live />);
    const list = staffKeys.list(STAFF_ID, {});
    const card = staffKeys.order(STAFF_ID, '00000000-0000-4000-8000-000000000007');
    const fresh = () => {
      view.queryClient.setQueryData(list, { orders: [] });
      view.queryClient.setQueryData(card, { id: 'x' });
    };
    await stream.send('event: reset\ndata: {}\n\n');
    fresh();
    await stream.send('event: catalogue\ndata: {"tags":["branches"]}\n\n');
    await waitFor(() => expect(manageQuery(view.queryClient, list)?.state.isInvalidated).toBe(true));
    expect(manageQuery(view.queryClient, card)?.state.isInvalidated).toBe(true);
  });

  it('reads the order lists again on a catalogue event that names no tags', async () => {
    signInStaff('vendor');
    const stream = stubStream();
    const view = renderStaffScreen(<Live />);
    const list = staffKeys.list(STAFF_ID, {});
    await stream.send('event: reset\ndata: {}\n\n');
    view.queryClient.setQueryData(list, { orders: [] });
    await stream.send('event: catalogue\ndata: {}\n\n');
    await waitFor(() => expect(manageQuery(view.queryClient, list)?.state.isInvalidated).toBe(true));
  });

  it('leaves the order lists alone for a stop-list change', async () => {
    signInStaff('vendor');
    const stream = stubStream();
    const view = renderStaffScreen(<Live />);
    const list = staffKeys.list(STAFF_ID, {});
    const stopList = ['staff-manage', 'stop-list', 'b1'] as const;
    await stream.send('event: reset\ndata: {}\n\n');
    view.queryClient.setQueryData(list, { orders: [] });
    view.queryClient.setQueryData(stopList, { products: [] });
    await stream.send('event: catalogue\ndata: {"tags":["catalogue"]}\n\n');
    await waitFor(() => expect(manageQuery(view.queryClient, stopList)?.state.isInvalidated).toBe(true));
    expect(manageQuery(view.queryClient, list)?.state.isInvalidated).toBe(false);
  });

  it('reads them again on a reset (a reconnection may have missed changes)', async () => {
    signInStaff('manager');
    const stream = stubStream();
    const view = renderStaffScreen(<Live />);
    const branches = ['staff-manage', 'branches'] as const;
    view.queryClient.setQueryData(branches, []);
    await stream.send('event: reset\ndata: {}\n\n');
    await waitFor(() => expect(manageQuery(view.queryClient, branches)?.state.isInvalidated).toBe(true));
  });
});
