import { Banner, Button, Input, InputNumber, Modal, Radio, RadioGroup, TextArea } from '@flotilla/shared/ui/semi';
import {
  ADMINS,
  DATABASE_KINDS,
  DATABASE_LIMITS,
  EXTERNAL_DATABASE_KINDS,
  failureText,
  usePermission,
  useT,
  type Database,
  type DatabaseKind,
} from '@flotilla/shared';
import { useUnit } from 'effector-react';
import { useState } from 'react';
import { kindLabelId } from '../../../lib/database-kind';
import {
  databaseFormComplete,
  DEFAULT_PORTS,
  initialDatabaseForm,
  type DatabaseFormValues,
} from '../../../lib/database-form';
import { FieldRow } from '../../../ui/field-row';
import { FormField } from '../../../ui/form-field';
import {
  $saveFailure,
  $saving,
  $testFailure,
  $testing,
  $testResult,
  connectionTestClicked,
  databaseFormClosed,
  databaseFormSubmitted,
} from '../database-list.model';
import { TestResult } from './test-result';

const isExternal = (kind: DatabaseKind) => (EXTERNAL_DATABASE_KINDS as readonly DatabaseKind[]).includes(kind);

/** The form of a new database (no `database`) or of a saved one, in a modal. */
export function DatabaseFormModal({ database }: { database: Database | null }) {
  const t = useT();
  const isAdmin = usePermission(ADMINS);
  const m = useUnit({
    saving: $saving,
    testing: $testing,
    saveFailure: $saveFailure,
    testResult: $testResult,
    testFailure: $testFailure,
    closed: databaseFormClosed,
    submitted: databaseFormSubmitted,
    testClicked: connectionTestClicked,
  });
  const [values, setValues] = useState<DatabaseFormValues>(() => initialDatabaseForm(database));
  const set = <K extends keyof DatabaseFormValues>(key: K, value: DatabaseFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const editing = database !== null;
  const external = isExternal(values.kind);
  // External databases name hosts of the tenant's network: only admins add them (the server refuses others).
  const kinds = editing ? [values.kind] : DATABASE_KINDS.filter((kind) => isAdmin || !isExternal(kind));
  const title = editing
    ? t('datasets.database.form.editTitle', { name: database.name })
    : t('datasets.database.form.createTitle');
  const ok = editing ? t('datasets.database.form.save') : t('datasets.database.form.create');
  const cancel = t('datasets.cancel');
  // The server drops a stored password when the host or port changes without a new one.
  const moved = database !== null && (values.host.trim() !== database.host || values.port !== database.port);
  let passwordHint: string | undefined;
  if (database?.hasPassword && moved && !values.password) passwordHint = t('datasets.database.form.passwordDropped');
  else if (database?.hasPassword) passwordHint = t('datasets.database.form.passwordStored');
  else if (database) passwordHint = t('datasets.database.form.passwordNone');

  const footer = (
    <div style={{ display: 'flex', gap: 8, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
      {external && (
        <Button loading={m.testing} disabled={!databaseFormComplete(values)} onClick={() => m.testClicked(values)}>
          {t('datasets.database.form.test')}
        </Button>
      )}
      <Button type="tertiary" onClick={m.closed}>
        {cancel}
      </Button>
      <Button
        theme="solid"
        type="primary"
        loading={m.saving}
        disabled={!databaseFormComplete(values)}
        onClick={() => m.submitted(values)}
      >
        {ok}
      </Button>
    </div>
  );

  return (
    <Modal visible title={title} footer={footer} onCancel={m.closed} width={640} style={{ maxWidth: '100%' }}>
      <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
        {m.saveFailure && (
          <Banner
            type="danger"
            fullMode={false}
            closeIcon={null}
            title={editing ? t('datasets.database.form.saveFailed') : t('datasets.database.form.createFailed')}
            description={failureText(m.saveFailure, t)}
          />
        )}
        <FormField label={t('datasets.database.form.name')}>
          {(id) => (
            <Input
              id={id}
              value={values.name}
              onChange={(value) => set('name', value)}
              maxLength={DATABASE_LIMITS.name}
              placeholder={t('datasets.database.form.namePlaceholder')}
              autoFocus
            />
          )}
        </FormField>
        <FormField
          label={t('datasets.database.form.kind')}
          hint={
            editing
              ? t('datasets.database.form.kindFixed')
              : !isAdmin
                ? t('datasets.database.form.kindAdminsOnly')
                : undefined
          }
        >
          {(id) => (
            <RadioGroup
              id={id}
              type="button"
              value={values.kind}
              disabled={editing}
              aria-label={t('datasets.database.form.kind')}
              onChange={(event) => {
                const kind = event.target.value as DatabaseKind;
                setValues((current) => ({ ...current, kind, port: DEFAULT_PORTS[kind] }));
              }}
            >
              {kinds.map((kind) => (
                <Radio key={kind} value={kind}>
                  {t(kindLabelId(kind))}
                </Radio>
              ))}
            </RadioGroup>
          )}
        </FormField>
        {external && (
          <>
            <FieldRow>
              <FormField label={t('datasets.database.form.host')} grow={3}>
                {(id) => (
                  <Input
                    id={id}
                    value={values.host}
                    onChange={(value) => set('host', value)}
                    maxLength={DATABASE_LIMITS.host}
                    placeholder="db.example.internal"
                  />
                )}
              </FormField>
              <FormField label={t('datasets.database.form.port')} grow={1}>
                {(id) => (
                  <InputNumber
                    id={id}
                    value={values.port ?? undefined}
                    onChange={(value) => set('port', typeof value === 'number' ? value : null)}
                    min={1}
                    max={65535}
                    precision={0}
                    style={{ width: '100%' }}
                  />
                )}
              </FormField>
            </FieldRow>
            <FieldRow>
              <FormField label={t('datasets.database.form.database')} grow={1}>
                {(id) => (
                  <Input
                    id={id}
                    value={values.database}
                    onChange={(value) => set('database', value)}
                    maxLength={DATABASE_LIMITS.database}
                  />
                )}
              </FormField>
              <FormField label={t('datasets.database.form.user')} grow={1}>
                {(id) => (
                  <Input
                    id={id}
                    value={values.user}
                    onChange={(value) => set('user', value)}
                    maxLength={DATABASE_LIMITS.user}
                    autoComplete="off"
                  />
                )}
              </FormField>
            </FieldRow>
            <FormField label={t('datasets.database.form.password')} hint={passwordHint}>
              {(id) => (
                <Input
                  id={id}
                  mode="password"
                  value={values.password}
                  onChange={(value) => set('password', value)}
                  maxLength={DATABASE_LIMITS.password}
                  autoComplete="new-password"
                  placeholder={editing ? t('datasets.database.form.passwordKeep') : undefined}
                />
              )}
            </FormField>
          </>
        )}
        <FormField label={t('datasets.database.form.description')}>
          {(id) => (
            <TextArea
              id={id}
              value={values.description}
              onChange={(value) => set('description', value)}
              maxLength={DATABASE_LIMITS.description}
              maxCount={DATABASE_LIMITS.description}
              rows={3}
              placeholder={t('datasets.database.form.descriptionPlaceholder')}
            />
          )}
        </FormField>
        {external && <TestResult result={m.testResult} failure={m.testFailure} />}
      </div>
    </Modal>
  );
}
