import type about from '../../messages/ru/about.json';
import type branches from '../../messages/ru/branches.json';
import type common from '../../messages/ru/common.json';
import type formal from '../../messages/ru/formal.json';
import type location from '../../messages/ru/location.json';
import type order from '../../messages/ru/order.json';
import type staff from '../../messages/ru/staff.json';
import type staffManage from '../../messages/ru/staff-manage.json';
import type { routing } from './routing';

// next-intl is typed through interface merging; a `type` alias cannot extend its AppConfig.
declare module 'next-intl' {
  interface AppConfig {
    Locale: (typeof routing.locales)[number];
    /** Russian is the reference: the parity test keeps uz and en on exactly the same keys. */
    Messages: {
      about: typeof about;
      branches: typeof branches;
      common: typeof common;
      formal: typeof formal;
      location: typeof location;
      order: typeof order;
      staff: typeof staff;
      'staff-manage': typeof staffManage;
    };
  }
}
