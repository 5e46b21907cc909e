import { Button, IconUpload, Modal, Toast } from '@flotilla/shared/ui/semi';
import { useT, type FlowGraph } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import { useRef, useState, type ChangeEvent } from 'react';
import { flowImported } from '../flow-editor.model';
import { FLOW_FILE_MAX_BYTES, readFlowFile, type ImportProblem } from '../lib/import-flow';

const PROBLEMS: Record<ImportProblem, string> = {
  tooLarge: 'robots.flowEditor.import.tooLarge',
  notJson: 'robots.flowEditor.import.notJson',
  notAFlow: 'robots.flowEditor.import.notAFlow',
  tooMany: 'robots.flowEditor.import.tooMany',
};

/** Picks an exported flow file, checks it, and replaces the canvas with it once confirmed (undo brings the old one back). */
export function ImportFlowButton() {
  const t = useT();
  const imported = useUnit(flowImported);
  const input = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState<{ graph: FlowGraph; issues: number } | null>(null);
  const [problem, setProblem] = useState<ImportProblem | null>(null);

  const picked = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const result =
      file.size > FLOW_FILE_MAX_BYTES ? ({ ok: false, problem: 'tooLarge' } as const) : readFlowFile(await file.text());
    if (result.ok) {
      setProblem(null);
      setPending({ graph: result.graph, issues: result.issues });
    } else {
      setProblem(result.problem);
      Toast.error(t(PROBLEMS[result.problem]));
    }
  };

  return (
    <>
      <input
        ref={input}
        type="file"
        accept=".json,application/json"
        style={{ display: 'none' }}
        data-testid="flow-import-file"
        aria-label={t('robots.flowEditor.import')}
        onChange={(event) => void picked(event)}
      />
      <Button icon={<IconUpload />} onClick={() => input.current?.click()} aria-label={t('robots.flowEditor.import')}>
        {t('robots.flowEditor.import')}
      </Button>
      {problem && (
        <span role="alert" style={{ color: 'var(--semi-color-danger)', fontSize: 12 }}>
          {t(PROBLEMS[problem])}
        </span>
      )}
      <Modal
        visible={pending !== null}
        title={t('robots.flowEditor.import.confirmTitle')}
        okText={t('robots.flowEditor.import.confirm')}
        cancelText={t('robots.flowEditor.cancel')}
        okButtonProps={{ 'aria-label': t('robots.flowEditor.import.confirm') }}
        cancelButtonProps={{ 'aria-label': t('robots.flowEditor.cancel') }}
        onOk={() => {
          if (pending) imported(pending.graph);
          setPending(null);
        }}
        onCancel={() => setPending(null)}
      >
        {pending &&
          t('robots.flowEditor.import.confirmContent', { nodes: pending.graph.nodes.length, issues: pending.issues })}
      </Modal>
    </>
  );
}
