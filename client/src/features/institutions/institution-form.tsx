import type { ReactNode } from 'react';
import { Divider, SimpleGrid, TextInput } from '@mantine/core';
import {
  ABBREVIATION_MAX,
  FINANCIAL_MODELS,
  INSTITUTION_TYPES,
  InstitutionInput,
  OWNERSHIPS,
  RELIGIOUS_AFFILIATIONS,
  type Institution,
} from '@app/contract';
import {
  AddressFields,
  fileFieldProps,
  EntityForm,
  EnumSelect,
  NullableNumberInput,
  useEntityForm,
} from '../../components/form-kit';
import { ImageUploadField } from '../../components/upload';
import { institutionsArea } from './api';
import { toFormValues } from './form-values';

/** The Add/Edit Institution panel's form: every field of spec 01 §3; saving with an institution updates it. */
export function InstitutionForm({
  institution,
  onDone,
  history,
}: {
  institution?: Institution;
  onDone: () => void;
  /** The record's History panel, shown in the form's flow above the sticky Cancel / Save bar. */
  history?: ReactNode;
}) {
  const save = institutionsArea.useSave();
  const form = useEntityForm({
    schema: InstitutionInput,
    initialValues: toFormValues(institution),
    id: institution?.id,
    ...save,
    onSaved: onDone,
  });

  return (
    <EntityForm form={form} onCancel={onDone}>
      <TextInput label="Name" withAsterisk data-autofocus {...form.getInputProps('name')} />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="md">
        <TextInput
          label="Abbreviation"
          withAsterisk
          description="Invitation code prefix, max 12"
          maxLength={ABBREVIATION_MAX}
          {...form.getInputProps('abbreviation')}
        />
        <NullableNumberInput
          label="Legacy Id"
          description="From the previous system"
          {...form.getInputProps('legacyId')}
        />
        <EnumSelect
          label="Type"
          withAsterisk
          placeholder="Choose a type"
          values={INSTITUTION_TYPES}
          {...form.getInputProps('type')}
        />
        <EnumSelect
          label="Ownership"
          withAsterisk
          placeholder="Choose ownership"
          values={OWNERSHIPS}
          {...form.getInputProps('ownership')}
        />
        <EnumSelect
          label="Financial Model"
          withAsterisk
          values={FINANCIAL_MODELS}
          allowDeselect={false}
          {...form.getInputProps('financialModel')}
        />
        <EnumSelect
          label="Religious Affiliation"
          withAsterisk
          values={RELIGIOUS_AFFILIATIONS}
          allowDeselect={false}
          searchable
          {...form.getInputProps('religiousAffiliation')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="md">
        <TextInput label="Website" placeholder="https://" type="url" {...form.getInputProps('website')} />
        <TextInput label="Population" placeholder="e.g. 12,000" {...form.getInputProps('population')} />
      </SimpleGrid>
      <ImageUploadField label="Logo" path="public/institutions/logos" {...fileFieldProps(form, 'logo', 'logoId')} />
      <Divider label="Address" labelPosition="left" mt="xs" />
      <AddressFields form={form} path="address" />
      {history}
    </EntityForm>
  );
}
