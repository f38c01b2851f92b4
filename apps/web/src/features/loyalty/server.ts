import 'server-only';

export { loyaltyOffered } from './api/loyalty.server';
