export {
  useEntityForm,
  type EntityForm as EntityFormState,
  type EntityFormOptions,
  type EntityId,
  type FormBinder,
  type InputProps,
} from './use-entity-form';
export { FormDrawer, EntityForm, LoadedEntity, DRAWER_WIDTH } from './form-drawer';
export { editPanelSearch, useEditPanel, type EditPanel, type EditTarget } from './edit-panel';
export { AddressFields } from './address-fields';
export { EnumSelect, NullableNumberInput } from './fields';
export { AudienceFields } from './audience-fields';
export { SearchableSelect, type SearchableSelectProps } from './searchable-select';
export { SearchableMultiSelect, type SearchableMultiSelectProps } from './searchable-multi-select';
export { usePagedOptions } from './use-paged-options';
export { toOptionsPage, PICKER_PAGE_SIZE, type FetchOptionsPage, type OptionsPage } from '../../api/options-page';
export type { BlankableFields, FormValuesOf } from './form-values';
export { fileFieldProps } from './file-field';
export { getPath, setPath, issuesToErrors, type FormPath, type PathValue } from './paths';
export { FormPage, FormSection, useBackTo } from './form-page';
export { ShortForm } from './short-form';
export { FormReadOnly, useFormReadOnly } from './read-only';
export { EntityPanel } from './entity-panel';
export {
  ScheduledHourField,
  scheduledInstant,
  scheduledHourValues,
  hourOptions,
  todayLocal,
  type ScheduledHourValues,
} from './scheduled-hour';
