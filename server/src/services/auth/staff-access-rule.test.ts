import { describe, expect, it } from 'vitest';
import { changesStaffAccess, MEMBER_ACCESS, type StaffAccess } from './staff-access-rule.js';

const staff: StaffAccess = { admin: true, active: true, roles: ['ROLE_USER', 'ROLE_ADMIN'], chapterIds: [1, 2] };

describe('The staff-access rule', () => {
  it('counts making or unmaking staff, and a staff account (de)activated', () => {
    expect(changesStaffAccess(MEMBER_ACCESS, { admin: true })).toBe(true);
    expect(changesStaffAccess(staff, { admin: false })).toBe(true);
    expect(changesStaffAccess(staff, { active: false })).toBe(true);
    expect(changesStaffAccess(MEMBER_ACCESS, { active: false })).toBe(false);
  });

  it('compares roles and chapters as sets, and leaves out what the change does not name', () => {
    expect(changesStaffAccess(staff, { roles: ['ROLE_ADMIN', 'ROLE_USER'], chapterIds: [2, 1] })).toBe(false);
    expect(changesStaffAccess(staff, { roles: ['ROLE_USER', 'ROLE_USER'] })).toBe(true);
    expect(changesStaffAccess(staff, { roles: ['ROLE_ADMIN', 'ROLE_ADMIN'] })).toBe(true);
    expect(changesStaffAccess(staff, { chapterIds: [1] })).toBe(true);
    expect(changesStaffAccess(staff, { admin: true, active: true })).toBe(false);
    expect(changesStaffAccess(staff, {})).toBe(false);
  });
});
