import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes: 43 base64url characters. */
export const newAccessToken = () => randomBytes(32).toString('base64url');

/** Tokens are stored as their SHA-256: they are random and long, so no salt or slow hash is needed. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const ACCESS_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
