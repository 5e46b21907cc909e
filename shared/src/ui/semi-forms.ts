// Semi's Form (`@flotilla/shared/ui/semi-forms`), apart from the other components because it imports
// every field type, DatePicker with date-fns included: it downloads with the first form a visitor opens,
// not with the first screen. It is a federation singleton like `@flotilla/shared/ui/semi`, provided by
// the shell, so the Form that runs shares Semi's locale and config contexts with the shell's components.
export { ArrayField, Form } from '@douyinfe/semi-ui/lib/es/form';

export type { FormApi } from '@douyinfe/semi-ui/lib/es/form';
// A date picker outside a form (the dashboard's range): it brings date-fns too.
export { default as DatePicker } from '@douyinfe/semi-ui/lib/es/datePicker';
