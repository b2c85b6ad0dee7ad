import { publicUnsubscribeContract, type UnsubscribeStatus } from '@app/contract';
import { areaClient } from '../../api/tsr';

export const unsubscribeClient = areaClient({ publicUnsubscribe: publicUnsubscribeContract });

/** A link's ids as they appear in its address. */
export type LinkIds = { invitationId: string; emailId: string; inviteeId: string };

/** emailId '0' is a test send: the page answers without calling the server (spec 02 §7). */
export const isTestSend = (ids: LinkIds) => ids.emailId === '0';

export const TEST_SEND_STATUS: UnsubscribeStatus = { success: true, alreadyUnsubscribed: false };

export const linkParams = (ids: LinkIds) => ({
  invitationId: Number(ids.invitationId),
  emailId: Number(ids.emailId),
  inviteeId: Number(ids.inviteeId),
});
