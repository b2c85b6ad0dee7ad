import { AnchorLink } from './anchor-link';

/**
 * Under a Revenue figure (spec 02: joined x $95), inline: the money actually recorded (other amounts,
 * waived fees, refunds) can differ, and where to see it: the payments list, of one invitation when given.
 */
export function RevenueHint({ invitationId }: { invitationId?: number } = {}) {
  return (
    <>
      Joined x $95. Recorded payments (waived fees, refunds, other amounts) can differ.
      {/* A link of its own line, not inside the sentence: it needs no colour to stand out from the text. */}
      <AnchorLink
        to="/admin/accounts/payments"
        search={invitationId === undefined ? {} : { invitationId: String(invitationId) }}
        inherit
        underline="always"
        display="block"
      >
        See Payments
      </AnchorLink>
    </>
  );
}
