import { Button, IconFile, IconList, IconUpload } from '@flotilla/shared/ui/semi';
import { useT } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import { $downloadingTemplate, $exporting, exportClicked, importOpened, templateClicked } from '../user-import.model';
import { UserImportModal } from './user-import-modal';

/** The employee list's spreadsheet actions: import users (with a preview), download the template, export the list. */
export function UserSheetActions() {
  const t = useT();
  const m = useUnit({
    opened: importOpened,
    template: templateClicked,
    exported: exportClicked,
    exporting: $exporting,
    downloading: $downloadingTemplate,
  });
  return (
    <>
      <Button icon={<IconUpload />} onClick={() => m.opened()}>
        {t('users.import.open')}
      </Button>
      <Button icon={<IconFile />} loading={m.downloading} onClick={() => m.template()}>
        {t('users.import.template')}
      </Button>
      <Button icon={<IconList />} loading={m.exporting} onClick={() => m.exported()}>
        {t('users.import.export')}
      </Button>
      <UserImportModal />
    </>
  );
}
