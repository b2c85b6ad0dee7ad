import { getRouteApi } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { Alert, Button, Center, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconMailOff } from '@tabler/icons-react';
import { errorMessage, errorStatus } from '../../api/errors';
import { PublicCard } from '../../components/public-card';
import { isTestSend, linkParams, TEST_SEND_STATUS, unsubscribeClient, type LinkIds } from './api';

export const TEXTS = {
  title: 'Unsubscribe',
  ask: 'Do you want to stop receiving invitation emails from us at this address?',
  done: 'You have been unsubscribed. You will not receive any more invitation emails from us.',
  already: 'You were already unsubscribed. You will not receive any more invitation emails from us.',
  badLink:
    'This unsubscribe link is not valid. Please open the link from the email again, or copy the whole address into your browser.',
  gone: 'This unsubscribe link no longer works: the invitation it belongs to has been removed.',
  testSend: 'This was a test email: nothing was changed.',
} as const;

const Card = ({ children }: { children: ReactNode }) => <PublicCard title={TEXTS.title}>{children}</PublicCard>;

function Outcome({ tone, children }: { tone: 'ok' | 'bad'; children: ReactNode }) {
  return (
    <Alert
      color={tone === 'ok' ? 'green' : 'red'}
      variant="light"
      role={tone === 'ok' ? 'status' : 'alert'}
      icon={tone === 'ok' ? <IconCircleCheck size={20} /> : <IconAlertTriangle size={20} />}
    >
      {children}
    </Alert>
  );
}

const failureText = (error: unknown) => {
  const status = errorStatus(error);
  if (status === 403) return TEXTS.badLink;
  if (status === 404) return TEXTS.gone;
  return errorMessage(error);
};

/**
 * The page an invitation email's unsubscribe link opens (/unsubscribe/{invitationId}/{emailId}/{inviteeId}?signature=).
 * It reads the status, then unsubscribes on a click (never on load: mail scanners open links), and
 * confirms in plain words. A test send (emailId '0') is answered here without calling the server.
 */
export function UnsubscribePage({ ids, signature }: { ids: LinkIds; signature?: string }) {
  const test = isTestSend(ids);
  const callable = !test && Boolean(signature);
  const request = { params: linkParams(ids), query: { signature } };
  const status = unsubscribeClient.publicUnsubscribe.status.useQuery({
    queryKey: ['unsubscribe', ids, signature],
    queryData: request,
    enabled: callable,
    retry: false,
  });
  const unsubscribe = unsubscribeClient.publicUnsubscribe.unsubscribe.useMutation({ meta: { silentError: true } });
  const [testDone, setTestDone] = useState(false);

  if (!test && !signature)
    return (
      <Card>
        <Outcome tone="bad">{TEXTS.badLink}</Outcome>
      </Card>
    );

  const current = test ? TEST_SEND_STATUS : status.data?.body;
  if (!test && status.error)
    return (
      <Card>
        <Outcome tone="bad">{failureText(status.error)}</Outcome>
      </Card>
    );
  if (!current) {
    return (
      <Card>
        <Center py="md">
          <Loader aria-label="Loading" />
        </Center>
      </Card>
    );
  }

  const done = test ? testDone : unsubscribe.data?.body;
  if (done) {
    const already = typeof done === 'object' && done.alreadyUnsubscribed;
    return (
      <Card>
        <Outcome tone="ok">{already ? TEXTS.already : TEXTS.done}</Outcome>
        {test && (
          <Text size="sm" c="dimmed">
            {TEXTS.testSend}
          </Text>
        )}
      </Card>
    );
  }
  if (current.alreadyUnsubscribed)
    return (
      <Card>
        <Outcome tone="ok">{TEXTS.already}</Outcome>
      </Card>
    );

  return (
    <Card>
      <Stack gap="xs" align="center">
        <ThemeIcon size={48} radius="xl" variant="light" color="gray">
          <IconMailOff size={26} />
        </ThemeIcon>
        <Text ta="center">{TEXTS.ask}</Text>
      </Stack>
      {unsubscribe.error && <Outcome tone="bad">{failureText(unsubscribe.error)}</Outcome>}
      <Button
        fullWidth
        color="red"
        loading={unsubscribe.isPending}
        onClick={() => (test ? setTestDone(true) : unsubscribe.mutate(request))}
      >
        Unsubscribe
      </Button>
    </Card>
  );
}

const routeApi = getRouteApi('/unsubscribe/$invitationId/$emailId/$inviteeId');

/** The route's component: the link's ids and signature from its address. */
export function UnsubscribeRoutePage() {
  const ids = routeApi.useParams();
  const { signature } = routeApi.useSearch();
  return (
    <main>
      <UnsubscribePage ids={ids} signature={signature} />
    </main>
  );
}
