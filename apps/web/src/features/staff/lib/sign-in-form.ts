import { z } from 'zod';

/**
 * The staff sign-in form, checked before it is sent: the API's own limits (ZStaffLoginRequest: a
 * login of 3 to 60 characters, a password of 8 to 200). Messages are keys of `staff.signIn`.
 */
export const ZStaffSignInForm = z.object({
  login: z.string().trim().min(3, 'loginTooShort').max(60, 'loginTooShort'),
  password: z.string().min(8, 'passwordTooShort').max(200, 'passwordTooShort'),
});
export type TStaffSignInForm = z.infer<typeof ZStaffSignInForm>;
