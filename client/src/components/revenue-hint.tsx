import { Anchor } from '@mantine/core';
import { Link } from '@tanstack/react-router';

/**
 * Under a Revenue figure (spec 02: joined x $95), inline: the money actually recorded (other amounts,
 * waived fees, refunds) can differ, and where to see it.
 */
export function RevenueHint() {
  return (
    <>
      Joined x $95. Recorded payments (waived fees, refunds, other amounts) can differ.
      {/* A link of its own line, not inside the sentence: it needs no colour to stand out from the text. */}
      <Anchor component={Link} to="/admin/accounts/payments" inherit underline="always" display="block">
        See Payments
      </Anchor>
    </>
  );
}
