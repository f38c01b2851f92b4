// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NO_CONTENT } from '@/lib/api-client';
import { apiError, mockApi } from '@/test/app';
import { useStaffApi } from '../api';
import { useStaffSession } from '../session';
import { useStaffStream } from '../use-staff-stream';
import { renderStaffScreen, STAFF_ID, STAFF_TOKEN, signInStaff } from './operator.fixtures';
import { StaffSignIn } from './staff-sign-in';

const ENDED = 'Сеанс завершён: войдите снова.';

/** A screen's call with the staff client as the page opens (its 401 ends the session), and the sign-in. */
function Workspace() {
  const api = useStaffApi();
  useEffect(() => {
    void api.get('/v1/staff/me', { schema: NO_CONTENT }).catch(() => undefined);
  }, [api]);
  return <StaffSignIn />;
}

/** The workspace's stream while signed in, and the sign-in once the session is gone. */
function Live() {
  const staffId = useStaffSession((state) => state.session?.staff.id ?? null);
  useStaffStream(staffId);
  return staffId ? null : <StaffSignIn />;
}

describe('the staff sign-in after a session ended', { timeout: 30_000 }, () => {
  beforeEach(() => useStaffSession.setState({ session: null, endedBy: null }));
  afterEach(() => useStaffSession.setState({ session: null, endedBy: null }));

  it('says the session ended when the server refused its token (a 401 of a call)', async () => {
    signInStaff('vendor');
    mockApi().on('GET', '/v1/staff/me', () => apiError(401, 'UNAUTHORIZED', 'Token expired'));
    renderStaffScreen(<Workspace />);
    await waitFor(() => expect(useStaffSession.getState().session).toBeNull());
    expect(await screen.findByRole('status')).toHaveTextContent(ENDED);
  });

  it('says the session ended when the stream is refused (a 401: the account disabled, the token revoked)', async () => {
    signInStaff('courier', STAFF_ID);
    mockApi().on('GET', '/v1/staff/stream', () => apiError(401, 'UNAUTHORIZED', 'Account disabled'));
    renderStaffScreen(<Live />);
    await waitFor(() => expect(useStaffSession.getState().session).toBeNull());
    expect(await screen.findByRole('status')).toHaveTextContent(ENDED);
  });

  it('says it for a stored session that has expired', () => {
    useStaffSession.setState({
      session: {
        staff: { id: 'x', login: 'courier', name: 'Dilnoza', role: 'courier', branch_id: null },
        token: STAFF_TOKEN,
        expiresAt: new Date(Date.now() - 60_000).toISOString(),
      },
    });
    renderStaffScreen(<StaffSignIn />);
    expect(screen.getByRole('status')).toHaveTextContent(ENDED);
  });

  it('says nothing after the member’s own sign-out, nor for a refused sign-in', async () => {
    signInStaff('vendor');
    useStaffSession.getState().signOut();
    mockApi().on('POST', '/v1/staff/login', () =>
      apiError(401, 'BAD_CREDENTIALS', 'Неверный логин или пароль'),
    );
    renderStaffScreen(<StaffSignIn />);
    expect(screen.queryByText(ENDED)).toBeNull();

    await userEvent.type(screen.getByLabelText('Логин'), 'vendor');
    await userEvent.type(screen.getByLabelText('Пароль'), 'wrong-password');
    await userEvent.click(screen.getByRole('button', { name: 'Войти' }));
    await waitFor(() => expect(screen.getByTestId('sign-in-error')).toHaveTextContent('Неверный логин'));
    expect(screen.queryByText(ENDED)).toBeNull();
  });

  it('forgets it once a member signs in again', () => {
    signInStaff('vendor');
    useStaffSession.getState().signOut('server');
    expect(useStaffSession.getState().endedBy).toBe('server');
    signInStaff('vendor');
    expect(useStaffSession.getState().endedBy).toBeNull();
  });

  it('keeps the member’s own sign-out when a call still under way answers 401 after it', () => {
    signInStaff('vendor');
    useStaffSession.getState().signOut();
    useStaffSession.getState().signOut('server');
    expect(useStaffSession.getState().endedBy).toBe('user');
  });
});
