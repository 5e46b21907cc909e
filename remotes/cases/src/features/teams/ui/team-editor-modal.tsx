import { Banner, Modal } from '@flotilla/shared/ui/semi';
import { Form } from '@flotilla/shared/ui/semi-forms';
import type { FormApi } from '@flotilla/shared/ui/semi-forms';
import { CASE_TEAM_LIMITS, failureText, useT, type Failure } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import { useRef } from 'react';
import {
  $editor,
  $memberOptions,
  $robotOptions,
  $saveFailure,
  $saving,
  teamEditorDismissed,
  teamSubmitted,
} from '../teams.model';

type TeamValues = { name: string; description: string; memberIds: string[]; processIds: string[] };

function errorText(t: (id: string, values?: Record<string, unknown>) => string, error: Failure): string {
  if (error.code === 'CASE_TEAM_NAME_TAKEN') return t('cases.teams.nameTaken');
  return t('cases.teams.saveFailed', { message: failureText(error, t) });
}

/** The dialog that creates or edits a team: name, description, members in turn order and robots. */
export function TeamEditorModal() {
  const t = useT();
  const [editor, members, robots, saving, failure, dismissed, submitted] = useUnit([
    $editor,
    $memberOptions,
    $robotOptions,
    $saving,
    $saveFailure,
    teamEditorDismissed,
    teamSubmitted,
  ]);
  const formApi = useRef<FormApi<TeamValues> | null>(null);
  if (editor.mode === 'closed') return null;
  const team = editor.mode === 'edit' ? editor.team : null;
  const initValues: TeamValues = {
    name: team?.name ?? '',
    description: team?.description ?? '',
    memberIds: team?.members.map((m) => m.id) ?? [],
    processIds: team?.processes.map((p) => p.processId) ?? [],
  };
  // Members and robots of the team that the pickers do not offer (another operator's agent) stay choosable.
  const memberOptions = [
    ...members,
    ...(team?.members ?? [])
      .filter((m) => !members.some((o) => o.id === m.id))
      .map((m) => ({ id: m.id, name: m.nickname })),
  ];
  const robotOptions = [
    ...robots,
    ...(team?.processes ?? [])
      .filter((p) => !robots.some((o) => o.id === p.processId))
      .map((p) => ({ id: p.processId, name: p.processName })),
  ];
  const title = t(team ? 'cases.teams.editTitle' : 'cases.teams.createTitle');
  const required = (value: unknown) => (typeof value === 'string' && value.trim() ? '' : t('cases.teams.nameRequired'));

  return (
    <Modal
      visible
      title={title}
      okText={t('cases.teams.save')}
      cancelText={t('cases.teams.cancel')}
      confirmLoading={saving}
      okButtonProps={{ 'aria-label': t('cases.teams.save') }}
      cancelButtonProps={{ 'aria-label': t('cases.teams.cancel') }}
      onOk={() => formApi.current?.submitForm()}
      onCancel={() => dismissed()}
      maskClosable={false}
      width={560}
    >
      {failure && (
        <Banner type="danger" closeIcon={null} description={errorText(t, failure)} style={{ marginBottom: 16 }} />
      )}
      <Form<TeamValues>
        initValues={initValues}
        getFormApi={(api) => (formApi.current = api)}
        onSubmit={(values) =>
          submitted({
            team: {
              name: values.name.trim(),
              description: (values.description ?? '').trim(),
              memberIds: values.memberIds ?? [],
            },
            processIds: values.processIds ?? [],
          })
        }
        labelPosition="top"
        aria-label={title}
      >
        <Form.Input
          field="name"
          label={t('cases.teams.field.name')}
          maxLength={CASE_TEAM_LIMITS.nameMax}
          validate={required}
        />
        <Form.TextArea
          field="description"
          label={t('cases.teams.field.description')}
          maxCount={CASE_TEAM_LIMITS.descriptionMax}
          autosize
        />
        <Form.Select
          field="memberIds"
          label={t('cases.teams.field.members')}
          extraText={t('cases.teams.field.membersHint')}
          multiple
          filter
          style={{ width: '100%' }}
          max={CASE_TEAM_LIMITS.membersMax}
          optionList={memberOptions.map((o) => ({ value: o.id, label: o.name }))}
        />
        <Form.Select
          field="processIds"
          label={t('cases.teams.field.robots')}
          extraText={t('cases.teams.field.robotsHint')}
          multiple
          filter
          style={{ width: '100%' }}
          max={CASE_TEAM_LIMITS.processesMax}
          optionList={robotOptions.map((o) => ({ value: o.id, label: o.name }))}
        />
      </Form>
    </Modal>
  );
}
