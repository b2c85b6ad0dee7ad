import { createLazyRoute } from '@tanstack/react-router';
import { MemberError, MemberLayout } from '../features/member-events/member-layout';

/** The member area's frame, loaded with the first member screen (member.tsx keeps the access check). */
export const Route = createLazyRoute('/member')({ component: MemberLayout, errorComponent: MemberError });
