import type { TBranch } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { branchMarkers } from './branch-markers';

const branch = (slug: string, lat: number, long: number): TBranch => ({
  id: `00000000-0000-4000-8000-00000000000${slug.length % 10}`,
  slug,
  name: { ru: `Baraka ${slug} ru`, uz: `Baraka ${slug} uz`, en: `Baraka ${slug}` },
  address: { ru: 'улица', uz: "ko'cha", en: 'street' },
  destination: { ru: '', uz: '', en: '' },
  city: 'tashkent',
  phone: '998712000000',
  location: { lat, long },
  menu_id: '00000000-0000-4000-8000-000000000001',
  work_hour_start: '10:00',
  work_hour_end: '03:00',
  delivery_time: 40,
  future_delivery_order_time: 1,
  future_self_pickup_order_time: 1,
  is_active: true,
  has_parking: true,
  seats_count: 80,
  has_playground: false,
  images: [],
  virtual_tour: null,
  paused_until: null,
  delivery_paused_until: null,
});

describe('branchMarkers', () => {
  const open = branch('amir', 41.3111, 69.2797);
  const closed = branch('chilonzor', 41.2756, 69.2034);
  const rows = [
    { branch: open, status: { kind: 'open_until', time: '03:00' } as const, href: '/en/branches/amir' },
    {
      branch: closed,
      status: { kind: 'closed', opens_at: '10:00' } as const,
      href: '/en/branches/chilonzor',
    },
  ];

  it('puts each branch at its coordinates, named in the page locale, greyed when closed now', () => {
    const markers = branchMarkers(rows, 'en', 'Restaurant details');
    expect(markers.map((m) => [m.label, m.lat, m.long, m.tone])).toEqual([
      ['Baraka amir', 41.3111, 69.2797, 'branch'],
      ['Baraka chilonzor', 41.2756, 69.2034, 'branch-closed'],
    ]);
    expect(markers[0]?.popup).toEqual({
      title: 'Baraka amir',
      text: 'street',
      href: '/en/branches/amir',
      linkText: 'Restaurant details',
    });
    expect(markers.some((m) => m.selected)).toBe(false);
  });

  it('an inactive branch is greyed too, and the page is about it is marked selected', () => {
    const markers = branchMarkers(
      [{ branch: { ...open, is_active: false }, status: { kind: 'inactive' }, href: '/branches/amir' }],
      'uz',
      'Batafsil',
      open.id,
    );
    expect(markers[0]).toMatchObject({ tone: 'branch-closed', selected: true, label: 'Baraka amir uz' });
    expect(markers[0]?.popup?.text).toBe("ko'cha");
  });
});
