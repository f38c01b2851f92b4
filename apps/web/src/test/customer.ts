import { afterEach, beforeEach } from 'vitest';
import { useAuthStore } from '@/lib/stores/auth';

/**
 * Signs in a new customer (`${prefix}-1`, `${prefix}-2`, ...) before each test of the file and signs
 * out after: the pages keep the browser's one query cache keyed by customer (lib/query-client.tsx),
 * so no test sees another's data. Call once at the top level of a test file.
 */
export function signInNewCustomerEachTest(prefix: string): void {
  let customer = 0;
  beforeEach(async () => {
    await useAuthStore.persist.rehydrate();
    customer += 1;
    useAuthStore.setState({
      user: {
        id: `${prefix}-${customer}`,
        name: 'Madina',
        phone: '998901234567',
        date_of_birth: null,
        access_token: 't',
      },
    });
  });
  afterEach(() => useAuthStore.setState({ user: null }));
}
