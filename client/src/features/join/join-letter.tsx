import { Blockquote, Image, Stack, Text } from '@mantine/core';
import type { JoinInvitation } from '@app/contract';
import classes from './join.module.css';

type Person = JoinInvitation['advisors'][number];

function Signature({ person }: { person: Person }) {
  return (
    <Stack gap={2} miw={0}>
      {person.signatureUrl && (
        <Image
          src={person.signatureUrl}
          alt={`Signature of ${person.name}`}
          h={44}
          w="auto"
          fit="contain"
          style={{ alignSelf: 'flex-start' }}
        />
      )}
      <Text fw={600}>{person.name}</Text>
      {person.title && (
        <Text size="sm" c="dimmed">
          {person.title}
        </Text>
      )}
      {person.department && (
        <Text size="sm" c="dimmed">
          {person.department}
        </Text>
      )}
    </Stack>
  );
}

/** The advisor's letter: the invitation in the chapter's words, signed by its leaders, and a member's testimonial. */
export function JoinLetter({ join }: { join: JoinInvitation }) {
  const signers = [...join.advisors, ...(join.president ? [join.president] : [])];
  return (
    <Stack gap="lg">
      <Text size="lg" fw={600}>
        Dear {join.firstName},
      </Text>
      <Text lh={1.7}>
        On behalf of the {join.chapter.name} at {join.institution.name}, it is our pleasure to invite you to join our
        honor society. This invitation is extended to a select group of students whose achievements and potential for
        leadership stand out on campus.
      </Text>
      <Text lh={1.7}>
        Membership connects you with a community of leaders, a program of leadership development, and recognition that
        stays with you for life. We would be proud to welcome you at orientation.
      </Text>
      {signers.length > 0 && (
        <div className={classes.signers}>
          {signers.map((p) => (
            <Signature key={`${p.name}-${p.title}`} person={p} />
          ))}
        </div>
      )}
      {join.testimonial && (
        <Blockquote
          color="indigo"
          radius="md"
          p="md"
          cite={[join.testimonial.name, join.testimonial.title].filter(Boolean).join(', ') || undefined}
        >
          {join.testimonial.text}
        </Blockquote>
      )}
      {join.sclaPageImageUrl && (
        <Image src={join.sclaPageImageUrl} alt={`${join.chapter.name} at a glance`} radius="md" loading="lazy" />
      )}
    </Stack>
  );
}
