export { Form, SubmitButton, useZodForm, type FormProps, type SchemaDetail } from './Form';
export type { BoundFieldProps } from './bind';
export {
  CheckboxField,
  DateField,
  DateTimeField,
  MultiSelectField,
  NumberField,
  SelectField,
  SwitchField,
  TextField,
  TimeField,
  type NumberFieldProps,
  type Option,
  type SelectFieldProps,
  type TextFieldProps,
} from './fields';
export {
  ComboboxField,
  LookupField,
  LOOKUP_DEBOUNCE_MS,
  LOOKUP_LIMIT,
  type ComboboxFieldProps,
  type LookupFieldProps,
  type LookupOption,
  type LookupSearch,
} from './ComboboxField';
export { ArrayField, type ArrayFieldProps } from './ArrayField';
export { TextAreaField, type TextAreaFieldProps } from './TextAreaField';
export { FileField, type FileFieldMessages, type FileFieldProps, type FileValue } from './FileField';
export { ColorField } from './ColorField';
export { SignatureField } from './SignatureField';
export { DialogFormActions, type DialogFormActionsProps } from './DialogFormActions';
export { BarcodeField, type BarcodeFieldProps } from './BarcodeField';
export { checkFile, sniffFileType, type FileProblem, type SniffedType } from './file-checks';
export { isTime, normalizeTime, TIME_PATTERN, timeSchema } from './time';
export { FormActions, useRecordSave, useRecordToasts, useStoreFiles, type RecordSaveMessages, type RecordSaveOptions, type RecordToastKey, type RecordToasts, type UploadMessages } from './record-save';
export { defineRecordForm, useRecordForm, type RecordFormDefinition, type RecordFormScreen } from './record-form';
