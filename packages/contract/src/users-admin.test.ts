import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import {
  changeUserCompanyFormSchema,
  createUserFormSchema,
  updateAdminUserFormSchema,
  usersAdminRoutes,
} from './users-admin.ts';

const userParams = usersAdminRoutes.get.params ?? z.never();

const form = {
  email: 'ana.novak@example.com',
  firstName: ' Ana ',
  lastName: 'Novak',
  role: 'ROLE_USER_BASIC',
  companyId: 3,
  locale: 'sl',
};

describe('createUserFormSchema', () => {
  it('accepts a complete form and trims names', () => {
    expect(createUserFormSchema.parse(form).firstName).toBe('Ana');
  });

  it.each(['ROLE_USER', 'ROLE_USER_BASIC', 'ROLE_USER_ADVANCED'])(
    'accepts the assignable role %s',
    (role) => {
      expect(createUserFormSchema.safeParse({ ...form, role }).success).toBe(true);
    },
  );

  it.each(['ROLE_AGGREGATOR', 'ROLE_SUPER_ADMIN', 'ROLE_OTHER'])('rejects the role %s', (role) => {
    expect(createUserFormSchema.safeParse({ ...form, role }).success).toBe(false);
  });

  it.each([
    { email: 'not-an-address' },
    { firstName: '   ' },
    { companyId: '3' },
    { companyId: 0 },
    { locale: 'xx' },
    { password: 'secret-2024' },
  ])('rejects %j', (change) => {
    expect(createUserFormSchema.safeParse({ ...form, ...change }).success).toBe(false);
  });
});

describe('the other user forms', () => {
  it('edit takes names and any role (the server applies canChangeRole)', () => {
    expect(
      updateAdminUserFormSchema.parse({ firstName: 'A', lastName: 'B', role: 'ROLE_SUPER_ADMIN' })
        .role,
    ).toBe('ROLE_SUPER_ADMIN');
    expect(
      updateAdminUserFormSchema.safeParse({ firstName: 'A', lastName: 'B', role: 'ROOT' }).success,
    ).toBe(false);
  });

  it('change company takes a positive integer id only', () => {
    expect(changeUserCompanyFormSchema.parse({ companyId: 5 })).toEqual({ companyId: 5 });
    expect(changeUserCompanyFormSchema.safeParse({ companyId: '5' }).success).toBe(false);
    expect(changeUserCompanyFormSchema.safeParse({ companyId: 5, extra: 1 }).success).toBe(false);
  });

  it('path ids are coerced and bounded', () => {
    expect(userParams.parse({ id: '7' })).toEqual({ id: 7 });
    expect(userParams.safeParse({ id: 'abc' }).success).toBe(false);
    expect(userParams.safeParse({ id: '2147483648' }).success).toBe(false);
  });
});
