import { Badge, Group, Input, MultiSelect, SimpleGrid } from '@mantine/core';
import { usePermissions } from '../../api/permissions';
import { SearchableMultiSelect, SearchableSelect, type EntityFormState } from '../../components/form-kit';
import { accountChapterOptions, accountInstitutionOptions, rolesListRoute, useRoleOptions } from './access-api';
import type { AccountFormValues } from './form-values';

/**
 * An account's place and staff access (issue 35 §2, §3): its institution and chapter, its roles (from
 * GET /api/admin/tech/roles) and, when one of them is chapter-scoped, the chapters it reaches. Someone who may
 * not read roles sees the account's roles without changing them.
 */
export function AccessFields({ form }: { form: EntityFormState<AccountFormValues> }) {
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="md">
        <SearchableSelect
          {...accountInstitutionOptions}
          label="Institution"
          {...form.getInputProps('institutionId')}
          value={form.values.institutionId}
        />
        <SearchableSelect
          {...accountChapterOptions}
          label="Chapter"
          {...form.getInputProps('chapterId')}
          value={form.values.chapterId}
        />
      </SimpleGrid>
      <RoleFields form={form} />
    </>
  );
}

/** What the roles and chapters fields read and set on their form (the Edit panel's, Invite staff's). */
type RoleForm = {
  values: { roles?: string[] | null; chapterIds?: number[] | null };
  errors: Record<string, string>;
  setValue(path: 'roles' | 'chapterIds', value: string[] | number[]): void;
};

/** The roles and, once one is chapter-scoped, the chapters they reach. */
export function RoleFields({ form }: { form: RoleForm }) {
  const mayReadRoles = usePermissions().can(rolesListRoute);
  const roles = useRoleOptions(mayReadRoles).data;
  const items = roles?.status === 200 ? roles.body.items : [];
  const chosen = form.values.roles ?? [];
  const scoped = items.some((r) => r.chapterScoped && chosen.includes(r.name));
  return (
    <>
      {mayReadRoles ? (
        <MultiSelect
          label="Roles"
          description="What this account may do in the back-office (with Admin on)"
          data={[...new Set([...items.map((r) => r.name), ...chosen])]}
          searchable
          clearable
          value={chosen}
          onChange={(value) => form.setValue('roles', value)}
          error={form.errors.roles}
        />
      ) : (
        <Input.Wrapper label="Roles">
          <Group gap={4} mt={4}>
            {chosen.map((r) => (
              <Badge key={r} variant="light" tt="none">
                {r}
              </Badge>
            ))}
          </Group>
        </Input.Wrapper>
      )}
      {(scoped || (form.values.chapterIds ?? []).length > 0) && (
        <SearchableMultiSelect
          {...accountChapterOptions}
          label="Chapters it reaches"
          description="Its chapter-scoped roles see and change only these chapters' rows"
          value={form.values.chapterIds ?? []}
          onChange={(value) => form.setValue('chapterIds', value.map(Number))}
          error={form.errors.chapterIds}
        />
      )}
    </>
  );
}
