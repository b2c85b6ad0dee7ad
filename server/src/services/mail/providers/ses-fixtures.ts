/**
 * SES events as AWS's documentation shows them ("Examples of event data that Amazon SES publishes to
 * Amazon SNS" and "Amazon SNS notification examples for Amazon SES"), trimmed of headers we do not read,
 * with the `send_id` message tag our messages carry (left out to test matching by SES's message id).
 */
const MAIL = (messageId: string, sendId: number | null) => ({
  timestamp: '2017-08-05T00:40:02.012Z',
  source: 'Sender Name <sender@example.com>',
  sourceArn: 'arn:aws:ses:us-east-1:123456789012:identity/sender@example.com',
  sendingAccountId: '123456789012',
  messageId,
  destination: ['recipient@example.com'],
  headersTruncated: false,
  commonHeaders: {
    from: ['Sender Name <sender@example.com>'],
    to: ['recipient@example.com'],
    messageId,
    subject: 'Message sent from Amazon SES',
  },
  tags: {
    'ses:configuration-set': ['ConfigSet'],
    'ses:source-ip': ['192.0.2.0'],
    'ses:from-domain': ['example.com'],
    'ses:caller-identity': ['ses_user'],
    ...(sendId ? { send_id: [String(sendId)] } : {}),
  },
});

const DETAILS = {
  Send: { send: {} },
  Delivery: {
    delivery: {
      timestamp: '2016-10-19T23:21:04.133Z',
      processingTimeMillis: 11893,
      recipients: ['recipient@example.com'],
      smtpResponse: '250 2.6.0 Message received',
      reportingMTA: 'mta.example.com',
    },
  },
  'Bounce:Permanent': {
    bounce: {
      bounceType: 'Permanent',
      bounceSubType: 'General',
      bouncedRecipients: [
        {
          emailAddress: 'recipient@example.com',
          action: 'failed',
          status: '5.1.1',
          diagnosticCode: 'smtp; 550 5.1.1 user unknown',
        },
      ],
      timestamp: '2017-08-05T00:41:02.669Z',
      feedbackId: '01000157c44f053b-61b59c11-9236-11e6-8f96-7be8aexample-000000',
      reportingMTA: 'dsn; mta.example.com',
    },
  },
  'Bounce:Transient': {
    bounce: {
      bounceType: 'Transient',
      bounceSubType: 'MailboxFull',
      bouncedRecipients: [
        {
          emailAddress: 'recipient@example.com',
          action: 'failed',
          status: '4.2.2',
          diagnosticCode: 'smtp; 452 4.2.2 Mailbox full',
        },
      ],
      timestamp: '2017-08-05T00:41:02.669Z',
      feedbackId: '01000157c44f053b-61b59c11-9236-11e6-8f96-7be8aexample-000001',
    },
  },
  'Bounce:Undetermined': {
    bounce: {
      bounceType: 'Undetermined',
      bounceSubType: 'Undetermined',
      bouncedRecipients: [{ emailAddress: 'recipient@example.com' }],
      timestamp: '2017-08-05T00:41:02.669Z',
      feedbackId: 'x-000002',
    },
  },
  Complaint: {
    complaint: {
      complainedRecipients: [{ emailAddress: 'recipient@example.com' }],
      timestamp: '2017-08-05T00:41:02.669Z',
      feedbackId: '01000157c44f053b-61b59c11-9236-11e6-8f96-7be8aexample-000000',
      userAgent:
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/60.0.3112.90 Safari/537.36',
      complaintFeedbackType: 'abuse',
      arrivalDate: '2017-08-05T00:41:02.669Z',
    },
  },
  Reject: { reject: { reason: 'Bad content' } },
  Open: {
    open: {
      ipAddress: '192.0.2.1',
      timestamp: '2017-08-09T22:00:19.652Z',
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 10_3_3 like Mac OS X) AppleWebKit/603.3.8 (KHTML, like Gecko) Mobile/14G60',
    },
  },
  Click: {
    click: {
      ipAddress: '192.0.2.1',
      link: 'http://docs.aws.amazon.com/ses/latest/DeveloperGuide/send-email-smtp.html',
      linkTags: { samplekey0: ['samplevalue0'] },
      timestamp: '2017-08-09T23:51:25.570Z',
      userAgent:
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/60.0.3112.90 Safari/537.36',
    },
  },
  DeliveryDelay: {
    deliveryDelay: {
      timestamp: '2020-06-16T00:15:40.641Z',
      delayType: 'TransientCommunicationFailure',
      expirationTime: '2020-06-16T00:25:40.914Z',
      delayedRecipients: [
        {
          emailAddress: 'recipient@example.com',
          status: '4.4.1',
          diagnosticCode: 'smtp; 421 4.4.1 Unable to connect to remote host',
        },
      ],
    },
  },
  'Rendering Failure': {
    failure: {
      errorMessage: "Attribute 'attributeName' is not present in the rendering data.",
      templateName: 'MyTemplate',
    },
  },
  Subscription: {
    subscription: {
      contactList: 'ContactListName',
      timestamp: '2022-01-12T01:00:14.340Z',
      source: 'UnsubscribeHeader',
      newTopicPreferences: {
        unsubscribeAll: true,
        topicSubscriptionStatus: [{ topicName: 'ExampleTopicName', subscriptionStatus: 'OptOut' }],
      },
      oldTopicPreferences: {
        unsubscribeAll: false,
        topicSubscriptionStatus: [{ topicName: 'ExampleTopicName', subscriptionStatus: 'OptOut' }],
      },
    },
  },
} as const;

export type SesFixtureKind = keyof typeof DETAILS;
export const SES_EVENT_KINDS = Object.keys(DETAILS) as SesFixtureKind[];

/** An SES event publishing record (`eventType`), as the SNS notification's Message carries it. */
export function sesEventFixture(
  kind: SesFixtureKind,
  opts: { messageId?: string; sendId?: number | null } = {},
): string {
  const eventType = kind.split(':')[0];
  return JSON.stringify({
    eventType,
    ...DETAILS[kind],
    mail: MAIL(opts.messageId ?? 'EXAMPLE7c191be45-e9aedb9a-02f9-4d12-a87d-dd0099a07f8a-000000', opts.sendId ?? null),
  });
}

/** An SES notification (`notificationType` Bounce, Complaint or Delivery: the older feedback notifications). */
export function sesNotificationFixture(
  kind: 'Bounce:Permanent' | 'Complaint' | 'Delivery',
  opts: { messageId?: string; sendId?: number | null } = {},
): string {
  const notificationType = kind.split(':')[0];
  return JSON.stringify({
    notificationType,
    ...DETAILS[kind],
    mail: MAIL(opts.messageId ?? 'EXAMPLE-notification-000000', opts.sendId ?? null),
  });
}
