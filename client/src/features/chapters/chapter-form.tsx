import type { ReactNode } from 'react';
import { SimpleGrid, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { CHAPTER_FOLDERS, type Chapter, type UploadedFile } from '@app/contract';
import {
  AddressFields,
  EntityForm,
  FormSection,
  type FormBinder,
  NullableNumberInput,
  SearchableSelect,
  useEntityForm,
} from '../../components/form-kit';
import { ImageUploadField } from '../../components/upload';
import { chaptersArea, institutionOptions } from './api';
import { ChapterFormSchema, toFormValues, type ChapterFormValues } from './form-values';

type Leader = 'invitationAdvisor1' | 'invitationAdvisor2' | 'invitationPresident';

/** One invitation leader: name, (title and department for the first advisor), email and signature. */
function LeaderFields(props: {
  form: FormBinder & { values: ChapterFormValues };
  leader: Leader;
  heading: string;
  withTitle?: boolean;
}) {
  const { form, leader } = props;
  const leaderValues: { signature: UploadedFile | null } = form.values[leader];
  return (
    <Stack gap="sm">
      <Text fw={600} size="sm" c="dimmed" tt="uppercase">
        {props.heading}
      </Text>
      <TextInput label="Name" {...form.getInputProps(`${leader}.name`)} />
      {props.withTitle && <TextInput label="Title" {...form.getInputProps(`${leader}.title`)} />}
      {props.withTitle && <TextInput label="Department" {...form.getInputProps(`${leader}.department`)} />}
      <TextInput label="Email" type="email" {...form.getInputProps(`${leader}.email`)} />
      <ImageUploadField
        label="Signature"
        path={CHAPTER_FOLDERS.signature}
        value={leaderValues.signature}
        onChange={(f) => form.setValue(`${leader}.signature`, f)}
      />
    </Stack>
  );
}

/**
 * The chapter form (spec 01 §2): Chapter Information, Chapter Address, Invitation Leaders and
 * Additional Invitation Information. Saving with a chapter updates it, otherwise creates one.
 */
export function ChapterForm({
  chapter,
  onDone,
  history,
}: {
  chapter?: Chapter;
  onDone: () => void;
  /** The record's History panel, shown in the form's flow above the sticky Cancel / Save bar. */
  history?: ReactNode;
}) {
  const save = chaptersArea.useSave();
  const form = useEntityForm({
    schema: ChapterFormSchema,
    initialValues: toFormValues(chapter),
    id: chapter?.id,
    ...save,
    onSaved: onDone,
  });
  const v = form.values;

  return (
    <EntityForm form={form} onCancel={onDone}>
      <FormSection title="Chapter Information">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
          <TextInput label="Name" withAsterisk maxLength={255} {...form.getInputProps('name')} />
          <TextInput
            label="Abbreviation"
            withAsterisk
            placeholder="Up to 12 characters"
            {...form.getInputProps('abbreviation')}
          />
          <SearchableSelect
            {...institutionOptions}
            label="Institution"
            withAsterisk
            selectedLabel={chapter?.institution.name}
            {...form.getInputProps('institutionId')}
            value={v.institutionId}
          />
          <NullableNumberInput label="Legacy Id" {...form.getInputProps('legacyId')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Switch label="Active" {...form.getInputProps('active', { type: 'checkbox' })} />
          <Switch label="Accepting Members" {...form.getInputProps('acceptingMembers', { type: 'checkbox' })} />
        </SimpleGrid>
        <ImageUploadField
          label="Logo"
          path={CHAPTER_FOLDERS.logo}
          value={v.logo}
          onChange={(f) => form.setValue('logo', f)}
        />
      </FormSection>

      <FormSection title="Chapter Address">
        <AddressFields form={form} path="address" />
      </FormSection>

      <FormSection title="Invitation Leaders">
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="xl" verticalSpacing="xl">
          <LeaderFields form={form} leader="invitationAdvisor1" heading="Advisor 1" withTitle />
          <LeaderFields form={form} leader="invitationAdvisor2" heading="Advisor 2" />
          <LeaderFields form={form} leader="invitationPresident" heading="President" />
        </SimpleGrid>
      </FormSection>

      <FormSection title="Additional Invitation Information">
        <TextInput
          label="Invitation Landing Page"
          placeholder="https://"
          {...form.getInputProps('invitationLandingPage')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
          <TextInput label="Testimonial Name" {...form.getInputProps('invitationTestimonialName')} />
          <TextInput label="Testimonial Title" {...form.getInputProps('invitationTestimonialTitle')} />
        </SimpleGrid>
        <Textarea
          label="Testimonial Text"
          rows={4}
          resize="vertical"
          {...form.getInputProps('invitationTestimonialText')}
        />
        <TextInput label="SCLA Page" placeholder="https://" {...form.getInputProps('sclaPage')} />
        <ImageUploadField
          label="SCLA Page Image"
          path={CHAPTER_FOLDERS.sclaPageImage}
          value={v.sclaPageImage}
          onChange={(f) => form.setValue('sclaPageImage', f)}
        />
      </FormSection>
      {history}
    </EntityForm>
  );
}
