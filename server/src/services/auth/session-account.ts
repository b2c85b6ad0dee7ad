/** The signed-in account a session answers (request.account); kept apart so the session cache can name it. */
export type SessionAccount = {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  avatarUrl: string | null;
  admin: boolean;
  active: boolean;
  /** A confirmed second factor (migration 0033). */
  twoFactorOn: boolean;
  /** Its roles (their permissions: role-table.ts) and the chapters its chapter-scoped roles reach (issue 35). */
  roles: string[];
  chapterIds: number[];
  sessionId: string;
};
