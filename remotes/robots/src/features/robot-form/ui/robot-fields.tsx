import { Form } from '@flotilla/shared/ui/semi-forms';
import { useT } from '@flotilla/shared';
import type { IconField } from '../robot-form.model';
import { IconPicker } from './icon-picker';

/** The fields of every robot form (create, edit), inside its Semi `Form`: name (required), description, icon. */
export function RobotFields({ icon }: { icon: IconField }) {
  const t = useT();
  return (
    <>
      <Form.Input
        field="name"
        label={t('robots.form.name')}
        placeholder={t('robots.form.namePlaceholder')}
        maxLength={100}
        autoFocus
        rules={[{ required: true, whitespace: true, message: t('robots.form.nameRequired') }]}
      />
      <Form.TextArea
        field="description"
        label={t('robots.form.description')}
        placeholder={t('robots.form.descriptionPlaceholder')}
        maxCount={1000}
        maxLength={1000}
        rows={3}
      />
      <Form.Slot label={t('robots.form.icon')}>
        <IconPicker field={icon} />
      </Form.Slot>
    </>
  );
}
