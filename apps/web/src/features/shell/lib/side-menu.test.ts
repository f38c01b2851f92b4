import { describe, expect, it } from 'vitest';
import { sideMenuItems } from './side-menu';

describe('side menu order (spec section 2)', () => {
  it('desktop: Home first, then the items as listed', () => {
    expect(sideMenuItems('desktop').map((i) => i.key)).toEqual([
      'home',
      'about',
      'gallery',
      'news',
      'branches',
      'stocks',
      'recipes',
      'vacancies',
      'contacts',
      'offer',
      'rules',
    ]);
  });

  it('mobile: about, branches, news, gallery, ... and no Home', () => {
    expect(sideMenuItems('mobile').map((i) => i.key)).toEqual([
      'about',
      'branches',
      'news',
      'gallery',
      'stocks',
      'recipes',
      'vacancies',
      'contacts',
      'offer',
      'rules',
    ]);
  });

  it('links every item to its route', () => {
    const hrefs = Object.fromEntries(sideMenuItems('desktop').map((i) => [i.key, i.href]));
    expect(hrefs).toMatchObject({ home: '/', about: '/about', branches: '/branches', rules: '/rules' });
  });
});
