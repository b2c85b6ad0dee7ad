// The demo seed's email templates say what their type means (issue 40 §2): the No Payment welcome goes to a
// member whose fee was waived (Complete Without Payment), so it must not ask them to pay.
import { describe, expect, it } from 'vitest';
import { DEMO_TEMPLATES } from '../../../scripts/seed/email.js';

describe('demo email templates', () => {
  const noPayment = DEMO_TEMPLATES.find((t) => t.type === 'WelcomeEmailNoPayment');

  it('welcome a member whose fee was waived without asking for a payment', () => {
    expect(noPayment).toBeDefined();
    const text = `${noPayment!.name} ${noPayment!.subject} ${noPayment!.preview} ${noPayment!.body}`.toLowerCase();
    expect(text).toContain('waived');
    expect(text).not.toMatch(/pending|finish the payment|last step|pay to|complete the payment/);
  });

  it('keep one template per type', () => {
    const types = DEMO_TEMPLATES.map((t) => t.type);
    expect(new Set(types).size).toBe(types.length);
  });
});
